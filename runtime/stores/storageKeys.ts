// The client-side cookies and storage keys of back-office §3: what a signed-in browser holds, and what logout removes.
// Cookies keep the session across reloads (and are readable by sibling apps of the same site); session storage holds
// this tab's menus and open tabs; local storage holds what outlives a tab.
import { deleteCookie, readCookie, writeCookie } from '../http/cookies';
import type { UserInfo } from '../../schemas/api/session';

/** The tokens of the code flow. `token` is the bearer token every call carries (runtime/http/credentials.ts). */
export const TOKEN_COOKIES = ['token', 'idToken', 'refreshToken'] as const;

/** The session user info kept in cookies, under the names other apps of the site read. */
export const USER_COOKIES = [
  'dataType',
  'companyId',
  'orgId',
  'orgName',
  'userId',
  'employeeName',
  'ownerCode',
  'orgType',
  'currentOrgType',
  'groupCompanyId',
  'dealerType',
  'roleOrgId',
  'topOrgId',
] as const;

/** Session storage: the menu tree, the menu list (path and id) the menuId header is resolved from, the open tabs. */
export const SESSION_KEYS = ['menuInfo', 'menuIdList', 'lastMenuList'] as const;

/** Local storage: role type, the main-system flag an embedding page sets, the dictionary cache and the token it was
 * loaded with, the language. */
export const LOCAL_KEYS = ['roleType', 'mainSystem', 'dataList', 'dataListToken', 'language'] as const;

export type TokenCookie = (typeof TOKEN_COOKIES)[number];
export type UserCookie = (typeof USER_COOKIES)[number];
export type SessionKey = (typeof SESSION_KEYS)[number];
export type LocalKey = (typeof LOCAL_KEYS)[number];

export const DEFAULT_LANGUAGE = 'zh';

export function readTokenCookie(name: TokenCookie): string | undefined {
  return readCookie(name) || undefined;
}

export function writeTokenCookies(tokens: { token: string; idToken: string; refreshToken: string }): void {
  for (const name of TOKEN_COOKIES) writeCookie(name, tokens[name]);
}

export function writeUserCookies(user: UserInfo): void {
  const values: Record<UserCookie, string | number | null> = {
    dataType: user.dataType,
    companyId: user.companyId,
    orgId: user.orgId,
    orgName: user.orgName,
    userId: user.userId,
    employeeName: user.employeeName,
    ownerCode: user.ownerCode,
    orgType: user.orgType,
    currentOrgType: user.currentOrgType,
    groupCompanyId: user.groupCompanyId,
    dealerType: user.dealerType,
    roleOrgId: user.roleOrgId,
    topOrgId: user.topOrgId,
  };
  for (const name of USER_COOKIES) writeCookie(name, values[name] === null ? '' : String(values[name]));
}

export function readUserCookie(name: UserCookie): string | undefined {
  return readCookie(name) || undefined;
}

export function readSessionJson<T>(key: SessionKey): T | undefined {
  return readJson<T>(globalThis.sessionStorage, key);
}

export function writeSessionJson(key: SessionKey, value: unknown): void {
  globalThis.sessionStorage?.setItem(key, JSON.stringify(value));
}

export function readLocal(key: LocalKey): string | undefined {
  return globalThis.localStorage?.getItem(key) ?? undefined;
}

export function writeLocal(key: LocalKey, value: string): void {
  globalThis.localStorage?.setItem(key, value);
}

export function readLocalJson<T>(key: LocalKey): T | undefined {
  return readJson<T>(globalThis.localStorage, key);
}

function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  const text = storage?.getItem(key);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** Logout: every cookie and storage key of §3 goes, so the next person at a shared dealership PC starts from nothing. */
export function clearStoredSession(): void {
  for (const name of [...TOKEN_COOKIES, ...USER_COOKIES]) deleteCookie(name);
  for (const key of SESSION_KEYS) globalThis.sessionStorage?.removeItem(key);
  for (const key of LOCAL_KEYS) globalThis.localStorage?.removeItem(key);
}

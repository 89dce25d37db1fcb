// What every request carries about its caller: the bearer token, the gray-release id, and the menu the user is
// working in (menuId).
import { deleteCookie, readCookie, writeCookie } from './cookies';

const TOKEN = 'token';

export function getToken(): string | undefined {
  return readCookie(TOKEN);
}

export function setToken(token: string): void {
  writeCookie(TOKEN, token);
}

export function clearToken(): void {
  deleteCookie(TOKEN);
}

/** The gray-release cookie: present only for users a release is being tried on. */
export const GRAY_COOKIE = 'grayid';

export function getGrayId(): string | undefined {
  return readCookie(GRAY_COOKIE) || undefined;
}

let resolveMenuId: () => string | undefined = () => undefined;

/** The app shell tells the client how to find the id of the menu entry matching the current address. */
export function setMenuIdResolver(resolver: () => string | undefined): void {
  resolveMenuId = resolver;
}

export function currentMenuId(): string | undefined {
  return resolveMenuId();
}

let onSessionExpired: () => void = () => undefined;

/** The app shell decides what a lost session means for the page: clear it and go to the login page. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export function sessionExpired(): void {
  onSessionExpired();
}

// The browser's half of the authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636): send the browser to the
// identity provider with a fresh state and code challenge, take the code it comes back with, and exchange it (with the
// verifier) for token, idToken and refreshToken. The provider is whichever config.json names (auth.authorizeUrl,
// auth.clientId): the embedded one by default, any OIDC provider otherwise; the exchange always goes to this
// product's own server (auth: POST token), which talks to the provider.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { runtimeConfig } from '../../config/runtimeConfig';
import { callApi } from '../../http/client';
import { getToken } from '../../http/credentials';
import { session } from '../../stores/session';
import { readTokenCookie, writeTokenCookies } from '../../stores/storageKeys';
import { HOME_PATH } from '../../stores/tabs';
import type { AuthSettings } from '../../../schemas/config/runtimeConfigFile';
import type { TokenSet } from '../../../schemas/api/session';

/** This tab's sign-in in progress (session storage; removed once its code is exchanged). */
export const PENDING_LOGIN_KEY = 'dms.pendingLogin';
export const LOGIN_PATH = '/login';

export interface PendingLogin {
  state: string;
  verifier: string;
  redirectUri: string;
  /** The page first asked for, opened once signed in. */
  returnTo: string;
}

const DEFAULT_AUTH: AuthSettings = { authorizeUrl: '/oauth/authorize', clientId: 'dms-web', scope: 'openid profile' };

export function authSettings(): AuthSettings {
  return { ...DEFAULT_AUTH, ...runtimeConfig().auth };
}

export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** 256 random bits, base64url (43 characters): a valid PKCE verifier, and an unguessable state. */
export function randomToken(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** S256: BASE64URL(SHA-256(verifier)). SHA-256 from @noble/hashes: Web Crypto is missing on plain-HTTP intranet hosts. */
export function pkceChallenge(verifier: string): string {
  return base64Url(sha256(utf8ToBytes(verifier)));
}

/** The app's address without query or fragment: providers refuse redirect URIs with a fragment (RFC 6749 §3.1.2). */
export function redirectUriOf(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

export function authorizeUrl(settings: AuthSettings, pending: PendingLogin, base: string): string {
  const url = new URL(settings.authorizeUrl, base);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('redirect_uri', pending.redirectUri);
  url.searchParams.set('scope', settings.scope ?? 'openid');
  url.searchParams.set('state', pending.state);
  url.searchParams.set('code_challenge', pkceChallenge(pending.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** How the browser leaves for the provider (a seam for tests). */
export const providerNavigation = { go: (url: string) => window.location.assign(url) };

/** Where the login route sends the browser: the provider's sign-in, coming back with a code. */
export function beginLogin(returnTo: string, go: (url: string) => void = (url) => providerNavigation.go(url)): void {
  const pending: PendingLogin = { state: randomToken(), verifier: randomToken(), redirectUri: redirectUriOf(window.location), returnTo: safeReturnTo(returnTo) };
  sessionStorage.setItem(PENDING_LOGIN_KEY, JSON.stringify(pending));
  go(authorizeUrl(authSettings(), pending, window.location.href));
}

/** Only a route of this app: never an address elsewhere, never the login route itself. */
export function safeReturnTo(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return path;
}

export function pendingLogin(): PendingLogin | undefined {
  try {
    return JSON.parse(sessionStorage.getItem(PENDING_LOGIN_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The provider redirects to the app's address with ?code=...&state=... (or ?error=...) before the fragment. At start-up
 * the answer moves into the login route (#/login?code=...), which exchanges it, and leaves the address bar clean.
 */
export function moveProviderAnswerIntoRoute(location: Location = window.location, history: History = window.history): boolean {
  const query = new URLSearchParams(location.search);
  if (!query.has('code') && !query.has('error')) return false;
  const answer = new URLSearchParams();
  for (const name of ['code', 'state', 'error', 'error_description']) {
    const value = query.get(name);
    if (value !== null) answer.set(name, value);
  }
  history.replaceState(null, '', `${location.pathname}#${LOGIN_PATH}?${answer.toString()}`);
  return true;
}

export class LoginFailure extends Error {}

/** Exchanges the code; answers the page to open. The state must be the one this tab sent (no login CSRF). */
export async function exchangeCode(code: string, state: string | null): Promise<string> {
  const pending = pendingLogin();
  if (!pending || pending.state !== state) throw new LoginFailure('登录请求已失效或不是从本页面发起，请重新登录');
  sessionStorage.removeItem(PENDING_LOGIN_KEY);
  const tokens = await callApi<TokenSet>('auth:POST token', {
    data: { grant_type: 'authorization_code', client_id: authSettings().clientId, code, code_verifier: pending.verifier, redirect_uri: pending.redirectUri },
  });
  session.signedIn(tokens);
  return pending.returnTo;
}

/** The access token's expiry (epoch ms), read from its payload; undefined when it is not a JWT. */
export function tokenExpiresAt(token: string | undefined): number | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Renews the tokens with the refresh token (which is spent); false when there is none or the server refuses. */
export async function refreshTokens(): Promise<boolean> {
  const refreshToken = readTokenCookie('refreshToken');
  if (!refreshToken) return false;
  try {
    // In the background: when it fails, the next call the user makes says the session is over.
    const tokens = await callApi<TokenSet>('auth:POST token', {
      data: { grant_type: 'refresh_token', client_id: authSettings().clientId, refresh_token: refreshToken },
      silent: true,
    });
    writeTokenCookies(tokens);
    return true;
  } catch {
    return false;
  }
}

/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 60_000;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the sign-in alive while the app is open: the tokens are renewed shortly before the access token expires. */
export function keepSessionFresh(now = Date.now()): void {
  clearTimeout(refreshTimer);
  const token = getToken();
  const expiresAt = tokenExpiresAt(token);
  if (!token || expiresAt === undefined) return;
  // setTimeout's longest delay is about 24.8 days; tokens live hours.
  const delay = Math.min(Math.max(expiresAt - REFRESH_AHEAD_MS - now, 0), 2 ** 31 - 1);
  refreshTimer = setTimeout(() => {
    // Signed out (or another sign-in) meanwhile: nothing to renew.
    if (getToken() !== token) return;
    void refreshTokens().then((renewed) => renewed && keepSessionFresh());
  }, delay);
}

/** A stored access token that has expired (or is about to) is renewed before it is used. */
export async function renewIfExpiring(now = Date.now()): Promise<void> {
  const expiresAt = tokenExpiresAt(getToken());
  if (expiresAt !== undefined && expiresAt - REFRESH_AHEAD_MS <= now) await refreshTokens();
}

export function stopKeepingSessionFresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

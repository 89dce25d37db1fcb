// The start of the authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636): a fresh state and verifier, the
// provider's authorize address, and the provider's answer moved into the login route. Kept apart from the exchange
// (codeFlow.ts) and free of the app's stores and http client, because it runs before the app is loaded: a browser
// without a sign-in leaves for the provider having downloaded only the start-up code (issue 20).
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { AuthSettings } from '../../../schemas/config/runtimeConfigFile';
import { runtimeConfig } from '../../config/runtimeConfig';
import { HOME_PATH } from '../../stores/homePath';

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


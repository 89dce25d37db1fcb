// The browser's half of the authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636): send the browser to the
// identity provider with a fresh state and code challenge, take the code it comes back with, and exchange it (with the
// verifier) for token, idToken and refreshToken. The provider is whichever config.json names (auth.authorizeUrl,
// auth.clientId): the embedded one by default, any OIDC provider otherwise; the exchange always goes to this
// product's own server (auth: POST token), which talks to the provider.
import { callApi } from '../../http/client';
import { getToken } from '../../http/credentials';
import { session } from '../../stores/session';
import { readTokenCookie, writeTokenCookies } from '../../stores/storageKeys';
import type { TokenSet } from '../../../schemas/api/session';
import { authSettings, pendingLogin, PENDING_LOGIN_KEY } from './providerRedirect';

// The start of the flow lives in providerRedirect.ts, small enough to run before the app is loaded.
export * from './providerRedirect';

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

// Logout (back-office §4): the server revokes the session (its refresh token and access tokens stop working), the
// browser forgets login info, tabs, the navigation list and every identity cookie and storage key, then the login flow
// starts: at the OIDC provider's end-session page when one is configured (its own session ends too), otherwise at the
// login route, which sends the browser on to sign in.
import { callApi } from '../../http/client';
import { clearAppState } from '../../stores/appState';
import type { SignInAgain } from '../../stores/session';
import { readTokenCookie } from '../../stores/storageKeys';
import { HOME_PATH } from '../../stores/tabs';
import { authSettings, LOGIN_PATH, redirectUriOf, stopKeepingSessionFresh } from './codeFlow';

export interface SignOutNavigation {
  /** Leaves the app for another address. */
  leave(url: string): void;
  /** Goes to a route of the app. */
  route(path: string): void;
}

const browserNavigation: SignOutNavigation = {
  leave: (url) => window.location.assign(url),
  route: (path) => {
    window.location.hash = `#${path}`;
  },
};

export async function signOut(navigation: SignOutNavigation = browserNavigation): Promise<void> {
  const refreshToken = readTokenCookie('refreshToken');
  const idToken = readTokenCookie('idToken');
  stopKeepingSessionFresh();
  try {
    await callApi('auth:POST logout', { data: { refreshToken } });
  } catch {
    // Unreachable or already ended on the server: the browser forgets the session all the same.
  }
  // The next sign-in (perhaps of someone else at the same PC) starts at 概览, not at the page left.
  clearAppState({ returnTo: HOME_PATH });
  const logoutUrl = authSettings().logoutUrl;
  if (logoutUrl) {
    const url = new URL(logoutUrl, window.location.href);
    if (idToken) url.searchParams.set('id_token_hint', idToken);
    url.searchParams.set('post_logout_redirect_uri', redirectUriOf(window.location));
    navigation.leave(url.toString());
    return;
  }
  navigation.route(LOGIN_PATH);
}

/** A session the server no longer accepts, or whose menus cannot be loaded: the same clean-up, remembering why and
 * where the user was, so signing in again says so and comes back there. */
export function endSession(next: SignInAgain, navigation: SignOutNavigation = browserNavigation): void {
  stopKeepingSessionFresh();
  clearAppState(next);
  navigation.route(LOGIN_PATH);
}

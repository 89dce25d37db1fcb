// What happens before the app is loaded: the identity provider's answer (?code=...) moves into the login route, the
// start-up site redirect sends a user on the other side's site to the home page of their own, and a browser with no
// sign-in leaves for the provider at once. All of it runs in the start-up chunk, so a new browser reaches the sign-in
// form without downloading the app (issue 20).
import type { RuntimeConfig } from '../config/runtimeConfig';
import { getToken } from '../http/credentials';
import { HOME_PATH } from '../stores/homePath';
import { readUserCookie } from '../stores/storageKeys';
import { beginLogin, LOGIN_PATH, moveProviderAnswerIntoRoute } from './login/providerRedirect';
import { siteRedirectTarget } from './site/siteRedirect';

/** Routes that do not need a stored sign-in: the login route itself, and the standalone pages given a token in the address. */
const OPEN_ROUTES = [LOGIN_PATH, '/onepage', '/selectCrowd'];

/**
 * The page to sign in for, when the browser holds no token and asks for a guarded route; undefined otherwise. The
 * navigation guard would do the same once the app is loaded: deciding here saves the download.
 */
export function signInTarget(hash: string, token: string | undefined): string | undefined {
  if (token) return undefined;
  const route = hash.replace(/^#/, '') || HOME_PATH;
  const path = route.split('?')[0]!;
  return OPEN_ROUTES.includes(path) ? undefined : route;
}

/** False when the browser is leaving (for the other site or for the sign-in): nothing should load. */
export function prepareStart(
  config: RuntimeConfig,
  leave: (url: string) => void = (url) => window.location.replace(url),
  signIn: (returnTo: string) => void = beginLogin,
): boolean {
  moveProviderAnswerIntoRoute();
  const target = siteRedirectTarget(config.sites, readUserCookie('orgType'), window.location.href);
  if (target) {
    leave(target);
    return false;
  }
  const returnTo = signInTarget(window.location.hash, getToken());
  if (returnTo === undefined) return true;
  signIn(returnTo);
  return false;
}

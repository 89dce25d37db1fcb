// What happens before the app renders: the identity provider's answer (?code=...) moves into the login route, and the
// start-up site redirect sends a user on the other side's site to the home page of their own.
import type { RuntimeConfig } from '../config/runtimeConfig';
import { readUserCookie } from '../stores/storageKeys';
import { moveProviderAnswerIntoRoute } from './login/codeFlow';
import { siteRedirectTarget } from './site/siteRedirect';

/** False when the browser is leaving for the other site: nothing should render. */
export function prepareStart(config: RuntimeConfig, leave: (url: string) => void = (url) => window.location.replace(url)): boolean {
  moveProviderAnswerIntoRoute();
  const target = siteRedirectTarget(config.sites, readUserCookie('orgType'), window.location.href);
  if (!target) return true;
  leave(target);
  return false;
}

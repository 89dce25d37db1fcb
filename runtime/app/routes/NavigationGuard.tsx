import { Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { runtimeConfig } from '../../config/runtimeConfig';
import { getToken } from '../../http/credentials';
import { TEXT } from '../../../schemas/text/zh';
import { session } from '../../stores/session';
import { HOME_PATH, tabs } from '../../stores/tabs';
import { LOGIN_PATH } from '../login/codeFlow';
import { endSession } from '../login/signOut';
import { startSession } from '../login/startSession';
import { siteRedirectTarget } from '../site/siteRedirect';
import { warnTabLimit } from './tabLimit';

/** What the guard tells the page host while it turns a refused navigation back. */
export interface GuardContext {
  blocked: boolean;
}
const BLOCKED: GuardContext = { blocked: true };
const OPEN: GuardContext = { blocked: false };

/** Leaves the app for the other site's home page (a seam for tests). */
export const siteNavigation = { replace: (url: string) => window.location.replace(url) };

/**
 * The navigation guard of back-office §2, around every route but /login, /onepage and /selectCrowd:
 * - without a token: through the login route to the identity provider's sign-in, coming back to the page asked for;
 * - with a token and no menu loaded: fetch it (the routes are built from it) and retry; if that fails, log out, clear
 *   the stored data and go to /login;
 * - with the menu loaded: proceed, unless the open-tab limit is reached and the page's tab is not open: then warn
 *   (提示信息) and stay where the user was.
 */
export const NavigationGuard = observer(function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = getToken();
  const status = session.status;
  const path = location.pathname;
  const asked = `${path}${location.search}`;
  const ready = Boolean(token) && status === 'ready';
  // A record page opens a tab of its own under its screen's menu (its limit, its keep-alive).
  const menu = ready ? session.pageMenu(path) : undefined;
  const blocked = menu !== undefined && !tabs.canOpen(path);

  // A failed load sets the status back to idle before its rejection reaches the catch below: without this the guard
  // would start a second load (a second menu fetch) in between.
  const starting = useRef(false);
  useEffect(() => {
    if (!token || status !== 'idle' || starting.current) return;
    starting.current = true;
    startSession()
      .catch(() => endSession({ reason: session.signInReason ?? TEXT.layout.loadFailed, returnTo: asked }))
      .finally(() => (starting.current = false));
    // Only a change of token or status starts a load; the address at that moment is where to come back to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, status]);

  useEffect(() => {
    if (!ready) return;
    const target = siteRedirectTarget(runtimeConfig().sites, session.user?.orgType, window.location.href);
    if (target) siteNavigation.replace(target);
  }, [ready]);

  useEffect(() => {
    if (blocked) warnTabLimit(navigate, path);
  }, [blocked, location.key, path, navigate]);

  // Before paint, so a kept-alive page is in the cache on the first frame it is shown.
  useLayoutEffect(() => {
    if (ready && !blocked && (menu || path === HOME_PATH)) tabs.visit(path, menu);
  }, [ready, blocked, menu, path]);

  // The login route starts the sign-in (and first says why, when a session has just ended).
  if (!token) return <Navigate to={LOGIN_PATH} replace state={{ returnTo: session.returnTo ?? asked }} />;
  if (!ready) return <Spin fullscreen />;
  // One shape whether or not the navigation is refused, so the layout (and its kept-alive pages) stays mounted while
  // a refused navigation is turned back; meanwhile the page host keeps showing the page the user was on.
  return (
    <>
      {blocked ? <Navigate to={tabs.activePath} replace /> : null}
      <Outlet context={blocked ? BLOCKED : OPEN} />
    </>
  );
});

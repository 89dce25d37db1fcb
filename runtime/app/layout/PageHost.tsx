import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useOutletContext } from 'react-router-dom';
import { session } from '../../stores/session';
import { HOME_SCREEN_ID } from '../../stores/homePath';
import { HOME_PATH, tabs } from '../../stores/tabs';
import { LightScreenPage } from '../pages/LightScreenPage';
import { MenuPage } from '../pages/MenuPage';
import type { GuardContext } from '../routes/NavigationGuard';

function keptAlivePage(path: string): ReactNode {
  if (path === HOME_PATH) {
    return (
      <div className="dms-home">
        <LightScreenPage screenId={HOME_SCREEN_ID} />
      </div>
    );
  }
  const menu = session.pageMenu(path);
  return menu ? <MenuPage menu={menu} record={path.slice(menu.path.length + 1)} /> : null;
}

/**
 * One kept-alive page: mounted while its tab is open, hidden while another page shows. Hiding keeps its filters, table
 * page and selection (nothing is unmounted); the scroll offsets of its scrolling parts are remembered as the user
 * scrolls and put back when it shows again, because a hidden element loses them.
 */
const KeptAlivePage = function KeptAlivePage({ path, active }: { path: string; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const offsets = useRef(new Map<Element, [number, number]>());
  const activeRef = useRef(active);
  activeRef.current = active;

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const remember = (event: Event) => {
      const target = event.target;
      // While hidden the browser reports offsets of 0: those are not the user's.
      if (activeRef.current && target instanceof Element) offsets.current.set(target, [target.scrollTop, target.scrollLeft]);
    };
    element.addEventListener('scroll', remember, true);
    return () => element.removeEventListener('scroll', remember, true);
  }, []);

  useLayoutEffect(() => {
    if (!active) return;
    for (const [element, [top, left]] of offsets.current) {
      if (!element.isConnected) {
        offsets.current.delete(element);
        continue;
      }
      element.scrollTop = top;
      element.scrollLeft = left;
    }
  }, [active]);

  return (
    <div ref={ref} className="dms-page" hidden={!active} data-page={path}>
      {keptAlivePage(path)}
    </div>
  );
};

/** Where pages show inside a layout: the kept-alive pages (shown or hidden), and the current page if it is not one. */
export const PageHost = observer(function PageHost() {
  const { pathname } = useLocation();
  // A navigation the guard refused is being turned back: the page the user was on stays.
  const blocked = useOutletContext<GuardContext | undefined>()?.blocked === true;
  const shown = blocked ? tabs.activePath : pathname;
  return (
    <div className="dms-pages">
      {tabs.mountOrder.map((page) => (
        <KeptAlivePage key={`${page.path}#${page.generation}`} path={page.path} active={page.path === shown} />
      ))}
      {blocked || tabs.isCached(pathname) ? null : (
        <div className="dms-page" data-page={pathname}>
          <Outlet />
        </div>
      )}
    </div>
  );
});

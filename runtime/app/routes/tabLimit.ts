// The open-tab limit (back-office §2): at maxCacheNum open menu tabs, opening another is refused with a warning titled
// 提示信息; a tab already open can always be reached.
import type { NavigateFunction } from 'react-router-dom';
import { notify } from '../../http/notify';
import { TEXT } from '../../../schemas/text/zh';
import { tabs } from '../../stores/tabs';

export function warnTabLimit(): void {
  notify('warning', TEXT.tabs.limit(tabs.maxTabs));
}

/** Opens a menu page from the sidebar, a tab, the home page or the starred list, unless the limit refuses it. */
export function openMenuPage(navigate: NavigateFunction, path: string): boolean {
  if (!tabs.canOpen(path)) {
    warnTabLimit();
    return false;
  }
  navigate(path);
  return true;
}

/** Refreshing a view (back-office §2): the page is dropped from the cache, then the route is replaced by the redirect
 * route, which replaces itself by the page again, mounted afresh. */
export function refreshView(navigate: NavigateFunction, path: string): void {
  tabs.drop(path);
  navigate(`/redirect${path}`, { replace: true });
}

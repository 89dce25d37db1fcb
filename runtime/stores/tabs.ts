// The open tabs and the kept-alive pages (building-blocks §4: tab menus, cached page names). Every opened menu page is
// a tab, up to maxCacheNum of them; 概览 is always there. Pages whose menu is typed 10041001 (and 概览) stay mounted while
// their tab is open, so their filters, table page, selection and scroll survive switching tabs; at most 99 are kept.
// The open tabs are kept in session storage (lastMenuList), so a reload of the tab reopens them.
import { makeAutoObservable } from 'mobx';
import type { MenuItem } from './session';
import { HOME_PATH } from './homePath';
import { readSessionJson, writeSessionJson } from './storageKeys';

export { HOME_PATH };
/** Menu type code of a page that is kept alive (back-office §3). */
export const CACHED_PAGE_TYPE = '10041001';
/** Maximum cached entries (back-office §9). */
export const MAX_CACHED_PAGES = 99;
/** The open-tab limit when the configuration names none. */
export const DEFAULT_MAX_TABS = 10;

export interface TabMenu {
  path: string;
  /** The menu id; the key starred menus and permissions use. */
  menuId: string;
  title: string;
  keepAlive: boolean;
}

export interface CachedPage {
  path: string;
  /** Changes when the page is refreshed, so a refreshed page mounts afresh. */
  generation: number;
}

export function isKeptAlive(menu: Pick<MenuItem, 'pyt'>): boolean {
  return menu.pyt === CACHED_PAGE_TYPE;
}

export class TabStore {
  tabs: TabMenu[] = [];
  activePath = HOME_PATH;
  cached: CachedPage[] = [{ path: HOME_PATH, generation: 0 }];
  maxTabs = DEFAULT_MAX_TABS;
  private generation = 0;

  constructor() {
    makeAutoObservable<TabStore, 'generation'>(this, { generation: false });
  }

  /** The names (paths) of the pages kept alive, oldest first. */
  get cachedPageNames(): string[] {
    return this.cached.map((page) => page.path);
  }

  isOpen(path: string): boolean {
    return path === HOME_PATH || this.tabs.some((tab) => tab.path === path);
  }

  /** Navigation to a menu page proceeds when its tab is open or there is room for another. */
  canOpen(path: string): boolean {
    return this.isOpen(path) || this.tabs.length < this.maxTabs;
  }

  isCached(path: string): boolean {
    return this.cached.some((page) => page.path === path);
  }

  /** The user arrives at a page: its tab opens (the caller has checked the limit) and a kept-alive page is cached. */
  visit(path: string, menu?: MenuItem): void {
    this.activePath = path;
    if (menu && !this.tabs.some((tab) => tab.path === path)) {
      this.tabs.push({ path, menuId: menu.id, title: menu.meta.title, keepAlive: isKeptAlive(menu) });
      this.persist();
    }
    const keepAlive = path === HOME_PATH || (menu ? isKeptAlive(menu) : false);
    if (keepAlive) this.cache(path);
  }

  /** Closes a tab and drops its page; answers where to go when it was the active one. */
  close(path: string): string | undefined {
    const index = this.tabs.findIndex((tab) => tab.path === path);
    if (index < 0) return undefined;
    this.tabs.splice(index, 1);
    this.drop(path);
    this.persist();
    if (path !== this.activePath) return undefined;
    return (this.tabs[index] ?? this.tabs[index - 1])?.path ?? HOME_PATH;
  }

  /** Closes the tabs to the right of `path`; answers where to go when the active one was among them. */
  closeRight(path: string): string | undefined {
    const index = this.tabs.findIndex((tab) => tab.path === path);
    // 概览 is left of every tab: to its right is every tab.
    const right = path === HOME_PATH ? [...this.tabs] : index < 0 ? [] : this.tabs.slice(index + 1);
    const activeClosed = right.some((tab) => tab.path === this.activePath);
    for (const tab of right) this.close(tab.path);
    return activeClosed ? path : undefined;
  }

  /** Closes every tab but `path` (概览 stays). */
  closeOthers(path: string): void {
    for (const tab of [...this.tabs]) if (tab.path !== path) this.close(tab.path);
  }

  /** Refreshing a view starts by dropping its page from the cache (the redirect route then brings it back fresh). */
  drop(path: string): void {
    this.cached = this.cached.filter((page) => page.path !== path);
  }

  private cache(path: string): void {
    const existing = this.cached.find((page) => page.path === path);
    if (existing) {
      // Most recently used last: the oldest page is the one to let go beyond the limit.
      this.cached = [...this.cached.filter((page) => page !== existing), existing];
      return;
    }
    const next = [...this.cached, { path, generation: ++this.generation }];
    // 概览 is never let go.
    while (next.length > MAX_CACHED_PAGES) next.splice(next.findIndex((page) => page.path !== HOME_PATH), 1);
    this.cached = next;
  }

  /** The kept-alive pages in the order they were first opened: rendering them in a stable order never moves a page's
   * DOM, which would reset its scroll positions and reload its frames. */
  get mountOrder(): CachedPage[] {
    return [...this.cached].sort((a, b) => a.generation - b.generation);
  }

  /** Reopens the tabs of this browser tab's last visit that the current menus still hold. */
  restore(menus: MenuItem[]): void {
    const saved = readSessionJson<TabMenu[]>('lastMenuList') ?? [];
    const byPath = new Map(menus.map((menu) => [menu.path, menu]));
    this.tabs = saved
      .filter((tab) => byPath.has(tab.path))
      .slice(0, this.maxTabs)
      .map((tab) => {
        const menu = byPath.get(tab.path)!;
        return { path: menu.path, menuId: menu.id, title: menu.meta.title, keepAlive: isKeptAlive(menu) };
      });
  }

  /** Logout: no tabs, nothing cached. */
  clear(): void {
    this.tabs = [];
    this.activePath = HOME_PATH;
    this.cached = [{ path: HOME_PATH, generation: ++this.generation }];
  }

  private persist(): void {
    writeSessionJson('lastMenuList', this.tabs);
  }
}

export const tabs = new TabStore();

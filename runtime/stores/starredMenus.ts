// Starred menus (building-blocks §4): loaded once per sign-in; starring adds a menu once however often it is starred;
// removal is by key (the menu path). The server keeps the list (auth: GET menu/favorite, PUT menu/point).
import { makeAutoObservable, runInAction } from 'mobx';
import { callApi } from '../http/client';
import type { StarredMenu } from '../../schemas/api/session';

export type { StarredMenu };

const STARRED_TYPE = 1;

export class StarredMenuStore {
  items: StarredMenu[] = [];
  private loaded = false;

  constructor() {
    makeAutoObservable<StarredMenuStore, 'loaded'>(this, { loaded: false });
  }

  has(key: string): boolean {
    return this.items.some((item) => item.key === key);
  }

  /** Loads the list unless it is already filled; `silent` at sign-in, where the list is not what the user asked for. */
  async load(silent = false): Promise<void> {
    if (this.loaded) return;
    const items = await callApi<StarredMenu[]>('auth:GET menu/favorite', { params: { type: STARRED_TYPE }, silent });
    runInAction(() => {
      this.items = items;
      this.loaded = true;
    });
  }

  /** Adds without duplicates; the server's answer is the list from then on. */
  async add(menu: Omit<StarredMenu, 'key'>): Promise<void> {
    if (this.has(menu.path)) return;
    this.items = [...this.items, { ...menu, key: menu.path }];
    await this.save(menu.menuId, true);
  }

  /** Removes by key. */
  async remove(key: string): Promise<void> {
    const item = this.items.find((entry) => entry.key === key);
    if (!item) return;
    this.items = this.items.filter((entry) => entry.key !== key);
    await this.save(item.menuId, false);
  }

  private async save(menuId: string, starred: boolean): Promise<void> {
    try {
      const items = await callApi<StarredMenu[]>('auth:PUT menu/point', { data: { menuId, type: STARRED_TYPE, starred } });
      runInAction(() => (this.items = items));
    } catch {
      // Not saved (the http client said why): show the list as the server has it.
      runInAction(() => (this.loaded = false));
      await this.load().catch(() => undefined);
    }
  }

  clear(): void {
    this.items = [];
    this.loaded = false;
  }
}

export const starredMenus = new StarredMenuStore();

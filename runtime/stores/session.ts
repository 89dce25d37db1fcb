import { makeAutoObservable, runInAction } from 'mobx';
import { callApi, resetSessionNotice } from '../http/client';
import { clearToken, setToken } from '../http/credentials';

// The server owns the API's shapes; the runtime imports them as types only, so nothing of the server is bundled.
import type { MenuNode as MenuItem } from '../../server/data/menus';
import type { UserInfo } from '../../server/routes/auth';
import type { DictionaryEntry } from '../../server/routes/dict';

export type { DictionaryEntry, MenuItem, UserInfo };

export interface Option {
  value: string | number | boolean;
  text: string;
  disabled?: boolean;
}

/** A menu item is usable only with a non-empty id and path. */
export function isValidMenuItem(item: Pick<MenuItem, 'id' | 'path'>): boolean {
  return Boolean(item.id) && Boolean(item.path);
}

/** Who is signed in, what menus they have, and the dictionaries: loaded once per session. */
export class SessionStore {
  user: UserInfo | null = null;
  menus: MenuItem[] = [];
  dictionaries = new Map<string, Option[]>();
  /** idle: nothing loaded (signed out, or a token from an earlier visit not yet used). */
  status: 'idle' | 'loading' | 'ready' = 'idle';

  constructor() {
    makeAutoObservable(this);
  }

  get leaves(): MenuItem[] {
    const out: MenuItem[] = [];
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        if (!isValidMenuItem(item)) continue;
        if (item.children.length > 0) walk(item.children);
        else out.push(item);
      }
    };
    walk(this.menus);
    return out;
  }

  menuForPath(path: string): MenuItem | undefined {
    return this.leaves.find((leaf) => leaf.path === path);
  }

  dictionary(type: string): Option[] {
    return this.dictionaries.get(type) ?? [];
  }

  async login(username: string, password: string): Promise<void> {
    const result = await callApi<UserInfo & { token: string }>('auth:POST login', { data: { username, password } });
    setToken(result.token);
    resetSessionNotice();
    await this.restore();
  }

  /** With a token and nothing loaded: fetch the user, the menu tree and the dictionaries. */
  async restore(): Promise<void> {
    runInAction(() => (this.status = 'loading'));
    try {
      const [user, menus, dictionary] = await Promise.all([
        callApi<UserInfo>('auth:GET userinfo'),
        callApi<MenuItem[]>('auth:GET menus'),
        callApi<DictionaryEntry[]>('dict:GET codes'),
      ]);
      const grouped = new Map<string, Option[]>();
      for (const entry of dictionary) grouped.set(entry.type, [...(grouped.get(entry.type) ?? []), { value: entry.codeId, text: entry.codeCnDesc }]);
      runInAction(() => {
        this.user = user;
        this.menus = menus;
        this.dictionaries = grouped;
        this.status = 'ready';
      });
    } catch (error) {
      this.logout();
      throw error;
    }
  }

  logout(): void {
    clearToken();
    this.user = null;
    this.menus = [];
    this.dictionaries = new Map();
    this.status = 'idle';
  }
}

export const session = new SessionStore();

// Who is signed in (login info), the menus they have (the navigation list and the flat list), and the loading of both:
// the app-wide state of building-blocks §4 that a sign-in creates and a logout ends.
import { makeAutoObservable, runInAction } from 'mobx';
import { callApi, resetSessionNotice } from '../http/client';
import { getToken } from '../http/credentials';
import { runtimeConfig } from '../config/runtimeConfig';
import { buildMenuList } from '../permissions/menuList';
import { isRenameOn, renameLabelsIn } from '../permissions/qualityInspection';
import { deriveRoleType } from '../permissions/roleType';
import { dictionaries, type Option } from './dictionaries';
import { writeLocal, readLocal, writeSessionJson, writeTokenCookies, writeUserCookies, DEFAULT_LANGUAGE } from './storageKeys';
import type { MenuNode as MenuItem, TokenSet, UserInfo } from '../../schemas/api/session';
import type { DictionaryEntry } from '../../schemas/api/dictionaries';

// The server owns the API's shapes; the runtime imports them as types only, so nothing of the server is bundled.

export type { DictionaryEntry, MenuItem, Option, TokenSet, UserInfo };

/** A menu item is usable only with a non-empty id and path. */
export function isValidMenuItem(item: Pick<MenuItem, 'id' | 'path'>): boolean {
  return Boolean(item.id) && Boolean(item.path);
}

/** The children of a menu item that can become routes: valid, and with a path continuing the parent's (the router
 * nests them under it). */
export function usableChildren(item: MenuItem): MenuItem[] {
  return item.children.filter((child) => isValidMenuItem(child) && child.path.startsWith(`${item.path}/`));
}

/** Login info of building-blocks §4. */
export interface LoginInfo {
  name: string;
  id: number;
  employeeNo: string;
  companyId: number;
  ownerCode: string;
}

/** What the next sign-in is told: why it is needed, and where to go back to. */
export interface SignInAgain {
  reason?: string | null;
  returnTo?: string | null;
}

export class SessionStore {
  user: UserInfo | null = null;
  /** The navigation menu list: the server's menu tree. */
  menus: MenuItem[] = [];
  /** idle: nothing loaded (signed out, or a token from an earlier visit not yet used). */
  status: 'idle' | 'loading' | 'ready' = 'idle';
  /** Why the user is being sent to sign in again (a session that expired), shown on the way. */
  signInReason: string | null = null;
  /** The page to come back to after signing in again. */
  returnTo: string | null = null;
  /** The quality-inspection label rename (车间质检 -> 车间终检...) is on for this user's owner code. */
  qualityInspectionRename = false;

  constructor() {
    makeAutoObservable(this);
  }

  get loginInfo(): LoginInfo | null {
    const user = this.user;
    return user ? { name: user.employeeName, id: user.userId, employeeNo: user.employeeNo, companyId: user.companyId, ownerCode: user.ownerCode } : null;
  }

  /** The flat menu list: every valid item of the tree, parents before their children. */
  get flatMenus(): MenuItem[] {
    const out: MenuItem[] = [];
    const walk = (items: MenuItem[]) => {
      for (const item of items) {
        out.push(item);
        walk(usableChildren(item));
      }
    };
    walk(this.menus.filter(isValidMenuItem));
    return out;
  }

  /** The menu items that open a page: those without children. */
  get leaves(): MenuItem[] {
    return this.flatMenus.filter((item) => item.children.length === 0);
  }

  menuForPath(path: string): MenuItem | undefined {
    return this.leaves.find((leaf) => leaf.path === path);
  }

  /** The menu a page works under: its own, or for a record page (#/<menu path>/<id>) its screen's. */
  pageMenu(path: string): MenuItem | undefined {
    return this.menuForPath(path) ?? this.menuForPath(path.replace(/\/\d+$/, ''));
  }

  dictionary(type: string): Option[] {
    return dictionaries.options(type);
  }

  /** After the code exchange: the tokens of §3 are stored; the user, menus and dictionary load on the next navigation. */
  signedIn(tokens: TokenSet): void {
    writeTokenCookies(tokens);
    resetSessionNotice();
    this.status = 'idle';
    this.signInReason = null;
    this.returnTo = null;
  }

  /**
   * With a token and nothing loaded: fetch the user, the menu tree (the routes are built from it) and the dictionary,
   * each once. Any failure drops the session: the caller sends the user to sign in.
   */
  async restore(): Promise<void> {
    if (this.status !== 'idle') return;
    const token = getToken();
    runInAction(() => (this.status = 'loading'));
    try {
      const [user, menus] = await Promise.all([callApi<UserInfo>('auth:GET userinfo'), callApi<MenuItem[]>('auth:GET menus'), dictionaries.load(token ?? '')]);
      writeUserCookies(user);
      if (!readLocal('language')) writeLocal('language', DEFAULT_LANGUAGE);
      writeLocal('roleType', deriveRoleType(user.roles.map((role) => role.roleCode)));
      const rename = await this.renameOn(user);
      runInAction(() => {
        this.user = user;
        this.qualityInspectionRename = rename;
        this.menus = rename ? renameLabelsIn(menus) : menus;
        this.status = 'ready';
      });
      this.storeMenus(user);
      void dictionaries.loadRegions().catch(() => undefined);
    } catch (error) {
      runInAction(() => (this.status = 'idle'));
      throw error;
    }
  }

  /** The whitelist check is the bff's; a failure of it counts as off (back-office §6). */
  private renameOn(user: UserInfo): Promise<boolean> {
    return isRenameOn(user.ownerCode, runtimeConfig().qualityInspectionRename ?? {}, (params) =>
      callApi<boolean>('bff:GET api/v1/app/accidentClues/whitelist/checkWhitelist', { params, silent: true }),
    );
  }

  /** The menu tree and the menu list (pages, menu-action strings, control and role entries) in session storage, for
   * the menuId header, the button checks and other apps of the tab. */
  private storeMenus(user: UserInfo): void {
    writeSessionJson('menuInfo', this.menus);
    writeSessionJson('menuIdList', buildMenuList(this.leaves, user));
  }

  /** Forgets the login info and the menus (the caller clears the rest of the app state and the stored keys). */
  clear(next: SignInAgain = {}): void {
    this.user = null;
    this.menus = [];
    this.qualityInspectionRename = false;
    this.status = 'idle';
    this.signInReason = next.reason ?? null;
    this.returnTo = next.returnTo ?? null;
  }
}

export const session = new SessionStore();

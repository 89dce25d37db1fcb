// The app-wide state of building-blocks §4 and the cookies and storage keys of back-office §3, store by store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usesPlainView } from '../../runtime/app/layout/shellMode';
import { menuRightsOf } from '../../runtime/app/pages/menuRights';
import { deleteCookie, readCookie, writeCookie } from '../../runtime/http/cookies';
import { setToken } from '../../runtime/http/credentials';
import { appState, clearAppState } from '../../runtime/stores/appState';
import { dictionaries } from '../../runtime/stores/dictionaries';
import { notices } from '../../runtime/stores/notices';
import { session } from '../../runtime/stores/session';
import { starredMenus } from '../../runtime/stores/starredMenus';
import { LOCAL_KEYS, SESSION_KEYS, TOKEN_COOKIES, USER_COOKIES, writeUserCookies } from '../../runtime/stores/storageKeys';
import { TabStore } from '../../runtime/stores/tabs';
import { ui } from '../../runtime/stores/ui';
import { ok } from './fakeServer';
import { fakeToken, MENUS, ORDERS, REMINDERS, shellServer, USER } from './shellHarness';

describe('app-wide state', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => {
    clearAppState();
    sessionStorage.clear();
    localStorage.clear();
  });

  describe('the session', () => {
    it('[BB-STATE-01] [BB-STATE-02] [BB-STATE-03] holds login info, the navigation menu list and the flat menu list', async () => {
      shellServer();
      await session.restore();
      expect(appState.session.loginInfo).toEqual({ name: '梁杰', id: 7, employeeNo: 'E00005', companyId: 12, ownerCode: 'D11001' });
      expect(session.menus.map((m) => m.id)).toEqual(['1000', '2000', '3000', '4000']);
      expect(session.flatMenus.map((m) => m.id)).toEqual(['1000', '1100', '1101', '1102', '2000', '2100', '2101', '3000', '3100', '3101', '4000', '4100', '4101']);
      expect(session.leaves.map((m) => m.path)).toContain(ORDERS);
    });

    it('[BO-STORE-02] [BO-STORE-03] [BO-STORE-04] [BO-STORE-05] stores the session user info in its cookies, the menus in session storage, the rest in local storage', async () => {
      shellServer();
      await session.restore();
      expect(Object.fromEntries(USER_COOKIES.map((name) => [name, readCookie(name)]))).toEqual({
        dataType: '10461001',
        companyId: '12',
        orgId: '12',
        orgName: '北京华晟京通汽车销售服务有限公司',
        userId: '7',
        employeeName: '梁杰',
        ownerCode: 'D11001',
        orgType: '10461001',
        currentOrgType: '10461001',
        groupCompanyId: '5',
        dealerType: '15061003',
        roleOrgId: '12',
        topOrgId: '1',
      });
      expect(JSON.parse(sessionStorage.getItem('menuIdList')!)).toContainEqual({ path: ORDERS, id: '1101' });
      expect(JSON.parse(sessionStorage.getItem('menuInfo')!)).toHaveLength(MENUS.length);
      expect(localStorage.getItem('language')).toBe('zh');
      expect(localStorage.getItem('roleType')).toBe('10061012');
      expect(localStorage.getItem('dataListToken')).toBe(readCookie('token'));
    });

    it('[BO-ENT-07] [BO-ENT-08] [BO-ENT-09] [BO-ENT-10] stores the menu list: a path and id per page, menuId-actions strings, ctrlCode and roleCode entries; the page rights are read back from it', async () => {
      shellServer({
        'GET /api/auth/userinfo': ok({ ...USER, menuActions: ['1101-add,edit'], controls: [{ ctrlCode: 'REPAIR_PRICE' }], roles: [{ roleCode: 'WXGW', roleName: '维修顾问' }, { roleCode: 'FWJL', roleName: '服务经理' }] }),
      });
      await session.restore();
      expect(JSON.parse(sessionStorage.getItem('menuIdList')!)).toEqual([
        { path: ORDERS, id: '1101' },
        { path: REMINDERS, id: '1102' },
        { path: '/downloadManage/downloadCenter/downloadCenter/index', id: '2101' },
        { path: '/coordinate/userSelection/TagManagement/index', id: '3101' },
        { path: '/finance/advanceSale/vehicle', id: '4101' },
        '1101-add,edit',
        { ctrlCode: 'REPAIR_PRICE' },
        { roleCode: 'WXGW' },
        { roleCode: 'FWJL' },
      ]);
      // What the buttons of a page are checked against comes back out of the stored list.
      expect(menuRightsOf('1101')).toEqual({ actions: ['add', 'edit'], controls: new Set(['REPAIR_PRICE']) });
      expect(menuRightsOf('1102')).toEqual({ actions: undefined, controls: new Set(['REPAIR_PRICE']) });
    });

    it('[BO-STORE-06] a gray-release id may be held in a cookie: read when there, none when not', () => {
      ui.readGrayId();
      expect(ui.grayId).toBeNull();
      writeCookie('grayid', 'gray-2026-11');
      ui.readGrayId();
      expect(ui.grayId).toBe('gray-2026-11');
      deleteCookie('grayid');
    });

    it('[BB-STATE-12] holds the grey-release id read at sign-in', () => {
      writeCookie('grayid', 'gray-a');
      ui.readGrayId();
      expect(appState.ui.grayId).toBe('gray-a');
      deleteCookie('grayid');
    });

    it('[BB-STATE-30] [BO-NAV-05] loads the nav list once: not again when already filled', async () => {
      const { calls } = shellServer();
      await session.restore();
      await session.restore();
      expect(calls.filter((c) => c.url === '/api/auth/menus')).toHaveLength(1);
    });

    it('[BB-STATE-18] [BB-STATE-19] [BB-STATE-20] logout clears login info, tabs and the nav list, and every stored key', async () => {
      shellServer();
      await session.restore();
      appState.tabs.visit(ORDERS, session.menuForPath(ORDERS));
      writeUserCookies(USER);
      clearAppState();
      expect(session.user).toBeNull();
      expect(session.menus).toEqual([]);
      expect(appState.tabs.tabs).toEqual([]);
      for (const name of [...TOKEN_COOKIES, ...USER_COOKIES]) expect(readCookie(name), name).toBeUndefined();
      for (const key of SESSION_KEYS) expect(sessionStorage.getItem(key), key).toBeNull();
      for (const key of LOCAL_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    });
  });

  describe('dictionaries and regions', () => {
    it('[BB-STATE-06] [BB-STATE-28] holds the dictionary grouped by type, loaded once per token', async () => {
      const { calls } = shellServer({
        'GET /api/dict/codes': ok([
          { type: '8021', codeId: '80211001', codeCnDesc: '待派工', codeEnDesc: 'Waiting' },
          { type: '8021', codeId: '80211002', codeCnDesc: '维修中', codeEnDesc: 'In repair' },
          { type: '1002', codeId: '10021001', codeCnDesc: '男', codeEnDesc: 'Male' },
        ]),
      });
      await dictionaries.load('token-a');
      await dictionaries.load('token-a');
      expect(session.dictionary('8021')).toEqual([
        { value: '80211001', text: '待派工' },
        { value: '80211002', text: '维修中' },
      ]);
      expect(calls.filter((c) => c.url === '/api/dict/codes')).toHaveLength(1);
      // A reload of the same sign-in reads the copy in local storage.
      dictionaries.clear();
      localStorage.setItem('dataListToken', 'token-a');
      await dictionaries.load('token-a');
      expect(calls.filter((c) => c.url === '/api/dict/codes')).toHaveLength(1);
      expect(dictionaries.options('1002')).toEqual([{ value: '10021001', text: '男' }]);
      // Another sign-in asks again.
      await dictionaries.load('token-b');
      expect(calls.filter((c) => c.url === '/api/dict/codes')).toHaveLength(2);
    });

    it('[BB-STATE-07] holds region data, loaded once', async () => {
      const { calls } = shellServer();
      await dictionaries.loadRegions();
      await dictionaries.loadRegions();
      expect(appState.dictionaries.regions).toEqual([{ regionCode: '110000', regionName: '北京市', tcRegionList: [] }]);
      expect(calls.filter((c) => c.url === '/api/dict/regions')).toHaveLength(1);
    });
  });

  describe('tabs and cached pages', () => {
    const menu = (path: string) => MENUS.flatMap((m) => m.children.flatMap((c) => c.children)).find((m) => m.path === path)!;

    it('[BB-STATE-05] [BB-STATE-09] holds tab menus and the names of the cached pages (pyt 10041001 and 概览)', () => {
      const store = new TabStore();
      store.visit(ORDERS, menu(ORDERS));
      store.visit(REMINDERS, menu(REMINDERS));
      expect(store.tabs.map((t) => [t.path, t.title, t.keepAlive])).toEqual([
        [ORDERS, '维修工单', true],
        [REMINDERS, '维修提醒', false],
      ]);
      expect(store.cachedPageNames).toEqual(['/home', ORDERS]);
      expect(JSON.parse(sessionStorage.getItem('lastMenuList')!).map((t: { path: string }) => t.path)).toEqual([ORDERS, REMINDERS]);
      expect(store.close(REMINDERS)).toBe(ORDERS);
      expect(store.cachedPageNames).toEqual(['/home', ORDERS]);
    });

    it('[BO-CONST-01] keeps at most 99 cached pages, letting the least recently used go first and never 概览', () => {
      const store = new TabStore();
      store.maxTabs = 200;
      for (let i = 0; i < 120; i++) store.visit(`/p/${i}`, { ...menu(ORDERS), id: `m${i}`, path: `/p/${i}` });
      // 概览 and the 98 pages visited last: /p/22 to /p/119.
      expect(store.cached).toHaveLength(99);
      expect(store.cachedPageNames[0]).toBe('/home');
      expect(store.isCached('/p/21')).toBe(false);
      expect(store.isCached('/p/22')).toBe(true);
      expect(store.isCached('/p/119')).toBe(true);
      // Seen again, a page becomes the most recent: the next new page lets /p/23 go, not /p/22.
      store.visit('/p/22', { ...menu(ORDERS), id: 'm22', path: '/p/22' });
      store.visit('/p/120', { ...menu(ORDERS), id: 'm120', path: '/p/120' });
      expect(store.cached).toHaveLength(99);
      expect([store.isCached('/p/22'), store.isCached('/p/23'), store.isCached('/p/120')]).toEqual([true, false, true]);
    });

    it('[BB-STATE-23] refresh drops the page from the cache; the next visit caches it afresh', () => {
      const store = new TabStore();
      store.visit(ORDERS, menu(ORDERS));
      const first = store.cached.find((p) => p.path === ORDERS)!.generation;
      store.drop(ORDERS);
      expect(store.isCached(ORDERS)).toBe(false);
      expect(store.isOpen(ORDERS)).toBe(true);
      store.visit(ORDERS, menu(ORDERS));
      expect(store.cached.find((p) => p.path === ORDERS)!.generation).toBeGreaterThan(first);
    });

    it('[BO-NAV-08] [BO-NAV-09] the limit counts open menu tabs; an open tab stays reachable', () => {
      const store = new TabStore();
      store.maxTabs = 1;
      store.visit(ORDERS, menu(ORDERS));
      expect(store.canOpen(REMINDERS)).toBe(false);
      expect(store.canOpen(ORDERS)).toBe(true);
      expect(store.canOpen('/home')).toBe(true);
    });
  });

  describe('starred menus', () => {
    it('[BB-STATE-21] [BB-STATE-22] [BB-STATE-29] load once, add without duplicates, remove by key', async () => {
      const saved: unknown[] = [];
      const { calls } = shellServer({
        'GET /api/auth/menu/favorite': ok([{ menuId: '1101', key: ORDERS, path: ORDERS, title: '维修工单', icon: null }]),
        'PUT /api/auth/menu/point': (call: { data: { menuId: string; starred: boolean } }) => {
          saved.push(call.data);
          return ok(call.data.starred ? [{ menuId: '1101', key: ORDERS, path: ORDERS, title: '维修工单', icon: null }, { menuId: '1102', key: REMINDERS, path: REMINDERS, title: '维修提醒', icon: null }] : [{ menuId: '1102', key: REMINDERS, path: REMINDERS, title: '维修提醒', icon: null }]);
        },
      });
      await starredMenus.load();
      await starredMenus.load();
      expect(calls.filter((c) => c.url === '/api/auth/menu/favorite')).toHaveLength(1);
      await starredMenus.add({ menuId: '1101', path: ORDERS, title: '维修工单', icon: null });
      expect(saved).toEqual([]);
      await starredMenus.add({ menuId: '1102', path: REMINDERS, title: '维修提醒', icon: null });
      expect(starredMenus.items.map((m) => m.key)).toEqual([ORDERS, REMINDERS]);
      await starredMenus.remove(ORDERS);
      expect(starredMenus.items.map((m) => m.key)).toEqual([REMINDERS]);
      expect(saved).toEqual([
        { menuId: '1102', type: 1, starred: true },
        { menuId: '1101', type: 1, starred: false },
      ]);
    });
  });

  describe('notices, buttons and the sidebar', () => {
    it('[BB-STATE-10] holds the unread-notice count', async () => {
      shellServer({ 'GET /api/message/notice/readNum': ok(12) });
      await notices.refreshCount();
      expect(appState.notices.unreadCount).toBe(12);
    });

    it('[BB-STATE-08] holds button loading flags while a button’s action runs', async () => {
      let finish: () => void = () => undefined;
      const running = ui.whileLoading('orders.export', () => new Promise<void>((resolve) => (finish = resolve)));
      expect(appState.ui.isLoading('orders.export')).toBe(true);
      finish();
      await running;
      expect(ui.isLoading('orders.export')).toBe(false);
    });

    it('[BB-STATE-11] holds the collapsed-sidebar flag', () => {
      expect(ui.collapsed).toBe(false);
      ui.toggleSidebar();
      expect(appState.ui.collapsed).toBe(true);
      ui.toggleSidebar();
    });
  });

  describe('the embedded view', () => {
    it('[BO-MENU-07] inside a frame, the main-system flag of local storage selects the plain view; outside a frame it is ignored', () => {
      const framed = { self: {}, top: {} } as unknown as Window;
      const alone = { self: window, top: window } as unknown as Window;
      expect(usesPlainView(framed)).toBe(false);
      localStorage.setItem('mainSystem', '1');
      expect(usesPlainView(framed)).toBe(true);
      expect(usesPlainView(alone)).toBe(false);
      localStorage.setItem('mainSystem', 'false');
      expect(usesPlainView(framed)).toBe(false);
    });
  });
});

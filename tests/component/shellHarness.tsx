// Renders the app shell (router, guard, layouts, pages) in jsdom against a fake server holding a small menu tree, for
// the shell's component tests.
import { act } from '@testing-library/react';
import { HashRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes } from '../../runtime/app/App';
import { NavigationProgress } from '../../runtime/app/layout/NavigationProgress';
import { PageTitle } from '../../runtime/app/layout/PageTitle';
import { providerNavigation } from '../../runtime/app/login/codeFlow';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import { writeCookie } from '../../runtime/http/cookies';
import { setToken } from '../../runtime/http/credentials';
import runtimeConfigJson from '../../runtime/public/config.json';
import onepageScreen from '../../screens/customer/onepage.json';
import homeScreen from '../../screens/home/overview.json';
import selectCrowdScreen from '../../screens/customer/selectCrowd.json';
import { clearAppState } from '../../runtime/stores/appState';
import type { MenuItem } from '../../runtime/stores/session';
import { initialsOf } from '../../server/data/menuInitials';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

export const ORDERS = '/repair/repairBusiness/repairOrder/index';
export const REMINDERS = '/repair/repairBusiness/reminder/index';
export const DOWNLOAD_CENTRE = '/downloadManage/downloadCenter/downloadCenter/index';
export const TAG_MANAGEMENT = '/coordinate/userSelection/TagManagement/index';
export const ADVANCE_SALE = '/finance/advanceSale/vehicle';

export function menuItem(id: string, path: string, title: string, level: number, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id,
    path,
    key: path,
    level,
    component: null,
    icon: null,
    meta: { title, icon: null, keepAlive: false },
    nextPath: null,
    permission: [],
    pyt: null,
    // As the server sends them (server/data/menuInitials.ts).
    initials: initialsOf(title),
    children: [],
    ...extra,
  };
}

const leaf = (id: string, path: string, title: string, component: string, cached: boolean) =>
  menuItem(id, path, title, 2, { component, pyt: cached ? '10041001' : '10041002', meta: { title, icon: null, keepAlive: cached } });

/** Three levels: groups, sub-groups, pages; a kept-alive page, a third-party iframe page, screens at the known paths. */
export const MENUS: MenuItem[] = [
  menuItem('1000', '/repair', '售后服务', 0, {
    icon: 'ToolOutlined',
    children: [
      menuItem('1100', '/repair/repairBusiness', '维修业务', 1, {
        children: [
          leaf('1101', ORDERS, '维修工单', 'link:https://partner.example/orders?view=all', true),
          leaf('1102', REMINDERS, '维修提醒', 'iframe:https://partner.example/reminders', false),
        ],
      }),
    ],
  }),
  menuItem('2000', '/downloadManage', '下载管理', 0, {
    children: [menuItem('2100', '/downloadManage/downloadCenter', '下载中心', 1, { children: [leaf('2101', DOWNLOAD_CENTRE, '下载中心', 'screen:download.center', true)] })],
  }),
  menuItem('3000', '/coordinate', '协同管理', 0, {
    children: [menuItem('3100', '/coordinate/userSelection', '人群圈选', 1, { children: [leaf('3101', TAG_MANAGEMENT, '标签管理', 'screen:tag.management', false)] })],
  }),
  menuItem('4000', '/finance', '财务管理', 0, {
    children: [menuItem('4100', '/finance/advanceSale', '预收款', 1, { children: [leaf('4101', ADVANCE_SALE, '车辆预售', 'screen:finance.advanceSale', false)] })],
  }),
];

export const USER = {
  userId: 7,
  userCode: 'd11001fwgw',
  employeeName: '梁杰',
  employeeNo: 'E00005',
  companyId: 12,
  orgId: 12,
  orgName: '北京华晟京通汽车销售服务有限公司',
  orgType: '10461001',
  currentOrgType: '10461001',
  dataType: '10461001',
  ownerCode: 'D11001',
  topOrgId: 1,
  topOrgName: '华晟汽车销售有限公司',
  roleOrgId: 12,
  groupCompanyId: 5,
  dealerType: '15061003',
  positions: ['FWGW'],
  roles: [{ roleCode: 'WXGW', roleName: '维修顾问' }],
  controls: [],
  menuActions: [],
  menuRanges: [],
};

const screenOf = (id: string, title: string) => ok({ id, title, service: 'download' });

/** The answers of a signed-in session; `overrides` replace or add routes. */
export function shellServer(overrides: Record<string, unknown> = {}) {
  return fakeServer({
    'GET /api/auth/userinfo': ok(USER),
    'GET /api/auth/menus': { ...ok(MENUS), returnCode: '0' },
    'GET /api/dict/codes': ok([{ type: '8971', codeId: '89710001', codeCnDesc: '系统通知', codeEnDesc: null }]),
    'GET /api/dict/regions': ok([{ regionCode: '110000', regionName: '北京市', tcRegionList: [] }]),
    'GET /api/auth/menu/favorite': ok([]),
    'GET /api/message/notice/readNum': ok(3),
    'GET /api/workflow/task/count': ok({ todo: 0 }),
    'GET /api/repair/RepairCount/gethomePageInterfaceSum': ok({
      waitingDispatch: 4,
      inRepair: 9,
      finishedUnsettled: 30,
      openedToday: 2,
      openedThisMonth: 41,
      settledAmountThisMonth: 123456.7,
      healthCheckReminders: 1,
      followUpReminders: 0,
    }),
    'GET /api/report/RepairCount/getRepairOrderNum': ok([{ day: '2026-06-30', count: 5 }]),
    'GET /api/repair/vehicleHealthCheckSAReminder/selectSAReminder': ok({ total: 0, items: [] }),
    'GET /api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder': ok({ total: 0, items: [] }),
    'GET /api/lowcode/screens/download.center': screenOf('download.center', '下载中心'),
    'GET /api/lowcode/screens/tag.management': screenOf('tag.management', '标签管理'),
    'GET /api/lowcode/screens/finance.advanceSale': screenOf('finance.advanceSale', '车辆预售'),
    // 概览's screen and the standalone pages' screens as the server publishes them.
    'GET /api/lowcode/screens/home.overview': ok(homeScreen),
    'GET /api/lowcode/screens/customer.onepage': ok(onepageScreen),
    'GET /api/lowcode/screens/customer.selectCrowd': ok(selectCrowdScreen),
    'POST /api/auth/logout': ok({ logoutUrl: null }),
    ...overrides,
  }, { yieldOnRunaway: true });
}

/** A JWT-shaped token expiring in an hour (the runtime reads only its expiry). */
export function fakeToken(name = 'session'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: name, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

export function signedInCookies(): void {
  setToken(fakeToken());
  writeCookie('idToken', 'id-token');
  writeCookie('refreshToken', 'refresh-token');
}

/** Renders the shell at `route` (a hash route); the provider's sign-in page is never really left for. */
export function renderShell(route: string, options: { plainView?: boolean; config?: Record<string, unknown> } = {}) {
  setRuntimeConfig({ ...runtimeConfigJson, ...options.config });
  window.location.hash = `#${route}`;
  const leave = vi.spyOn(providerNavigation, 'go').mockImplementation(() => undefined);
  const view = renderInApp(
    <HashRouter>
      <NavigationProgress />
      <PageTitle />
      <AppRoutes plainView={options.plainView ?? false} />
    </HashRouter>,
  );
  return { ...view, leave };
}

export function route(): string {
  return window.location.hash.replace(/^#/, '');
}

/** Changes the address as the user would, and waits until the router has taken it. */
export async function go(path: string): Promise<void> {
  await act(async () => {
    window.location.hash = `#${path}`;
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** Forgets everything a test signed in with. */
export function resetShell(): void {
  clearAppState();
  sessionStorage.clear();
  localStorage.clear();
  vi.restoreAllMocks();
  setRuntimeConfig(runtimeConfigJson);
}

export type { FakeCall };

// 概览 per position (issue 27): the sales consultant, the finance clerk (by role, 财务人员 CWRY) and the region manager
// each see their own figures first, and none sees another's or the workshop's; the service advisor keeps the workshop.
import { screen as view, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LightScreenPage } from '../../runtime/app/pages/LightScreenPage';
import { clearAppState } from '../../runtime/stores/appState';
import { session, type UserInfo } from '../../runtime/stores/session';
import homeScreen from '../../screens/home/overview.json';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';
import { MENUS, USER } from './shellHarness';

const ROUTES = {
  'GET /api/repair/RepairCount/gethomePageInterfaceSum': ok({ waitingDispatch: 4, inRepair: 9, finishedUnsettled: 30, openedToday: 2, openedThisMonth: 41, settledAmountThisMonth: 123456.7 }),
  'GET /api/report/RepairCount/getRepairOrderNum': ok([{ day: '2026-06-30', count: 5 }]),
  'GET /api/repair/vehicleHealthCheckSAReminder/selectSAReminder': ok({ total: 0, items: [] }),
  'GET /api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder': ok({ total: 0, items: [] }),
  'GET /api/2b/salesreport/homePage/consultantSum': ok({ cluesAwaitingFirstFollowUp: 3, prospectsInFollowUp: 27, appointmentsToday: 2, arrivalsToday: 1, ordersThisMonth: 6, deliveriesThisMonth: 5 }),
  'GET /api/2b/finance/homePage/financeSum': ok({
    openReceivables: 12,
    openReceivableAmount: '12345678901234.56',
    receiptsToday: 3,
    receiptAmountToday: '8800.10',
    unreconciledBankFlows: 7,
    refundsAwaitingApproval: 1,
  }),
  'GET /api/report/homePage/regionSum': ok({ dealers: 2, repairOrdersThisMonth: 310, salesOrdersThisMonth: 44, deliveriesThisMonth: 39 }),
  'GET /api/report/homePage/regionDealerOrders': ok([
    { ownerCode: 'D11001', dealerName: '北京华晟京通汽车销售服务有限公司', count: 30 },
    { ownerCode: 'D12001', dealerName: '天津华晟津港汽车销售服务有限公司', count: 14 },
  ]),
};

const PEOPLE: Record<string, Partial<UserInfo>> = {
  consultant: { userCode: 'd11001xsgw', positions: ['XSGW'], roles: [{ roleCode: 'XSGW', roleName: '销售顾问' }] },
  // The demo's 担保专员 holds the finance role: the block follows the role, not the position.
  finance: { userCode: 'd11001dbzy', positions: ['DBZY'], roles: [{ roleCode: 'JXSCX', roleName: '经销商查询' }, { roleCode: 'CWRY', roleName: '财务人员' }] },
  region: { userCode: 'rnmanager', positions: [], orgType: '10461002', ownerCode: '', orgName: '北方大区', roles: [{ roleCode: 'QYCX', roleName: '区域查询' }] },
  advisor: { userCode: 'd11001fwgw', positions: ['FWGW'], roles: [{ roleCode: 'WXGW', roleName: '维修顾问' }] },
};

function renderHome(who: keyof typeof PEOPLE) {
  const id = `home.${who}`;
  const server = fakeServer({ [`GET /api/lowcode/screens/${id}`]: ok({ ...homeScreen, id }), ...ROUTES });
  runInAction(() => {
    session.user = { ...USER, ...PEOPLE[who] } as UserInfo;
    session.menus = MENUS;
  });
  const rendered = renderInApp(
    <MemoryRouter initialEntries={['/home']}>
      <LightScreenPage screenId={id} />
    </MemoryRouter>,
  );
  return { ...rendered, calls: server.calls };
}

/** The titled blocks shown, in order. */
const titles = (container: HTMLElement) => [...container.querySelectorAll('.dms-block-title')].map((title) => title.textContent);
const called = (calls: { url: string }[]) => calls.map((call) => call.url).filter((url) => !url.startsWith('/api/lowcode/')).sort();
const values = (container: HTMLElement, title: string) => {
  const block = [...container.querySelectorAll('section')].find((section) => section.querySelector('.dms-block-title')?.textContent === title)!;
  return [...block.querySelectorAll('.dms-figure')].map((figure) => `${figure.querySelector('.dms-figure-label')!.textContent}=${figure.querySelector('.dms-figure-value')!.textContent}`);
};

afterEach(() => clearAppState());

describe('概览 per position', () => {
  it('shows a sales consultant 我的销售 first, and neither the workshop, the finance nor the region figures', async () => {
    const { container, calls } = renderHome('consultant');
    expect(await view.findByText('27')).toBeTruthy();
    expect(titles(container)).toEqual(['我的销售', '我的收藏', '我的菜单']);
    expect(values(container, '我的销售')).toEqual(['待首次跟进线索=3', '跟进中潜客=27', '今日邀约=2', '今日到店=1', '本月订单=6', '本月交车=5']);
    expect(called(calls)).toEqual(['/api/2b/salesreport/homePage/consultantSum']);
  });

  it('shows a finance clerk (by role) 财务概况, amounts exact to the cent from decimal strings, and not the workshop', async () => {
    const { container, calls } = renderHome('finance');
    expect(await view.findByText('12,345,678,901,234.56')).toBeTruthy();
    expect(titles(container)).toEqual(['财务概况', '我的收藏', '我的菜单']);
    expect(values(container, '财务概况')).toEqual([
      '未核销应收（笔）=12',
      '未核销金额（元）=12,345,678,901,234.56',
      '今日已确认收款（笔）=3',
      '今日收款金额（元）=8,800.10',
      '未对账银行流水=7',
      '待审批退款=1',
    ]);
    expect(called(calls)).toEqual(['/api/2b/finance/homePage/financeSum']);
  });

  it('shows a region manager 区域概况 and this month’s orders by dealer, and not the workshop', async () => {
    const { container, calls } = renderHome('region');
    expect(await view.findByText('310')).toBeTruthy();
    expect(titles(container)).toEqual(['区域概况', '本月各经销商销售订单', '我的收藏', '我的菜单']);
    await waitFor(() => expect([...container.querySelectorAll('.dms-bars-item')].map((bar) => bar.getAttribute('title'))).toEqual(['北京华晟京通汽车销售服务有限公司：30 单', '天津华晟津港汽车销售服务有限公司：14 单']));
    expect(called(calls)).toEqual(['/api/report/homePage/regionDealerOrders', '/api/report/homePage/regionSum']);
  });

  it('keeps the service advisor’s workshop and reminders, and none of the three', async () => {
    const { container, calls } = renderHome('advisor');
    expect(await view.findByText('123,456.70')).toBeTruthy();
    expect(titles(container)).toEqual(['车间概况', '近 7 日开单', '维修提醒', '我的收藏', '我的菜单']);
    expect(called(calls).filter((url) => url.includes('/homePage/'))).toEqual([]);
  });
});

// Issue 22: 概览 as a JSON screen. The overview blocks (welcome, figures, bars, list, menus) each from its definition,
// and the light screen page that shows a screen of blocks without the screen interpreter: visible conditions by the
// user's position, blocks side by side, any other block through the interpreter, a screen with more than blocks through
// ScreenPage.
import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightScreenPage } from '../../runtime/app/pages/LightScreenPage';
import { OVERVIEW_BLOCKS } from '../../runtime/blocks/overview/overviewBlocks';
import type { OverviewBlockProps } from '../../runtime/blocks/overview/overviewBlock';
import { clearAppState } from '../../runtime/stores/appState';
import { session, type UserInfo } from '../../runtime/stores/session';
import { starredMenus } from '../../runtime/stores/starredMenus';
import homeScreen from '../../screens/home/overview.json';
import type { Block } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';
import { MENUS, USER } from './shellHarness';

const store = (user: object = USER): OverviewBlockProps['store'] => ({ context: { filter: {}, user, params: {} } });

/** One block alone, inside a router (the menus block navigates). */
function renderBlock(type: keyof typeof OVERVIEW_BLOCKS, block: Omit<Block, 'type'>, user?: object) {
  const Block = OVERVIEW_BLOCKS[type];
  return renderInApp(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route path="/home" element={<Block block={{ type, ...block }} store={store(user)} />} />
        <Route path="*" element={<div data-testid="opened">opened</div>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => clearAppState());

describe('the welcome block', () => {
  it('greets the user and lists label: value pairs from templates over the user, a dash for an empty value', () => {
    const { container } = renderBlock('welcome', {
      text: '您好，${user.employeeName}',
      facts: [
        { label: '工号', value: '${user.employeeNo}' },
        { label: '经销商代码', value: '${user.ownerCode}' },
      ],
    }, { ...USER, ownerCode: '' });
    expect(container.querySelector('h4')!.textContent).toBe('您好，梁杰');
    expect([...container.querySelectorAll('.dms-fact')].map((fact) => fact.textContent)).toEqual(['工号E00005', '经销商代码—']);
  });
});

describe('the figures block', () => {
  it('shows each figure of one answer, numbers grouped and money to two decimals, and asks again on 刷新', async () => {
    let answers = 0;
    const { calls } = fakeServer({
      'GET /api/repair/RepairCount/gethomePageInterfaceSum': () => ok({ waitingDispatch: 1234 + answers++, settledAmountThisMonth: 123456.7 }),
    });
    const { container } = renderBlock('figures', {
      api: 'repair:GET RepairCount/gethomePageInterfaceSum',
      figures: [
        { label: '待派工', field: 'waitingDispatch' },
        { label: '本月结算产值（元）', field: 'settledAmountThisMonth', type: 'money' },
        { label: '维修中', field: 'inRepair' },
      ],
    });
    const values = () => [...container.querySelectorAll('.dms-figure-value')].map((value) => value.textContent);
    expect(values()).toEqual(['—', '—', '—']);
    await waitFor(() => expect(values()).toEqual(['1,234', '123,456.70', '—']));
    fireEvent.click(view.getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(values()[0]).toBe('1,235'));
    expect(calls.filter((call) => call.url === '/api/repair/RepairCount/gethomePageInterfaceSum')).toHaveLength(2);
  });
});

describe('the bars block', () => {
  it('draws one bar per row, its height against the largest, a day labelled by month and day, its full value in the tooltip', async () => {
    const { calls } = fakeServer({
      'GET /api/report/RepairCount/getRepairOrderNum': ok([
        { day: '2026-06-29', count: 2 },
        { day: '2026-06-30', count: 8 },
      ]),
    });
    const { container } = renderBlock('bars', {
      api: 'report:GET RepairCount/getRepairOrderNum',
      params: { days: 2 },
      xField: 'day',
      series: [{ field: 'count', name: '开单' }],
      unit: '单',
    });
    await waitFor(() => expect(container.querySelectorAll('.dms-bars-item')).toHaveLength(2));
    const items = [...container.querySelectorAll<HTMLElement>('.dms-bars-item')];
    expect(items.map((item) => item.title)).toEqual(['2026-06-29：2 单', '2026-06-30：8 单']);
    expect(items.map((item) => item.querySelector('.dms-bars-label')!.textContent)).toEqual(['06-29', '06-30']);
    expect(items.map((item) => item.querySelector<HTMLElement>('.dms-bars-bar')!.style.height)).toEqual(['25%', '100%']);
    expect(calls[0]!.params).toEqual({ days: 2 });
  });

  it('says there is no data when the answer is empty', async () => {
    fakeServer({ 'GET /api/report/RepairCount/getRepairOrderNum': ok([]) });
    renderBlock('bars', { api: 'report:GET RepairCount/getRepairOrderNum', xField: 'day', series: [{ field: 'count', name: '开单' }] });
    expect(await view.findByText('暂无数据')).toBeTruthy();
  });
});

describe('the list block', () => {
  const reminder = (id: number, plateNo: string) => ({ id, plateNo, customerName: '王芳', phone: '13912345678', dueDate: '2026-07-01', content: '保养到期' });
  const block: Omit<Block, 'type'> = {
    lists: [
      { title: '车辆健康检查（${total}）', api: 'repair:GET vehicleHealthCheckSAReminder/selectSAReminder', params: { readFlag: '0', pageSize: 5 } },
      { title: '客户回访（${total}）', api: 'repair:GET vehicleHealthCheckSAReminder/lookFeedbackReminder', params: { readFlag: '0', pageSize: 5 } },
    ],
    line: [{ field: 'plateNo', style: 'tag' }, { field: 'customerName' }, { field: 'phone', style: 'secondary', mask: 'phone' }],
    detail: '${dueDate}　${content}',
    itemAction: { label: '标记已读', api: 'repair:PUT reminders/{id}/read' },
    emptyText: '暂无未读提醒',
  };

  it('shows each list in a tab titled with its total, the lines masked, and after a button the list asked for again', async () => {
    let unread = [reminder(7, '京A10001'), reminder(8, '京A10002')];
    const { calls } = fakeServer({
      'GET /api/repair/vehicleHealthCheckSAReminder/selectSAReminder': () => ok({ total: unread.length, items: unread }),
      'GET /api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder': ok({ total: 0, items: [] }),
      'PUT /api/repair/reminders/7/read': (call: FakeCall) => {
        unread = unread.filter((item) => item.id !== 7);
        return ok(call.url);
      },
    });
    const { container } = renderBlock('list', block);
    await waitFor(() => expect(container.querySelectorAll('.ant-tabs-tab')).toHaveLength(2));
    await waitFor(() => expect([...container.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent)).toEqual(['车辆健康检查（2）', '客户回访（0）']));
    const items = () => [...container.querySelectorAll('[role="tabpanel"][aria-hidden="false"] .dms-list-item')];
    expect(items()).toHaveLength(2);
    const first = items()[0] as HTMLElement;
    expect(first.querySelector('.ant-tag')!.textContent).toBe('京A10001');
    expect(first.querySelector('.dms-masked-text')!.textContent).toBe('139****5678');
    expect(first.querySelector('.dms-list-detail')!.textContent).toBe('2026-07-01　保养到期');
    expect(calls.find((call) => call.url.endsWith('selectSAReminder'))!.params).toEqual({ readFlag: '0', pageSize: 5 });

    fireEvent.click(within(first).getByRole('button', { name: '标记已读' }));
    await waitFor(() => expect(items()).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('.ant-tabs-tab')!.textContent).toBe('车辆健康检查（1）'));
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/repair/reminders/7/read']);
    // The other list was not asked for again.
    expect(calls.filter((call) => call.url.endsWith('lookFeedbackReminder'))).toHaveLength(1);

    fireEvent.click(view.getByRole('tab', { name: '客户回访（0）' }));
    await waitFor(() => expect(container.querySelector('[role="tabpanel"][aria-hidden="false"] .ant-empty-description')!.textContent).toBe('暂无未读提醒'));
  });

  it('shows a single list under its title, without tabs', async () => {
    fakeServer({ 'GET /api/repair/vehicleHealthCheckSAReminder/selectSAReminder': ok({ total: 1, items: [reminder(9, '京A10009')] }) });
    const { container } = renderBlock('list', { ...block, lists: [block.lists![0]!] });
    expect(await view.findByText('车辆健康检查（1）')).toBeTruthy();
    await waitFor(() => expect(container.querySelectorAll('.dms-list-item')).toHaveLength(1));
    expect(container.querySelector('.ant-tabs')).toBeNull();
  });
});

describe('the menus block', () => {
  it('shows the starred menus as buttons that open them, or says there are none', async () => {
    const empty = renderBlock('menus', { menus: 'starred', emptyText: '暂无收藏' });
    expect(view.getByText('暂无收藏')).toBeTruthy();
    empty.unmount();
    runInAction(() => (starredMenus.items = [{ menuId: '2101', key: '/downloadManage/x/index', path: '/downloadManage/x/index', title: '下载中心', icon: null }]));
    renderBlock('menus', { menus: 'starred', emptyText: '暂无收藏' });
    fireEvent.click(view.getByRole('button', { name: /下载中心/ }));
    expect(await view.findByTestId('opened')).toBeTruthy();
  });

  it('shows every page of the user’s menus as a card naming its top menu', async () => {
    runInAction(() => (session.menus = MENUS));
    const { container } = renderBlock('menus', { menus: 'all' });
    const cards = [...container.querySelectorAll('.dms-menu-card')].map((card) => [card.querySelector('.dms-menu-card-title')!.textContent, card.querySelector('.dms-menu-card-parent')!.textContent]);
    expect(cards).toEqual(session.leaves.map((leaf) => [leaf.meta.title, MENUS.find((top) => leaf.path.startsWith(`${top.path}/`))!.meta.title]));
    expect(cards.length).toBeGreaterThan(3);
    fireEvent.click(container.querySelector('.dms-menu-card')!);
    expect(await view.findByTestId('opened')).toBeTruthy();
  });
});

describe('a screen of blocks on the light path (概览)', () => {
  const homeRoutes = {
    'GET /api/repair/RepairCount/gethomePageInterfaceSum': ok({ waitingDispatch: 4, inRepair: 9, finishedUnsettled: 30, openedToday: 2, openedThisMonth: 41, settledAmountThisMonth: 123456.7 }),
    'GET /api/report/RepairCount/getRepairOrderNum': ok([{ day: '2026-06-30', count: 5 }]),
    'GET /api/repair/vehicleHealthCheckSAReminder/selectSAReminder': ok({ total: 0, items: [] }),
    'GET /api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder': ok({ total: 0, items: [] }),
  };

  function renderScreen(screen: object, user: Partial<UserInfo>, routes: Record<string, unknown> = {}) {
    const id = (screen as { id: string }).id;
    const server = fakeServer({ [`GET /api/lowcode/screens/${id}`]: ok(screen), ...homeRoutes, ...routes });
    runInAction(() => {
      session.user = { ...USER, ...user } as UserInfo;
      session.menus = MENUS;
    });
    const rendered = renderInApp(
      <MemoryRouter initialEntries={['/home']}>
        <LightScreenPage screenId={id} />
      </MemoryRouter>,
    );
    return { ...rendered, calls: server.calls };
  }
  const blockTypes = (container: HTMLElement) => [...container.querySelectorAll('[data-block-type]')].map((block) => block.getAttribute('data-block-type'));

  it('[BO-ROUTE-11] shows 概览 to a service advisor: greeting, workshop, trend beside the reminders, starred and all menus', async () => {
    const { container, calls } = renderScreen({ ...homeScreen, id: 'home.advisor' }, { positions: ['FWGW'] });
    expect(await view.findByText('您好，梁杰')).toBeTruthy();
    expect(blockTypes(container)).toEqual(['welcome', 'figures', 'bars', 'list', 'menus', 'menus']);
    expect(await view.findByText('123,456.70')).toBeTruthy();
    // The trend and the reminders share a row of 24 columns.
    const page = container.querySelector('[data-screen-id="home.advisor"]')!;
    expect(page.classList.contains('dms-block-grid')).toBe(true);
    const flex = (type: string) => (container.querySelector(`[data-block-type="${type}"]`) as HTMLElement).style.flex;
    expect([flex('bars'), flex('list'), flex('figures')]).toEqual(['1 1 calc(41.6667% - 16px)', '1 1 calc(58.3333% - 16px)', '']);
    // The same calls as the hand-written page made, no more.
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('lookFeedbackReminder'))).toHaveLength(1));
    expect(calls.map((call) => call.url).sort()).toEqual([
      '/api/lowcode/screens/home.advisor',
      '/api/repair/RepairCount/gethomePageInterfaceSum',
      '/api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder',
      '/api/repair/vehicleHealthCheckSAReminder/selectSAReminder',
      '/api/report/RepairCount/getRepairOrderNum',
    ]);
  });

  it('shows a sales consultant neither the workshop nor the reminders (their own figures instead), and the administrator (no position) the workshop only', async () => {
    const sales = renderScreen({ ...homeScreen, id: 'home.sales' }, { positions: ['XSGW'] }, { 'GET /api/2b/salesreport/homePage/consultantSum': ok({}) });
    expect(await view.findByText('您好，梁杰')).toBeTruthy();
    // The consultant's own figures are tests/component/overviewByPosition.test.tsx's.
    expect(blockTypes(sales.container)).toEqual(['welcome', 'figures', 'menus', 'menus']);
    expect(sales.calls.map((call) => call.url)).not.toContain('/api/repair/RepairCount/gethomePageInterfaceSum');
    sales.unmount();

    const admin = renderScreen({ ...homeScreen, id: 'home.admin' }, { positions: [], employeeName: '系统管理员' });
    expect(await view.findByText('您好，系统管理员')).toBeTruthy();
    expect(blockTypes(admin.container)).toEqual(['welcome', 'figures', 'bars', 'menus', 'menus']);
  });

  it('renders a block that is not an overview block through the screen interpreter, overview blocks inside it too', async () => {
    const screen = {
      id: 'home.tabs',
      title: '概览',
      service: 'repair',
      blocks: [
        { type: 'welcome', text: '您好，${user.employeeName}' },
        {
          type: 'tabs',
          tabs: [{ title: '车间', blocks: [{ type: 'figures', api: 'repair:GET RepairCount/gethomePageInterfaceSum', figures: [{ label: '待派工', field: 'waitingDispatch' }] }] }],
        },
      ],
    };
    const { container } = renderScreen(screen, { positions: ['FWGW'] });
    expect(await view.findByText('您好，梁杰')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('[data-block-type="tabs"] .dms-figure-value')?.textContent).toBe('4'));
  });

  it('hands a screen with more than blocks to ScreenPage, which validates it and says what is wrong', async () => {
    const screen = { id: 'home.table', title: '概览', service: 'repair', table: { api: 'repair:GET RepairCount/gethomePageInterfaceSum', columns: [] }, blocks: [{ type: 'welcome' }] };
    renderScreen(screen, { positions: ['FWGW'] });
    expect(await view.findByTestId('screen-problems')).toBeTruthy();
  });

  it('shows what failed instead of a blank page when a condition does not parse (the light page does not validate)', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen({ id: 'home.broken', title: '概览', service: 'repair', blocks: [{ type: 'welcome', text: '您好', visible: 'contains(user.positions' }] }, { positions: ['FWGW'] });
    expect(await view.findByText('页面渲染出错')).toBeTruthy();
    quiet.mockRestore();
  });

  it('evaluates the conditions again when the user changes', async () => {
    const { container } = renderScreen({ ...homeScreen, id: 'home.change' }, { positions: ['XSGW'] }, { 'GET /api/2b/salesreport/homePage/consultantSum': ok({}) });
    expect(await view.findByText('您好，梁杰')).toBeTruthy();
    expect(blockTypes(container)).not.toContain('list');
    act(() => runInAction(() => (session.user = { ...session.user!, positions: ['FWGW'] })));
    await waitFor(() => expect(blockTypes(container)).toContain('list'));
  });
});

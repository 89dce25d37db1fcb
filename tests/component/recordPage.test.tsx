// The record page's constructs (issue 22), each on a fake server: header (title, key fields, steps, the transitions
// the server offers), field groups and child lines edited and saved in one call, a transition's small form, a related
// list filtered by the record, attachments, the audit history; and the navigate action that opens a record.
import { fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { http } from '../../runtime/http/client';
import { RecordPage } from '../../runtime/record/RecordPage';
import { runAction } from '../../runtime/screen/screenExtensions';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { session } from '../../runtime/stores/session';
import type { RecordMeta, RecordHistoryEntry } from '../../schemas/api/recordPages';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';
import { appeared } from './appeared';

const ORDER = '/api/repair/order/repair/orders/7';
const screen: Screen = {
  id: 'test.orders',
  title: '维修工单',
  service: 'repair',
  permissions: { print: 'GET_repair_order/repair/queryPrintInfo/{id}' },
  table: { api: 'repair:GET order/repair/orders', rowKey: 'id', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
  record: {
    model: 'repairOrder',
    load: 'repair:GET order/repair/orders/{id}',
    save: 'repair:PUT order/repair/orders/{id}',
    titleField: 'roNo',
    keyFields: [
      { fieldName: 'plateNo', label: '车牌号' },
      { fieldName: 'phone', label: '车主电话', mask: 'phone' },
      { fieldName: 'labourAmount', label: '工时费' },
    ],
    actions: [{ label: '打印', permission: 'print', action: { type: 'reload' } }],
    tabs: [
      { type: 'fields', title: '基本信息', fields: [{ fieldName: 'plateNo', label: '车牌号', type: 'input', required: true }] },
      {
        type: 'lines',
        title: '工时明细',
        lines: {
          fieldName: 'labourLines',
          label: '工时明细',
          type: 'child-lines',
          lines: {
            columns: [
              { name: 'labourName', title: '工时项目', required: true },
              { name: 'hours', title: '工时', type: 'number', required: true, precision: 1 },
              { name: 'rate', title: '单价', type: 'number', required: true, precision: 2 },
              { name: 'amount', title: '金额', compute: 'round(hours * rate, 2)', precision: 2 },
            ],
            totals: [{ label: '工时费', value: "sum(lines, 'amount')", precision: 2 }],
          },
        },
      },
      { type: 'related', title: '该车维修记录', screen: 'test.orders', params: { vin: 'record.vin' } },
      { type: 'attachments', title: '附件', files: ['photos'] },
      { type: 'audit', title: '操作历史' },
    ],
  },
};
const record = {
  id: 7,
  roNo: 'RO0001',
  vin: 'LHSA3B1C9TS000017',
  plateNo: '京A12345',
  phone: '13800138000',
  labourAmount: '180.00',
  photos: [{ name: 'front.txt', url: '/files/front.txt' }],
  labourLines: [{ id: 1, lineNo: 1, labourName: '更换机油', hours: '1.5', rate: '120.00', amount: '180.00' }],
};
const transition = (name: string, label: string, extra: Partial<RecordMeta['transitions'][number]> = {}) => ({ name, label, to: '80211002', process: false, requires: [], allowed: true, ...extra });
const meta = (overrides: Partial<RecordMeta> = {}): RecordMeta => ({
  title: '维修工单',
  recordTitle: 'RO0001',
  state: { field: 'status', current: '80211002', steps: [{ code: '80211001', name: '待派工' }, { code: '80211002', name: '维修中' }, { code: '80211003', name: '已完工' }] },
  transitions: [transition('dispatch', '派工', { allowed: false, reason: '当前状态不能派工' }), transition('finish', '完工')],
  editable: true,
  approval: null,
  ...overrides,
});
const history: RecordHistoryEntry[] = [
  { id: 2, at: '2026-11-24 10:00:00', userName: '张顾问', action: '派工', changes: [{ field: 'status', label: '工单状态', before: '待派工', after: '维修中' }] },
  { id: 1, at: '2026-11-24 09:00:00', userName: '张顾问', action: '新增', changes: [] },
];

const address = { id: '7', path: '/repair/orders', tabs: { tabs: [{ path: '/repair/orders/7', menuId: '1101', title: '维修工单', keepAlive: true }] } };
const serve = (routes: Record<string, object | ((call: FakeCall) => unknown)> = {}) =>
  fakeServer({
    [`GET ${ORDER}`]: ok(record),
    [`GET ${ORDER}/meta`]: ok(meta()),
    [`GET ${ORDER}/history`]: ok(history),
    'GET /api/repair/order/repair/orders': ok({ total: 2, items: [{ id: 7, roNo: 'RO0001' }, { id: 3, roNo: 'RO0000' }] }),
    'GET /api/lowcode/screens/test.orders': ok(screen),
    ...routes,
  });

function open(routes: Record<string, object | ((call: FakeCall) => unknown)> = {}, granted: string[] = ['GET_repair_order/repair/queryPrintInfo/{id}']) {
  const server = serve(routes);
  renderInApp(<RecordPage screen={screen} grantedKeys={granted} address={address} />);
  return server;
}
const tab = (title: string) => fireEvent.click(view.getByRole('tab', { name: title }));

describe('the record page', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows the title, the key fields, the steps with the current one, and only the transitions the server allows', async () => {
    open();
    expect(await view.findByTestId('record-title')).toHaveProperty('textContent', 'RO0001');
    expect(document.querySelector('[data-key-field="plateNo"]')!.textContent).toBe('京A12345');
    expect(document.querySelector('[data-key-field="phone"]')!.textContent).not.toBe('13800138000');
    expect(document.querySelector('.ant-steps-item-process')!.textContent).toContain('维修中');
    expect([...document.querySelectorAll('[data-transition]')].map((b) => b.textContent)).toEqual(['完工']);
    expect(view.getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(view.getByRole('button', { name: '打印' })).toBeTruthy();
    // The tab takes the record's title.
    await waitFor(() => expect(address.tabs.tabs[0]!.title).toBe('RO0001'));
  });

  it('shows the page’s frame (key field labels, tabs) while the record is on its way, then the record in it (issue 22 speed)', async () => {
    serve();
    // Hold the answers back: the page is drawn from the screen's definition meanwhile.
    const answer = http.defaults.adapter as AxiosAdapter;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    http.defaults.adapter = async (config) => held.then(() => answer(config));
    renderInApp(<RecordPage screen={screen} grantedKeys={['GET_repair_order/repair/queryPrintInfo/{id}']} address={address} />);
    await waitFor(() => expect(view.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '工时明细', '该车维修记录', '附件', '操作历史']));
    expect(view.getByText('车主电话')).toBeTruthy();
    expect(view.queryByTestId('record-title')).toBeNull();
    expect(document.querySelector('[data-transition]')).toBeNull();
    expect(view.queryByRole('button', { name: '编辑' })).toBeNull();
    release();
    expect(await view.findByTestId('record-title')).toHaveProperty('textContent', 'RO0001');
    expect(document.querySelector('[data-key-field="plateNo"]')!.textContent).toBe('京A12345');
    expect(view.getByRole('button', { name: '编辑' })).toBeTruthy();
  });

  it('shows an approval running, with no transition and no edit, and hides buttons whose key the menu lacks', async () => {
    open({ [`GET ${ORDER}/meta`]: ok(meta({ editable: false, approval: { instanceId: 3, processName: '免费结算审批' }, transitions: [transition('settle', '结算', { allowed: false, reason: '维修工单审批中' })] })) }, []);
    await view.findByTestId('record-title');
    expect(view.getByText('审批中：免费结算审批')).toBeTruthy();
    expect(document.querySelectorAll('[data-transition]')).toHaveLength(0);
    expect(view.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(view.queryByRole('button', { name: '打印' })).toBeNull();
  });

  it('edits field groups and child lines, the total following the typing, and saves the record with its lines in one call', async () => {
    const { calls } = open({ [`PUT ${ORDER}`]: (call: FakeCall) => ok({ ...record, ...(call.data as object), labourAmount: '240.00' }) });
    await view.findByTestId('record-title');
    fireEvent.click(view.getByRole('button', { name: '编辑' }));
    fireEvent.change(await appeared(() => document.querySelector<HTMLInputElement>('#record-0_plateNo'), 'the 车牌号 input'), { target: { value: '京A54321' } });
    tab('工时明细');
    const hours = await appeared(() => document.querySelector<HTMLInputElement>('[data-line="1"] [data-column="hours"] input'), 'the hours input');
    fireEvent.change(hours, { target: { value: '2' } });
    expect(document.querySelector('[data-total="工时费"]')!.textContent).toBe('工时费：240.00');
    fireEvent.click(view.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')!.data as Record<string, unknown>;
    expect(sent).toMatchObject({ plateNo: '京A54321', labourLines: [{ labourName: '更换机油', hours: '2' }] });
    await waitFor(() => expect(document.querySelector('[data-key-field="labourAmount"]')!.textContent).toBe('240.00'));
    expect(view.getByRole('button', { name: '编辑' })).toBeTruthy();
  });

  it('keeps the user in edit mode on the tab with a problem, saving nothing', async () => {
    const { calls } = open();
    await view.findByTestId('record-title');
    fireEvent.click(view.getByRole('button', { name: '编辑' }));
    fireEvent.change(await appeared(() => document.querySelector<HTMLInputElement>('#record-0_plateNo'), 'the 车牌号 input'), { target: { value: '' } });
    tab('工时明细');
    fireEvent.click(view.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(view.getByRole('tab', { name: '基本信息', selected: true })).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('asks for a transition’s required fields in a small form, then shows what the server allows next', async () => {
    const required = transition('finish', '完工', { requires: [{ fieldName: 'mileage', label: '出厂里程', type: 'number', required: true }] });
    let moved = false;
    const { calls } = open({
      [`GET ${ORDER}/meta`]: () => ok(moved ? meta({ state: { ...meta().state!, current: '80211003' }, transitions: [transition('settle', '结算')] }) : meta({ transitions: [required] })),
      [`POST ${ORDER}/finish`]: () => {
        moved = true;
        return ok(record);
      },
    });
    await view.findByTestId('record-title');
    fireEvent.click(document.querySelector('[data-transition="finish"]')!);
    const dialog = await view.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '完工' }));
    // Nothing sent while the required field is empty.
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-has-error, [aria-invalid="true"], .dms-field-error')).not.toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(dialog.querySelector('#transition_mileage')!, { target: { value: '12000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '完工' }));
    await waitFor(() => expect(String((calls.find((c) => c.method === 'POST')?.data as { mileage?: unknown } | undefined)?.mileage)).toBe('12000'));
    await waitFor(() => expect([...document.querySelectorAll('[data-transition]')].map((b) => b.textContent)).toEqual(['结算']));
    expect(document.querySelector('.ant-steps-item-process')!.textContent).toContain('已完工');
  });

  it('asks an approval for its reason (申请说明) and sends it as the comment', async () => {
    const { calls } = open({ [`GET ${ORDER}/meta`]: ok(meta({ transitions: [transition('freeSettle', '免费结算', { process: true })] })), [`POST ${ORDER}/freeSettle`]: ok(record) });
    await view.findByTestId('record-title');
    fireEvent.click(document.querySelector('[data-transition="freeSettle"]')!);
    const dialog = await view.findByRole('dialog');
    fireEvent.change(dialog.querySelector('#transition_comment')!, { target: { value: '老客户' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '免费结算' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ comment: '老客户' }));
  });

  it('shows a related list: the other screen’s table queried with the record’s values, without a filter bar', async () => {
    const { calls } = open();
    await view.findByTestId('record-title');
    // Mounted when opened: nothing is asked for a related list before its tab is shown (issue 22 speed).
    expect(calls.some((c) => c.url === '/api/repair/order/repair/orders' || c.url.includes('/screens/'))).toBe(false);
    tab('该车维修记录');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/repair/order/repair/orders')).toBe(true));
    expect(calls.find((c) => c.url === '/api/repair/order/repair/orders')!.params).toMatchObject({ vin: 'LHSA3B1C9TS000017' });
    expect(document.querySelector('[data-record-tab="related"] .dms-filter-bar')).toBeNull();
    // The list screen's chunk (ag-grid) loads on first use: slow on a busy machine.
  }, 180_000);

  it('lists the record’s attachments and tells the history as a timeline in field labels', async () => {
    open();
    await view.findByTestId('record-title');
    tab('附件');
    expect(await view.findByText('front.txt')).toBeTruthy();
    tab('操作历史');
    const entries = await view.findAllByTestId('record-history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('张顾问');
    expect(entries[0]!.textContent).toContain('工单状态：待派工 → 维修中');
  });

  it('says so when the record is not found (another dealer’s, or gone)', async () => {
    open({ [`GET ${ORDER}`]: { resultCode: 404, errMsg: '记录不存在或无权访问' } });
    expect(await view.findByText('记录不存在或无权访问')).toBeTruthy();
  });
});

describe('the navigate action with a record', () => {
  it('opens the record page under the screen’s menu path, with the way back', async () => {
    window.location.hash = '#/repair/orders?vin=x';
    const store = new ScreenStore(screen, []);
    await runAction({ type: 'navigate', to: '/repair/orders', record: 'row.id' }, { store, row: { id: 12 } });
    expect(window.location.hash).toBe(`#/repair/orders/12?from=${encodeURIComponent('/repair/orders?vin=x')}`);
    window.location.hash = '';
  });

  it('answers the menu of a record page’s address, and of no other', () => {
    session.menus = [{ id: '1101', path: '/repair/orders', component: 'screen:repair.orders', children: [], meta: { title: '维修工单' } } as never];
    expect(session.pageMenu('/repair/orders/12')?.id).toBe('1101');
    expect(session.pageMenu('/repair/orders')?.id).toBe('1101');
    expect(session.pageMenu('/repair/orders/abc')).toBeUndefined();
    session.menus = [];
  });
});

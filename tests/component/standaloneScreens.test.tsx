// The screen-language parts /onepage and /selectCrowd are written in: the descriptions block (one record fetched with
// the submitted filters), the table block (the table placed among the blocks), the postSelection action, and the custom
// query schemes that pick /selectCrowd's customers. Rendered from the real screen files, against a fake server.
import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Loaded up front: the registry's lazy entries then resolve at once, as in a browser that has the chunks.
import '../../runtime/blocks/record/DescriptionsBlock';
import '../../runtime/blocks/ScreenTableBlock';
import { runAction } from '../../runtime/screen/screenExtensions';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { ScreenView } from '../../runtime/screen/ScreenView';
import { groupDictionary, dictionaries } from '../../runtime/stores/dictionaries';
import { validateScreen } from '../../runtime/screen/validateScreen';
import type { QueryScheme } from '../../schemas/api/querySchemes';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const screenFile = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Screen;
const ONEPAGE = screenFile('screens/customer/onepage.json');
const CROWD = screenFile('screens/customer/selectCrowd.json');
const VIN = 'LHSA3B1C9TS000017';

const OVERVIEW = {
  vehicle: { vin: VIN, plateNo: '京A12345', brandName: '华晟', seriesName: '华晟 E6', modelName: 'E6 豪华版', colorName: '白', purchaseDate: '2024-05-01', dealerName: '北京一店' },
  customer: { customerName: '王小明', phone: '13912345678', gender: '10021001', address: '北京市朝阳区' },
  repairOrders: [],
};
const HISTORY = {
  total: 1,
  items: [{ roNo: 'RO2026060100001', repairTypeName: '保养', status: '80211001', mileage: 12000, amount: 680.5, serviceAdvisorName: '李顾问', remark: null, createdAt: '2026-06-01 09:30:00' }],
};

function atAddress(hash: string) {
  window.location.hash = hash;
}

describe('the descriptions and table blocks (/onepage)', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    runInAction(() => {
      dictionaries.byType = groupDictionary([
        { type: '1002', codeId: '10021001', codeCnDesc: '男', codeEnDesc: null },
        { type: '8021', codeId: '80211001', codeCnDesc: '待派工', codeEnDesc: null },
      ]);
    });
    calls = fakeServer({
      'GET /api/repair/onepage/vehicle': ok(OVERVIEW),
      'GET /api/repair/onepage/repairOrders': (call: FakeCall) => ok((call.params as { vin?: string }).vin ? HISTORY : { total: 0, items: [] }),
    }).calls;
  });
  afterEach(() => atAddress(''));

  it('[BO-ROUTE-03] checks, and shows one vehicle and its owner from one request, the phone masked, codes as their text, the history table under the cards', async () => {
    expect(validateScreen(ONEPAGE).ok).toBe(true);
    atAddress(`#/onepage?vin=${VIN}`);
    const { container } = renderInApp(<ScreenView screen={ONEPAGE} grantedKeys={[]} />);
    const vehicle = await waitFor(() => {
      const card = [...container.querySelectorAll('.dms-block')].find((el) => el.textContent?.startsWith('车辆信息'));
      expect(card?.textContent).toContain(VIN);
      return card as HTMLElement;
      // The first render loads the block's lazy chunk.
    }, { timeout: 15_000 });
    expect(within(vehicle).getByText('北京一店')).toBeTruthy();
    const owner = [...container.querySelectorAll('.dms-block')].find((el) => el.textContent?.startsWith('车主信息')) as HTMLElement;
    await waitFor(() => expect(within(owner).getByText('王小明')).toBeTruthy());
    expect(within(owner).getByText('139****5678')).toBeTruthy();
    expect(within(owner).queryByText('13912345678')).toBeNull();
    expect(within(owner).getByText('男')).toBeTruthy();
    // Both cards are parts of one answer: one request, with the address's VIN.
    const overviews = calls.filter((c) => c.url === '/api/repair/onepage/vehicle');
    expect(overviews).toHaveLength(1);
    expect(overviews[0]!.params).toEqual({ vin: VIN });
    // The table stands where its block is, after the cards, and not under the filter bar.
    const order = [...container.querySelectorAll('.dms-screen > .dms-block')].map((el) => el.getAttribute('data-block-type'));
    expect(order).toEqual(['descriptions', 'descriptions', 'table']);
    expect(container.querySelectorAll('.dms-screen > .dms-block[data-block-type="table"] .dms-data-table, .dms-screen > .dms-block[data-block-type="table"] .ag-root-wrapper').length).toBeGreaterThan(0);
    expect(container.querySelector('.dms-screen > .dms-toolbar + *')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/repair/onepage/repairOrders' && (c.params as { vin?: string }).vin === VIN)).toBe(true));
  });

  it('[BO-ROUTE-03] asks for nothing without a VIN or plate and says what to enter; a search then fetches the vehicle', async () => {
    atAddress('#/onepage');
    const { container } = renderInApp(<ScreenView screen={ONEPAGE} grantedKeys={[]} />);
    expect(await view.findByText('请输入 VIN 或车牌号查询车辆档案')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/repair/onepage/vehicle')).toBe(false);
    fireEvent.change(container.querySelector('#filter_plateNo')!, { target: { value: '京A12345' } });
    fireEvent.click(view.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/repair/onepage/vehicle')?.params).toEqual({ plateNo: '京A12345' }));
    expect(await view.findByText(VIN)).toBeTruthy();
    expect(view.queryByText('请输入 VIN 或车牌号查询车辆档案')).toBeNull();
  });

  it('refuses a descriptions block without its api or fields, a requires naming no filter field, and a table block on a screen without a table', () => {
    const broken = {
      id: 'test.broken',
      title: '错误',
      service: 'repair',
      filter: { fields: [{ fieldName: 'vin', label: 'VIN', type: 'input' }] },
      blocks: [{ type: 'descriptions', requires: ['plate'] }, { type: 'table' }],
    };
    const result = validateScreen(broken);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        '/blocks/0/api descriptions 区块须有 api',
        '/blocks/0/fields descriptions 区块须有 fields',
        '/blocks/0/requires/0 筛选栏没有此字段：plate',
        '/blocks/1/type table 区块放置页面的表格，页面须有 table',
      ]),
    );
  });
});

describe('the postSelection action (/selectCrowd)', () => {
  let store: ScreenStore;
  const confirm = CROWD.toolbar![0]!.action;
  const rows = [
    { customerId: 7, customerName: '王小明', phone: '13912345678', gender: '10021001', ownerCode: 'D11001', vehicles: '京A12345 华晟 E6', lastVisit: '2026-01-02' },
    { customerId: 9, customerName: '李四', phone: '13800000000', gender: null, ownerCode: 'D11001', vehicles: '京B00001 华晟 E3', lastVisit: null },
  ];

  beforeEach(() => {
    fakeServer({ 'GET /api/customer/crowd/customers': ok({ total: 2, items: rows.map((row) => ({ ...row })) }) });
    store = new ScreenStore(CROWD, []);
    renderInApp(<div />);
  });
  afterEach(() => vi.restoreAllMocks());

  it('[BO-ROUTE-05] checks, and its table keeps selection boxes because 确 定 acts on the selection', async () => {
    expect(validateScreen(CROWD).ok).toBe(true);
    const { container } = renderInApp(<ScreenView screen={CROWD} grantedKeys={[]} />);
    const boxes = () => container.querySelectorAll<HTMLInputElement>('.ag-grid-scrolling-container .ag-row .dms-select input[type="checkbox"]');
    await waitFor(() => expect(boxes()).toHaveLength(2), { timeout: 15_000 });
    fireEvent.click(boxes()[1]!);
    await waitFor(() => expect(container.querySelector('.dms-table-header')?.textContent).toContain('已选择 1 项'));
  });

  it('[BO-ROUTE-05] hands the selected customers, without the table’s own fields, to the embedding window, to its own origin only', async () => {
    await store.search({});
    store.setSelection(store.rows);
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    await act(() => runAction(confirm, { store }));
    expect(parent.postMessage).toHaveBeenCalledWith({ type: 'dms:selectCrowd', customers: rows }, window.location.origin);
    expect(await view.findByText('已将 2 位客户回传给主系统')).toBeTruthy();
  });

  it('says the selection cannot be handed back when nobody opened the page, and asks for a selection first', async () => {
    await store.search({});
    await act(() => runAction(confirm, { store }));
    expect(await view.findByText('请先选择数据')).toBeTruthy();
    store.setSelection([store.rows[0]!]);
    await act(() => runAction(confirm, { store }));
    expect(await view.findByText('已选择 1 位客户（未在主系统中打开，无法回传）')).toBeTruthy();
  });
});

describe('query schemes on /selectCrowd', () => {
  const SCHEME: QueryScheme = {
    id: 3,
    labelName: '半年未进厂的E6男车主',
    selectCondition: [
      { fieldName: 'gender', conditionCode: 'eq', componentType: 'select', value: ['10021001'] },
      { fieldName: 'seriesName', conditionCode: 'like', componentType: 'input', value: ['E6'] },
      { fieldName: 'idleDays', conditionCode: 'eq', componentType: 'input', value: [180] },
    ],
    columns: [
      { label: '客户姓名', value: 'customerName' },
      { label: '车辆', value: 'vehicles' },
      { label: '最近进厂', value: 'lastVisit' },
    ],
    shared: true,
    own: false,
    userName: '张伟',
    updatedAt: '2026-06-30 10:00:00',
  };
  let calls: FakeCall[];
  beforeEach(() => {
    runInAction(() => {
      dictionaries.byType = groupDictionary([{ type: '1002', codeId: '10021001', codeCnDesc: '男', codeEnDesc: null }]);
    });
    calls = fakeServer({
      'GET /api/dms.ws.order/test/testList': ok([SCHEME]),
      'GET /api/customer/crowd/customers': ok({ total: 1, items: [{ customerId: 7, customerName: '王小明', phone: '13912345678', gender: '10021001', ownerCode: 'D11001', vehicles: '京A12345 华晟 E6', lastVisit: '2025-10-02' }] }),
    }).calls;
  });

  it('[BO-ENT-14] [BO-ENT-15] picks a saved scheme of the page: the crowd query carries its conditions and the table shows its columns', async () => {
    const { container } = renderInApp(<ScreenView screen={CROWD} grantedKeys={[]} />);
    // The page keeps its schemes under its own key, by the table's api.
    await waitFor(() => expect(calls.find((c) => c.url === '/api/dms.ws.order/test/testList')?.params).toEqual({ menuId: 'selectCrowd', interfaceAddress: 'customer:GET crowd/customers' }), { timeout: 10_000 });
    const crowdQueries = () => calls.filter((c) => c.url === '/api/customer/crowd/customers');
    // The table's shown data columns, in order (the selection column left out).
    const dataColumns = new Set(CROWD.table!.columns.map((c) => c.dataIndex));
    const headers = () =>
      [...container.querySelectorAll<HTMLElement>('.ag-header-cell[col-id]')]
        .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
        .map((h) => h.getAttribute('col-id')!)
        .filter((id) => dataColumns.has(id));
    await waitFor(() => expect(headers()).toEqual(['customerName', 'phone', 'gender', 'vehicles', 'lastVisit']), { timeout: 15_000 });
    const before = crowdQueries().length;
    fireEvent.mouseDown(within(view.getByTestId('query-schemes')).getByRole('combobox'));
    fireEvent.click(await view.findByText('半年未进厂的E6男车主（共享） 张伟', undefined, { timeout: 10_000 }));
    await waitFor(() => expect(crowdQueries().length).toBeGreaterThan(before), { timeout: 10_000 });
    const { gender, seriesName, idleDays, customerName, phone } = crowdQueries().at(-1)!.params as Record<string, unknown>;
    expect({ gender, seriesName, idleDays, customerName, phone }).toEqual({ gender: '10021001', seriesName: 'E6', idleDays: 180, customerName: undefined, phone: undefined });
    await waitFor(() => expect(headers()).toEqual(['customerName', 'vehicles', 'lastVisit']), { timeout: 10_000 });
    expect(await view.findByText('京A12345 华晟 E6', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});

import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Screen } from '../../schemas/screen/screen.types';
import { canDrop } from '../../runtime/table/ColumnPicker';
import { layoutStorageKey } from '../../runtime/table/columnLayout';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { cellText, findHeader, header, loaded, renderTable, rowsShown } from './tableHarness';

const ROUTE = '/repair/repairBusiness/labourItem/index';

const items = [
  { id: 1, labourCode: 'BY001', labourName: '更换机油机滤', price: 280, repairTypeCode: 'RT02', enabled: '1', effectiveDate: '2026-01-01', remark: '' },
  { id: 2, labourCode: 'WX001', labourName: '更换前刹车片', price: 80, repairTypeCode: 'RT01', enabled: '0', effectiveDate: '2026-03-01', remark: '' },
  { id: 3, labourCode: 'BP001', labourName: '前保险杠喷漆', price: 320, repairTypeCode: 'RT06', enabled: '1', effectiveDate: '2026-02-01', remark: '' },
];

const types = [
  { value: 'RT01', text: '一般维修' },
  { value: 'RT02', text: '定期保养' },
  { value: 'RT06', text: '钣金喷漆' },
];

const screen = (pagination = true): Screen => ({
  id: 'test.columns',
  title: '测试',
  service: 'repair',
  table: {
    api: 'repair:GET basedata/labourItems',
    pagination,
    columns: [
      { title: '工时代码', dataIndex: 'labourCode', sorter: true, filter: true, flex: ['remark'] },
      { title: '工时名称', dataIndex: 'labourName', filter: true },
      { title: '工时单价', dataIndex: 'price', type: 'money', sorter: true, filter: true, filterType: 'number', groupName: '计价' },
      { title: '维修类型', dataIndex: 'repairTypeCode', editItems: types, filter: true, filterType: 'checkbox', groupName: '计价' },
      {
        title: '启用',
        dataIndex: 'enabled',
        filter: true,
        filterType: 'radio',
        filterItems: [
          { value: '1', text: '启用' },
          { value: '0', text: '停用' },
        ],
      },
      { title: '生效日期', dataIndex: 'effectiveDate', type: 'date', filter: true, filterType: 'date-range' },
      { title: '备注', dataIndex: 'remark' },
    ],
  },
});

describe('the data table: header filters, column groups, the column picker', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    localStorage.clear();
    window.location.hash = `#${ROUTE}`;
    calls = fakeServer({
      'GET /api/repair/basedata/labourItems': ok({ total: items.length, items: items.map((i) => ({ ...i })) }),
      'GET /api/lowcode/tableLayouts': ok(null),
      'PUT /api/lowcode/tableLayouts': (call) => ok(call.data),
    }).calls;
  });

  const listCalls = () => calls.filter((c) => c.url === '/api/repair/basedata/labourItems');
  const panel = () => document.querySelector<HTMLElement>('.dms-filter-panel');
  const openFilter = async (colId: string) => {
    const icon = (await findHeader(colId)).querySelector<HTMLElement>('.dms-th-filter')!;
    act(() => icon.click());
    return waitFor(() => {
      expect(panel()?.dataset.filterFor).toBe(colId);
      return panel()!;
    });
  };

  it('[BB-TBL-05] [BB-TBL-29] filters from a header popover, its search button disabled while the value is empty', async () => {
    const { store } = renderTable(screen());
    await loaded(store);
    const popover = await openFilter('labourName');
    const search = within(popover).getByRole('button', { name: '搜索' }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    const input = within(popover).getByPlaceholderText('请输入工时名称');
    await userEvent.type(input, '   ');
    expect(search.disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, '机油');
    expect(search.disabled).toBe(false);
    fireEvent.click(search);
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ labourName: '机油', current: 1 }));
    expect(panel()).toBeNull();
    expect(header('labourName')!.querySelector('.dms-th-filter-active')).toBeTruthy();
    // 重置 clears the column's filter.
    fireEvent.click(within(await openFilter('labourName')).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(listCalls().at(-1)!.params).not.toHaveProperty('labourName'));
  });

  it('[BB-TBL-18] keeps only one filter popover open at a time', async () => {
    const { store } = renderTable(screen());
    await loaded(store);
    await openFilter('labourName');
    await openFilter('price');
    expect(document.querySelectorAll('.dms-filter-panel')).toHaveLength(1);
    expect(panel()!.dataset.filterFor).toBe('price');
    // The open filter's icon closes it again.
    act(() => header('price')!.querySelector<HTMLElement>('.dms-th-filter')!.click());
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('[BB-TBL-19] closes the filter popover on a click anywhere else', async () => {
    const { store } = renderTable(screen());
    await loaded(store);
    const popover = await openFilter('labourName');
    fireEvent.mouseDown(within(popover).getByPlaceholderText('请输入工时名称'));
    expect(panel()).toBeTruthy();
    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(panel()).toBeNull());
  });

  it('[BB-TBL-28] [BB-TBL-31] [BB-TBL-32] the number-range filter keeps to its input rule and swaps a start above the end', async () => {
    const { store } = renderTable(screen());
    await loaded(store);
    const popover = await openFilter('price');
    const [from, to] = within(popover).getAllByRole('textbox') as HTMLInputElement[];
    await userEvent.type(from!, '-0a1');
    expect(from!.value).toBe('-0');
    await userEvent.clear(from!);
    await userEvent.type(from!, '500');
    await userEvent.type(to!, '100.5');
    fireEvent.blur(to!);
    await waitFor(() => expect([from!.value, to!.value]).toEqual(['100.5', '500']));
    fireEvent.click(within(popover).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ priceFrom: 100.5, priceTo: 500 }));
  });

  it('[BB-TBL-49] offers checkbox and radio filters from the column options, sent as their values', async () => {
    const { store } = renderTable(screen());
    await loaded(store);
    let popover = await openFilter('repairTypeCode');
    expect(within(popover).getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(within(popover).getByLabelText('一般维修'));
    fireEvent.click(within(popover).getByLabelText('钣金喷漆'));
    fireEvent.click(within(popover).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ repairTypeCode: ['RT01', 'RT06'] }));
    popover = await openFilter('enabled');
    fireEvent.click(within(popover).getByLabelText('停用'));
    fireEvent.click(within(popover).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ repairTypeCode: ['RT01', 'RT06'], enabled: '0' }));
  });

  it('sorts and filters in the browser when the table is not paged, fetching everything once', async () => {
    const { store } = renderTable(screen(false));
    await loaded(store);
    await rowsShown(3);
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]!.params).toMatchObject({ current: 1, pageSize: 100000 });
    expect(document.querySelector('.ant-pagination')).toBeNull();
    fireEvent.click(await findHeader('price'));
    await waitFor(() => expect(cellText(0, 'labourCode')).toBe('WX001'));
    fireEvent.click(header('price')!);
    await waitFor(() => expect(cellText(0, 'labourCode')).toBe('BP001'));
    fireEvent.click(within(await openFilter('repairTypeCode')).getByLabelText('定期保养'));
    fireEvent.click(within(panel()!).getByRole('button', { name: '搜索' }));
    await rowsShown(1);
    expect(cellText(0, 'labourCode')).toBe('BY001');
    expect(document.querySelector('.dms-table-total')!.textContent).toBe('共 1 条');
    expect(listCalls()).toHaveLength(1);
  });

  it('[BB-TBL-06] [BB-TBL-20] [BB-TBL-21] groups columns under one header and collapses (minus) and expands (plus) a flex group', async () => {
    const { store } = renderTable(screen());
    await loaded(store);
    await findHeader('remark');
    expect([...document.querySelectorAll('.ag-header-group-cell')].map((g) => g.textContent?.trim()).filter(Boolean)).toEqual(['计价']);
    const toggle = header('labourCode')!.querySelector<HTMLElement>('.dms-th-flex')!;
    expect(toggle.classList.contains('ag-icon-minus')).toBe(true);
    act(() => toggle.click());
    await waitFor(() => expect(header('remark')).toBeNull());
    expect(toggle.classList.contains('ag-icon-plus')).toBe(true);
    act(() => toggle.click());
    await findHeader('remark');
  });

  // A small table for the picker and layout tests: every column change re-renders the grid, which is slow in jsdom.
  const small: Screen = {
    id: 'test.picker',
    title: '测试',
    service: 'repair',
    table: {
      api: 'repair:GET basedata/labourItems',
      columns: [
        { title: '工时代码', dataIndex: 'labourCode' },
        { title: '工时名称', dataIndex: 'labourName' },
        { title: '工时单价', dataIndex: 'price', type: 'money' },
        { title: '备注', dataIndex: 'remark' },
      ],
    },
  };

  const openPicker = async () => {
    fireEvent.click(await view.findByRole('button', { name: '列筛选排序' }));
    return view.findByTestId('column-picker');
  };

  it('[BB-TBL-04] [BB-TBL-22] [BB-TBL-27] hides a column from 列筛选排序, kept locally under the route path and on the server', async () => {
    const { store } = renderTable(small);
    await loaded(store);
    await findHeader('remark');
    const picker = await openPicker();
    fireEvent.click(within(picker).getByText('备注'));
    await waitFor(() => expect(header('remark')).toBeNull());
    const key = layoutStorageKey(ROUTE, undefined);
    expect(key).toContain(ROUTE);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(key)!).columns.find((c: { dataIndex: string }) => c.dataIndex === 'remark').hidden).toBe(true));
    const saved = await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put).toBeTruthy();
      return put!.data as { layoutKey: string; columns: { dataIndex: string; hidden: boolean }[] };
    });
    expect(saved.layoutKey).toBe(ROUTE);
    expect(saved.columns.map((c) => c.dataIndex)).toEqual(['labourCode', 'labourName', 'price', 'remark']);
    fireEvent.click(within(picker).getByText('备注'));
    await findHeader('remark');
  });

  it('[BB-TBL-25] 全选 in 列筛选排序 turns every column off and on', async () => {
    const { store } = renderTable(small);
    await loaded(store);
    await findHeader('remark');
    const picker = await openPicker();
    const all = within(picker).getByLabelText('全选');
    fireEvent.click(all);
    await waitFor(() => expect(document.querySelectorAll('.dms-th')).toHaveLength(0));
    fireEvent.click(all);
    await findHeader('labourName');
    expect(document.querySelectorAll('.dms-th')).toHaveLength(4);
  });

  const key = layoutStorageKey(ROUTE, undefined);
  const order = ['remark', 'labourCode', 'labourName', 'price'];
  const stored = (keys: string[], savedAt: string) => ({ columns: keys.map((dataIndex) => ({ dataIndex, hidden: dataIndex === 'labourName', width: 150 })), savedAt });
  const headerOrder = () =>
    [...document.querySelectorAll<HTMLElement>('.ag-header-cell[col-id]')]
      .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
      .map((h) => h.getAttribute('col-id'));

  it('[BB-TBL-26] discards a stored list whose length differs from the current column count', async () => {
    localStorage.setItem(key, JSON.stringify(stored(order.slice(1), '2026-06-01T00:00:00.000Z')));
    const { store } = renderTable(small);
    await loaded(store);
    await findHeader('labourName');
    expect(headerOrder()[0]).toBe('labourCode');
  });

  it('[BB-TBL-23] [BB-TBL-27] restores the stored order, visibility and widths', async () => {
    localStorage.setItem(key, JSON.stringify(stored(order, '2026-06-01T00:00:00.000Z')));
    const { store } = renderTable(small);
    await loaded(store);
    await findHeader('remark');
    expect(header('labourName')).toBeNull();
    expect(headerOrder()).toEqual(order.filter((c) => c !== 'labourName'));
    expect(document.querySelector<HTMLElement>('.ag-header-cell[col-id="remark"]')!.style.width).toBe('150px');
  });

  it('takes the server copy of the layout when it is newer than the local one, and keeps it locally', async () => {
    localStorage.setItem(key, JSON.stringify(stored(order, '2026-06-01T00:00:00.000Z')));
    fakeServer({
      'GET /api/repair/basedata/labourItems': ok({ total: items.length, items: items.map((i) => ({ ...i })) }),
      'GET /api/lowcode/tableLayouts': ok({ layoutKey: ROUTE, ...stored([...order].reverse(), '2026-06-02T00:00:00.000Z') }),
    });
    const { store } = renderTable(small);
    await loaded(store);
    await waitFor(() => expect(headerOrder()[0]).toBe('price'));
    expect(JSON.parse(localStorage.getItem(key)!).columns[0].dataIndex).toBe('price');
  });

  it('[BB-TBL-24] refuses a drop into a node, or out of a column group', () => {
    const top = { parentKey: null };
    const inGroup = { parentKey: 'group:计价' };
    expect(canDrop(top, top, -1)).toBe(true);
    expect(canDrop(top, top, 1)).toBe(true);
    expect(canDrop(top, top, 0)).toBe(false);
    expect(canDrop(inGroup, top, 1)).toBe(false);
    expect(canDrop(inGroup, { parentKey: 'group:计价' }, -1)).toBe(true);
  });
});

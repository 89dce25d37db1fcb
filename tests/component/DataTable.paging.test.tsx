import { readFileSync } from 'node:fs';
import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { cellText, findHeader, header, loaded, renderTable, rowsShown, summaryRow } from './tableHarness';

const orders = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  roNo: `RO${String(i + 1).padStart(4, '0')}`,
  status: i % 2 === 0 ? '80211001' : '80211002',
  labourAmount: 1000 + i * 0.5,
  rate: 0.125,
  mileage: 12345 + i,
  phone: '13812345678',
}));

const screen: Screen = {
  id: 'test.table',
  title: '测试',
  service: 'repair',
  table: {
    api: 'repair:GET order/repair/orders',
    selection: 'checkbox',
    columns: [
      { title: '工单号', dataIndex: 'roNo', sorter: true },
      {
        title: '工单状态',
        dataIndex: 'status',
        editItems: [
          { value: '80211001', text: '待派工' },
          { value: '80211002', text: '维修中' },
        ],
      },
      { title: '工时费', dataIndex: 'labourAmount', type: 'money', summation: true },
      { title: '折扣率', dataIndex: 'rate', type: 'percent' },
      { title: '进厂里程', dataIndex: 'mileage', type: 'number' },
      { title: '车主电话', dataIndex: 'phone', mask: 'phone' },
    ],
  },
  // A button acting on the selection: without one the table shows no selection boxes (selectionUse.ts).
  toolbar: [{ label: '删除行', action: { type: 'deleteRows' } }],
};

function pageOf(call: FakeCall) {
  const params = call.params as { current: number; pageSize: number; sort?: string };
  const start = (params.current - 1) * params.pageSize;
  const sorted = params.sort === 'roNo|desc' ? [...orders].reverse() : orders;
  return ok({ total: orders.length, items: sorted.slice(start, start + params.pageSize).map((o) => ({ ...o })) });
}

describe('the data table: paging, sorting, selection', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    calls = fakeServer({ 'GET /api/repair/order/repair/orders': pageOf, 'GET /api/lowcode/tableLayouts': ok(null), 'PUT /api/lowcode/tableLayouts': ok(null) }).calls;
  });

  const listCalls = () => calls.filter((c) => c.url === '/api/repair/order/repair/orders');

  it('[BB-TBL-01] [BB-TBL-08] [BB-TBL-51] [BB-TBL-53] [BB-TBL-56] [BB-TBL-58] [BO-CONST-02] fetches page 1 of 20 under every paging name and pages on in the footer', async () => {
    const { store } = renderTable(screen);
    await loaded(store, { vin: '123' });
    await rowsShown(11);
    expect(listCalls()[0]!.params).toEqual({ vin: '123', current: 1, pageSize: 20, pageNum: 1, page: 1, limit: 20, size: 20, currentPage: 1 });
    expect(store.total).toBe(45);
    expect(view.getByText('共 45 条')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-pagination-item-active')!.textContent).toBe('1'));
    expect(document.querySelectorAll('.ant-pagination-item')).toHaveLength(3);
    fireEvent.click(document.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(cellText(0, 'roNo')).toBe('RO0041'));
    expect(listCalls().at(-1)!.params).toMatchObject({ current: 3, pageSize: 20, vin: '123' });
    expect(store.rows).toHaveLength(5);
  });

  it('[BB-TBL-57] offers page sizes 10, 20, 50 and 100, and a new size starts again at page 1', async () => {
    const { store } = renderTable(screen);
    await loaded(store);
    const sizer = await waitFor(() => {
      const found = document.querySelector('.ant-pagination-options .ant-select');
      expect(found).toBeTruthy();
      return found!;
    });
    fireEvent.mouseDown(sizer);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
      expect(found).toHaveLength(4);
      return found;
    });
    expect(options).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    fireEvent.click(view.getByTitle('50 条/页'));
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ current: 1, pageSize: 50 }));
  });

  it('[BB-TBL-52] sorts on the server by field|asc, then field|desc, then not at all', async () => {
    const { store } = renderTable(screen);
    await loaded(store);
    const roNo = await findHeader('roNo');
    fireEvent.click(roNo);
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ sort: 'roNo|asc', current: 1 }));
    expect(roNo.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(roNo);
    await waitFor(() => expect(listCalls().at(-1)!.params).toMatchObject({ sort: 'roNo|desc' }));
    await waitFor(() => expect(cellText(0, 'roNo')).toBe('RO0045'));
    fireEvent.click(roNo);
    await waitFor(() => expect(listCalls().at(-1)!.params).not.toHaveProperty('sort'));
    // A column without sorter does not sort.
    const before = listCalls().length;
    fireEvent.click(header('status')!);
    expect(listCalls()).toHaveLength(before);
  });

  it('[BO-CONST-03] a back-office screen (维修工单, as published) asks for its first page of 50 rows and shows 50 条/页', async () => {
    const published = JSON.parse(readFileSync('screens/repair/orders.json', 'utf8')) as Screen;
    const { store } = renderTable(published);
    await loaded(store);
    await waitFor(() => expect(cellText(0, 'roNo')).toBe('RO0001'));
    expect(listCalls()[0]!.params).toMatchObject({ current: 1, pageSize: 50 });
    expect(store.rows).toHaveLength(45);
    await waitFor(() => expect(document.querySelector('.ant-pagination-options .ant-select')?.textContent).toBe('50 条/页'));
  });

  it('[BB-TBL-09] [BB-TBL-55] shows 暂无数据 and an empty table when the fetch fails, adding nothing of its own', async () => {
    fakeServer({ 'GET /api/repair/order/repair/orders': { resultCode: 500, errMsg: '数据库不可用', data: null }, 'GET /api/lowcode/tableLayouts': ok(null) });
    // Off the home page, where the http client reports failures (it stays silent on 概览).
    window.location.hash = '#/repair/repairBusiness/repairOrder/index';
    const { store } = renderTable(screen);
    await loaded(store);
    await waitFor(() => expect(document.querySelector('.ag-overlay-no-rows-center, .ag-overlay')?.textContent).toContain('暂无数据'));
    expect(store.rows).toEqual([]);
    expect(view.getByText('共 0 条')).toBeTruthy();
    // The only message is the http client's report of the failure.
    expect(await view.findByText('数据库不可用')).toBeTruthy();
  });

  it('[BB-TBL-03] [BB-TBL-07] [BO-BLK-06] selects several rows with checkboxes, counted in the header above the table with the total', async () => {
    const { store } = renderTable(screen);
    await loaded(store);
    await rowsShown(11);
    const boxes = () => document.querySelectorAll<HTMLInputElement>('.ag-grid-scrolling-container .ag-row .dms-select input');
    await userEvent.click(boxes()[0]!);
    await userEvent.click(boxes()[2]!);
    const counts = document.querySelector('.dms-table-header')!;
    await waitFor(() => expect(counts.textContent).toContain('已选择 2 项'));
    expect(counts.textContent).toContain('共 45 条');
    expect(store.selection.map((r) => r.roNo)).toEqual(['RO0001', 'RO0003']);
    fireEvent.click(within(counts as HTMLElement).getByText('清空'));
    await waitFor(() => expect(counts.textContent).toContain('已选择 0 项'));
  });

  it('[BB-TBL-03] selects a single row with a radio choice', async () => {
    const { store } = renderTable({ ...screen, table: { ...screen.table!, selection: 'radio' } });
    await loaded(store);
    await rowsShown(11);
    const boxes = () => document.querySelectorAll<HTMLInputElement>('.ag-grid-scrolling-container .ag-row .dms-select input');
    expect([...boxes()].every((box) => box.type === 'radio')).toBe(true);
    await userEvent.click(boxes()[0]!);
    await userEvent.click(boxes()[1]!);
    await waitFor(() => expect(store.selection.map((r) => r.roNo)).toEqual(['RO0002']));
    expect(document.querySelector('.dms-table-header')!.textContent).toContain('已选择 1 项');
  });

  it('[BB-TBL-62] [BB-TBL-63] [BB-TBL-64] shows dictionary text, grouped numbers, one-decimal percentages and a two-decimal 合计 row', async () => {
    const { store } = renderTable(screen);
    await loaded(store);
    await rowsShown(11);
    expect(cellText(0, 'status')).toBe('待派工');
    expect(cellText(1, 'status')).toBe('维修中');
    expect(cellText(0, 'labourAmount')).toBe('1,000.00');
    expect(cellText(0, 'mileage')).toBe('12,345');
    expect(cellText(0, 'rate')).toBe('12.5%');
    await waitFor(() => expect(summaryRow()?.textContent).toContain('合计'));
    // 20 rows of 1000 + i * 0.5 for i = 0..19: 20,095.00.
    expect(summaryRow()!.querySelector('[col-id="labourAmount"]')!.textContent).toBe('20,095.00');
  });

  it('[BO-MASK-04] masks a column while its eye toggle is on, and shows it plain when turned off', async () => {
    const { store } = renderTable(screen);
    await loaded(store);
    await rowsShown(11);
    expect(cellText(0, 'phone')).toBe('138****5678');
    const eye = header('phone')!.querySelector('.dms-th-eye')!;
    act(() => (eye as HTMLElement).click());
    await waitFor(() => expect(cellText(0, 'phone')).toBe('13812345678'));
    act(() => (eye as HTMLElement).click());
    await waitFor(() => expect(cellText(0, 'phone')).toBe('138****5678'));
  });
});

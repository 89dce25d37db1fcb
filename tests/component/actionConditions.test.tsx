// Issue 22: disabled conditions on buttons (toolbar, row actions, a record page's header) and visible/disabled
// conditions on a record page's tabs, in the shared expression language. A toolbar button follows the selection and
// the screen's context, a row action is evaluated per row, a record tab follows the record's state.
import { act, cleanup, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordPage } from '../../runtime/record/RecordPage';
import { selectionInUse } from '../../runtime/table/selectionUse';
import type { ActionContext } from '../../runtime/screen/screenExtensions';
import type { RecordMeta } from '../../schemas/api/recordPages';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';
import { addExtensions } from './screenExtensionsHarness';
import { cell, loaded, renderTable, rowsShown } from './tableHarness';

/** The runs of the test's `probe` action: the row it ran on (undefined for a toolbar button). */
let runs: (Record<string, unknown> | undefined)[] = [];
let restore: () => void = () => undefined;
beforeEach(() => {
  runs = [];
  restore = addExtensions({ actions: { probe: async (_action, context: ActionContext) => void runs.push(context.row) } });
});
afterEach(() => {
  restore();
  cleanup();
  window.location.hash = '';
});

const rows = [
  { id: 1, roNo: 'RO1', status: '80211002' },
  { id: 2, roNo: 'RO2', status: '80211003' },
];
const orders: Screen = {
  id: 'test.actionConditions',
  title: '维修工单',
  service: 'repair',
  table: { api: 'repair:GET order/repair/orders', rowKey: 'id', selection: 'checkbox', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
  toolbar: [
    { label: '批量结算', disabled: 'len(selection) == 0', disabledReason: '请先选择工单', action: { type: 'probe' } },
    { label: '导出结算', disabled: "filter.status != '80211003'", action: { type: 'probe' } },
  ],
  rowActions: [{ label: '结算', disabled: "row.status != '80211003'", disabledReason: '工单 ${row.roNo} 未完工，不能结算', action: { type: 'probe' } }],
};

describe('a button’s disabled condition (issue 22)', () => {
  beforeEach(() => {
    fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: 2, items: rows }), 'GET /api/lowcode/tableLayouts': ok(null) });
  });
  const toolbarButton = (label: string) => view.getByText(label).closest('button')!;

  it('draws a toolbar button disabled while its condition holds, with its reason on hover, follows the selection and the filter, and ignores a click on it', async () => {
    const { store } = renderTable(orders);
    await loaded(store, { status: '80211002' });
    await rowsShown(2);
    expect(toolbarButton('批量结算').disabled).toBe(true);
    expect(toolbarButton('导出结算').disabled).toBe(true);
    // A button enabled by the selection keeps the table's selection boxes (its action alone does not act on the selection).
    expect(selectionInUse(store)).toBe(true);
    fireEvent.click(toolbarButton('批量结算'));
    fireEvent.click(toolbarButton('导出结算'));
    expect(runs).toEqual([]);
    // The reason is the hover text (antd's tooltip, on the wrapper of the disabled button).
    fireEvent.mouseEnter(toolbarButton('批量结算').closest('.dms-disabled-reason')!);
    expect(await view.findByText('请先选择工单')).toBeTruthy();

    act(() => store.setSelection([rows[0]!]));
    await waitFor(() => expect(toolbarButton('批量结算').disabled).toBe(false));
    fireEvent.click(toolbarButton('批量结算'));
    await waitFor(() => expect(runs).toHaveLength(1));

    await loaded(store, { status: '80211003' });
    await waitFor(() => expect(toolbarButton('导出结算').disabled).toBe(false));
    act(() => store.setSelection([]));
    await waitFor(() => expect(toolbarButton('批量结算').disabled).toBe(true));
  });

  it('evaluates a row action’s disabled condition per row: disabled with its reason on one row, enabled on another', async () => {
    const { store } = renderTable(orders);
    await loaded(store);
    await rowsShown(2);
    const rowButton = (rowIndex: number) => cell(rowIndex, '__actions')?.querySelector<HTMLButtonElement>('.dms-row-action') ?? document.querySelector<HTMLButtonElement>(`.ag-row[row-index="${rowIndex}"] .dms-row-action`);
    await waitFor(() => expect(rowButton(1)).toBeTruthy());
    const first = rowButton(0)!;
    const second = rowButton(1)!;
    expect([first.textContent, second.textContent]).toEqual(['结算', '结算']);
    expect(first.getAttribute('aria-disabled')).toBe('true');
    expect(first.title).toBe('工单 RO1 未完工，不能结算');
    expect(second.getAttribute('aria-disabled')).toBeNull();
    expect(second.title).toBe('');

    fireEvent.click(first);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toEqual([]);
    fireEvent.click(second);
    await waitFor(() => expect(runs).toEqual([rows[1]]));
  });
});

describe('a record page tab’s conditions (issue 22)', () => {
  const ORDER = '/api/repair/order/repair/orders/7';
  const screen: Screen = {
    id: 'test.recordTabConditions',
    title: '维修工单',
    service: 'repair',
    table: { api: 'repair:GET order/repair/orders', rowKey: 'id', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
    record: {
      model: 'repairOrder',
      load: 'repair:GET order/repair/orders/{id}',
      titleField: 'roNo',
      actions: [
        { label: '刷新', action: { type: 'reload' } },
        { label: '结算单', disabled: "row.status != '80211004'", disabledReason: '工单尚未结算', action: { type: 'probe' } },
      ],
      tabs: [
        { type: 'fields', title: '基本信息', fields: [{ fieldName: 'plateNo', label: '车牌号', type: 'input' }] },
        { type: 'fields', title: '完工检验', visible: "record.status in ['80211003', '80211004']", fields: [{ fieldName: 'inspector', label: '检验员', type: 'input' }] },
        { type: 'fields', title: '结算信息', disabled: "record.status != '80211004'", fields: [{ fieldName: 'settledAmount', label: '结算金额', type: 'input' }] },
        { type: 'fields', title: '经销商', visible: "user.orgType == '10461003' || params.dealer != null", fields: [{ fieldName: 'dealerName', label: '经销商', type: 'input' }] },
      ],
    },
  };
  const meta: RecordMeta = { title: '维修工单', recordTitle: 'RO0007', state: null, transitions: [], editable: false, approval: null };
  let status = '80211002';
  const tabs = () =>
    [...document.querySelectorAll<HTMLElement>('.dms-record-tabs .ant-tabs-tab')].map((t) => `${t.textContent}${t.classList.contains('ant-tabs-tab-disabled') ? '（禁用）' : ''}`);
  const selected = () => document.querySelector('.dms-record-tabs .ant-tabs-tab-active')?.textContent;

  function open(hash: string) {
    window.location.hash = hash;
    fakeServer({
      [`GET ${ORDER}`]: () => ok({ id: 7, roNo: 'RO0007', status, plateNo: '京A12345', inspector: '王检', settledAmount: '300.00', dealerName: '甲店' }),
      [`GET ${ORDER}/meta`]: ok(meta),
    });
    const address = { id: '7', path: '/repair/orders', tabs: { tabs: [], activePath: '/repair/orders/7' } };
    renderInApp(<RecordPage screen={screen} grantedKeys={['GET_repair_order/repair/orders']} address={address} />);
  }

  it('hides and disables tabs by the record’s state, and follows the state when the record is read again', async () => {
    status = '80211002';
    open('#/repair/orders/7');
    await view.findByTestId('record-title');
    await waitFor(() => expect(tabs()).toEqual(['基本信息', '结算信息（禁用）']));
    expect(selected()).toBe('基本信息');
    // The header button reads the record as `row`: disabled with its reason until the order is settled.
    expect(view.getByText('结算单').closest('button')!.disabled).toBe(true);

    status = '80211004';
    // antd spaces out a two-character label (刷 新).
    fireEvent.click([...document.querySelectorAll('button')].find((b) => b.textContent?.replace(/\s/g, '') === '刷新')!);
    await waitFor(() => expect(tabs()).toEqual(['基本信息', '完工检验', '结算信息']));
    expect(view.getByText('结算单').closest('button')!.disabled).toBe(false);
    fireEvent.click(view.getByRole('tab', { name: '结算信息' }));
    await waitFor(() => expect(selected()).toBe('结算信息'));
    expect(await view.findByText('300.00')).toBeTruthy();
  });

  it('opens on the first usable tab when the address names one its condition disables, and reads the page’s parameters', async () => {
    status = '80211003';
    open('#/repair/orders/7?tab=2&dealer=D001');
    await view.findByTestId('record-title');
    await waitFor(() => expect(tabs()).toEqual(['基本信息', '完工检验', '结算信息（禁用）', '经销商']));
    await waitFor(() => expect(selected()).toBe('基本信息'));
    // A click on the disabled tab changes nothing.
    fireEvent.click(view.getByRole('tab', { name: '结算信息' }));
    expect(selected()).toBe('基本信息');
  });
});

// Issue 22: visible conditions on columns, blocks and tabs, and disabled on tabs, evaluated with the shared expression
// language against the screen's context (the submitted filter values, the user, the screen's parameters) and evaluated
// again when that context changes.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlockList } from '../../runtime/screen/ScreenBlocks';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import type { Block, Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';
import { addExtensions } from './screenExtensionsHarness';
import { findHeader, header, loaded, renderTable, rowsShown } from './tableHarness';

const orders: Screen = {
  id: 'test.conditions',
  title: '维修工单',
  service: 'repair',
  table: {
    api: 'repair:GET order/repair/orders',
    columns: [
      { title: '工单号', dataIndex: 'roNo' },
      { title: '结算金额', dataIndex: 'settledAmount', visible: "filter.status == '80211003'" },
      { title: '经销商', dataIndex: 'dealerName', visible: "user.dataType == '10461003' || params.dealer != null" },
    ],
  },
};

describe('a column visible condition (issue 22)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.location.hash = '#/repair/orders';
    fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: 1, items: [{ id: 1, roNo: 'RO1', settledAmount: 10, dealerName: '甲店' }] }), 'GET /api/lowcode/tableLayouts': ok(null) });
  });
  afterEach(() => {
    window.location.hash = '';
  });

  const shown = (colId: string) => {
    const th = header(colId)?.closest('.ag-header-cell');
    return th !== null && th !== undefined;
  };

  it('shows the column only while the submitted filter, the user or the parameters satisfy it, and follows their changes', async () => {
    const { store } = renderTable(orders);
    store.setAddress('/repair/orders', {}, { dataType: '10461001' });
    await loaded(store, { status: '80211001' });
    await rowsShown(1);
    await findHeader('roNo');
    expect([shown('settledAmount'), shown('dealerName')]).toEqual([false, false]);

    await loaded(store, { status: '80211003' });
    await waitFor(() => expect(shown('settledAmount')).toBe(true));
    expect(shown('dealerName')).toBe(false);

    act(() => store.setAddress('/repair/orders', { dealer: 'D001' }, { dataType: '10461001' }));
    await waitFor(() => expect(shown('dealerName')).toBe(true));
    act(() => store.setAddress('/repair/orders', {}, { dataType: '10461003' }));
    await waitFor(() => expect(shown('dealerName')).toBe(true));

    await loaded(store, { status: '80211001' });
    await waitFor(() => expect(shown('settledAmount')).toBe(false));
  });
});

describe('block and tab conditions (issue 22)', () => {
  function Probe({ block }: { block: Block }) {
    return <div className="probe">{block.title}</div>;
  }
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = addExtensions({ blocks: { probe: { component: Probe as never } } });
  });
  afterEach(() => restore());

  const screenWith = (blocks: Block[]): Screen => ({ id: 'test.blockConditions', title: '区块', service: 'repair', blocks });
  const probes = () => [...document.querySelectorAll('.probe')].map((p) => p.textContent);

  it('leaves out a block whose visible condition is false, and brings it back when the filter changes', async () => {
    const blocks: Block[] = [
      { type: 'probe', title: '总是' },
      { type: 'probe', title: '已结算', visible: "filter.status == '80211003'" },
      { type: 'probe', title: '带参数', visible: 'params.vin != null' },
    ];
    const store = new ScreenStore(screenWith(blocks), []);
    store.setAddress('/x', { vin: 'LHSA3B1C9TS000017' }, null);
    renderInApp(<BlockList blocks={blocks} store={store} />);
    await waitFor(() => expect(probes()).toEqual(['总是', '带参数']));
    act(() => runInAction(() => (store.filters = { status: '80211003' })));
    await waitFor(() => expect(probes()).toEqual(['总是', '已结算', '带参数']));
    act(() => store.setAddress('/x', {}, null));
    await waitFor(() => expect(probes()).toEqual(['总是', '已结算']));
  });

  it('hides a tab whose visible condition is false and disables one whose disabled condition is true; the shown tab moves off a tab that goes away', async () => {
    const block: Block = {
      type: 'tabs',
      tabs: [
        { title: '工单', visible: "user.orgType != '10461003'", blocks: [{ type: 'probe', title: 'orders' }] },
        { title: '结算', disabled: "filter.status != '80211003'", blocks: [{ type: 'probe', title: 'settlement' }] },
        { title: '车辆', blocks: [{ type: 'probe', title: 'vehicles' }] },
      ],
    };
    const store = new ScreenStore(screenWith([block]), []);
    store.setAddress('/x', {}, { orgType: '10461001' });
    // Through the screen's block list, which evaluates the tabs' conditions where the context is observed.
    renderInApp(<BlockList blocks={[block]} store={store} />);
    const tabs = () => [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].map((t) => `${t.textContent}${t.classList.contains('ant-tabs-tab-disabled') ? '（禁用）' : ''}`);
    const active = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
    await waitFor(() => expect(tabs()).toEqual(['工单', '结算（禁用）', '车辆']));
    expect(probes()).toEqual(['orders']);

    act(() => runInAction(() => (store.filters = { status: '80211003' })));
    await waitFor(() => expect(tabs()).toEqual(['工单', '结算', '车辆']));
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-tabs-tab-btn')].find((t) => t.textContent === '结算')!);
    await waitFor(() => expect(active()).toBe('结算'));

    // The chosen tab becomes disabled: the first tab that may be chosen is shown instead.
    act(() => runInAction(() => (store.filters = { status: '80211001' })));
    await waitFor(() => expect(active()).toBe('工单'));

    // A manufacturer user does not see 工单: 车辆 (the first usable tab) is shown.
    act(() => store.setAddress('/x', {}, { orgType: '10461003' }));
    await waitFor(() => expect(tabs()).toEqual(['结算（禁用）', '车辆']));
    expect(active()).toBe('车辆');
  });
});

// The record page's tabs (issue 22): the open tab is kept in the page's address, so a reload (the page mounted again
// at that address) reopens it; a related list of another menu's screen works under that menu (its permission keys, its
// menuId on the calls) and is left out, not an error, for a user without that menu.
import { cleanup, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordPage } from '../../runtime/record/RecordPage';
import { session } from '../../runtime/stores/session';
import type { RecordMeta } from '../../schemas/api/recordPages';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';

const ORDER = '/api/repair/order/repair/orders/7';
const VEHICLES = '/api/repair/vehicles';
const ordersScreen: Screen = {
  id: 'test.orders',
  title: '维修工单',
  service: 'repair',
  table: { api: 'repair:GET order/repair/orders', rowKey: 'id', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
  record: {
    model: 'repairOrder',
    load: 'repair:GET order/repair/orders/{id}',
    titleField: 'roNo',
    tabs: [
      { type: 'fields', title: '基本信息', fields: [{ fieldName: 'plateNo', label: '车牌号', type: 'input' }] },
      { type: 'fields', title: '客户信息', fields: [{ fieldName: 'customerName', label: '客户名称', type: 'input' }] },
      { type: 'related', title: '车辆档案', screen: 'test.vehicles', params: { vin: 'record.vin' } },
      { type: 'audit', title: '操作历史' },
    ],
  },
};
const vehiclesScreen: Screen = {
  id: 'test.vehicles',
  title: '车辆档案',
  service: 'repair',
  permissions: { add: 'POST_repair_vehicles' },
  toolbar: [{ label: '新增车辆', permission: 'add', action: { type: 'reload' } }],
  table: { api: 'repair:GET vehicles', rowKey: 'id', columns: [{ title: 'VIN', dataIndex: 'vin' }] },
};
const record = { id: 7, roNo: 'RO0001', vin: 'LHSA3B1C9TS000017', plateNo: '京A12345', customerName: '张三' };
const meta: RecordMeta = { title: '维修工单', recordTitle: 'RO0001', state: null, transitions: [], editable: false, approval: null };
const PAGE_PATH = '/repair/orders/7';
const vehiclesMenu = { id: '2202', path: '/vehicle/archives', component: 'screen:test.vehicles', children: [], meta: { title: '车辆档案' }, permission: ['GET_repair_vehicles', 'POST_repair_vehicles'] };

function open(hash: string) {
  window.location.hash = hash;
  const server = fakeServer({
    [`GET ${ORDER}`]: ok(record),
    [`GET ${ORDER}/meta`]: ok(meta),
    [`GET ${ORDER}/history`]: ok([]),
    'GET /api/lowcode/screens/test.vehicles': ok(vehiclesScreen),
    [`GET ${VEHICLES}`]: ok({ total: 1, items: [{ id: 1, vin: record.vin }] }),
  });
  const address = { id: '7', path: '/repair/orders', tabs: { tabs: [], activePath: PAGE_PATH } };
  renderInApp(<RecordPage screen={ordersScreen} grantedKeys={['GET_repair_order/repair/orders']} address={address} />);
  return server;
}
const selected = () => document.querySelector('.dms-record-tabs .ant-tabs-tab-active')?.textContent;

describe('the record page’s tabs', () => {
  afterEach(() => {
    cleanup();
    session.menus = [];
    window.location.hash = '';
  });

  it('[issue 22] keeps the open tab in the address, after the way back, and a reload at that address reopens it', async () => {
    open(`#${PAGE_PATH}?from=${encodeURIComponent('/repair/orders?vin=x')}`);
    await view.findByTestId('record-title');
    expect(selected()).toBe('基本信息');
    fireEvent.click(view.getByRole('tab', { name: '客户信息' }));
    await waitFor(() => expect(window.location.hash).toBe(`#${PAGE_PATH}?from=${encodeURIComponent('/repair/orders?vin=x')}&tab=1`));
    expect(view.getByText('张三')).toBeTruthy();

    // The reload: the page mounts again at the address it left.
    cleanup();
    open(window.location.hash);
    await view.findByTestId('record-title');
    expect(selected()).toBe('客户信息');
    // Back on the first tab, the address names none.
    fireEvent.click(view.getByRole('tab', { name: '基本信息' }));
    await waitFor(() => expect(window.location.hash).toBe(`#${PAGE_PATH}?from=${encodeURIComponent('/repair/orders?vin=x')}`));
  });

  it('[issue 22] ignores a tab the page does not have, and follows a later navigation naming one', async () => {
    open(`#${PAGE_PATH}?tab=9`);
    await view.findByTestId('record-title');
    expect(selected()).toBe('基本信息');
    window.location.hash = `#${PAGE_PATH}?tab=3`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await waitFor(() => expect(selected()).toBe('操作历史'));
  });

  it('[issue 22] runs a related list of another menu’s screen under that menu: its keys show its buttons, its id goes with the calls', async () => {
    session.menus = [vehiclesMenu as never];
    const { calls } = open(`#${PAGE_PATH}`);
    await view.findByTestId('record-title');
    fireEvent.click(view.getByRole('tab', { name: '车辆档案' }));
    await waitFor(() => expect(calls.some((c) => c.url === VEHICLES)).toBe(true));
    const list = calls.find((c) => c.url === VEHICLES)!;
    expect(list.params).toMatchObject({ vin: record.vin });
    expect(list.headers.menuId).toBe('2202');
    // 新增车辆 needs a key the record page's menu lacks and the vehicles menu grants.
    expect(await view.findByRole('button', { name: '新增车辆' })).toBeTruthy();
  }, 180_000);

  it('[issue 22] leaves out a related list whose screen no menu of the user opens, asking nothing for it', async () => {
    const { calls } = open(`#${PAGE_PATH}?tab=2`);
    await view.findByTestId('record-title');
    expect(view.queryByRole('tab', { name: '车辆档案' })).toBeNull();
    expect([...document.querySelectorAll('.dms-record-tabs .ant-tabs-tab')].map((t) => t.textContent)).toEqual(['基本信息', '客户信息', '操作历史']);
    // The address named the hidden tab: the page opens on its first.
    expect(selected()).toBe('基本信息');
    expect(document.querySelector('.ant-result-warning')).toBeNull();
    expect(calls.some((c) => c.url.includes('vehicles'))).toBe(false);
  });
});

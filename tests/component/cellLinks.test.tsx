// Issue 22: links in cells. A column's link opens the row's record page (#/<menu path>/<id>) or another screen with
// filter values from the row, with the way back; it is a link to the mouse and, through the grid's cell focus, to the
// keyboard (Enter); a target the user has no menu for, or a row without an id, shows plain text.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session, type MenuItem } from '../../runtime/stores/session';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { cell, loaded, renderTable, rowsShown } from './tableHarness';
import { appeared } from './appeared';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const VEHICLES_PATH = '/customer/vehicles/index';
const leaf = (id: string, path: string, component: string): MenuItem => ({ id, path, component, children: [], meta: { title: id } }) as unknown as MenuItem;

const screen: Screen = {
  id: 'test.linkOrders',
  title: '维修工单',
  service: 'repair',
  table: {
    api: 'repair:GET order/repair/orders',
    columns: [
      { title: '工单号', dataIndex: 'roNo', link: { record: true } },
      { title: 'VIN', dataIndex: 'vin', link: { screen: 'vehicle.list', params: { vin: 'vin', owner: 'ownerName' } } },
      { title: '车主', dataIndex: 'ownerName' },
      { title: '技师', dataIndex: 'technician', link: { screen: 'staff.list', params: { name: 'technician' } } },
    ],
  },
};
const rows = [
  { id: 17, roNo: 'RO2601', vin: 'LHSA3B1C9TS000017', ownerName: '王五', technician: '赵六' },
  { id: null, roNo: 'RO2602', vin: 'LHSA3B1C9TS000025', ownerName: '', technician: '钱七' },
];
const back = encodeURIComponent(ORDERS_PATH);
const anchorIn = (rowIndex: number, colId: string) => cell(rowIndex, colId)?.querySelector<HTMLAnchorElement>('a.dms-cell-link') ?? null;

describe('links in cells (issue 22)', () => {
  beforeEach(() => {
    localStorage.clear();
    window.location.hash = `#${ORDERS_PATH}`;
    session.menus = [leaf('1101', ORDERS_PATH, 'screen:test.linkOrders'), leaf('1201', VEHICLES_PATH, 'screen:vehicle.list')];
    fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: rows.length, items: rows.map((r) => ({ ...r })) }), 'GET /api/lowcode/tableLayouts': ok(null) });
  });
  afterEach(() => {
    session.menus = [];
    window.location.hash = '';
  });

  async function shown() {
    const { store } = renderTable(screen);
    store.setAddress(ORDERS_PATH, {}, null);
    await loaded(store);
    await rowsShown(2);
    return store;
  }

  it('links a record column to the row record page under this screen menu path, with the way back', async () => {
    await shown();
    const link = await appeared(() => anchorIn(0, 'roNo'), 'the 工单号 link');
    expect(link.textContent).toBe('RO2601');
    expect(link.getAttribute('href')).toBe(`#${ORDERS_PATH}/17?from=${back}`);
  });

  it('links a screen column to the menu that opens the target screen, with filter values from the row (empty ones left out)', async () => {
    await shown();
    await waitFor(() => expect(anchorIn(0, 'vin')).not.toBeNull());
    expect(anchorIn(0, 'vin')!.getAttribute('href')).toBe(`#${VEHICLES_PATH}?vin=LHSA3B1C9TS000017&owner=%E7%8E%8B%E4%BA%94&from=${back}`);
    expect(anchorIn(1, 'vin')!.getAttribute('href')).toBe(`#${VEHICLES_PATH}?vin=LHSA3B1C9TS000025&from=${back}`);
  });

  it('shows plain text where the user has no menu for the target, or the row has no id', async () => {
    await shown();
    await waitFor(() => expect(anchorIn(0, 'roNo')).not.toBeNull());
    expect(cell(0, 'technician')!.textContent).toBe('赵六');
    expect(anchorIn(0, 'technician')).toBeNull();
    expect(cell(1, 'roNo')!.textContent).toBe('RO2602');
    expect(anchorIn(1, 'roNo')).toBeNull();
  });

  it('follows the link with Enter on the focused cell (the keyboard path), and does nothing for other keys or plain cells', async () => {
    await shown();
    await waitFor(() => expect(anchorIn(0, 'roNo')).not.toBeNull());
    const linked = cell(0, 'roNo')!;
    act(() => void fireEvent.keyDown(linked, { key: 'a' }));
    expect(window.location.hash).toBe(`#${ORDERS_PATH}`);
    act(() => void fireEvent.keyDown(cell(1, 'roNo')!, { key: 'Enter' }));
    expect(window.location.hash).toBe(`#${ORDERS_PATH}`);
    act(() => void fireEvent.keyDown(linked, { key: 'Enter' }));
    expect(window.location.hash).toBe(`#${ORDERS_PATH}/17?from=${back}`);
  });

  it('follows the link with a click', async () => {
    await shown();
    const link = await appeared(() => anchorIn(0, 'vin'), 'the VIN link');
    act(() => link.click());
    await waitFor(() => expect(window.location.hash).toBe(`#${VEHICLES_PATH}?vin=LHSA3B1C9TS000017&owner=%E7%8E%8B%E4%BA%94&from=${back}`));
  });
});

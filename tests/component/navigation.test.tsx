import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runAction } from '../../runtime/screen/screenExtensions';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { ScreenView } from '../../runtime/screen/ScreenView';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const orders: Screen = {
  id: 'test.orders',
  title: '维修工单',
  service: 'repair',
  filter: { fields: [{ fieldName: 'vin', label: 'VIN', type: 'input' }, { fieldName: 'status', label: '状态', type: 'input', defaultValue: '80211001' }] },
  table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
};
const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.url === '/api/repair/order/repair/orders').map((c) => c.params as Record<string, unknown>);

describe('navigation with parameters', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('opens another screen by its menu path with values from the row and the way back', async () => {
    window.location.hash = '#/vehicle/list?brand=x';
    const store = new ScreenStore(orders, []);
    await runAction({ type: 'navigate', to: '/repair/orders', params: { vin: 'row.vin', status: "'80211002'", empty: 'row.nothing' } }, { store, row: { vin: 'LHSA3B1C9TS000017' } });
    expect(window.location.hash).toBe(`#/repair/orders?vin=LHSA3B1C9TS000017&status=80211002&from=${encodeURIComponent('/vehicle/list?brand=x')}`);
  });

  it('shows the parameters in the target filter bar, queries with them over the defaults, and offers 返回', async () => {
    const { calls } = fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }) });
    window.location.hash = `#/repair/orders?vin=LHSA3B1C9TS000017&ignored=1&from=${encodeURIComponent('/vehicle/list')}`;
    renderInApp(<ScreenView screen={orders} grantedKeys={[]} />);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    expect(listCalls(calls)[0]).toMatchObject({ vin: 'LHSA3B1C9TS000017', status: '80211001' });
    expect(listCalls(calls)[0]).not.toHaveProperty('ignored');
    expect((document.querySelector('#filter_vin') as HTMLInputElement).value).toBe('LHSA3B1C9TS000017');
    fireEvent.click(view.getByRole('button', { name: '返回' }));
    expect(window.location.hash).toBe('#/vehicle/list');
  });

  it('takes new parameters when its tab is navigated to again, and ignores navigations to other paths', async () => {
    const { calls } = fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }) });
    window.location.hash = '#/repair/orders?vin=AAA&from=%2Fa';
    renderInApp(<ScreenView screen={orders} grantedKeys={[]} />);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    act(() => {
      window.location.hash = '#/other/page?vin=CCC';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    act(() => {
      window.location.hash = '#/repair/orders?vin=BBB&from=%2Fb';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(listCalls(calls).map((p) => p.vin)).toEqual(['AAA', 'BBB']));
    await waitFor(() => expect((document.querySelector('#filter_vin') as HTMLInputElement).value).toBe('BBB'));
  });

  it('opens without parameters as before: defaults, no 返回', async () => {
    const { calls } = fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }) });
    window.location.hash = '#/repair/orders';
    renderInApp(<ScreenView screen={orders} grantedKeys={[]} />);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    expect(listCalls(calls)[0]).toMatchObject({ status: '80211001' });
    expect(view.queryByRole('button', { name: '返回' })).toBeNull();
  });
});

import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../../runtime/screen/screenExtensions';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const screen: Screen = {
  id: 'test.actions',
  title: '测试',
  service: 'repair',
  permissions: { delete: 'DELETE_repair_order/repair/orders/{id}' },
  table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
};
const deleteAction = { type: 'confirm', then: { type: 'api', api: 'repair:DELETE order/repair/orders/{id}' } };

describe('screen actions', () => {
  let calls: FakeCall[];
  let store: ScreenStore;

  beforeEach(() => {
    calls = fakeServer({
      'DELETE /api/repair/order/repair/orders/42': ok(null),
      'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }),
    }).calls;
    store = new ScreenStore(screen, ['DELETE_repair_order/repair/orders/{id}']);
    renderInApp(<div />);
  });

  it('[BO-ERR-29] [BO-ERR-30] [BO-ERR-31] asks 确认进行此操作? titled 提示信息 with 确定 and 取消, then calls the api with the row', async () => {
    let done = false;
    act(() => void runAction(deleteAction, { store, row: { id: 42 } }).then(() => (done = true)));
    await view.findByText('确认进行此操作?');
    expect(document.querySelector('.ant-modal-confirm-title')!.textContent).toBe('提示信息');
    expect(view.getByRole('button', { name: '取消' })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(done).toBe(true));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/repair/order/repair/orders/42', 'GET /api/repair/order/repair/orders']);
  });

  it('does nothing when the user cancels', async () => {
    let done = false;
    act(() => void runAction(deleteAction, { store, row: { id: 42 } }).then(() => (done = true)));
    fireEvent.click(await view.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(done).toBe(true));
    expect(calls).toHaveLength(0);
  });

  it('shows a button only when the menu grants its permission key', () => {
    expect(store.can('delete')).toBe(true);
    expect(store.can(undefined)).toBe(true);
    expect(new ScreenStore(screen, []).can('delete')).toBe(false);
    expect(store.can('undeclared')).toBe(false);
  });

  it('refuses an unregistered action type', async () => {
    await expect(runAction({ type: 'explode' }, { store })).rejects.toThrow('未注册的动作类型：explode');
  });
});

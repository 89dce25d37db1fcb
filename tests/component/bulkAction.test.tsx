import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAction } from '../../runtime/screen/screenExtensions';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import type { Action, Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const screen: Screen = {
  id: 'test.bulk',
  title: '测试',
  service: 'repair',
  table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] },
};
const rows = [
  { id: 1, roNo: 'RO1' },
  { id: 2, roNo: 'RO2' },
  { id: 3, roNo: 'RO3' },
];

describe('the bulk action on the table selection', () => {
  let calls: FakeCall[];
  let store: ScreenStore;

  beforeEach(() => {
    calls = fakeServer({
      'POST /api/repair/order/repair/orders/1/dispatch': ok(null),
      'POST /api/repair/order/repair/orders/2/dispatch': { resultCode: 400, errMsg: '工单状态已变化，不能派工', data: null },
      'POST /api/repair/order/repair/orders/3/dispatch': ok(null),
      'POST /api/repair/order/repair/orders/close': ok({ failures: [{ id: 3, message: '已结算的工单不能关闭' }] }),
      'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }),
    }).calls;
    store = new ScreenStore(screen, []);
    renderInApp(<div />);
  });

  const run = (action: Action) => {
    let done = false;
    act(() => void runAction(action, { store }).then(() => (done = true)));
    return () => done;
  };
  const posted = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);

  it('asks for a selection first', async () => {
    const done = run({ type: 'bulk', api: 'repair:POST order/repair/orders/{id}/dispatch' });
    expect(await view.findByText('请先选择数据')).toBeTruthy();
    await waitFor(() => expect(done()).toBe(true));
    expect(calls).toHaveLength(0);
  });

  it('confirms with the count, calls per row, and summarises the rows that failed by their label', async () => {
    act(() => store.setSelection(rows));
    const done = run({ type: 'bulk', api: 'repair:POST order/repair/orders/{id}/dispatch', rowLabel: '工单 ${roNo}' });
    expect(await view.findByText('确认对选中的 3 条数据进行此操作?')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: '确定' }));
    expect(await view.findByText('成功 2 条，失败 1 条')).toBeTruthy();
    expect(view.getByText('工单 RO2：工单状态已变化，不能派工')).toBeTruthy();
    expect(posted().sort()).toEqual(['/api/repair/order/repair/orders/1/dispatch', '/api/repair/order/repair/orders/2/dispatch', '/api/repair/order/repair/orders/3/dispatch']);
    // One summary, no error message per row.
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0);
    await waitFor(() => expect(done()).toBe(true));
  });

  it('sends every id in one call when the path has no placeholder, reading the failures the answer lists', async () => {
    act(() => store.setSelection(rows));
    run({ type: 'bulk', api: 'repair:POST order/repair/orders/close', message: '关闭选中的 ${count} 张工单?' });
    fireEvent.click(await view.findByRole('button', { name: '确定' }));
    expect(await view.findByText('成功 2 条，失败 1 条')).toBeTruthy();
    expect(view.getByText('3：已结算的工单不能关闭')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/close'))!.data).toEqual({ ids: [1, 2, 3] });
  });

  it('tells the count when every row succeeded, and reloads the table', async () => {
    act(() => store.setSelection([rows[0]!, rows[2]!]));
    const done = run({ type: 'bulk', api: 'repair:POST order/repair/orders/{id}/dispatch' });
    fireEvent.click(await view.findByRole('button', { name: '确定' }));
    expect(await view.findByText('已成功处理 2 条')).toBeTruthy();
    await waitFor(() => expect(done()).toBe(true));
    expect(calls.at(-1)!.method).toBe('GET');
  });

  it('does nothing when the user cancels', async () => {
    act(() => store.setSelection(rows));
    const done = run({ type: 'bulk', api: 'repair:POST order/repair/orders/{id}/dispatch' });
    fireEvent.click(await view.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(done()).toBe(true));
    expect(calls).toHaveLength(0);
  });
});

import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { feedback } from '../../runtime/app/feedback';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionButton } from '../../runtime/blocks/ActionButton';
import { BusyIndicator } from '../../runtime/blocks/BusyIndicator';
import { BusyState } from '../../runtime/http/busy';
import { notify } from '../../runtime/http/notify';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';

/** notify() inside act(); act's own answer is a thenable in React 19. */
function shows(...args: Parameters<typeof notify>): boolean {
  let shown = false;
  act(() => {
    shown = notify(...args);
  });
  return shown;
}

const notices = () => [...document.querySelectorAll('.dms-notice')].map((n) => n.querySelector('.ant-notification-notice-description')?.textContent);

describe('notifications', () => {
  // Each test starts a minute after the previous one's notices, so none is still within its quiet time.
  let clock = Date.now();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock += 60_000;
    vi.setSystemTime(clock);
    renderInApp(<div />);
  });
  afterEach(() => vi.useRealTimers());

  it('[BO-NTF-02] last 3000 ms', () => {
    const open = vi.spyOn(feedback().notification, 'open');
    shows('info', '已保存');
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ duration: 3, title: '提示信息', description: '已保存' }));
    open.mockRestore();
  });

  it('[BO-NTF-01] while one shows, further ones are dropped for the notify duration', async () => {
    expect(shows('warning', '第一条')).toBe(true);
    expect(shows('error', '第二条')).toBe(false);
    vi.setSystemTime(Date.now() + 3000 - 1);
    expect(shows('warning', '第三条')).toBe(false);
    await waitFor(() => expect(notices()).toEqual(['第一条']));
    vi.setSystemTime(Date.now() + 1);
    expect(shows('error', '第四条')).toBe(true);
    await waitFor(() => expect(notices()).toContain('第四条'));
    expect(document.querySelector('.dms-notice-error .ant-notification-notice-title')!.textContent).toBe('提示信息');
  });

  it('[BO-NTF-01] closing the notice ends the quiet time: nothing is showing any more', async () => {
    shows('warning', '可关闭');
    await waitFor(() => expect(document.querySelector('.dms-notice .ant-notification-notice-close')).not.toBeNull());
    fireEvent.click(document.querySelector('.dms-notice .ant-notification-notice-close')!);
    await waitFor(() => expect(shows('warning', '关闭之后')).toBe(true));
  });

  it('a forced notice (session expiry) shows even while another shows', () => {
    shows('error', '先出现的错误');
    expect(shows('warning', '登录已过期，请重新登录', { force: true })).toBe(true);
  });
});

describe('the busy indicator', () => {
  afterEach(() => vi.useRealTimers());

  it('[BO-BUSY-01] [BO-BUSY-02] shows 加载中… once a request has run 100 ms, without blocking the page', async () => {
    vi.useFakeTimers();
    const state = new BusyState();
    renderInApp(<BusyIndicator state={state} />);
    act(() => state.start());
    act(() => void vi.advanceTimersByTime(99));
    expect(view.queryByRole('status')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(view.getByRole('status').textContent).toBe('加载中…');
    expect(document.querySelector('.ant-spin-fullscreen, .ant-modal-mask')).toBeNull();
    act(() => state.end());
    expect(view.queryByRole('status')).toBeNull();
  });
});

describe('screen buttons', () => {
  const screen: Screen = { id: 'test.buttons', title: '测试', service: 'repair', table: { api: 'repair:GET order/repair/orders', columns: [{ title: '工单号', dataIndex: 'roNo' }] } };
  const store = () => new ScreenStore(screen, []);

  it('[BO-BTN-01] [BO-BTN-02] lock while the action runs, and unlock 100 ms after it ends', async () => {
    let answer!: () => void;
    const calls = fakeServer({
      'GET /api/repair/order/repair/orders': () => new Promise((resolve) => (answer = () => resolve(ok({ total: 0, items: [] })))),
    }).calls;
    renderInApp(<ActionButton button={{ label: '刷新', action: { type: 'reload' } }} context={{ store: store() }} />);
    const button = view.getByRole('button', { name: '刷新' });
    fireEvent.click(button);
    await waitFor(() => expect(button.className).toContain('ant-btn-loading'));
    fireEvent.click(button);
    expect(calls).toHaveLength(1);
    const ended = Date.now();
    act(() => answer());
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    expect(Date.now() - ended).toBeGreaterThanOrEqual(95);
  });

  it('[BO-BTN-03] ignore a second click within 1000 ms although the action already ended', async () => {
    const calls = fakeServer({ 'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }) }).calls;
    renderInApp(<ActionButton button={{ label: '刷新', action: { type: 'reload' } }} context={{ store: store() }} />);
    const button = view.getByRole('button', { name: '刷新' });
    fireEvent.click(button);
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    fireEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });

  it('[BO-BTN-04] swallow a failing handler: no unhandled rejection, a log line for developers, the button usable again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInApp(<ActionButton button={{ label: '爆炸', action: { type: 'explode' } }} context={{ store: store() }} />);
    const button = view.getByRole('button', { name: '爆炸' });
    fireEvent.click(button);
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ message: '未注册的动作类型：explode' })));
    await waitFor(() => expect(button.className).not.toContain('ant-btn-loading'));
    logged.mockRestore();
  });
});

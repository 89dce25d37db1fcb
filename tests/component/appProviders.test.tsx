import { act, fireEvent, render, screen as view, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTAINER_MAX_OFFSET } from 'antd/es/_util/hooks/useZIndex';
import { App } from '../../runtime/app/App';
import { askConfirm } from '../../runtime/app/feedback';
import { providerNavigation } from '../../runtime/app/login/codeFlow';
import { resetShell, shellServer, signedInCookies } from './shellHarness';

// The product's own root (runtime/app/App.tsx), not the test providers: what size and stacking every screen inherits.
describe('the app root', () => {
  afterEach(() => resetShell());

  it('[BO-CONST-13] [BO-CONST-14] renders the controls small and stacks its dialogs at z-index 1000', async () => {
    signedInCookies();
    shellServer();
    vi.spyOn(providerNavigation, 'go').mockImplementation(() => undefined);
    window.location.hash = '#/home';
    render(<App />);
    expect(await view.findByText('您好，梁杰')).toBeTruthy();
    const collapse = view.getByRole('button', { name: '收起菜单' });
    expect(collapse.className).toContain('ant-btn-sm');
    let answered: Promise<boolean> | undefined;
    act(() => void (answered = askConfirm({ content: '确认删除吗？' })));
    const wrap = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal-wrap');
      expect(found).not.toBeNull();
      return found!;
    });
    // antd stacks its dialogs from the base z-index (zIndexPopupBase) and puts a confirm, which may open over any
    // other dialog, the full container range above it: 1000 + 1000.
    expect(getComputedStyle(wrap).zIndex).toBe(String(1000 + CONTAINER_MAX_OFFSET));
    expect(wrap.querySelector('.ant-btn')!.className).toContain('ant-btn-sm');
    fireEvent.click(view.getByRole('button', { name: '取消' }));
    expect(await answered).toBe(false);
    // The whole app (layout, 概览 with its figures) renders in jsdom: slow on a loaded machine.
  }, 60_000);
});

// The shell's keyboard and search (issue 20): the menu search (Ctrl+K, title or pinyin initials, arrows and Enter), the
// tab context menu's 关闭其他 and 关闭右侧, and the tab-limit warning's way out (close the oldest tab and open the page).
import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tabs } from '../../runtime/stores/tabs';
import { DOWNLOAD_CENTRE, go, ORDERS, REMINDERS, renderShell, resetShell, route, shellServer, signedInCookies, TAG_MANAGEMENT } from './shellHarness';
import { appeared } from './appeared';

const tabTitles = () => [...document.querySelectorAll('.dms-tabs .ant-tabs-tab')].map((tab) => tab.textContent);

async function openTabs(...paths: string[]): Promise<void> {
  for (const path of paths) {
    await go(path);
    await waitFor(() => expect(tabs.isOpen(path)).toBe(true));
  }
}

describe('the shell: menu search, tab context menu, tab limit', () => {
  afterEach(() => resetShell());

  it('Ctrl+K opens the menu search; wxgd finds 维修工单 by its pinyin initials and Enter opens it', async () => {
    signedInCookies();
    shellServer();
    renderShell('/home');
    await view.findByRole('button', { name: '搜索菜单' });
    await act(async () => fireEvent.keyDown(window, { key: 'k', ctrlKey: true }));
    const box = await view.findByPlaceholderText('输入菜单名称或拼音首字母，如 wxgd');
    fireEvent.change(box, { target: { value: 'wxgd' } });
    const options = await view.findAllByRole('option');
    expect(options.map((o) => o.querySelector('.dms-menu-search-title')!.textContent)).toEqual(['维修工单']);
    expect(options[0]!.textContent).toContain('售后服务 / 维修业务');
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => expect(route()).toBe(ORDERS));
    await waitFor(() => expect(view.queryByPlaceholderText('输入菜单名称或拼音首字母，如 wxgd')).toBeNull());
  });

  it('matches titles too, title matches first; arrows choose among the hits; nothing matching says so', async () => {
    signedInCookies();
    shellServer();
    renderShell('/home');
    fireEvent.click(await view.findByRole('button', { name: '搜索菜单' }));
    const box = await view.findByPlaceholderText('输入菜单名称或拼音首字母，如 wxgd');
    fireEvent.change(box, { target: { value: '维修' } });
    await waitFor(() => expect(view.getAllByRole('option').map((o) => o.querySelector('.dms-menu-search-title')!.textContent)).toEqual(['维修工单', '维修提醒']));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(view.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => expect(route()).toBe(REMINDERS));
    fireEvent.click(view.getByRole('button', { name: '搜索菜单' }));
    const again = await view.findByPlaceholderText('输入菜单名称或拼音首字母，如 wxgd');
    fireEvent.change(again, { target: { value: 'zzzz' } });
    expect(await view.findByText('没有匹配的菜单')).toBeTruthy();
  });

  it('the tab context menu closes the tabs to the right of a tab, and the others', async () => {
    signedInCookies();
    shellServer();
    renderShell('/home');
    await openTabs(ORDERS, REMINDERS, DOWNLOAD_CENTRE);
    expect(tabTitles()).toEqual(['概览', '维修工单', '维修提醒', '下载中心']);
    fireEvent.contextMenu(view.getByText('维修工单', { selector: '.dms-tab-label' }));
    fireEvent.click(await view.findByText('关闭右侧'));
    // The active tab (下载中心) was to the right: the page of the tab clicked is shown.
    await waitFor(() => expect(tabTitles()).toEqual(['概览', '维修工单']));
    await waitFor(() => expect(route()).toBe(ORDERS));
    await openTabs(REMINDERS);
    fireEvent.contextMenu(view.getByText('维修提醒', { selector: '.dms-tab-label' }));
    fireEvent.click((await view.findAllByText('关闭其他')).at(-1)!);
    await waitFor(() => expect(tabTitles()).toEqual(['概览', '维修提醒']));
  });

  it('[BO-NAV-06] [BO-NAV-07] at the tab limit the warning offers to close the oldest tab, and then opens the page asked for', async () => {
    signedInCookies();
    shellServer();
    renderShell('/home', { config: { maxCacheNum: 2 } });
    await openTabs(ORDERS, REMINDERS);
    await go(TAG_MANAGEMENT);
    await waitFor(() => expect(route()).toBe(REMINDERS));
    const notice = await appeared(() => document.querySelector<HTMLElement>('.dms-notice'), 'the notice');
    expect(notice.querySelector('.ant-notification-notice-description')!.textContent).toBe('最多支持2个菜单项，请先关闭不用的页签');
    const way = view.getByRole('button', { name: '关闭最早的页签（维修工单）并打开' });
    await act(async () => fireEvent.click(way));
    await waitFor(() => expect(route()).toBe(TAG_MANAGEMENT));
    await waitFor(() => expect(tabTitles()).toEqual(['概览', '维修提醒', '标签管理']));
  });
});

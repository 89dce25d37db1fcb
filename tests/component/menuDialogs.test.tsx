// 菜单管理's dialogs in one page (issue 21): a configurator adds a group, then a leaf under it, without reloading the
// page. Option lists are shared by the page's forms, so the leaf's 上级目录 must be asked for again after the write.
import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { FormDialog } from '../../runtime/blocks/FormDialog';
import { callApi } from '../../runtime/http/client';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { loadRemoteOptions } from '../../runtime/widgets/useFieldOptions';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const menusScreen = JSON.parse(readFileSync('screens/system/menus.json', 'utf8')) as Screen;
const GROUP_OPTIONS = '/api/auth/menuList/groupOptions';

const input = (fieldName: string) => view.getByRole('dialog').querySelector<HTMLInputElement>(`#dialog_${fieldName}`)!;

async function optionTexts(fieldName: string): Promise<string[]> {
  fireEvent.mouseDown(input(fieldName));
  return waitFor(() => {
    const texts = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((el) => el.textContent ?? '');
    if (texts.length === 0) throw new Error('no options shown');
    return texts;
  });
}

describe('菜单管理: a group, then a leaf under it, in the same page', () => {
  let calls: FakeCall[];
  let store: ScreenStore;

  beforeEach(() => {
    const groups = [{ value: '9600', text: '系统管理' }];
    calls = fakeServer({
      'GET /api/auth/menuList': ok({ total: 0, items: [] }),
      [`GET ${GROUP_OPTIONS}`]: () => ok(groups),
      'GET /api/auth/menuList/screenOptions': ok([]),
      'POST /api/auth/menuList/groups': ({ data }) => {
        const group = { id: 'g0a1b2c3d4e', ...(data as { title: string }) };
        groups.push({ value: group.id, text: group.title });
        return ok(group);
      },
    }).calls;
    store = new ScreenStore(menusScreen, []);
  });

  it('[issue21] the 新增菜单 dialog offers the group added a moment before (option lists are asked for again after a write)', async () => {
    renderInApp(<FormDialog store={store} />);
    act(() => store.openDialog('group', 'add'));
    await view.findByRole('dialog');
    expect(await optionTexts('parentId')).toEqual(['系统管理']);
    fireEvent.change(input('title'), { target: { value: '保险业务' } });
    fireEvent.change(input('path'), { target: { value: '/insurance' } });
    fireEvent.click(within(view.getByRole('dialog')).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(store.dialog).toBeNull());

    act(() => store.openDialog('leaf', 'add'));
    await view.findByRole('dialog');
    expect(await optionTexts('parentId')).toEqual(['系统管理', '保险业务']);
    expect(calls.filter((c) => c.url === GROUP_OPTIONS)).toHaveLength(2);
  });

  it('[issue21] reads share one answer; only a write accepted by the server makes the next form ask again', async () => {
    const asked = () => calls.filter((c) => c.url === GROUP_OPTIONS).length;
    const request = { api: 'auth:GET menuList/groupOptions' };
    await loadRemoteOptions(request);
    const first = asked();
    await loadRemoteOptions(request);
    await callApi('auth:GET menuList');
    await loadRemoteOptions(request);
    expect(asked()).toBe(first);
    await callApi('auth:POST menuList/groups', { data: { title: '保险业务', path: '/insurance' } });
    expect((await loadRemoteOptions(request)).map((o) => o.text)).toContain('保险业务');
    expect(asked()).toBe(first + 1);
  });
});

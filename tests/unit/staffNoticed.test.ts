// The pure parts of what staff noticed (issue 20): one set of masking rules by type, the screen check that keeps phone
// columns masked, when a table shows selection boxes, closing tabs to the right, and finding a menu by pinyin initials.
import { describe, expect, it } from 'vitest';
import runtimeConfig from '../../runtime/public/config.json';
import { searchMenus } from '../../runtime/app/layout/menuMatches';
import { isSearchShortcut } from '../../runtime/app/layout/MenuSearch';
import { maskOf, maskValue } from '../../runtime/masking/masks';
import { installRegistries } from '../../runtime/registries/install';
import { checkScreen } from '../../schemas/screen/screenChecks';
import type { Screen } from '../../schemas/screen/screen.types';
import type { ScreenStore } from '../../runtime/screen/ScreenStore';
import type { MenuItem } from '../../runtime/stores/session';
import { TabStore } from '../../runtime/stores/tabs';
import { selectionInUse } from '../../runtime/table/selectionUse';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';
import { initialsOf } from '../../server/data/menuInitials';

describe('masking by type, everywhere a value shows', () => {
  it('[BO-MASK-01] [BO-MASK-03] a field is masked by its own mask, else by its format: a mobile number as a phone', () => {
    expect(maskOf({ format: 'mobile' })).toBe('phone');
    expect(maskOf({ format: 'idCard' })).toBe('idCard');
    expect(maskOf({ mask: 'name', format: 'mobile' })).toBe('name');
    expect(maskOf({ format: 'plate' })).toBeUndefined();
    expect(maskValue(maskOf({ format: 'mobile' })!, '13812345678')).toBe('138****5678');
  });

  const validate = createScreenAjv().compile(screenSchema);
  const context = { services: new Set(Object.keys(runtimeConfig.services)) };
  const check = (dataIndex: string, mask?: string) =>
    checkScreen({ id: 'test.phones', title: '测试', service: 'repair', table: { api: 'repair:GET reminders', columns: [{ title: '电话', dataIndex, ...(mask && { mask }) }] } }, validate, context);

  it('[BO-MASK-01] the screen check refuses a column of phone numbers without a phone mask', () => {
    for (const name of ['phone', 'mobile', 'ownerPhone', 'contactTel']) {
      const result = check(name);
      expect(result, name).toMatchObject({ ok: false });
      expect(JSON.stringify(result)).toContain('电话号码列须设置');
      expect(check(name, 'phone'), name).toMatchObject({ ok: true });
    }
    expect(check('hotelName')).toMatchObject({ ok: true });
  });
});

describe('selection boxes only when something acts on the selection', () => {
  // Which blocks follow the selection is the block registry's to say.
  installRegistries();
  const storeOf = (screen: Partial<Screen>, granted: string[] = []): ScreenStore =>
    ({
      screen: { id: 't', title: '测', service: 'repair', table: { api: 'repair:GET x', selection: 'checkbox', columns: [] }, permissions: { save: 'POST_x' }, ...screen },
      can: (permission: string | undefined) => permission === undefined || granted.includes(permission),
    }) as unknown as ScreenStore;

  it('[BB-TBL-03] a toolbar button deleting the selected rows keeps the boxes, for a user who may press it', () => {
    const toolbar = [{ label: '删除行', permission: 'save', action: { type: 'deleteRows' } }];
    expect(selectionInUse(storeOf({ toolbar }, ['save']))).toBe(true);
    expect(selectionInUse(storeOf({ toolbar }, []))).toBe(false);
    // Behind a confirmation, too.
    expect(selectionInUse(storeOf({ toolbar: [{ label: '删除', action: { type: 'confirm', then: { type: 'deleteRows' } } }] }))).toBe(true);
  });

  it('[BB-TBL-03] a button whose condition reads the selection, or a block following it, keeps them; a refresh alone does not', () => {
    expect(selectionInUse(storeOf({ toolbar: [{ label: '刷新', action: { type: 'reload' } }] }))).toBe(false);
    expect(selectionInUse(storeOf({ toolbar: [{ label: '批量', visible: 'selection.length > 0', action: { type: 'reload' } }] }))).toBe(true);
    expect(selectionInUse(storeOf({ blocks: [{ type: 'workflow-designer', permission: 'save' }] }))).toBe(true);
    expect(selectionInUse(storeOf({ blocks: [{ type: 'anchor', sections: [{ title: '甲', blocks: [{ type: 'workflow-designer' }] }] }] }))).toBe(true);
    expect(selectionInUse(storeOf({ blocks: [{ type: 'chart' }] }))).toBe(false);
  });
});

describe('tabs: close to the right', () => {
  const menu = (id: string, title: string) => ({ id, path: `/p/${id}`, meta: { title, icon: null, keepAlive: false }, pyt: null }) as unknown as MenuItem;

  it('[BB-STATE-05] closes the tabs right of a tab; answers that tab when the active one was closed', () => {
    const store = new TabStore();
    for (const [id, title] of [['a', '甲'], ['b', '乙'], ['c', '丙']] as const) store.visit(`/p/${id}`, menu(id, title));
    expect(store.closeRight('/p/a')).toBe('/p/a');
    expect(store.tabs.map((t) => t.title)).toEqual(['甲']);
    store.visit('/p/b', menu('b', '乙'));
    store.visit('/p/a', menu('a', '甲'));
    expect(store.closeRight('/p/a')).toBeUndefined();
    expect(store.tabs.map((t) => t.title)).toEqual(['甲']);
    expect(store.closeRight('/home')).toBe('/home');
    expect(store.tabs).toEqual([]);
  });
});

describe('menu search', () => {
  const leaf = (id: string, path: string, title: string): MenuItem =>
    ({ id, path, key: path, level: 2, component: null, icon: null, meta: { title, icon: null, keepAlive: false }, nextPath: null, permission: [], pyt: null, initials: initialsOf(title), children: [] }) as MenuItem;
  const group = (id: string, path: string, title: string, children: MenuItem[]): MenuItem => ({ ...leaf(id, path, title), level: 0, children });
  const leaves = [
    leaf('1101', '/repair/b/orders', '维修工单'),
    leaf('1102', '/repair/b/reminders', '维修提醒'),
    leaf('1104', '/repair/b/labour', '工时项目'),
    leaf('9614', '/repair/b/audit', '审计日志'),
  ];
  const menus = [group('1000', '/repair', '售后服务', [group('1100', '/repair/b', '维修业务', leaves)])];

  it('the server names each title by its pinyin initials', () => {
    expect(initialsOf('维修工单')).toBe('wxgd');
    expect(initialsOf('VIN查询')).toBe('vincx');
  });

  it('finds 维修工单 by wxgd, by part of its title, with its groups as the trail; title matches before initials', () => {
    expect(searchMenus(menus, leaves, 'wxgd')).toEqual([{ path: '/repair/b/orders', title: '维修工单', trail: '售后服务 / 维修业务' }]);
    expect(searchMenus(menus, leaves, ' WX ').map((h) => h.title)).toEqual(['维修工单', '维修提醒']);
    expect(searchMenus(menus, leaves, '工').map((h) => h.title)).toEqual(['工时项目', '维修工单']);
    expect(searchMenus(menus, leaves, '')).toEqual([]);
    expect(searchMenus(menus, leaves, 'zzz')).toEqual([]);
  });

  it('Ctrl+K and ⌘K open it; K alone or with other modifiers does not', () => {
    const key = (over: Partial<KeyboardEvent>) => ({ key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...over });
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
  });
});

// Toolbar buttons of a screen against the menu's keys, its stored action list and the control codes; the
// quality-inspection rename on a screen's labels.
import { screen as view, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuAccess } from '../../runtime/permissions/buttonAccess';
import { Toolbar } from '../../runtime/blocks/Toolbar';
import { ScreenPage } from '../../runtime/screen/ScreenPage';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { session } from '../../runtime/stores/session';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';

const KEYS = { add: 'POST_repair_order/repair/orders', delete: 'DELETE_repair_order/repair/orders/{id}' };
const SCREEN = {
  id: 'test.buttons',
  title: '维修工单',
  service: 'repair',
  permissions: KEYS,
  filter: { fields: [{ fieldName: 'roNo', label: '车间质检', type: 'input' }] },
  table: { api: 'repair:GET order/repair/orders', rowKey: 'id', pageSize: 50, columns: [{ title: '工单号', dataIndex: 'roNo' }] },
  toolbar: [
    { label: '新增', permission: 'add', action: { type: 'reload' } },
    { label: '批量删除', permission: 'delete', control: 'REPAIR_ORDER_DELETE', action: { type: 'reload' } },
    { label: '刷新', action: { type: 'reload' } },
  ],
};

/** The screen's toolbar over its store, as the screen page builds it from the menu it was opened from. */
function openToolbar(keys: readonly string[], rights?: Omit<MenuAccess, 'keys'>) {
  renderInApp(<Toolbar store={new ScreenStore(SCREEN as unknown as Screen, keys, rights)} />);
}

const shown = () => view.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''));
const ALL_CONTROLS = { controls: new Set(['REPAIR_ORDER_DELETE']) };

describe('buttons of a screen', () => {
  afterEach(() => session.clear());

  it('[BO-PERM-03] [BB-PERM-03] [BB-PERM-02] shows a button only when the menu\'s list holds its key', () => {
    openToolbar([KEYS.add, KEYS.delete], ALL_CONTROLS);
    expect(shown()).toEqual(expect.arrayContaining(['新增', '批量删除', '刷新']));
  });

  it('[BO-PERM-03] hides the buttons whose keys the menu\'s list lacks', () => {
    openToolbar([], ALL_CONTROLS);
    expect(shown()).not.toContain('新增');
    expect(shown()).not.toContain('批量删除');
    expect(shown()).toContain('刷新');
  });

  it('[BO-PERM-05] hides a button the menu\'s stored action list leaves out', () => {
    openToolbar([KEYS.add, KEYS.delete], { ...ALL_CONTROLS, actions: ['add'] });
    expect(shown()).toContain('新增');
    expect(shown()).not.toContain('批量删除');
  });

  it('[BO-PERM-06] hides a control whose control code user info lacks', () => {
    openToolbar([KEYS.add, KEYS.delete], { controls: new Set() });
    expect(shown()).toContain('新增');
    expect(shown()).not.toContain('批量删除');
  });

  it('[BO-QI-01] renames the quality-inspection labels of a screen when the rename is on, and only then', async () => {
    const { table: _table, toolbar: _toolbar, ...filterOnly } = SCREEN;
    fakeServer({ 'GET /api/lowcode/screens/test.buttons': ok(filterOnly) });
    renderInApp(<ScreenPage screenId="test.buttons" grantedKeys={[]} />);
    expect(await view.findByText('车间质检')).toBeTruthy();
    session.qualityInspectionRename = true;
    await waitFor(() => expect(view.getByText('车间终检')).toBeTruthy());
    expect(view.queryByText('车间质检')).toBeNull();
  });
});

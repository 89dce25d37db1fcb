// The runtime's permission rules: button visibility, menu-action strings, control codes, role type, data side, the
// quality-inspection rename and the tag-management marker.
import { describe, expect, it } from 'vitest';
import runtimeConfigFile from '../../runtime/public/config.json';
import { canUseButton, type MenuAccess } from '../../runtime/permissions/buttonAccess';
import { dataSideOf } from '../../schemas/permissions/dataSide';
import { buildMenuList, controlCodesOf, menuActionsOf, pageEntriesOf, roleCodesOf } from '../../runtime/permissions/menuList';
import { checkOrFalse, isRenameOn, renameLabel, renameLabelsIn, whitelistParams } from '../../runtime/permissions/qualityInspection';
import { COMBINED_ROLE_TYPES, deriveRoleType, ROLE_CODES, SINGLE_ROLE_TYPES } from '../../runtime/permissions/roleType';
import { marketingKeyOf, syncTagMarker, TAG_MARKER_KEY } from '../../runtime/permissions/tagMarker';
import type { MenuItem } from '../../runtime/stores/session';

const PERMISSIONS = { add: 'POST_repair_order/repair/orders', delete: 'DELETE_repair_order/repair/orders/{id}' };
const access = (over: Partial<MenuAccess> = {}): MenuAccess => ({ keys: [PERMISSIONS.add, PERMISSIONS.delete], controls: new Set(), ...over });

describe('button visibility', () => {
  it('[BO-PERM-03] [BB-PERM-03] [BB-PERM-02] hides a button unless its key is in the menu item\'s permission list', () => {
    expect(canUseButton({ permission: 'add' }, PERMISSIONS, access())).toBe(true);
    expect(canUseButton({ permission: 'add' }, PERMISSIONS, access({ keys: [PERMISSIONS.delete] }))).toBe(false);
    // A name the screen does not define has no key, so no list can hold it.
    expect(canUseButton({ permission: 'export' }, PERMISSIONS, access())).toBe(false);
    expect(canUseButton({}, PERMISSIONS, access({ keys: [] }))).toBe(true);
  });

  it('[BO-PERM-05] checks the stored menu-action string of the menu too, when one is stored', () => {
    expect(canUseButton({ permission: 'delete' }, PERMISSIONS, access({ actions: ['add', 'edit'] }))).toBe(false);
    expect(canUseButton({ permission: 'add' }, PERMISSIONS, access({ actions: ['add', 'edit'] }))).toBe(true);
    const list = ['1101-add,edit,delete', '1102-show', { path: '/a', id: '1101' }];
    expect(menuActionsOf(list, '1101')).toEqual(['add', 'edit', 'delete']);
    expect(menuActionsOf(list, '1102')).toEqual(['show']);
    expect(menuActionsOf(list, '1103')).toBeUndefined();
  });

  it('[BO-PERM-06] makes a control available only when user info holds its control code', () => {
    expect(canUseButton({ permission: 'delete', control: 'REPAIR_ORDER_DELETE' }, PERMISSIONS, access())).toBe(false);
    expect(canUseButton({ permission: 'delete', control: 'REPAIR_ORDER_DELETE' }, PERMISSIONS, access({ controls: new Set(['REPAIR_ORDER_DELETE']) }))).toBe(true);
  });

  it('[BO-PERM-05] [BO-PERM-06] stores pages, menu-action strings, control entries and role entries in one menu list', () => {
    const leaf = { id: '1101', path: '/repair/repairBusiness/repairOrder/index' } as MenuItem;
    const list = buildMenuList([leaf], { menuActions: ['1101-add,edit'], controls: [{ ctrlCode: 'C1' }], roles: [{ roleCode: 'WXGW', roleName: '维修顾问' }] });
    expect(list).toEqual([{ path: leaf.path, id: '1101' }, '1101-add,edit', { ctrlCode: 'C1' }, { roleCode: 'WXGW' }]);
    expect(pageEntriesOf(list)).toEqual([{ path: leaf.path, id: '1101' }]);
    expect([...controlCodesOf(list)]).toEqual(['C1']);
    expect(roleCodesOf(list)).toEqual(['WXGW']);
  });
});

describe('role type', () => {
  it('[BO-ROLE-01] derives the role type from the role codes held', () => {
    expect(deriveRoleType(['WXGW'])).toBe('10061012');
    expect(deriveRoleType(['WXGW', 'XSGW'])).toBe('10061012,10061015');
  });
  it('[BO-ROLE-02] is the empty string when no roles are stored', () => {
    expect(deriveRoleType([])).toBe('');
  });
  it('[BO-ROLE-03] falls back to xxx when no role code matches', () => {
    expect(deriveRoleType(['QTJD'])).toBe('xxx');
    expect(deriveRoleType(['UNKNOWN'])).toBe('xxx');
    expect(deriveRoleType(['WXJL', 'WXGW'])).toBe('xxx');
  });
  it('[BO-ROLE-04] knows the role codes WXGW, WXJL, C1001, ZTGW, ZTJL, XSGW, QTJD', () => {
    expect([...ROLE_CODES]).toEqual(['WXGW', 'WXJL', 'C1001', 'ZTGW', 'ZTJL', 'XSGW', 'QTJD']);
  });
  it('[BO-ROLE-05] answers the single type codes 10061011, 10061012, 10061013, 10061015', () => {
    expect([...SINGLE_ROLE_TYPES]).toEqual(['10061011', '10061012', '10061013', '10061015']);
    expect(['WXJL', 'WXGW', 'C1001', 'XSGW'].map((code) => deriveRoleType([code]))).toEqual(['10061011', '10061012', '10061013', '10061015']);
  });
  it('[BO-ROLE-06] answers the combined type codes', () => {
    expect([...COMBINED_ROLE_TYPES]).toEqual(['10061012,10061015', '10061013,10061019', '10061011,10061015', '10061011,10061012,10061015']);
    expect(deriveRoleType(['WXGW', 'ZTGW'])).toBe('10061012,10061015');
    expect(deriveRoleType(['C1001', 'ZTJL'])).toBe('10061013,10061019');
    expect(deriveRoleType(['WXJL', 'XSGW'])).toBe('10061011,10061015');
    expect(deriveRoleType(['XSGW', 'WXGW', 'WXJL'])).toBe('10061011,10061012,10061015');
  });
});

describe('data side', () => {
  it('[BO-PERM-07] [BB-PERM-07] organisation (data) type 10461003 is the manufacturer side', () => {
    expect(dataSideOf('10461003')).toBe('manufacturer');
  });
  it('[BO-PERM-08] [BB-PERM-08] any other type is the dealer side', () => {
    for (const type of ['10461001', '10461002', '10461004', '', undefined, null]) expect(dataSideOf(type)).toBe('dealer');
  });
});

describe('quality-inspection label rename', () => {
  const never = () => Promise.reject(new Error('not asked'));

  it('[BO-QI-01] [BO-QI-02] renames 车间质检 to 车间终检 and 维修质检 to 维修终检, in labels and titles only', () => {
    expect(renameLabel('车间质检')).toBe('车间终检');
    expect(renameLabel('维修质检结果')).toBe('维修终检结果');
    const screen = { title: '车间质检', fields: [{ fieldName: '车间质检', label: '维修质检' }], options: [{ value: '车间质检', text: '车间质检' }] };
    expect(renameLabelsIn(screen)).toEqual({ title: '车间终检', fields: [{ fieldName: '车间质检', label: '维修终检' }], options: [{ value: '车间质检', text: '车间终检' }] });
  });

  it('[BO-QI-03] is on when the whitelist check for the owner code passes', async () => {
    const asked: unknown[] = [];
    expect(await isRenameOn('D11001', {}, async (params) => (asked.push(params), true))).toBe(true);
    expect(asked).toEqual([whitelistParams('D11001')]);
    expect(await isRenameOn('D11001', {}, async () => false)).toBe(false);
  });

  it('[BO-QI-04] is on when the global flag is on', async () => {
    expect(await isRenameOn('D11001', { enabled: true }, never)).toBe(true);
  });

  it('[BO-QI-05] is on when the owner code is in the configured list', async () => {
    expect(await isRenameOn('D31001', { ownerCodes: ['D31001'] }, never)).toBe(true);
    expect(await isRenameOn('D11001', { ownerCodes: ['D31001'] }, async () => false)).toBe(false);
  });

  it('[BO-QI-06] [BO-QI-07] ships with an empty owner-code list and the global flag off: as shipped, only the whitelist turns it on', async () => {
    const shipped = runtimeConfigFile.qualityInspectionRename;
    expect(shipped).toEqual({ enabled: false, ownerCodes: [] });
    for (const ownerCode of ['D11001', 'D31001', 'D44003']) {
      const asked: string[] = [];
      expect(await isRenameOn(ownerCode, shipped, async (params) => (asked.push(JSON.stringify(params)), false))).toBe(false);
      expect(asked).toEqual([JSON.stringify(whitelistParams(ownerCode))]);
    }
  });

  it('[BO-QI-08] counts a failed whitelist check as off', async () => {
    expect(await isRenameOn('D11001', {}, never)).toBe(false);
    expect(await isRenameOn('D11001', {}, async () => ({ resultCode: 200 }))).toBe(false);
  });

  it('[BO-QI-09] counts a failed reminder check as off', async () => {
    expect(await checkOrFalse(() => Promise.reject(new Error('reminder service down')))).toBe(false);
    expect(await checkOrFalse(async () => true)).toBe(true);
  });

  it('[BO-QI-10] sends ownerCode, modType 91111057, rosterType 0 and vin to the whitelist check', () => {
    expect(whitelistParams('D11001', 'LHSA3B1C9TS000017')).toEqual({ ownerCode: 'D11001', modType: '91111057', rosterType: '0', vin: 'LHSA3B1C9TS000017' });
  });
});

describe('tag-management marker', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
  };

  it('[BB-PERM-06] the marketing key is ALL_customer-marketing_ followed by the page path', () => {
    expect(marketingKeyOf('/coordinate/userSelection/tagManagement')).toBe('ALL_customer-marketing_/coordinate/userSelection/tagManagement');
  });

  it('[BO-TAG-01] sets the marker in session storage from the menu item\'s permission list, and clears it', () => {
    const session = storage();
    const path = '/coordinate/userSelection/tagManagement';
    expect(syncTagMarker({ path, permission: [marketingKeyOf(path)] }, session)).toBe(true);
    expect(session.getItem(TAG_MARKER_KEY)).toBe('1');
    expect(syncTagMarker({ path, permission: [marketingKeyOf('/other')] }, session)).toBe(false);
    expect(session.getItem(TAG_MARKER_KEY)).toBeNull();
  });
});

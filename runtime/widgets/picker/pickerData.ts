// What the dealer and consultant picker reads (building-blocks §3, §6, §7): the org lookups of the org service, the tree
// nodes the dialog shows, the 'all' entry rule by menu range, and the ids taken from cookies. Fetch failures are
// swallowed: a lookup that fails shows an empty tree or table (§8).
import { currentMenuId } from '../../http/credentials';
import { callApi } from '../../http/client';
import { readUserCookie } from '../../stores/storageKeys';
import type { AreaNode, DealerCompany, GroupCompany, OrgTreeNode, PickerEmployee, RegionOrg } from '../../../schemas/api/orgPicker';

// The server owns the answers' shapes; the runtime imports them as types only.

export type { DealerCompany, PickerEmployee };

export const PICKER = {
  dealerCompanyType: '15061003',
  groupCompanyType: '15061002',
  regionOrgTypes: ['15061001', '15061005', '15061006'],
  regionOrgKind: '10701002',
  /** Role types of the consultant picker's employee list. */
  consultantRoleTypes: ['10061012', '100610151'],
  /** Employee status dictionary and its employed code. */
  employeeStatusDict: '1008',
  employed: '10081001',
  /** Menu ranges whose region tab has no 'all' entry. */
  rangesWithoutAll: ['10371001', '10371002', '10371003'],
  treeWidth: 300,
  treeHeight: 450,
  tableHeight: 400,
  treeReloadMs: 100,
  /** The authority flag the org lookups pass: cut to the caller's data scope. */
  authority: '1',
} as const;

/** A node of the picker's trees (building-blocks §3): label, orgId, regionId, value, children. */
export interface PickerTreeNode {
  label: string;
  value: string;
  orgId?: number;
  regionId?: string;
  children: PickerTreeNode[];
}

export const ALL_VALUE = 'all';

/** The region tab offers 'all' unless the current menu's range entry ends in 10371001, 10371002 or 10371003. */
export function offersAllEntry(menuRanges: readonly string[], menuId: string | undefined): boolean {
  if (!menuId) return true;
  const entry = menuRanges.find((r) => r.startsWith(`${menuId}-`));
  return !entry || !PICKER.rangesWithoutAll.some((suffix) => entry.endsWith(suffix));
}

/** Session storage key of the menu ranges, written by the system that grants them (this app only reads it). */
export const MENU_RANGE_KEY = 'menuRange';

/** The session list of menu ranges: entries `<menuId>-<range code>`; missing or unreadable means no range. */
export function sessionMenuRanges(): string[] {
  try {
    const list: unknown = JSON.parse(globalThis.sessionStorage?.getItem(MENU_RANGE_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** Top org id, role org id and current org type, as the session cookies hold them. */
export function pickerCookies(): { topOrgId?: string; roleOrgId?: string; currentOrgType?: string } {
  return { topOrgId: readUserCookie('topOrgId'), roleOrgId: readUserCookie('roleOrgId'), currentOrgType: readUserCookie('currentOrgType') };
}

/** Name filters compare the typed text with the row's first fields (code, then name), ignoring case. */
export function matchesNameFilter(fields: readonly (string | undefined)[], text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return wanted === '' || fields.some((f) => (f ?? '').toLowerCase().includes(wanted));
}

/** The org a consultant row stands for: the first entry of userPositionDetailVos. */
export const employeeOrgId = (row: PickerEmployee): number | undefined => row.userPositionDetailVos[0]?.orgId;

const swallow = <T>(fallback: T) => (): T => fallback;

/** Dealers (companyType 15061003), filtered by region orgs, a group company, a province or a city. */
export function loadDealers(filter: { oemOrgIds?: number[]; groupCompanyId?: number; provinceId?: string; cityId?: string; companyIds?: number[] }): Promise<DealerCompany[]> {
  return callApi<DealerCompany[]>('org:POST dealer/selectOrgInfo', { data: { companyType: PICKER.dealerCompanyType, ...filter }, silent: true }).then((d) => d ?? [], swallow([]));
}

export function loadRegionTree(): Promise<PickerTreeNode[]> {
  return callApi<RegionOrg[]>('org:POST dealer/selectOrgInfo', { data: { orgTypes: PICKER.regionOrgTypes, orgKind: PICKER.regionOrgKind }, silent: true }).then(
    (rows) => (rows ?? []).map((r) => ({ label: r.orgNameCn, value: `region-${r.orgId}`, orgId: r.orgId, children: [] })),
    swallow([]),
  );
}

export function loadGroupTree(): Promise<PickerTreeNode[]> {
  return callApi<GroupCompany[]>('org:POST dealer/selectOrgInfo', { data: { companyType: PICKER.groupCompanyType }, silent: true }).then(
    (rows) => (rows ?? []).map((g) => ({ label: g.companyNameCn, value: `group-${g.companyId}`, orgId: g.companyId, children: [] })),
    swallow([]),
  );
}

const areaNode = (a: AreaNode): PickerTreeNode => ({ label: a.regionName, value: `area-${a.regionId}`, regionId: a.regionId, children: a.children.map(areaNode) });

export function loadAreaTree(): Promise<PickerTreeNode[]> {
  const params = { orgType: PICKER.regionOrgTypes[0], authority: PICKER.authority, menuId: currentMenuId() ?? '' };
  return callApi<AreaNode[]>('org:GET area/list', { params, silent: true }).then((rows) => (rows ?? []).map(areaNode), swallow([]));
}

const orgNode = (o: OrgTreeNode): PickerTreeNode => ({ label: o.orgNameCn || o.orgName, value: `org-${o.orgId}`, orgId: o.orgId, children: o.orgList.map(orgNode) });

/** The org tree from the top org (cookie), with the role org id, the authority flag, the menu id and firstId. */
export function loadOrgTree(): Promise<PickerTreeNode[]> {
  const { topOrgId, roleOrgId } = pickerCookies();
  const root = topOrgId || roleOrgId;
  if (!root) return Promise.resolve([]);
  const params = { ...(roleOrgId ? { roleOrgId } : {}), authority: PICKER.authority, menuId: currentMenuId() ?? '', firstId: root };
  return callApi<OrgTreeNode[]>('org:GET orgs/getAllOrgsByOrgId/{id}', { values: { id: root }, params, silent: true }).then((rows) => (rows ?? []).map(orgNode), swallow([]));
}

/** Staff of the consultant role types, one row per person; employed only unless isOnjob is ''. */
export function loadEmployees(filter: { orgId?: number; isOnjob?: string }): Promise<PickerEmployee[]> {
  return callApi<PickerEmployee[]>('org:POST user/listUserPosition', { data: { roleType: PICKER.consultantRoleTypes, ...filter }, silent: true }).then((d) => d ?? [], swallow([]));
}

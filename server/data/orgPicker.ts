// The organisation data behind the dealer and consultant picker (building-blocks §2 item 1, §3, §6, §7): dealers, group
// companies and region organisations (the three org/dealer queries), the org tree, the province-city area tree and the
// employee list with positions merged per person. Everything is cut to the caller's data scope.
import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import { NO_CODE, visibleOwnerCodes } from './scope';
import type { DealerCompany } from '../../schemas/api/orgPicker';
import type { GroupCompany } from '../../schemas/api/orgPicker';
import type { RegionOrg } from '../../schemas/api/orgPicker';
import type { OrgTreeNode } from '../../schemas/api/orgPicker';
import type { AreaNode } from '../../schemas/api/orgPicker';
import type { PositionDetail } from '../../schemas/api/orgPicker';
import type { PickerEmployee } from '../../schemas/api/orgPicker';
import { containing } from './likePatterns';

/** Company/org types of building-blocks §6. */
export const PICKER_TYPES = {
  dealer: '15061003',
  group: '15061002',
  regionOrgTypes: ['15061001', '15061005', '15061006'],
  regionOrgKind: '10701002',
} as const;

/** Employee status dictionary 1008: employed. */
export const EMPLOYED = '10081001';

/**
 * Role types of the consultant picker (building-blocks §6: 10061012 and 100610151) mapped to the positions they stand
 * for: 10061012 the service consultant; 10061015 the showroom's front staff, the sales consultant and the test-drive
 * staff (SCY), whose holders have the showroom roles XSGW and ZTGW that make role type 10061015 (docs/decisions.md, role
 * type); 100610151, the spelling the consultant picker sends, the sales consultant alone, as that picker always listed.
 */
export const ROLE_TYPE_POSITIONS: Record<string, readonly string[]> = { '10061012': ['FWGW'], '10061015': ['XSGW', 'SCY'], '100610151': ['XSGW'] };

export interface OrgInfoQuery {
  companyType?: string;
  orgTypes?: string[];
  orgKind?: string;
  /** Region organisations whose dealers are wanted. */
  oemOrgIds?: number[];
  groupCompanyId?: number;
  companyIds?: number[];
  provinceId?: string;
  cityId?: string;
  companyCode?: string;
  companyNameCn?: string;
}

type OrgRow = Awaited<ReturnType<typeof loadOrgs>>[number];

function loadOrgs(db: Kysely<Database>) {
  return db
    .selectFrom('organizations')
    .select(['id', 'orgCode', 'orgName', 'parentId', 'orgType', 'companyType', 'groupOrgId', 'provinceName', 'cityName', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

const contains = (text: string, part: string | undefined) => !part?.trim() || text.toLowerCase().includes(part.trim().toLowerCase());

/** Province and city codes by name: a dealer row holds the names, the picker filters by code. */
async function regionCodes(db: Kysely<Database>) {
  const rows = await withAppShellTables(db).selectFrom('regions').select(['regionCode', 'regionName', 'parentCode', 'level']).execute();
  const provinces = new Map(rows.filter((r) => Number(r.level) === 1).map((r) => [r.regionName, r.regionCode]));
  const cities = new Map(rows.filter((r) => Number(r.level) === 2).map((r) => [`${r.parentCode}/${r.regionName}`, r.regionCode]));
  return { rows, province: (name: string | null) => (name ? provinces.get(name) ?? null : null), city: (provinceId: string | null, name: string | null) => (provinceId && name ? cities.get(`${provinceId}/${name}`) ?? null : null) };
}

/** The three org/dealer queries of building-blocks §7: dealers (15061003), group companies (15061002), region organisations. */
export async function selectOrgInfo(db: Kysely<Database>, user: SessionUser, query: OrgInfoQuery): Promise<DealerCompany[] | GroupCompany[] | RegionOrg[]> {
  const [orgs, visible] = await Promise.all([loadOrgs(db), visibleOwnerCodes(db, user)]);
  const visibleSet = new Set(visible);
  const dealers = orgs.filter((o) => o.companyType === PICKER_TYPES.dealer && visibleSet.has(o.orgCode));
  if (query.orgTypes?.length || query.orgKind) {
    // Region organisations: the regions the visible dealers belong to.
    const wanted = new Set(query.orgTypes?.length ? query.orgTypes : PICKER_TYPES.regionOrgTypes);
    if (query.orgKind && query.orgKind !== PICKER_TYPES.regionOrgKind) return [];
    const parents = new Set(dealers.map((d) => d.parentId));
    return orgs
      .filter((o) => o.companyType !== null && wanted.has(o.companyType) && parents.has(o.id))
      .map((o): RegionOrg => ({ orgId: o.id, orgNameCn: o.orgName, parentOrgId: o.parentId, orgType: o.companyType! }));
  }
  if (query.companyType === PICKER_TYPES.group) {
    const groups = new Set(dealers.map((d) => d.groupOrgId));
    return orgs
      .filter((o) => o.companyType === PICKER_TYPES.group && groups.has(o.id))
      .filter((o) => contains(o.orgName, query.companyNameCn) && contains(o.orgCode, query.companyCode))
      .map((o): GroupCompany => ({ companyId: o.id, companyCode: o.orgCode, companyNameCn: o.orgName }));
  }
  if (query.companyType !== PICKER_TYPES.dealer) return [];
  const codes = await regionCodes(db);
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const regionOf = (d: OrgRow) => (d.parentId === null ? undefined : byId.get(d.parentId));
  return dealers
    .map((d) => {
      const provinceId = codes.province(d.provinceName);
      return { row: d, company: { companyId: d.id, companyCode: d.orgCode, companyNameCn: d.orgName, gmsNameCn: regionOf(d)?.orgName ?? '', provinceId, cityId: codes.city(provinceId, d.cityName) } satisfies DealerCompany };
    })
    .filter(({ row, company }) =>
      (!query.oemOrgIds?.length || query.oemOrgIds.includes(row.parentId ?? -1)) &&
      (query.groupCompanyId === undefined || row.groupOrgId === query.groupCompanyId) &&
      (!query.companyIds?.length || query.companyIds.includes(row.id)) &&
      (!query.provinceId || company.provinceId === query.provinceId) &&
      (!query.cityId || company.cityId === query.cityId) &&
      contains(row.orgCode, query.companyCode) &&
      contains(row.orgName, query.companyNameCn),
    )
    .map(({ company }) => company);
}

/**
 * The org tree under an organisation (building-blocks §3 org tree nodes), for the consultant picker: the caller's own
 * organisation when the asked one is outside its scope, so a dealer sees only itself.
 */
export async function orgTree(db: Kysely<Database>, user: SessionUser, rootOrgId: number): Promise<OrgTreeNode[]> {
  const orgs = await loadOrgs(db);
  const children = new Map<number | null, OrgRow[]>();
  for (const o of orgs) children.set(o.parentId, [...(children.get(o.parentId) ?? []), o]);
  const isUnder = (id: number, ancestor: number) => {
    const byId = new Map(orgs.map((o) => [o.id, o]));
    for (let at: number | null = id; at !== null; at = byId.get(at)?.parentId ?? null) if (at === ancestor) return true;
    return false;
  };
  const root = orgs.find((o) => o.id === rootOrgId && isUnder(o.id, user.orgId)) ?? orgs.find((o) => o.id === user.orgId);
  if (!root) return [];
  const build = (o: OrgRow): OrgTreeNode => ({
    orgId: o.id,
    orgName: o.orgName,
    orgNameCn: o.orgName,
    parentOrgId: o.parentId,
    id: o.id,
    rootId: root.id,
    // Group companies sit beside the regions; the tree follows the reporting line (regions, then dealers).
    orgList: (children.get(o.id) ?? []).filter((c) => c.companyType !== PICKER_TYPES.group).map(build),
  });
  return [build(root)];
}

/** Provinces and their cities that hold a visible dealer: the tree of the 省份城市 tab. */
export async function areaTree(db: Kysely<Database>, user: SessionUser): Promise<AreaNode[]> {
  const dealers = (await selectOrgInfo(db, user, { companyType: PICKER_TYPES.dealer })) as DealerCompany[];
  const { rows } = await regionCodes(db);
  const used = new Set(dealers.flatMap((d) => [d.provinceId, d.cityId]));
  const node = (r: (typeof rows)[number]): AreaNode => ({
    regionId: r.regionCode,
    regionName: r.regionName,
    children: rows.filter((c) => c.parentCode === r.regionCode && used.has(c.regionCode)).sort((a, b) => a.regionCode.localeCompare(b.regionCode)).map(node),
  });
  return rows.filter((r) => Number(r.level) === 1 && used.has(r.regionCode)).sort((a, b) => a.regionCode.localeCompare(b.regionCode)).map(node);
}

export interface EmployeeQuery {
  roleType?: string[];
  orgId?: number;
  employeeName?: string;
  /** Employed only unless isOnjob is '' (everyone). */
  isOnjob?: string;
}

/** Staff holding the role types' positions in the caller's scope, one row per person with every position listed. */
export async function listUserPositions(db: Kysely<Database>, user: SessionUser, query: EmployeeQuery): Promise<PickerEmployee[]> {
  const positions = [...new Set((query.roleType ?? []).flatMap((r) => ROLE_TYPE_POSITIONS[r] ?? []))];
  if (positions.length === 0) return [];
  const visible = await visibleOwnerCodes(db, user);
  let q = db
    .selectFrom('userPositions as up')
    .innerJoin('users as u', 'u.id', 'up.userId')
    .innerJoin('organizations as o', 'o.id', 'up.orgId')
    .innerJoin('positions as p', 'p.positionCode', 'up.positionCode')
    .select(['u.id as userId', 'u.employeeName', 'u.employeeNo', 'u.isOnjob', 'o.id as orgId', 'o.orgName', 'o.parentId', 'up.positionCode', 'p.positionName'])
    .where('up.positionCode', 'in', positions)
    .where('o.orgCode', 'in', visible.length > 0 ? visible : [NO_CODE]);
  const status = query.isOnjob ?? EMPLOYED;
  if (status !== '') q = q.where('u.isOnjob', '=', status);
  if (query.employeeName?.trim()) q = q.where('u.employeeName', 'like', containing(query.employeeName.trim()));
  const rows = await q.orderBy('o.sort').orderBy('u.employeeNo').orderBy('up.positionCode').execute();
  const inOrg = (row: (typeof rows)[number]) => query.orgId === undefined || row.orgId === query.orgId || row.parentId === query.orgId;
  const people = new Map<number, PickerEmployee>();
  for (const row of rows.filter(inOrg)) {
    const person = people.get(row.userId) ?? {
      userId: row.userId,
      employeeName: row.employeeName,
      employeeNo: row.employeeNo,
      employeeStatus: row.isOnjob,
      isOnjob: row.isOnjob,
      orgName: row.orgName,
      userPositionDetailVos: [],
    };
    person.userPositionDetailVos.push({ orgId: row.orgId, orgName: row.orgName, positionCode: row.positionCode, positionName: row.positionName });
    people.set(row.userId, person);
  }
  return [...people.values()];
}

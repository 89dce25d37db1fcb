// 组织机构 needs a hook for what its JSON cannot say: only the manufacturer's own organisation edits the tree (a region
// or a group is on the manufacturer side of the network but must not reshape it); the tree's shape (a region or a group
// under the manufacturer, a dealer under a region and at most in one group, one manufacturer) decides which parent an
// organisation may have, and its company type follows from its organisation type; a user reads the organisations at and
// beneath his own; and GET org/orgsByLogin answers them in the picker's shape (building-blocks §7).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MANUFACTURER_DATA_TYPE } from '../../schemas/permissions/dataSide';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import type { ModelHooks } from '../models/modelHooks';
import { COMPANY_TYPE, ORG_TYPE } from '../seed/catalogue';
import type { OrganizationRecord } from './modelRecords';
import { containing } from '../data/likePatterns';

export const ORGANIZATION_TEXT = {
  manufacturerOnly: '组织机构只能由厂端维护',
  orgCode: '组织编码只能由大写字母和数字组成（2到16位，字母开头）',
  oneManufacturer: '厂端只有一个，不能新增厂端组织',
  parentRequired: '请选择上级组织',
  parentOf: (type: string, parent: string) => `${type}的上级组织应为${parent}`,
  groupOnlyForDealer: '只有经销商可以属于集团',
  manufacturerHasNoParent: '厂端没有上级组织',
} as const;

const TYPE_NAMES: Record<string, string> = {
  [ORG_TYPE.dealer]: '经销商',
  [ORG_TYPE.region]: '大区',
  [ORG_TYPE.manufacturer]: '厂端',
  [ORG_TYPE.group]: '集团',
};

/** The organisation type each type's parent must have: the tree of domain.md §6. */
const PARENT_TYPE: Record<string, string> = {
  [ORG_TYPE.dealer]: ORG_TYPE.region,
  [ORG_TYPE.region]: ORG_TYPE.manufacturer,
  [ORG_TYPE.group]: ORG_TYPE.manufacturer,
};

/** The company type (1506) that goes with an organisation type (1046). */
export const COMPANY_TYPE_OF: Record<string, string | null> = {
  [ORG_TYPE.dealer]: COMPANY_TYPE.dealer,
  [ORG_TYPE.region]: COMPANY_TYPE.region,
  [ORG_TYPE.group]: COMPANY_TYPE.group,
  [ORG_TYPE.manufacturer]: null,
};

const ORG_CODE = /^[A-Z][A-Z0-9]{1,15}$/;

/** Only a user of the manufacturer's organisation (data type 10461003) changes the tree, the catalogue and its prices. */
export function refuseUnlessManufacturer(user: SessionUser, message: string): void {
  if (user.orgType !== MANUFACTURER_DATA_TYPE) throw new ApiError('forbidden', message);
}

/** The ids of the user's organisation and every organisation beneath it (parents followed down), as a subquery. */
export function orgSubtree(user: Pick<SessionUser, 'orgId'>): RawBuilder<unknown> {
  return sql`(with recursive sub(id) as (select id from organizations where id = ${user.orgId}
    union all select o.id from organizations o join sub on o.parent_id = sub.id) select id from sub)`;
}

async function orgType(db: Kysely<Database>, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('organizations').select('orgType').where('id', '=', Number(id)).executeTakeFirst();
  return row?.orgType;
}

export interface OrgByLogin {
  orgId: number;
  orgCode: string;
  orgName: string;
  orgNameCn: string;
  parentOrgId: number | null;
  orgType: string;
  companyType: string | null;
}

export const organizationHooks: ModelHooks<OrganizationRecord> = {
  scope({ user }, alias) {
    if (user.orgType === MANUFACTURER_DATA_TYPE) return undefined;
    return sql<boolean>`${sql.ref(`${alias}.id`)} in ${orgSubtree(user)}`;
  },

  ties: (alias) => [sql.ref(`${alias}.orgCode`)],

  async beforeWrite({ db, user }, { op, values, problems, prefix }) {
    refuseUnlessManufacturer(user, ORGANIZATION_TEXT.manufacturerOnly);
    const type = String(values.orgType ?? '');
    if (op === 'create' && values.orgCode !== undefined && !ORG_CODE.test(String(values.orgCode))) problems.push(`${prefix}${ORGANIZATION_TEXT.orgCode}`);
    if (op === 'create' && type === ORG_TYPE.manufacturer) problems.push(`${prefix}${ORGANIZATION_TEXT.oneManufacturer}`);
    values.companyType = COMPANY_TYPE_OF[type] ?? null;
    if (type === ORG_TYPE.manufacturer) {
      if (values.parentId !== null && values.parentId !== undefined) problems.push(`${prefix}${ORGANIZATION_TEXT.manufacturerHasNoParent}`);
    } else if (values.parentId === null || values.parentId === undefined) {
      problems.push(`${prefix}${ORGANIZATION_TEXT.parentRequired}`);
    } else {
      const wanted = PARENT_TYPE[type];
      const parentType = await orgType(db, values.parentId);
      if (wanted && parentType !== undefined && parentType !== wanted) problems.push(`${prefix}${ORGANIZATION_TEXT.parentOf(TYPE_NAMES[type] ?? type, TYPE_NAMES[wanted] ?? wanted)}`);
    }
    if (type !== ORG_TYPE.dealer && values.groupOrgId !== null && values.groupOrgId !== undefined) problems.push(`${prefix}${ORGANIZATION_TEXT.groupOnlyForDealer}`);
  },

  calls: {
    async orgsByLogin({ db, user }, { query }) {
      const types = [query.orgType].flat().flatMap((t) => (typeof t === 'string' ? t.split(',') : [])).filter((t) => t !== '');
      const name = typeof query.orgName === 'string' ? query.orgName.trim() : '';
      let select = db
        .selectFrom('organizations')
        .select(['id', 'orgCode', 'orgName', 'parentId', 'orgType', 'companyType'])
        .where(sql<boolean>`id in ${orgSubtree(user)}`)
        .orderBy('sort')
        .orderBy('orgCode');
      if (types.length > 0) select = select.where('orgType', 'in', types);
      if (name !== '') select = select.where('orgName', 'like', containing(name));
      const rows = await select.execute();
      return rows.map(
        (o): OrgByLogin => ({ orgId: o.id, orgCode: o.orgCode, orgName: o.orgName, orgNameCn: o.orgName, parentOrgId: o.parentId, orgType: o.orgType, companyType: o.companyType }),
      );
    },
  },
};

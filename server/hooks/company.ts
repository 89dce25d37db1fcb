// 公司 needs a hook for what its JSON cannot say: only the manufacturer's own organisation registers legal entities;
// a company belongs to an organisation of its kind (a dealer company to a dealer, a group company to a dealer group, a
// regional company to a region); only a dealer company is owned by a group company; and a dealer's staff see their own
// dealer's company and its group company, a region's its dealers' (the model is shared data: no dealer column).
import { sql } from 'kysely';
import { MANUFACTURER_DATA_TYPE } from '../../schemas/permissions/dataSide';
import type { ModelHooks } from '../models/modelHooks';
import { COMPANY_TYPE } from '../seed/catalogue';
import type { CompanyRecord } from './modelRecords';
import { COMPANY_TYPE_OF, orgSubtree, refuseUnlessManufacturer } from './organization';

export const COMPANY_TEXT = {
  manufacturerOnly: '公司只能由厂端维护',
  code: '公司编码只能由大写字母、数字和-组成（2到32位）',
  orgOfType: '所属组织与公司类型不符（经销商公司属于经销商，集团公司属于集团，大区公司属于大区）',
  groupOnlyForDealer: '只有经销商公司可以属于集团公司',
} as const;

const COMPANY_CODE = /^[A-Z0-9][A-Z0-9-]{1,31}$/;
const blank = (value: unknown) => value === null || value === undefined || value === '';

export const companyHooks: ModelHooks<CompanyRecord> = {
  scope({ user }, alias) {
    if (user.orgType === MANUFACTURER_DATA_TYPE) return undefined;
    const mine = sql`(select c.group_company_id from companies c where c.org_id in ${orgSubtree(user)})`;
    return sql<boolean>`(${sql.ref(`${alias}.orgId`)} in ${orgSubtree(user)} or ${sql.ref(`${alias}.id`)} in ${mine})`;
  },

  async beforeWrite({ db, user }, { op, values, problems, prefix }) {
    refuseUnlessManufacturer(user, COMPANY_TEXT.manufacturerOnly);
    if (op === 'create' && !COMPANY_CODE.test(String(values.companyCode ?? ''))) problems.push(`${prefix}${COMPANY_TEXT.code}`);
    if (!blank(values.orgId)) {
      const org = await db.selectFrom('organizations').select('orgType').where('id', '=', Number(values.orgId)).executeTakeFirst();
      if (org && COMPANY_TYPE_OF[org.orgType] !== values.companyType) problems.push(`${prefix}${COMPANY_TEXT.orgOfType}`);
    }
    if (values.companyType !== COMPANY_TYPE.dealer && !blank(values.groupCompanyId)) problems.push(`${prefix}${COMPANY_TEXT.groupOnlyForDealer}`);
  },
};

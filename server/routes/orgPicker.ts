// The organisation lookups of the dealer and consultant picker (building-blocks §7): the org/dealer query, the org tree,
// the area list and the employee list by role type.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { areaTree, listUserPositions, orgTree, selectOrgInfo, type EmployeeQuery, type OrgInfoQuery } from '../data/orgPicker';
import { ok } from '../http/envelope';

const CODE = { type: 'string', maxLength: 16 } as const;
const IDS = { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: 500 } as const;

const orgInfoBody = {
  type: 'object',
  properties: {
    companyType: { ...CODE, title: '公司类型' },
    orgTypes: { type: 'array', title: '组织类型', items: CODE, maxItems: 10 },
    orgKind: { ...CODE, title: '组织性质' },
    oemOrgIds: { ...IDS, title: '大区' },
    groupCompanyId: { type: 'integer', title: '集团', minimum: 1 },
    companyIds: { ...IDS, title: '经销商' },
    provinceId: { ...CODE, title: '省份' },
    cityId: { ...CODE, title: '城市' },
    companyCode: { type: 'string', title: '经销商代码', maxLength: 50 },
    companyNameCn: { type: 'string', title: '经销商名称', maxLength: 100 },
  },
} as const;

const scopeQuery = {
  authority: { type: 'string', title: '权限标志', maxLength: 8 },
  menuId: { type: 'string', title: '菜单ID', maxLength: 32 },
} as const;

const employeeBody = {
  type: 'object',
  properties: {
    roleType: { type: 'array', title: '角色类型', items: CODE, maxItems: 20 },
    orgId: { type: 'integer', title: '组织', minimum: 1 },
    employeeName: { type: 'string', title: '姓名', maxLength: 30 },
    isOnjob: { type: 'string', title: '在职状态', maxLength: 16 },
  },
} as const;

export const orgPickerRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.post<{ Body: OrgInfoQuery }>('/dealer/selectOrgInfo', { schema: { body: orgInfoBody } }, async (request) =>
    ok(await selectOrgInfo(db, request.user, request.body ?? {})),
  );

  app.get<{ Params: { id: number }; Querystring: { roleOrgId?: number; firstId?: string } }>(
    '/orgs/getAllOrgsByOrgId/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '组织', minimum: 1 } } },
        querystring: { type: 'object', properties: { ...scopeQuery, roleOrgId: { type: 'integer', title: '角色组织', minimum: 1 }, firstId: { type: 'string', title: '首节点', maxLength: 32 } } },
      },
    },
    async (request) => ok(await orgTree(db, request.user, request.params.id)),
  );

  app.get('/area/list', { schema: { querystring: { type: 'object', properties: { ...scopeQuery, orgType: { ...CODE, title: '组织类型' } } } } }, async (request) =>
    ok(await areaTree(db, request.user)),
  );

  app.post<{ Body: EmployeeQuery }>('/user/listUserPosition', { schema: { body: employeeBody } }, async (request) =>
    ok(await listUserPositions(db, request.user, request.body ?? {})),
  );
};

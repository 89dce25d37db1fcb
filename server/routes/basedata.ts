import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { listConsultants, listPositionUsers, type PositionQuery } from '../data/employees';
import { materialItems, materialOptions, materialsAtLevel } from '../data/materials';
import { ok } from '../http/envelope';

// The lookups of the form widgets: consultants and users by position code, and vehicle materials (the region tree is
// dict/regions).

const positionQuery = {
  type: 'object',
  properties: {
    menuId: { type: 'string', title: '菜单ID', maxLength: 32 },
    positionCode: { type: 'string', title: '岗位代码', maxLength: 16 },
    flag: { type: 'string', title: '在职标志', enum: ['0', '1'] },
    // The browser sends the role type it keeps (back-office §7); who may see whom is decided from the session, not from it.
    roleType: { type: 'string', title: '角色类型', maxLength: 64 },
    keyword: { type: 'string', title: '姓名', maxLength: 30 },
  },
} as const;

const id = { type: 'integer', title: '物料ID', minimum: 1 } as const;

export const basedataRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: PositionQuery }>('/employees/consultants', { schema: { querystring: positionQuery } }, async (request) =>
    ok(await listConsultants(db, request.user, request.query)),
  );

  app.get<{ Querystring: PositionQuery }>('/employees/byPosition', { schema: { querystring: positionQuery } }, async (request) =>
    ok(await listPositionUsers(db, request.user, request.query)),
  );

  app.get<{ Params: { level: number } }>(
    '/materials/level/:level',
    { schema: { params: { type: 'object', required: ['level'], properties: { level: { type: 'integer', title: '物料级别', minimum: 1, maximum: 5 } } } } },
    async (request) => ok(await materialsAtLevel(db, request.params.level)),
  );

  app.get<{ Params: { id: number } }>('/materials/:id/items', { schema: { params: { type: 'object', required: ['id'], properties: { id } } } }, async (request) =>
    ok(await materialItems(db, request.params.id)),
  );

  app.get<{ Params: { materialId: number; optionType: string } }>(
    '/materialOption/:materialId/:optionType',
    {
      schema: {
        params: {
          type: 'object',
          required: ['materialId', 'optionType'],
          properties: { materialId: id, optionType: { type: 'string', title: '选装类型', pattern: '^[A-Z]{1,16}$' } },
        },
      },
    },
    async (request) => ok(await materialOptions(db, request.params.materialId, request.params.optionType)),
  );

};

// 角色管理's additions (issue 21): grant one menu to a role with all its keys or a subset, and preview what the role sees.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { grantMenu, menuKeyOptions, rolePreview, type RoleMenuGrant } from '../data/roleGrants';
import { ok } from '../http/envelope';
import { auditChange } from '../permissions/auditLog';

const roleId = { type: 'integer', minimum: 1, title: '角色ID' } as const;
const menuId = { type: 'string', title: '菜单', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' } as const;
const grantBody = {
  type: 'object',
  required: ['allKeys'],
  properties: {
    allKeys: { type: 'boolean', title: '全部权限标识' },
    keys: { type: 'array', title: '权限标识', items: { type: 'string', maxLength: 300 }, maxItems: 500 },
  },
} as const;

export const roleGrantRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Params: { menuId: string } }>('/roles/menuKeys/:menuId', { schema: { params: { type: 'object', required: ['menuId'], properties: { menuId } } } }, async (request) =>
    ok(await menuKeyOptions(db, request.params.menuId)),
  );
  app.put<{ Params: { id: number; menuId: string }; Body: RoleMenuGrant }>(
    '/roles/:id/menus/:menuId',
    { schema: { params: { type: 'object', required: ['id', 'menuId'], properties: { id: roleId, menuId } }, body: grantBody } },
    async (request) => {
      const granted = await grantMenu(db, request.params.id, request.params.menuId, request.body);
      auditChange(request, { row: `${request.params.id}:${request.params.menuId}`, after: granted });
      return ok(granted);
    },
  );
  app.get<{ Params: { id: number } }>('/roles/:id/preview', { schema: { params: { type: 'object', required: ['id'], properties: { id: roleId } } } }, async (request) =>
    ok(await rolePreview(db, request.params.id)),
  );
};

// The administration screens (users, roles and their menu grants, menus and their keys, the audit log), under the auth
// centre's service: keys like GET_auth_users. Every one is a menu route of the 系统管理 menus.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { getMenu, getRole, getUser, listMenus, listRoles, listUsers, menuOptions, roleOptions, setMenuKeys, setRoleMenus, setUserRoles, type MenuFilter, type UserFilter } from '../data/administration';
import { getAuditEntry, listAuditEntries, type AuditFilter } from '../data/auditLog';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import { auditChange } from '../permissions/auditLog';

const text = (maxLength: number, title: string) => ({ type: 'string', maxLength, title }) as const;
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const numericId = (title: string) => ({ type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title } } }) as const;
const menuIdParams = { type: 'object', required: ['id'], properties: { id: { ...text(32, '菜单ID'), minLength: 1 } } } as const;

const userQuery = {
  type: 'object',
  properties: { ...pagingQuerySchema, userCode: text(64, '账号'), employeeName: text(30, '姓名'), roleCode: text(32, '角色') },
} as const;
const auditQuery = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    userCode: text(64, '账号'),
    menuId: text(32, '菜单'),
    permissionKey: text(300, '权限标识'),
    rowRef: text(64, '数据行'),
    createdFrom: { ...DAY, title: '操作日期起' },
    createdTo: { ...DAY, title: '操作日期止' },
  },
} as const;
const menuQuery = { type: 'object', properties: { ...pagingQuerySchema, title: text(60, '菜单名称'), permissionKey: text(300, '权限标识') } } as const;
const userRolesBody = {
  type: 'object',
  required: ['roleCodes'],
  properties: { roleCodes: { type: 'array', title: '角色', items: text(32, '角色'), maxItems: 50 } },
} as const;
const roleMenusBody = {
  type: 'object',
  required: ['menuIds'],
  properties: { menuIds: { type: 'array', title: '菜单', items: text(32, '菜单'), maxItems: 500 } },
} as const;
const menuKeysBody = { type: 'object', required: ['permissionText'], properties: { permissionText: { type: 'string', title: '权限标识', maxLength: 20000 } } } as const;

export const administrationRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: PagingQuery & UserFilter }>('/users', { schema: { querystring: userQuery } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await listUsers(db, request.user, page, pageSize, request.query));
  });
  app.get<{ Params: { id: number } }>('/users/:id', { schema: { params: numericId('用户ID') } }, async (request) => ok(await getUser(db, request.user, request.params.id)));
  app.put<{ Params: { id: number }; Body: { roleCodes: string[] } }>('/users/:id', { schema: { params: numericId('用户ID'), body: userRolesBody } }, async (request) => {
    auditChange(request, { before: await getUser(db, request.user, request.params.id) });
    return ok(await setUserRoles(db, request.user, request.params.id, request.body.roleCodes));
  });

  app.get('/roles', async () => ok(await listRoles(db)));
  app.get<{ Params: { id: number } }>('/roles/:id', { schema: { params: numericId('角色ID') } }, async (request) => ok(await getRole(db, request.params.id)));
  app.put<{ Params: { id: number }; Body: { menuIds: string[] } }>('/roles/:id', { schema: { params: numericId('角色ID'), body: roleMenusBody } }, async (request) => {
    auditChange(request, { before: await getRole(db, request.params.id) });
    return ok(await setRoleMenus(db, request.params.id, request.body.menuIds));
  });
  app.get('/roleOptions', async () => ok(await roleOptions(db)));
  app.get('/menuOptions', async () => ok(await menuOptions(db)));

  app.get<{ Querystring: PagingQuery & MenuFilter }>('/menuList', { schema: { querystring: menuQuery } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    const all = await listMenus(db, request.query);
    return ok({ total: all.total, items: all.items.slice((page - 1) * pageSize, page * pageSize) });
  });
  app.get<{ Params: { id: string } }>('/menuList/:id', { schema: { params: menuIdParams } }, async (request) => ok(await getMenu(db, request.params.id)));
  app.put<{ Params: { id: string }; Body: { permissionText: string } }>('/menuList/:id', { schema: { params: menuIdParams, body: menuKeysBody } }, async (request) => {
    auditChange(request, { before: await getMenu(db, request.params.id) });
    return ok(await setMenuKeys(db, request.params.id, request.body.permissionText));
  });

  app.get<{ Querystring: PagingQuery & AuditFilter }>('/auditLogs', { schema: { querystring: auditQuery } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await listAuditEntries(db, request.user, page, pageSize, request.query));
  });
  app.get<{ Params: { id: number } }>('/auditLogs/:id', { schema: { params: numericId('日志ID') } }, async (request) => ok(await getAuditEntry(db, request.user, request.params.id)));
};

// 菜单管理's additions (issue 21): a menu group, a leaf bound to a stored screen with the keys it needs (proposed from
// the screen, confirmed by the administrator), under the auth centre's service like the rest of 菜单管理.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { createMenuGroup, createMenuLeaf, groupOptions, proposedKeyOptions, screenOptions, type NewMenuGroup, type NewMenuLeaf } from '../data/menuAdmin';
import { ok } from '../http/envelope';
import type { ModelHost } from '../models/modelHost';
import { auditChange } from '../permissions/auditLog';

const menuId = { type: 'string', title: '上级菜单', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' } as const;
const title = { type: 'string', title: '菜单名称', minLength: 1, maxLength: 20, pattern: '\\S' } as const;
// An antd icon's name, as the menu tree renders it (runtime/app/menuIcons.tsx); unknown names show no icon.
const icon = { type: 'string', title: '图标', maxLength: 40, pattern: '^([A-Z][A-Za-z]*Outlined)?$' } as const;
const path = { type: 'string', title: '路径', minLength: 2, maxLength: 200, pattern: '^(/[A-Za-z0-9_-]+)+$' } as const;
const sort = { type: 'integer', title: '排序', minimum: 0, maximum: 9999, default: 0 } as const;
const screenId = { type: 'string', title: '页面', minLength: 3, maxLength: 100, pattern: '^[a-z][a-zA-Z0-9]*(\\.[a-z][a-zA-Z0-9]*)+$' } as const;
const permissionKey = { type: 'string', title: '权限标识', maxLength: 300 } as const;

const groupBody = { type: 'object', required: ['title', 'path'], additionalProperties: false, properties: { parentId: menuId, title, icon, path, sort } } as const;
const leafBody = {
  type: 'object',
  required: ['parentId', 'title', 'path', 'screenId'],
  additionalProperties: false,
  properties: {
    parentId: menuId,
    title,
    icon,
    path,
    sort,
    keepAlive: { type: 'boolean', title: '缓存页面', default: true },
    screenId,
    allKeys: { type: 'boolean', title: '采用全部建议的权限标识', default: true },
    permissionKeys: { type: 'array', title: '权限标识', items: permissionKey, maxItems: 500 },
  },
} as const;

/** An empty icon from a cleared picker means none. */
const withoutEmptyIcon = <T extends { icon?: string }>(body: T): T => (body.icon ? body : { ...body, icon: undefined });

export const menuAdminRoutes: FastifyPluginAsync<AppContext & { modelHost: ModelHost }> = async (app, { db, modelHost }) => {
  app.get('/menuList/groupOptions', async () => ok(await groupOptions(db)));
  app.get('/menuList/screenOptions', async () => ok(await screenOptions(db)));
  app.get<{ Params: { screenId: string } }>(
    '/menuList/proposedKeys/:screenId',
    { schema: { params: { type: 'object', required: ['screenId'], properties: { screenId } } } },
    async (request) => ok(await proposedKeyOptions(db, request.params.screenId, app.routeAccessTable, modelHost.models())),
  );
  app.post<{ Body: NewMenuGroup }>('/menuList/groups', { schema: { body: groupBody } }, async (request) => {
    const menu = await createMenuGroup(db, withoutEmptyIcon(request.body));
    auditChange(request, { row: menu.id, after: menu });
    return ok(menu);
  });
  app.post<{ Body: NewMenuLeaf }>('/menuList/leaves', { schema: { body: leafBody } }, async (request) => {
    const menu = await createMenuLeaf(db, withoutEmptyIcon(request.body), app.routeAccessTable, modelHost.models(), request.user.employeeName);
    auditChange(request, { row: menu.id, after: menu });
    return ok(menu);
  });
};

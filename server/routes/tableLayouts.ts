// Per-user column layouts (列筛选排序): the runtime keeps them in local storage and here, so a consultant finds the
// same columns on any PC. A layout is a personal preference of the signed-in user: no menu permission guards it, and a
// user can only ever read and write their own.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { findLayout, saveLayout, type TableLayout } from '../data/tableLayouts';
import { ok } from '../http/envelope';

const layoutKey = { type: 'string', title: '布局标识', minLength: 1, maxLength: 300, pattern: '^\\S+$' } as const;

const keyQuery = { type: 'object', required: ['layoutKey'], properties: { layoutKey } } as const;

const layoutBody = {
  type: 'object',
  required: ['layoutKey', 'columns', 'savedAt'],
  properties: {
    layoutKey,
    columns: {
      type: 'array',
      title: '列设置',
      maxItems: 500,
      items: {
        type: 'object',
        required: ['dataIndex', 'hidden'],
        properties: {
          dataIndex: { type: 'string', title: '列标识', minLength: 1, maxLength: 100 },
          hidden: { type: 'boolean', title: '隐藏' },
          width: { type: 'integer', title: '列宽', minimum: 20, maximum: 3000 },
        },
      },
    },
    savedAt: { type: 'string', title: '保存时间', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$' },
  },
} as const;

export const tableLayoutRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: { layoutKey: string } }>('/tableLayouts', { schema: { querystring: keyQuery } }, async (request) =>
    ok(await findLayout(db, request.user.id, request.query.layoutKey)),
  );

  app.put<{ Body: TableLayout }>('/tableLayouts', { schema: { body: layoutBody } }, async (request) => ok(await saveLayout(db, request.user.id, request.body)));
};

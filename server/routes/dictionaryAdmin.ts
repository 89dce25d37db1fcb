// 字典管理 (issue 21): the administrator adds dictionary types and their codes, edits a code's text, order and
// enabled flag, and deletes a code no record of a published model holds. Every write is audited with before and after.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { createDictCode, createDictType, deleteDictCode, getDictCode, listDictCodes, updateDictCode, type DictCodeInput } from '../data/dictionaries';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import { ok } from '../http/envelope';
import type { ModelHost } from '../models/modelHost';
import { auditChange } from '../permissions/auditLog';

const type = { type: 'string', title: '字典类型', pattern: '^[0-9]{4}$' } as const;
const codeId = { type: 'string', title: '代码', pattern: '^[0-9]{8}$' } as const;
const codeFields = {
  codeCnDesc: { type: 'string', title: '中文名称', minLength: 1, maxLength: 100 },
  sort: { type: 'integer', title: '排序', minimum: 0, maximum: 9999, default: 0 },
  enabled: { type: 'boolean', title: '启用', default: true },
} as const;

export const dictionaryAdminRoutes: FastifyPluginAsync<AppContext & { modelHost: ModelHost }> = async (app, { db, modelHost }) => {
  app.post<{ Body: { type: string; name: string } }>(
    '/admin/types',
    { schema: { body: { type: 'object', required: ['type', 'name'], properties: { type, name: { type: 'string', title: '类型名称', minLength: 1, maxLength: 50 } } } } },
    async (request) => {
      await createDictType(db, request.body.type, request.body.name);
      auditChange(request, { row: request.body.type, after: request.body });
      return ok(request.body);
    },
  );
  // The codes of one type, or of every type, a page at a time (字典管理's table).
  app.get<{ Querystring: PagingQuery & { type?: string; keyword?: string } }>(
    '/admin/codes',
    { schema: { querystring: { type: 'object', properties: { ...pagingQuerySchema, type, keyword: { type: 'string', title: '关键字', maxLength: 50 } } } } },
    async (request) => {
      const { page, pageSize } = readPaging(request.query);
      const all = await listDictCodes(db, request.query.type, request.query.keyword);
      return ok({ total: all.length, items: all.slice((page - 1) * pageSize, page * pageSize) });
    },
  );
  app.post<{ Body: DictCodeInput & { type: string; codeId: string } }>(
    '/admin/codes',
    { schema: { body: { type: 'object', required: ['type', 'codeId', 'codeCnDesc'], properties: { type, codeId, ...codeFields } } } },
    async (request) => {
      const { codeId: id, type: codeType, ...input } = request.body;
      const created = await createDictCode(db, codeType, id, input);
      auditChange(request, { row: id, after: created });
      return ok(created);
    },
  );
  app.get<{ Params: { codeId: string } }>('/admin/codes/:codeId', { schema: { params: { type: 'object', required: ['codeId'], properties: { codeId } } } }, async (request) =>
    ok(await getDictCode(db, request.params.codeId)),
  );
  app.put<{ Params: { codeId: string }; Body: DictCodeInput }>(
    '/admin/codes/:codeId',
    { schema: { params: { type: 'object', required: ['codeId'], properties: { codeId } }, body: { type: 'object', required: ['codeCnDesc'], properties: codeFields } } },
    async (request) => {
      const { before, after } = await updateDictCode(db, request.params.codeId, request.body);
      auditChange(request, { before, after });
      return ok(after);
    },
  );
  app.delete<{ Params: { codeId: string } }>('/admin/codes/:codeId', { schema: { params: { type: 'object', required: ['codeId'], properties: { codeId } } } }, async (request) => {
    const before = await deleteDictCode(db, request.params.codeId, modelHost.models());
    auditChange(request, { before, after: null });
    return ok(null);
  });
};

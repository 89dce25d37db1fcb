import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { dictionaryOptions, getProcessDefinition, listProcessDefinitions, processRoles, processVariables, saveProcessDefinition } from '../data/processDefinitions';
import { PROCESS_ID_PATTERN } from '../data/processXml';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import type { SaveProcessInput } from '../../schemas/api/processes';

const processIdParams = {
  type: 'object',
  required: ['processId'],
  properties: { processId: { type: 'string', title: '流程ID', pattern: PROCESS_ID_PATTERN } },
} as const;

const listQuery = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    name: { type: 'string', title: '流程名称', maxLength: 100 },
    processId: { type: 'string', title: '流程ID', maxLength: 64 },
  },
} as const;

const saveBody = {
  type: 'object',
  required: ['xml', 'baseVersion'],
  properties: {
    xml: { type: 'string', title: '流程图XML', minLength: 1, maxLength: 1_000_000 },
    baseVersion: { type: ['integer', 'null'], title: '基础版本', minimum: 1 },
  },
} as const;

/**
 * The designer's three lookups answer `code` 200 beside `resultCode` (building-blocks §7 describes them with `code`), so
 * a client written against either form reads them.
 */
const lookup = <T>(data: T) => ({ ...ok(data), code: 200 });

export const workflowRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: PagingQuery & { name?: string; processId?: string } }>('/definition/list', { schema: { querystring: listQuery } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await listProcessDefinitions(db, { page, pageSize, name: request.query.name, processId: request.query.processId }));
  });

  app.get<{ Params: { processId: string }; Querystring: { version?: number } }>(
    '/definition/get/:processId',
    { schema: { params: processIdParams, querystring: { type: 'object', properties: { version: { type: 'integer', title: '版本', minimum: 1 } } } } },
    async (request) => ok(await getProcessDefinition(db, request.params.processId, request.query.version)),
  );

  app.post<{ Body: SaveProcessInput }>('/definition/save', { schema: { body: saveBody } }, async (request) => ok(await saveProcessDefinition(db, request.user, request.body)));

  app.get<{ Params: { processId: string } }>('/definition/roles/:processId', { schema: { params: processIdParams } }, async () => lookup(await processRoles(db)));

  app.get<{ Params: { processId: string } }>('/definition/variables/:processId', { schema: { params: processIdParams } }, async (request) =>
    lookup(await processVariables(db, request.params.processId)),
  );

  app.get<{ Params: { key: string } }>(
    '/definition/dictionary/:key',
    { schema: { params: { type: 'object', required: ['key'], properties: { key: { type: 'string', title: '字典', pattern: '^[A-Za-z0-9_]{1,64}$' } } } } },
    async (request) => lookup(await dictionaryOptions(db, request.params.key)),
  );
};

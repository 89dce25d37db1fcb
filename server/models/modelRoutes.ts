// The routes of every model at its service and path (DESIGN §5): list with the table contract's paging, filter and sort
// parameters, get with lines, create, update, delete, one POST per transition, the table's batch save, the export job
// and direct export, the import with its template and `.../last` status, and the declared queries and actions a hook
// serves. Each route's JSON schema comes from the model; its permission key is derived from its path like every
// other route's, and writes record before and after in the audit log.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Call, Field, Route as ModelRoute } from '../../schemas/model/model.types';
import type { AppContext } from '../appContext';
import { directExport } from '../exports/exportFile';
import { EXPORTERS } from '../exports/exporters';
import { exportRequest, fileNameQuery } from '../exports/exportRequest';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging } from '../http/paging';
import { IMPORTERS } from '../imports/importers';
import { importRoutes } from '../imports/importRoutes';
import { auditChange } from '../permissions/auditLog';
import type { SideRule } from '../permissions/accountSide';
import { exportRunner } from '../routes/downloadCentre';
import { contentDisposition } from '../routes/files';
import { ownerScope } from '../data/scope';
import type { LoadedModel } from './modelCatalogue';
import type { ModelHooks, RecordValues } from './modelHooks';
import { getRecord, listRecords, type ReadContext } from './modelReads';
import { modelExporter, modelImporter, modelSheetKind } from './modelSheets';
import { createRecord, deleteRecord, hookContext, saveBatch, transitionRecord, transitionSide, updateRecord, type BatchRequest } from './modelWrites';
import type { SessionUser } from '../http/session';
import { startRecordProcess, type ProcessContext } from '../processes/processRuns';
import { loadMenuGrants } from '../data/grants';
import { permissionKeyOf } from '../permissions/routeAccess';
import { recordHistory, recordMeta, type RecordKeys } from './recordPages';

export interface ModelRouteOptions extends AppContext {
  models: LoadedModel[];
  hooks: Readonly<Record<string, ModelHooks>>;
  /** Service name -> URL prefix (the runtime config's registry: the keys a screen computes are the keys checked). */
  services: Record<string, string>;
  /** Where a transition with `process` starts its approval. */
  processes: ProcessContext;
}

type JsonSchema = Record<string, unknown>;

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const MONTH = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' };

/** What a request may send for a field (the engine's own check gives the precise Chinese message). */
function valueSchema(field: Field): JsonSchema {
  const title = field.label;
  switch (field.type) {
    case 'int':
      return { title, type: ['integer', 'null'] };
    case 'decimal':
    case 'money':
      return { title, type: ['string', 'null'], maxLength: 40 };
    case 'boolean':
      return { title, type: ['boolean', 'null'] };
    case 'ref':
      return (field.ref?.key ?? 'id') === 'id' ? { title, type: ['integer', 'null'] } : { title, type: ['string', 'null'], maxLength: 64 };
    case 'file':
    case 'image':
      return { title };
    case 'json':
      return { title };
    case 'html':
      return { title, type: ['string', 'null'], maxLength: field.length ?? 1_000_000 };
    case 'text':
      return { title, type: ['string', 'null'], maxLength: field.length ?? 100_000 };
    default:
      return { title, type: ['string', 'null'], maxLength: Math.max(field.length ?? 100, 40) * 4 };
  }
}

function fieldSchema(field: Field): JsonSchema {
  if (!field.multiple) return valueSchema(field);
  const { title, ...item } = valueSchema(field);
  return { title, type: ['array', 'null'], maxItems: 200, items: item };
}

/** What a new record must send (a missing one is named by its title, like every route's required property): required
 * fields the server does not fill itself (no default, not computed, not the number or the state). */
function requiredOnCreate(loaded: LoadedModel): string[] {
  const { naming, states } = loaded.model;
  return [...loaded.fields.values()]
    .filter((f) => f.required && f.compute === undefined && !f.readOnly && f.default === undefined && f.name !== naming?.field && f.name !== states?.field)
    .map((f) => f.name);
}

function bodySchema(loaded: LoadedModel, creating = false): JsonSchema {
  const properties: Record<string, JsonSchema> = Object.fromEntries([...loaded.fields.values()].map((f) => [f.name, fieldSchema(f)]));
  for (const child of loaded.children) {
    properties[child.child.name] = {
      title: child.child.title,
      type: 'array',
      maxItems: child.child.maxRows ?? 1000,
      items: { type: 'object', properties: Object.fromEntries([...child.fields.values()].map((f) => [f.name, fieldSchema(f)])) },
    };
  }
  if (loaded.model.scope === 'owner') properties.ownerCode = { title: '经销商', type: 'string', maxLength: 32 };
  properties.updatedAt = { title: '更新时间', type: 'string', maxLength: 19 };
  const required = creating ? requiredOnCreate(loaded) : [];
  return { type: 'object', title: loaded.model.title, properties, ...(required.length > 0 ? { required } : {}) };
}

/** The list filters of a model as querystring properties (its reports accept the same). */
export function filterSchema(loaded: LoadedModel): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {};
  for (const filter of loaded.model.filters ?? []) {
    const field = loaded.fields.get(filter.field ?? filter.param);
    const title = filter.label ?? field?.label ?? filter.param;
    switch (filter.op) {
      case 'in':
        properties[filter.param] = { title, type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 500 };
        break;
      case 'vin':
        properties[filter.param] = { title, type: 'string', maxLength: 2000 };
        break;
      case 'dayFrom':
      case 'dayTo':
        properties[filter.param] = { ...DAY, title };
        break;
      case 'present':
        properties[filter.param] = { title, type: 'string', enum: ['0', '1'] };
        break;
      case 'search':
        properties[filter.param] = { title, type: 'string', maxLength: 100 };
        if (filter.keyParam) properties[filter.keyParam] = { title: '查询条件', type: 'string', enum: filter.fields ?? [] };
        break;
      default:
        properties[filter.param] =
          field && (field.type === 'int' || (field.type === 'ref' && (field.ref?.key ?? 'id') === 'id'))
            ? { title, type: 'integer' }
            : field && (field.type === 'money' || field.type === 'decimal')
              ? { title, type: 'number' }
              : field?.type === 'month'
                ? { ...MONTH, title }
                : field?.type === 'date'
                  ? { ...DAY, title }
                  : { title, type: 'string', maxLength: 200 };
    }
  }
  return properties;
}

/** A query parameter a call declares: text (with its length or choices), an integer or a day. */
function callQuerySchema(query: NonNullable<Call['query']>[number]): JsonSchema {
  if (query.type === 'int') return { title: query.label, type: 'integer' };
  if (query.type === 'date') return { ...DAY, title: query.label };
  return { title: query.label, type: 'string', maxLength: query.length ?? 100, ...(query.enum ? { enum: query.enum } : {}) };
}

const idParams = (title: string): FastifySchema['params'] => ({ type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title: `${title}ID` } } });

type AliasRequest = FastifyRequest<{ Params: Record<string, unknown>; Querystring: Record<string, unknown>; Body: RecordValues }>;

/**
 * A spec path for a get, update or delete (`routes`): the record's id from its `:id`, else from the query's `id` (GET,
 * DELETE) or the body's (POST, PUT), as the spec's editClue and updConsult send it.
 */
function aliasRoute(service: string, route: ModelRoute, title: string, body?: JsonSchema): { options: { method: ModelRoute['method']; url: string; schema: FastifySchema }; idOf(request: AliasRequest): number } {
  const idProperty = { id: { type: 'integer', minimum: 1, title: `${title}ID` } };
  const inPath = route.path.includes(':id');
  const inQuery = !inPath && (route.method === 'GET' || route.method === 'DELETE');
  const schema: FastifySchema = inPath ? { params: idParams(title) } : inQuery ? { querystring: { type: 'object', required: ['id'], properties: idProperty } } : {};
  if (route.method === 'POST' || route.method === 'PUT') {
    const given = body ?? { type: 'object', properties: {} };
    schema.body = inPath ? given : { ...given, required: [...((given.required as string[] | undefined) ?? []), 'id'], properties: { ...(given.properties as object), ...idProperty } };
  }
  return {
    options: { method: route.method, url: `${service}/${route.path}`, schema },
    idOf: (request) => Number(inPath ? request.params.id : inQuery ? request.query.id : (request.body as RecordValues | undefined)?.id),
  };
}

const sideOf = (rule: boolean | SideRule | undefined): SideRule | undefined => (typeof rule === 'object' ? rule : undefined);
const allows = (rule: boolean | SideRule | undefined): boolean => rule !== false;

/** The models' routes on `app` (every service prefix is a full path: /api/repair/order/repair/orders...). */
export async function modelRoutes(app: FastifyInstance, options: ModelRouteOptions): Promise<void> {
  const { db, config, models, hooks, services, processes } = options;
  const byName = new Map(models.map((m) => [m.model.name, m]));
  for (const loaded of models) {
    const { model } = loaded;
    const prefix = services[model.service];
    if (prefix === undefined) throw new Error(`模型 ${model.name} 的服务 ${model.service} 未在 config.json 的 services 中登记`);
    const service = prefix.replace(/\/+$/, '');
    const base = `${service}/${model.path}`;
    const modelHooks = hooks[model.name];
    const reader = (user: SessionUser): ReadContext => ({ db, user, loaded, hooks: modelHooks, models: byName, allHooks: hooks });
    const writes = model.writes ?? {};

    // The spec's own paths for generated routes (`routes`: consultantWork/addConsult is the create), by operation.
    const aliases = (op: string) => (model.routes ?? []).filter((route) => route.op === op);
    const listSchema = { querystring: { type: 'object', properties: { ...pagingQuerySchema, ...filterSchema(loaded) } } };
    const listHandler = async (request: FastifyRequest<{ Querystring: RecordValues }>) => {
      const { page, pageSize, sort } = readPaging(request.query);
      return ok(await listRecords(reader(request.user), { page, pageSize, sort, params: request.query }));
    };
    app.get<{ Querystring: RecordValues }>(base, { schema: listSchema }, listHandler);
    for (const alias of aliases('list')) app.route<{ Querystring: RecordValues }>({ method: alias.method, url: `${service}/${alias.path}`, schema: listSchema, handler: listHandler });

    if (model.export) {
      const kind = modelSheetKind(loaded);
      EXPORTERS[kind] = modelExporter({ loaded, hooks: modelHooks, models: byName });
      const exportQuery = { type: 'object', properties: { ...filterSchema(loaded), ...fileNameQuery } };
      // 导出到下载中心: the list's filter, run as a job; the answer is the queued job.
      app.get<{ Querystring: RecordValues }>(`${base}/export`, { schema: { querystring: exportQuery } }, async (request) => {
        const { fileName, params } = exportRequest(request.query);
        return ok(await exportRunner(db, config).create(request.user, kind, params, fileName));
      });
      // 导出: the workbook itself, streamed as it is written (exportType 'arraybuffer').
      const exportFile = async (request: FastifyRequest<{ Querystring: RecordValues }>, reply: FastifyReply) => {
        const { fileName, params } = exportRequest(request.query);
        const file = await directExport(db, kind, await ownerScope(db, request.user), params);
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        reply.header('content-disposition', contentDisposition('attachment', fileName ?? file.fileName));
        reply.header('cache-control', 'private, no-store');
        return reply.send(file.output);
      };
      app.get<{ Querystring: RecordValues }>(`${base}/exportFile`, { schema: { querystring: exportQuery } }, exportFile);
      for (const alias of aliases('exportFile')) app.route<{ Querystring: RecordValues }>({ method: alias.method, url: `${service}/${alias.path}`, schema: { querystring: exportQuery }, handler: exportFile });
    }

    if (model.import) {
      const kind = modelSheetKind(loaded);
      IMPORTERS[kind] = modelImporter({ loaded, hooks: modelHooks, models: byName, allHooks: hooks }) as (typeof IMPORTERS)[string];
      const path = model.import.path ? `${service}/${model.import.path}` : `${base}/import`;
      await app.register(importRoutes, { db, config, kind, path, templateName: model.import.templateName });
    }

    if (model.batch) {
      const onlyFor = sideOf(writes.update) ?? sideOf(writes.create) ?? sideOf(writes.delete);
      app.post<{ Body: BatchRequest }>(
        `${base}/batch`,
        {
          schema: {
            body: {
              type: 'object',
              title: model.title,
              properties: {
                inserted: { type: 'array', title: '新增行', maxItems: 1000, items: bodySchema(loaded, writes.create !== false) },
                updated: { type: 'array', title: '修改行', maxItems: 1000, items: { ...bodySchema(loaded), required: ['id'], properties: { ...(bodySchema(loaded).properties as object), id: { type: 'integer', minimum: 1 } } } },
                deleted: { type: 'array', title: '删除行', maxItems: 1000, items: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } },
              },
            },
          },
          ...(onlyFor ? { config: { onlyFor } } : {}),
        },
        async (request) => ok(await saveBatch(reader(request.user), request.body)),
      );
    }

    for (const call of [...(model.queries ?? []), ...(model.actions ?? [])]) {
      const handler = modelHooks?.calls?.[call.name];
      if (!handler) throw new Error(`模型 ${model.name} 声明了 ${call.name}（${call.method} ${call.path}），但 server/hooks 中没有它的实现`);
      // A call may be served under another service of the spec (the bff's web-workOrder calls of the health check).
      const callPrefix = call.service === undefined ? service : services[call.service]?.replace(/\/+$/, '');
      if (callPrefix === undefined) throw new Error(`模型 ${model.name} 的 ${call.name} 的服务 ${call.service} 未在 config.json 的 services 中登记`);
      // `:id` is a record's id; a GET without one is a list of the model (its paging and filters), as the spec's
      // queries are (健康检查提醒 = the reminders of one type), plus the query parameters the call declares.
      const declared = Object.fromEntries((call.query ?? []).map((q) => [q.name, callQuerySchema(q)]));
      const required = (call.query ?? []).filter((q) => q.required).map((q) => q.name);
      const querystring = { type: 'object', properties: { ...(call.method === 'GET' && !call.path.includes(':id') ? { ...pagingQuerySchema, ...filterSchema(loaded) } : {}), ...declared }, ...(required.length > 0 ? { required } : {}) };
      const schema: FastifySchema = {
        ...(call.path.includes(':id') ? { params: idParams(model.title) } : {}),
        ...(call.method === 'GET' || call.query ? { querystring } : {}),
      };
      const callRequest = (request: FastifyRequest<{ Params: Record<string, string>; Querystring: RecordValues }>, context: ReadContext) => ({
        params: request.params,
        query: request.query,
        body: request.body,
        reads: { list: (list: Parameters<typeof listRecords>[1]) => listRecords(context, list), get: (id: number) => getRecord(context, id) },
      });
      const isAction = (model.actions ?? []).includes(call);
      app.route<{ Params: Record<string, string>; Querystring: RecordValues }>({
        method: call.method,
        url: `${callPrefix}/${call.path}`,
        schema,
        // An action writes in one transaction (its reads too: PGlite has one connection), with the other models'
        // records at hand (HookContext.records); a query reads.
        handler: async (request) => {
          if (!isAction) {
            const context = reader(request.user);
            return ok(await handler(hookContext(context, db), callRequest(request, context)));
          }
          return ok(
            await db.transaction().execute(async (tx) => {
              const context: ReadContext = { ...reader(request.user), db: tx };
              return handler(hookContext(context, tx), callRequest(request, context));
            }),
          );
        },
      });
    }

    app.get<{ Params: { id: number } }>(`${base}/:id`, { schema: { params: idParams(model.title) } }, async (request) => ok(await getRecord(reader(request.user), request.params.id)));
    for (const alias of aliases('get')) {
      const spec = aliasRoute(service, alias, model.title);
      app.route<{ Params: Record<string, unknown>; Querystring: Record<string, unknown>; Body: RecordValues }>({ ...spec.options, handler: async (request) => ok(await getRecord(reader(request.user), spec.idOf(request))) });
    }

    // The record page's questions (issue 22): whoever may read the record may ask them, under the read's key.
    const readKey = permissionKeyOf('GET', `${base}/:id`, services) ?? undefined;
    const keysFor = async (request: FastifyRequest): Promise<RecordKeys> => ({
      update: permissionKeyOf('PUT', `${base}/:id`, services) ?? '',
      delete: permissionKeyOf('DELETE', `${base}/:id`, services) ?? '',
      create: permissionKeyOf('POST', base, services) ?? '',
      transition: (name) => permissionKeyOf('POST', `${base}/:id/${name}`, services) ?? '',
      granted: request.menuId ? ((await loadMenuGrants(db, request.user.id, request.menuId)).keys.get(request.menuId) ?? new Set()) : null,
    });
    const recordRoute = { schema: { params: idParams(model.title) }, ...(readKey ? { config: { permissionKey: readKey } } : {}) };
    app.get<{ Params: { id: number } }>(`${base}/:id/meta`, recordRoute, async (request) => ok(await recordMeta(reader(request.user), request.params.id, await keysFor(request))));
    app.get<{ Params: { id: number } }>(`${base}/:id/history`, recordRoute, async (request) => ok(await recordHistory(reader(request.user), request.params.id, await keysFor(request))));

    if (allows(writes.create)) {
      const onlyFor = sideOf(writes.create);
      const create = async (request: FastifyRequest<{ Body: RecordValues }>) => ok(await createRecord(reader(request.user), request.body));
      app.post<{ Body: RecordValues }>(base, { schema: { body: bodySchema(loaded, true) }, ...(onlyFor ? { config: { onlyFor } } : {}) }, create);
      for (const alias of aliases('create')) app.route<{ Body: RecordValues }>({ method: alias.method, url: `${service}/${alias.path}`, schema: { body: bodySchema(loaded, true) }, ...(onlyFor ? { config: { onlyFor } } : {}), handler: create });
    }
    if (allows(writes.update)) {
      const onlyFor = sideOf(writes.update);
      app.put<{ Params: { id: number }; Body: RecordValues }>(
        `${base}/:id`,
        { schema: { params: idParams(model.title), body: bodySchema(loaded) }, ...(onlyFor ? { config: { onlyFor } } : {}) },
        async (request) => {
          const { before, after } = await updateRecord(reader(request.user), request.params.id, request.body);
          auditChange(request, { before, after });
          return ok(after);
        },
      );
      for (const alias of aliases('update')) {
        const spec = aliasRoute(service, alias, model.title, bodySchema(loaded));
        app.route<{ Params: Record<string, unknown>; Querystring: Record<string, unknown>; Body: RecordValues }>({
          ...spec.options,
          ...(onlyFor ? { config: { onlyFor } } : {}),
          handler: async (request) => {
            const { before, after } = await updateRecord(reader(request.user), spec.idOf(request), request.body);
            auditChange(request, { before, after });
            return ok(after);
          },
        });
      }
    }
    if (allows(writes.delete)) {
      const onlyFor = sideOf(writes.delete);
      app.delete<{ Params: { id: number } }>(`${base}/:id`, { schema: { params: idParams(model.title) }, ...(onlyFor ? { config: { onlyFor } } : {}) }, async (request) => {
        const before = await deleteRecord(reader(request.user), request.params.id);
        auditChange(request, { before, after: null });
        return ok(null);
      });
      for (const alias of aliases('delete')) {
        const spec = aliasRoute(service, alias, model.title);
        app.route<{ Params: Record<string, unknown>; Querystring: Record<string, unknown>; Body: RecordValues }>({
          ...spec.options,
          ...(onlyFor ? { config: { onlyFor } } : {}),
          handler: async (request) => {
            const before = await deleteRecord(reader(request.user), spec.idOf(request));
            auditChange(request, { before, after: null });
            return ok(null);
          },
        });
      }
    }
    // A transition that needs a process's approval starts the process when called; the end of the process performs it
    // (DESIGN §7, server/processes/processRuns.ts).
    for (const transition of model.states?.transitions ?? []) {
      // Another record's write performs it through its hook (HookContext.records): no route, no key to grant.
      if (transition.internal) continue;
      const onlyFor = transitionSide(transition);
      const requires: Record<string, JsonSchema> = Object.fromEntries([...(transition.requires ?? []), ...(transition.accepts ?? [])].flatMap((name) => (loaded.fields.get(name) ? [[name, fieldSchema(loaded.fields.get(name)!)]] : [])));
      // A process's start may say why (申请说明): the first step of its history.
      if (transition.process !== undefined) requires.comment = { title: '申请说明', type: ['string', 'null'], maxLength: 500 };
      app.post<{ Params: { id: number }; Body: RecordValues | undefined }>(
        `${base}/:id/${transition.name}`,
        { schema: { params: idParams(model.title), body: { type: ['object', 'null'], title: transition.label, properties: requires } }, ...(onlyFor ? { config: { onlyFor } } : {}) },
        async (request) => {
          if (transition.process !== undefined) return ok(await startRecordProcess(processes, reader(request.user), request.params.id, transition.name, request.body ?? {}));
          const { before, after } = await transitionRecord(reader(request.user), request.params.id, transition.name, request.body ?? {});
          auditChange(request, { before, after });
          return ok(after);
        },
      );
    }
  }
}

// Models in the browser (issue 21): the model editor lists, reads, checks, previews, saves, publishes, rolls back and
// exports them (lowcode/designer/models...). Every save is checked with the one model check against the catalogue it
// would join and this server's dictionary types, base tables and services; a publish is served at once (modelHost.ts).
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { ModelPublishResult } from '../../schemas/api/models';
import type { ModelCheckContext } from '../../schemas/model/modelChecks';
import type { Model } from '../../schemas/model/model.types';
import type { AppContext } from '../appContext';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { dictTypesOf } from '../lowcode/screenKnowledge';
import type { ModelHost } from '../models/modelHost';
import {
  areaOfModel,
  copyVersionForRollback,
  describeProblems,
  isPublished,
  listModels,
  listModelVersions,
  modelDefinition,
  modelProblems,
  previewModel,
  publishModel,
  saveModelVersion,
  type ModelAuthor,
} from '../models/modelStore';
import { auditChange } from '../permissions/auditLog';
import { readRuntimeConfigFile } from './runtimeConfig';

const modelName = { type: 'string', title: '模型名', pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 60 } as const;
const nameParams = { type: 'object', required: ['name'], properties: { name: modelName } } as const;
const version = { type: 'integer', title: '版本', minimum: 1 } as const;
const area = { type: 'string', title: '目录', pattern: '^[a-z][a-zA-Z0-9]*$', maxLength: 40 } as const;
const definitionBody = {
  type: 'object',
  required: ['definition'],
  properties: { definition: { type: 'object', title: '模型定义' }, comment: { type: 'string', title: '版本说明', maxLength: 500, default: '' }, area },
} as const;

interface DefinitionBody {
  definition: Record<string, unknown>;
  comment: string;
  area?: string;
}

const authorOf = (user: SessionUser): ModelAuthor => ({ code: user.userCode, name: user.employeeName });
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Models created in the browser go to this models/ folder unless the editor names another. */
export const BROWSER_MODEL_AREA = 'custom';

export const modelDesignerRoutes: FastifyPluginAsync<AppContext & { modelHost: ModelHost }> = async (app, { db, config, modelHost }) => {
  const context = async (): Promise<ModelCheckContext> => {
    const tables = await sql<{ tableName: string }>`select table_name from information_schema.tables where table_schema = current_schema()`.execute(db);
    return {
      dictTypes: await dictTypesOf(db),
      tables: new Set(tables.rows.map((row) => camel(row.tableName))),
      services: new Set(Object.keys((await readRuntimeConfigFile(config.webDir)).services)),
    };
  };
  /** The checked definition, or the refusal naming the first problems with their JSON paths. */
  const checked = async (definition: unknown): Promise<Model> => {
    const problems = await modelProblems(db, definition, await context());
    if (problems.length > 0) throw new ApiError('invalidInput', `模型定义有误，未保存：${describeProblems(problems)}`);
    return definition as Model;
  };

  app.get<{ Querystring: { keyword?: string } }>(
    '/designer/models',
    { schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', title: '关键字', maxLength: 100 } } } } },
    async (request) => ok(await listModels(db, request.query.keyword)),
  );
  app.get<{ Params: { name: string }; Querystring: { version?: number } }>(
    '/designer/models/:name',
    { schema: { params: nameParams, querystring: { type: 'object', properties: { version } } } },
    async (request) => ok(await modelDefinition(db, request.params.name, request.query.version)),
  );
  app.get<{ Params: { name: string } }>('/designer/models/:name/versions', { schema: { params: nameParams } }, async (request) =>
    ok(await listModelVersions(db, request.params.name)),
  );
  // The model as a file for the repository's models/<area>/ folder.
  app.get<{ Params: { name: string }; Querystring: { version?: number } }>(
    '/designer/models/:name/export',
    { schema: { params: nameParams, querystring: { type: 'object', properties: { version } } } },
    async (request, reply) => {
      const definition = await modelDefinition(db, request.params.name, request.query.version);
      const folder = await areaOfModel(db, request.params.name);
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${folder}__${request.params.name}.json"`);
      return `${JSON.stringify(definition, null, 2)}\n`;
    },
  );

  // The editor's markers (every problem with its JSON path) and the table the model would have, without saving.
  app.post<{ Body: { definition: Record<string, unknown>; area?: string } }>(
    '/designer/models/check',
    { schema: { body: { type: 'object', required: ['definition'], properties: { definition: { type: 'object', title: '模型定义' }, area } } } },
    async (request) => {
      const problems = await modelProblems(db, request.body.definition, await context());
      const preview = problems.length === 0 ? await previewModel(db, request.body.definition as unknown as Model, request.body.area ?? BROWSER_MODEL_AREA) : null;
      return ok({ problems: problems.map(({ path, message }) => ({ path, message })), preview });
    },
  );

  app.post<{ Body: DefinitionBody }>('/designer/models', { schema: { body: definitionBody } }, async (request) => {
    const model = await checked(request.body.definition);
    auditChange(request, { row: model.name });
    const saved = await saveModelVersion(db, model, { comment: request.body.comment, author: authorOf(request.user), create: true, area: request.body.area ?? BROWSER_MODEL_AREA });
    return ok({ name: model.name, version: saved });
  });
  app.put<{ Params: { name: string }; Body: DefinitionBody }>('/designer/models/:name', { schema: { params: nameParams, body: definitionBody } }, async (request) => {
    const model = await checked(request.body.definition);
    if (model.name !== request.params.name) throw new ApiError('invalidInput', `模型名不可修改：${request.params.name}（另存为新模型请新建）`);
    const saved = await saveModelVersion(db, model, { comment: request.body.comment, author: authorOf(request.user), create: false, area: await areaOfModel(db, model.name) });
    return ok({ name: model.name, version: saved });
  });

  /** Publishes inside one transaction, builds the host for the new catalogue there, and serves it once committed. */
  const publish = async (name: string, published: number, user: SessionUser): Promise<ModelPublishResult> => {
    const outcome = await publishModel(db, name, published, authorOf(user), await context(), async (catalogue, catalogueVersion) => {
      try {
        return await modelHost.build(catalogue, catalogueVersion);
      } catch (error) {
        throw new ApiError('invalidInput', `模型无法提供接口，未发布：${(error as Error).message}`);
      }
    });
    modelHost.swap(outcome.prepared);
    return { name, version: published, changes: outcome.changes, catalogueVersion: outcome.catalogueVersion };
  };

  app.post<{ Params: { name: string }; Body: { version: number } }>(
    '/designer/models/:name/publish',
    { schema: { params: nameParams, body: { type: 'object', required: ['version'], properties: { version } } } },
    async (request) => {
      const result = await publish(request.params.name, request.body.version, request.user);
      auditChange(request, { row: request.params.name, after: result });
      return ok(result);
    },
  );
  // A rollback is a new version with the earlier definition, published at once when the model is; a change back that
  // would narrow a column is refused before anything is saved.
  app.post<{ Params: { name: string }; Body: { version: number } }>(
    '/designer/models/:name/rollback',
    { schema: { params: nameParams, body: { type: 'object', required: ['version'], properties: { version } } } },
    async (request) => {
      const { name } = request.params;
      const earlier = await modelDefinition(db, name, request.body.version);
      const preview = await previewModel(db, earlier, await areaOfModel(db, name));
      if (preview.refusals.length > 0) throw new ApiError('invalidInput', `不能回滚到版本 ${request.body.version}，数据库未做任何修改：${preview.refusals.join('；')}`);
      const copied = await copyVersionForRollback(db, name, request.body.version, authorOf(request.user));
      const result = (await isPublished(db, name)) ? await publish(name, copied, request.user) : { name, version: copied, changes: [], catalogueVersion: null };
      auditChange(request, { row: name, after: result });
      return ok(result);
    },
  );
};

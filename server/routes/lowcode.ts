// Screens (issue 10): the runtime reads the published version of a screen; the screen editor (menu 页面管理) lists,
// reads, saves, publishes, rolls back and exports them. Every save is checked with the one screen check, given what
// this server knows (its routes' keys, dictionary types and reports), and an invalid screen is refused.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { formatScreen } from '../../schemas/screen/formatScreen';
import { formatProblem } from '../../schemas/screen/screenChecks';
import {
  importScreenFiles,
  listScreens,
  listVersions,
  publishableMenus,
  publishedDefinition,
  publishScreen,
  rollbackScreen,
  saveScreenVersion,
  screenDefinition,
  type ScreenAuthor,
} from '../data/screenStore';
import { ok } from '../http/envelope';
import { sendRevalidated } from '../http/etag';
import { ApiError } from '../http/errors';
import { dictTypesOf, menuKnowledgeOf, reportsKnowledgeOf, routeKeysOf } from '../lowcode/screenKnowledge';
import { checkScreenOnServer } from '../lowcode/screenValidation';
import { readRuntimeConfigFile } from './runtimeConfig';
import { auditChange } from '../permissions/auditLog';
import type { SessionUser } from '../http/session';

const screenId = { type: 'string', title: '页面标识', pattern: '^[a-zA-Z0-9.]+$', maxLength: 100 } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: screenId } } as const;
const version = { type: 'integer', title: '版本', minimum: 1 } as const;
const screenBody = {
  type: 'object',
  required: ['definition'],
  properties: { definition: { type: 'object', title: '页面定义' }, comment: { type: 'string', title: '版本说明', maxLength: 500, default: '' } },
} as const;

interface ScreenBody {
  definition: Record<string, unknown>;
  comment: string;
}

const authorOf = (user: SessionUser): ScreenAuthor => ({ code: user.userCode, name: user.employeeName });

export const lowcodeRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config, reports = [] }) => {
  await importScreenFiles(db, config.screensDir);

  // The reports are those of the start (reports/ is read once); routes and dictionaries are asked for at each check.
  const reportsKnown = reportsKnowledgeOf(reports);
  const knowledge = async () => ({ routeKeys: routeKeysOf(app.routeAccessTable), dictTypes: await dictTypesOf(db), ...(await menuKnowledgeOf(db)), reports: reportsKnown });
  const services = async () => new Set(Object.keys((await readRuntimeConfigFile(config.webDir)).services));
  /** The checked definition, or the refusal naming the first problems with their JSON paths. */
  const checked = async (definition: unknown): Promise<{ id: string; title: string }> => {
    const result = await checkScreenOnServer(definition, { services: await services(), server: await knowledge() });
    if (result.ok) return result.screen;
    const shown = result.problems.slice(0, 3).map(formatProblem).join('；');
    throw new ApiError('invalidInput', `页面定义有误，未保存：${shown}${result.problems.length > 3 ? `（共 ${result.problems.length} 处）` : ''}`);
  };

  // The runtime: what staff see is the published version; with its ETag, a browser that holds it gets 304 (issue 20).
  app.get<{ Params: { id: string } }>('/screens/:id', { schema: { params: idParams } }, async (request, reply) =>
    sendRevalidated(request, reply, ok(await publishedDefinition(db, request.params.id))),
  );

  app.get('/designer/knowledge', async () => {
    const { routeKeys, dictTypes, reports: known } = await knowledge();
    return ok({ routeKeys: [...routeKeys].sort(), dictTypes: [...dictTypes].sort(), reports: known });
  });
  app.get('/designer/menus', async () => ok(await publishableMenus(db)));
  app.get<{ Querystring: { keyword?: string } }>(
    '/designer/screens',
    { schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', title: '关键字', maxLength: 100 } } } } },
    async (request) => ok(await listScreens(db, request.query.keyword, config.screensDir)),
  );
  app.get<{ Params: { id: string }; Querystring: { version?: number } }>(
    '/designer/screens/:id',
    { schema: { params: idParams, querystring: { type: 'object', properties: { version } } } },
    async (request) => ok(await screenDefinition(db, request.params.id, request.query.version)),
  );
  app.get<{ Params: { id: string } }>('/designer/screens/:id/versions', { schema: { params: idParams } }, async (request) =>
    ok(await listVersions(db, request.params.id)),
  );
  // The screen as a file for the repository's screens/ folder.
  app.get<{ Params: { id: string }; Querystring: { version?: number } }>(
    '/designer/screens/:id/export',
    { schema: { params: idParams, querystring: { type: 'object', properties: { version } } } },
    async (request, reply) => {
      const definition = await screenDefinition(db, request.params.id, request.query.version);
      const name = `${request.params.id.split('.').pop()}.json`;
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return formatScreen(definition);
    },
  );

  app.post<{ Body: ScreenBody }>('/designer/screens', { schema: { body: screenBody } }, async (request) => {
    const screen = await checked(request.body.definition);
    auditChange(request, { row: screen.id });
    const saved = await saveScreenVersion(db, screen, { comment: request.body.comment, author: authorOf(request.user), create: true });
    return ok({ id: screen.id, version: saved });
  });
  app.put<{ Params: { id: string }; Body: ScreenBody }>('/designer/screens/:id', { schema: { params: idParams, body: screenBody } }, async (request) => {
    const screen = await checked(request.body.definition);
    if (screen.id !== request.params.id) throw new ApiError('invalidInput', `页面标识不可修改：${request.params.id}（复制页面可另存为新标识）`);
    const saved = await saveScreenVersion(db, screen, { comment: request.body.comment, author: authorOf(request.user), create: false });
    return ok({ id: screen.id, version: saved });
  });
  app.post<{ Params: { id: string }; Body: { version: number; menuId: string } }>(
    '/designer/screens/:id/publish',
    {
      schema: {
        params: idParams,
        body: { type: 'object', required: ['version', 'menuId'], properties: { version, menuId: { type: 'string', title: '菜单', minLength: 1, maxLength: 50 } } },
      },
    },
    async (request) => {
      const { id } = request.params;
      // A version stored before a route or dictionary was removed must not reach staff.
      await checked(await screenDefinition(db, id, request.body.version));
      const published = await publishScreen(db, id, request.body.version, request.body.menuId, authorOf(request.user));
      return ok({ id, version: request.body.version, menuId: request.body.menuId, menuTitle: published.menuTitle });
    },
  );
  app.post<{ Params: { id: string }; Body: { version: number } }>(
    '/designer/screens/:id/rollback',
    { schema: { params: idParams, body: { type: 'object', required: ['version'], properties: { version } } } },
    async (request) => {
      const { id } = request.params;
      await checked(await screenDefinition(db, id, request.body.version));
      return ok({ id, version: await rollbackScreen(db, id, request.body.version, authorOf(request.user)) });
    },
  );
};

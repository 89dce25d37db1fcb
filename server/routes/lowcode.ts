import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app';
import { loadScreenFiles } from '../data/screens';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';

export const lowcodeRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  const screens = loadScreenFiles(config.screensDir);

  app.get<{ Params: { id: string } }>(
    '/screens/:id',
    { schema: { params: { type: 'object', properties: { id: { type: 'string', title: '页面标识', pattern: '^[a-zA-Z0-9.]+$' } } } } },
    async (request) => {
      const screen = screens.get(request.params.id);
      if (!screen) throw new ApiError('notFound', `页面定义不存在：${request.params.id}`);
      return ok(screen.definition);
    },
  );
};

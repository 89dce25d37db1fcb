import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import { fail } from './http/envelope';
import { ApiError, ERROR_CATALOGUE } from './http/errors';
import { authenticate, type SessionUser } from './http/session';
import { describeValidationErrors } from './http/validation';
import { authRoutes } from './routes/auth';
import { dictRoutes } from './routes/dict';
import { labourItemRoutes } from './routes/labourItems';
import { lowcodeRoutes } from './routes/lowcode';
import { repairRoutes } from './routes/repair';
import { tableLayoutRoutes } from './routes/tableLayouts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route of the authenticated scope. */
    user: SessionUser;
  }
}

export interface AppContext {
  db: Kysely<Database>;
  config: ServerConfig;
}

export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    ajv: { customOptions: { verbose: true, allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    schemaErrorFormatter: (errors) => new ApiError('invalidInput', describeValidationErrors(errors)),
    bodyLimit: 2 * 1024 * 1024,
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.send(fail(error.resultCode, error.message));
    if (error.statusCode && error.statusCode < 500) {
      request.log.info({ err: error }, 'rejected request');
      return reply.send(fail(ERROR_CATALOGUE.invalidInput.resultCode, ERROR_CATALOGUE.invalidInput.errMsg));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(fail(ERROR_CATALOGUE.internal.resultCode, ERROR_CATALOGUE.internal.errMsg));
  });

  await app.register(authRoutes, { prefix: '/api/auth', ...ctx });
  await app.register(
    async (scope) => {
      scope.decorateRequest('user', null as unknown as SessionUser);
      scope.addHook('preHandler', async (request) => {
        request.user = await authenticate(ctx.db, request.headers.authorization, ctx.config.jwtSecret);
      });
      await scope.register(dictRoutes, { prefix: '/dict', ...ctx });
      await scope.register(lowcodeRoutes, { prefix: '/lowcode', ...ctx });
      await scope.register(repairRoutes, { prefix: '/repair', ...ctx });
      await scope.register(labourItemRoutes, { prefix: '/repair', ...ctx });
      await scope.register(tableLayoutRoutes, { prefix: '/lowcode', ...ctx });
    },
    { prefix: '/api' },
  );

  const hasWebApp = existsSync(ctx.config.webDir);
  if (hasWebApp) await app.register(fastifyStatic, { root: ctx.config.webDir, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasWebApp) {
      return reply.code(404).send(fail(ERROR_CATALOGUE.routeNotFound.resultCode, ERROR_CATALOGUE.routeNotFound.errMsg));
    }
    // The app routes by hash, so any other address is the app itself.
    return reply.sendFile('index.html');
  });

  return app;
}

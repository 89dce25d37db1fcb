import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import type { AppContext } from './appContext';
import { createApiHost, isApiRequest } from './http/apiHost';
import { fail } from './http/envelope';
import { ERROR_CATALOGUE } from './http/errors';
import { registerStaticAssets } from './http/staticAssets';
import { oauthRoutes } from './routes/oauth';
import { runtimeConfigRoutes } from './routes/runtimeConfig';
import { serviceRoutes } from './routes/serviceRoutes';

export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = await createApiHost(ctx, options);

  await app.register(runtimeConfigRoutes, ctx);
  // The embedded identity provider's login page; an external OIDC provider replaces it.
  if (ctx.config.identity.provider === 'embedded') await app.register(oauthRoutes, { prefix: '/oauth', ...ctx });
  await serviceRoutes(app, ctx);

  const hasWebApp = existsSync(ctx.config.webDir);
  if (hasWebApp) await registerStaticAssets(app, ctx.config.webDir);
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request, app.apiBases) || !hasWebApp) {
      return reply.code(404).send(fail(ERROR_CATALOGUE.routeNotFound.resultCode, ERROR_CATALOGUE.routeNotFound.errMsg));
    }
    // The app routes by hash, so any other address is the app itself.
    return reply.sendFile('index.html');
  });

  return app;
}

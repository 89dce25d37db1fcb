import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import type { AppContext } from './appContext';
import { contentSecurityPolicy } from './http/contentSecurityPolicy';
import { fail } from './http/envelope';
import { ApiError, ERROR_CATALOGUE } from './http/errors';
import { NonceStore } from './http/nonceStore';
import { REQUEST_ID_HEADER, requestIdOf } from './http/requestId';
import { requestSignatureCheck } from './http/requestSignature';
import { registerIntegerBounds } from './http/integerBounds';
import { registerNulCharacterCheck } from './http/nulCharacters';
import { registerStaticAssets } from './http/staticAssets';
import { describeValidationErrors } from './http/validation';
import { oauthRoutes } from './routes/oauth';
import { runtimeConfigRoutes } from './routes/runtimeConfig';
import { serviceRoutes } from './routes/serviceRoutes';
import { registerAccessCheck } from './permissions/accessCheck';
import { registerAuditLog } from './permissions/auditLog';
import { registerRouteAccess, type RouteAccess } from './permissions/routeAccess';
import { readRuntimeConfigFile } from './routes/runtimeConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access and permission key (the authorisation matrix walks it). */
    routeAccessTable: RouteAccess[];
  }
}

const CLIENT_ERRORS: Record<number, { resultCode: number; errMsg: string }> = {
  413: ERROR_CATALOGUE.payloadTooLarge,
  415: ERROR_CATALOGUE.unsupportedMediaType,
};

/** A request for the api: its matched route's path, else its decoded path, starts with /api/. */
function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? decodedPath(request.url)).startsWith('/api/');
}

function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    ajv: { customOptions: { verbose: true, allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    schemaErrorFormatter: (errors) => new ApiError('invalidInput', describeValidationErrors(errors)),
    bodyLimit: 2 * 1024 * 1024,
    genReqId: requestIdOf,
    trustProxy: ctx.config.trustProxy,
    // The router's own refusals (a malformed percent-encoding, a path parameter over 100 characters) answer in the
    // envelope with a Chinese message like every other refusal, not in Fastify's English error format.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'rejected request');
      const known = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? ERROR_CATALOGUE.urlParameterTooLong : ERROR_CATALOGUE.badUrl;
      return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(fail(known.resultCode, known.errMsg)) as never);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  if (ctx.config.requestSigning.enabled) {
    const checkSignature = requestSignatureCheck(ctx.config.requestSigning, new NonceStore(ctx.db));
    // Decided by the route the router matched (it decodes the path), never by the raw url: `/%61pi/...` reaches the
    // same /api routes as `/api/...` and must be signed the same.
    app.addHook('onRequest', async (request) => {
      if (isApiRequest(request)) await checkSignature(request);
    });
  }

  // Keys are derived from the service registry the browser uses, so a key a screen computes is the key the server checks.
  const runtimeConfigFile = await readRuntimeConfigFile(ctx.config.webDir);
  const { services } = runtimeConfigFile;
  // Every answer carries the app's policy (the app's pages, its workers' scripts), unless it set a stricter one.
  const policy = contentSecurityPolicy(runtimeConfigFile);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
    return payload;
  });
  app.decorate('routeAccessTable', registerRouteAccess(app, services));
  registerAccessCheck(app, ctx.db, ctx.config.jwtSecret);
  registerAuditLog(app, ctx.db);
  registerNulCharacterCheck(app);
  registerIntegerBounds(app);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.send(fail(error.resultCode, error.message));
    if (error.statusCode && error.statusCode < 500) {
      request.log.info({ err: error }, 'rejected request');
      const known = CLIENT_ERRORS[error.statusCode] ?? ERROR_CATALOGUE.invalidInput;
      return reply.send(fail(known.resultCode, known.errMsg));
    }
    // The stack goes to the log under this request's id; the answer carries the id, never the stack.
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(fail(ERROR_CATALOGUE.internal.resultCode, ERROR_CATALOGUE.internal.errMsg, request.id));
  });

  await app.register(runtimeConfigRoutes, ctx);
  // The embedded identity provider's login page; an external OIDC provider replaces it.
  if (ctx.config.identity.provider === 'embedded') await app.register(oauthRoutes, { prefix: '/oauth', ...ctx });
  await serviceRoutes(app, ctx);

  const hasWebApp = existsSync(ctx.config.webDir);
  if (hasWebApp) await registerStaticAssets(app, ctx.config.webDir);
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || !hasWebApp) {
      return reply.code(404).send(fail(ERROR_CATALOGUE.routeNotFound.resultCode, ERROR_CATALOGUE.routeNotFound.errMsg));
    }
    // The app routes by hash, so any other address is the app itself.
    return reply.sendFile('index.html');
  });

  return app;
}

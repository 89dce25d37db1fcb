import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { Database } from './db/schema';
import { contentSecurityPolicy } from './http/contentSecurityPolicy';
import { fail } from './http/envelope';
import { ApiError, ERROR_CATALOGUE } from './http/errors';
import { NonceStore } from './http/nonceStore';
import { REQUEST_ID_HEADER, requestIdOf } from './http/requestId';
import { requestSignatureCheck } from './http/requestSignature';
import { registerStaticAssets } from './http/staticAssets';
import { registerSignedDateCheck } from './http/signedDate';
import { describeValidationErrors } from './http/validation';
import { administrationRoutes } from './routes/administration';
import { authRoutes } from './routes/auth';
import { basedataRoutes } from './routes/basedata';
import { bffRoutes } from './routes/bff';
import { bookingRoutes } from './routes/bookings';
import { contractTestRoutes, openApiContractTestRoutes } from './routes/contractTest';
import { dictRoutes } from './routes/dict';
import { downloadCentreRoutes } from './routes/downloadCentre';
import { fileRoutes, openApiFileRoutes } from './routes/files';
import { homeRoutes } from './routes/home';
import { labourItemRoutes } from './routes/labourItems';
import { salesTargetRoutes } from './routes/salesTargets';
import { lowcodeRoutes } from './routes/lowcode';
import { messageRoutes } from './routes/messages';
import { oauthRoutes } from './routes/oauth';
import { orgPickerRoutes } from './routes/orgPicker';
import { regionRoutes } from './routes/regions';
import { reminderRoutes } from './routes/reminders';
import { repairRoutes } from './routes/repair';
import { tableLayoutRoutes } from './routes/tableLayouts';
import { runtimeConfigRoutes } from './routes/runtimeConfig';
import { standalonePageRoutes } from './routes/standalonePages';
import { vehiclePhotoRoutes } from './routes/vehiclePhotos';
import { workflowRoutes } from './routes/workflow';
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
    genReqId: requestIdOf,
    trustProxy: ctx.config.trustProxy,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  if (ctx.config.requestSigning.enabled) {
    const checkSignature = requestSignatureCheck(ctx.config.requestSigning, new NonceStore(ctx.db));
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) await checkSignature(request);
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
  await app.register(authRoutes, { prefix: '/api/auth', ...ctx });
  await app.register(administrationRoutes, { prefix: '/api/auth', ...ctx });
  // The embedded identity provider's login page; an external OIDC provider replaces it.
  if (ctx.config.identity.provider === 'embedded') await app.register(oauthRoutes, { prefix: '/oauth', ...ctx });
  if (ctx.config.testRoutes) await app.register(contractTestRoutes, { prefix: '/api/test' });
  await app.register(
    async (scope) => {
      await scope.register(dictRoutes, { prefix: '/dict', ...ctx });
      await scope.register(lowcodeRoutes, { prefix: '/lowcode', ...ctx });
      await scope.register(repairRoutes, { prefix: '/repair', ...ctx });
      await scope.register(labourItemRoutes, { prefix: '/repair', ...ctx });
      await scope.register(tableLayoutRoutes, { prefix: '/lowcode', ...ctx });
      await scope.register(bookingRoutes, { prefix: '/repair', ...ctx });
      await scope.register(basedataRoutes, { prefix: '/basedata', ...ctx });
      await scope.register(reminderRoutes, { prefix: '/repair', ...ctx });
      await scope.register(regionRoutes, { prefix: '/dict', ...ctx });
      await scope.register(messageRoutes, { prefix: '/message', ...ctx });
      await scope.register(homeRoutes, ctx);
      await scope.register(standalonePageRoutes, ctx);
      await scope.register(workflowRoutes, { prefix: '/workflow', ...ctx });
      await scope.register(fileRoutes, { prefix: '/file', ...ctx });
      await scope.register(vehiclePhotoRoutes, { prefix: '/repair', ...ctx });
      await scope.register(bffRoutes, { prefix: '/bff', ...ctx });
      await scope.register(orgPickerRoutes, { prefix: '/org', ...ctx });
      await scope.register(downloadCentreRoutes, { prefix: '/2b/download', ...ctx });
      await scope.register(salesTargetRoutes, { prefix: '/2b/target', ...ctx });
    },
    { prefix: '/api' },
  );
  // The open api (back-office §7, e.g. the authenticated file preview): the signed-date scheme and the bearer token.
  await app.register(
    async (scope) => {
      if (ctx.config.requestSigning.enabled) registerSignedDateCheck(scope, ctx.config.requestSigning);
      if (ctx.config.testRoutes) await scope.register(openApiContractTestRoutes, { prefix: '/test' });
      await scope.register(openApiFileRoutes, { prefix: '/file', ...ctx });
    },
    { prefix: '/openapi' },
  );

  const hasWebApp = existsSync(ctx.config.webDir);
  if (hasWebApp) await registerStaticAssets(app, ctx.config.webDir);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasWebApp) {
      return reply.code(404).send(fail(ERROR_CATALOGUE.routeNotFound.resultCode, ERROR_CATALOGUE.routeNotFound.errMsg));
    }
    // The app routes by hash, so any other address is the app itself.
    return reply.sendFile('index.html');
  });

  return app;
}

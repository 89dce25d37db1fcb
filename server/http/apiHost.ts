// The base every api host is built on (see createApiHost below).
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { sharedValidators } from './sharedValidators';
import { fail } from './envelope';
import { ApiError, ERROR_CATALOGUE } from './errors';
import { NonceStore } from './nonceStore';
import { REQUEST_ID_HEADER, requestIdOf } from './requestId';
import { requestSignatureCheck } from './requestSignature';
import { registerIntegerBounds } from './integerBounds';
import { registerNulCharacterCheck } from './nulCharacters';
import { describeValidationErrors } from './validation';
import { registerAccessCheck } from '../permissions/accessCheck';
import { registerAuditLog } from '../permissions/auditLog';
import { registerRouteAccess, type RouteAccess } from '../permissions/routeAccess';
import { readRuntimeConfigFile } from '../routes/runtimeConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access and permission key (the authorisation matrix walks it). */
    routeAccessTable: RouteAccess[];
    /** The url prefixes of the api (apiBases): what is signed, and answered in the envelope when no route matches. */
    apiBases: string[];
  }
}

const CLIENT_ERRORS: Record<number, { resultCode: number; errMsg: string }> = {
  413: ERROR_CATALOGUE.payloadTooLarge,
  415: ERROR_CATALOGUE.unsupportedMediaType,
};

/**
 * The url prefixes of the api: /api, and each standalone service of the registry (building-blocks §7: payment,
 * charging-admin, org...) at its own base, which this server serves like any /api service. Not /openapi: it has its own
 * signing scheme (server/routes/serviceRoutes.ts).
 */
export function apiBases(services: Record<string, string>): string[] {
  const standalone = Object.values(services)
    .map((base) => base.replace(/\/+$/, ''))
    .filter((base) => /^\/[A-Za-z0-9-]+$/.test(base) && base !== '/api' && base !== OPEN_API_BASE);
  return ['/api', ...new Set(standalone)].sort();
}

const OPEN_API_BASE = '/openapi';

/** A request for the api: its matched route's path, else its decoded path, lies under one of `bases` (apiBases). */
export function isApiRequest(request: FastifyRequest, bases: readonly string[]): boolean {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return bases.some((base) => path.startsWith(`${base}/`));
}

export function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export interface ApiHostOptions {
  logger?: boolean;
  /** Log through this logger (the model host logs through the app's). */
  loggerInstance?: FastifyBaseLogger;
  /** Check request signatures (off for the model host: the app that hands it a request has checked it). */
  signing?: boolean;
}

/**
 * A Fastify instance with everything every api route relies on: the validation and its Chinese messages, request ids,
 * the signature check, route access, the access check, the audit log, the content policy and the error envelope. The
 * app is one; the model host (server/models/modelHost.ts) another, rebuilt when the models change.
 */
export async function createApiHost(ctx: AppContext, options: ApiHostOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger === false ? false : { level: ctx.config.logLevel } }),
    ajv: { customOptions: { verbose: true, allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true } },
    schemaController: { compilersFactory: { buildValidator: sharedValidators } },
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
  // Keys are derived from the service registry the browser uses, so a key a screen computes is the key the server checks.
  const runtimeConfigFile = await readRuntimeConfigFile(ctx.config.webDir);
  const { services } = runtimeConfigFile;
  const bases = apiBases(services);
  app.decorate('apiBases', bases);
  if (ctx.config.requestSigning.enabled && options.signing !== false) {
    const checkSignature = requestSignatureCheck(ctx.config.requestSigning, new NonceStore(ctx.db));
    // Decided by the route the router matched (it decodes the path), never by the raw url: `/%61pi/...` reaches the
    // same /api routes as `/api/...` and must be signed the same.
    app.addHook('onRequest', async (request) => {
      if (isApiRequest(request, bases)) await checkSignature(request);
    });
  }

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
  return app;
}


// The models' routes are served by a host of their own: a Fastify instance with the app's hooks (createApiHost) and
// every model's routes, built from the published models and rebuilt when one is published. Fastify cannot add or
// replace routes once the app is ready, so the app hands every request under an /api service prefix that none of its
// own routes matched to the current host (its own routes win in the router; the rest were answered "not found" before
// and still are, by the host). A publish on this instance swaps the host before it answers; another instance compares
// the catalogue version in the database at most once a second on the next such request (docs/decisions.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext';
import { apiBases, createApiHost, decodedPath } from '../http/apiHost';
import { fail } from '../http/envelope';
import { ApiError, ERROR_CATALOGUE } from '../http/errors';
import { REQUEST_ID_HEADER } from '../http/requestId';
import type { RouteAccess } from '../permissions/routeAccess';
import type { LoadedModel } from './modelCatalogue';
import type { ModelHooks } from './modelHooks';
import type { ProcessContext } from '../processes/processRuns';
import { modelRoutes } from './modelRoutes';
import { catalogueVersion, publishedModels } from './modelStore';

export interface ModelHostOptions extends AppContext {
  hooks: Readonly<Record<string, ModelHooks>>;
  services: Record<string, string>;
  /** Fixed models (engine tests): served as given, never reloaded from the database. */
  fixed?: LoadedModel[];
  /** What a transition that requires a process starts it with (server/processes). */
  processes: ProcessContext;
}

export interface BuiltHost {
  app: FastifyInstance;
  models: LoadedModel[];
  byName: ReadonlyMap<string, LoadedModel>;
  version: number;
}

export interface ModelHost {
  /** The models served now. */
  models(): LoadedModel[];
  /** The same, by name. */
  modelsByName(): ReadonlyMap<string, LoadedModel>;
  /** Builds (and readies) a host for `models`; throws what modelRoutes refuses (a call without its hook...). */
  build(models: LoadedModel[], version: number): Promise<BuiltHost>;
  /** Serves a built host from now on, unless a newer one already is. */
  swap(built: BuiltHost): void;
  /** Reloads when another instance published since the last look (at most once a second). */
  refresh(): Promise<void>;
}

const FRESH_MS = 1000;
/** Fastify's default maxParamLength. */
const MAX_PARAM_LENGTH = 100;
/** An old host still answering requests it was handed is closed this long after the swap. */
const RETIRE_MS = 30_000;

/** The url prefixes the models may be served under: every service of the registry under /api, and the standalone
 * services at their own bases (charging-admin, org-service...; apiBases), signed and checked like /api. */
export function modelPrefixes(services: Record<string, string>): string[] {
  const standalone = new Set(apiBases(services));
  const bases = Object.values(services).map((base) => base.replace(/\/+$/, ''));
  return [...new Set(bases)].filter((base) => base.startsWith('/api/') || standalone.has(base)).sort();
}

export async function mountModelHost(app: FastifyInstance, options: ModelHostOptions): Promise<ModelHost> {
  const { db, config, hooks, services, fixed, processes } = options;

  const build = async (models: LoadedModel[], version: number): Promise<BuiltHost> => {
    const host = await createApiHost({ db, config }, { signing: false, loggerInstance: app.log });
    await modelRoutes(host, { db, config, models, hooks, services, processes });
    host.setNotFoundHandler((_request, reply) => reply.code(404).send(fail(ERROR_CATALOGUE.routeNotFound.resultCode, ERROR_CATALOGUE.routeNotFound.errMsg)));
    await host.ready();
    return { app: host, models, byName: new Map(models.map((m) => [m.model.name, m])), version };
  };

  let current = fixed ? await build(fixed, 0) : await build(await publishedModels(db), await catalogueVersion(db));
  let listed: RouteAccess[] = [];
  const list = (built: BuiltHost) => {
    // The app's table lists the host's routes (keys for screens and menus, the authorisation matrix).
    const table = app.routeAccessTable;
    for (const entry of listed) table.splice(table.indexOf(entry), 1);
    listed = [...built.app.routeAccessTable];
    table.push(...listed);
  };
  list(current);

  const swap = (built: BuiltHost) => {
    if (built.version < current.version) {
      void built.app.close();
      return;
    }
    const retired = current;
    current = built;
    list(built);
    setTimeout(() => void retired.app.close(), RETIRE_MS).unref();
  };

  let lastLook = Date.now();
  let looking: Promise<void> | null = null;
  const refresh = async (): Promise<void> => {
    if (fixed || Date.now() - lastLook < FRESH_MS) return;
    looking ??= (async () => {
      try {
        const version = await catalogueVersion(db);
        if (version > current.version) swap(await build(await publishedModels(db), version));
      } finally {
        lastLook = Date.now();
        looking = null;
      }
    })();
    await looking;
  };

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // A path parameter over the router's limit made the app's own route give way to this wildcard: answer as it would.
    if (decodedPath(request.url).split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) throw new ApiError('urlParameterTooLong');
    await refresh();
    reply.hijack();
    // One id in both hosts' logs and in the answer.
    request.raw.headers[REQUEST_ID_HEADER] = request.id;
    current.app.routing(request.raw, reply.raw);
  };

  await app.register(async (scope) => {
    // The body is the host's to read (its parsers, limits and multipart uploads): left unread here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const prefix of modelPrefixes(services)) scope.all(`${prefix}/*`, { config: { delegated: true } }, forward);
  });
  app.addHook('onClose', async () => {
    await current.app.close();
  });

  return { models: () => current.models, modelsByName: () => current.byName, build, swap, refresh };
}

// Starts the real server in-process for one test file, on PGlite (TEST_DB=pglite, the default) or on a fresh database
// of the PostgreSQL server at TEST_DATABASE_URL (TEST_DB=postgres). `npm test` runs the server suite once each way.
// `call` and `login` sign every request as the browser does, so tests never deal with signatures unless they mean to.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomNonce, sha256Hex, signRequest, signWithDate } from '../../schemas/signing/signature';
import type { ServerConfig } from '../../server/config';
import { createPGlite } from '../../server/db/database';
import type { Envelope } from '../../server/http/envelope';
import type { RouteAccess } from '../../server/permissions/routeAccess';
import { DEMO_PASSWORD, MENUS } from '../../server/seed/catalogue';
import { screenMenuFiles } from '../../server/data/screenMenus';
import type { Menu } from '../../server/db/schema';
import { startServer, type RunningServer } from '../../server/start';
import { signInWithCode, type Call } from './codeFlow';
import { createPostgresDatabase } from '../support/postgresDatabase';
import type { TokenSet } from '../../schemas/api/session';
import { changesTheSeed, DB_KIND, SEEDED_PGLITE_ENV, SEEDED_POSTGRES_ENV, testServerConfig } from './testServerConfig';

export { DB_KIND, TEST_ANCHOR_DATE } from './testServerConfig';

export interface CallOptions extends InjectOptions {
  token?: string;
  /** false: send the request without a signature (tests of the signature check itself). */
  signed?: boolean;
  /**
   * The menuId header. Left out, a call with a token is made from the first seeded menu whose list holds the route's key,
   * as the browser sends the id of the screen that makes the call; null sends none.
   */
  menuId?: string | null;
}

export interface TestServer {
  server: RunningServer;
  app: FastifyInstance;
  config: ServerConfig;
  /** The seed catalogue's menus, then the menu leaves the screen files declare, as the server stored them at start. */
  menus: Menu[];
  /** Signs in through the authorization-code flow (login form, then code exchange); answers the access token. */
  login(userCode: string, password?: string): Promise<string>;
  /** The same sign-in, answering every token. */
  signIn(userCode: string, password?: string): Promise<TokenSet>;
  call<T = unknown>(options: CallOptions): Promise<Envelope<T> & { httpStatus: number }>;
  /** The signature headers the browser would add to this request (scheme by path: /openapi signed-date, else nonce). */
  signatureHeaders(method: string, url: string, body?: string): Record<string, string>;
  close(): Promise<void>;
}

/** The url with `query` appended the way the browser sends it (arrays repeated), so what is signed is what is sent. */
function withQuery(url: string, query: InjectOptions['query']): string {
  if (query === undefined) return url;
  const params = new URLSearchParams(typeof query === 'string' ? query : undefined);
  if (typeof query === 'object') {
    for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) if (one !== undefined) params.append(name, String(one));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The route a request url matches, `:name` parameters and `*` as Fastify reads them. */
export function routeOfUrl(table: readonly RouteAccess[], method: string, url: string): RouteAccess | undefined {
  const path = url.split('?')[0]!;
  const matches = (pattern: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+').replace(/\*/g, '.*')}$`).test(path);
  // Static segments win over parameters, as in Fastify's router: the route with the fewest parameters first.
  const candidates = table.filter((r) => r.method === method.toUpperCase() && matches(r.url));
  return candidates.sort((a, b) => a.url.split(':').length - b.url.split(':').length)[0];
}

/** The first seeded menu whose list holds the key of the route `url` matches; undefined for non-menu routes. */
export function seededMenuOf(table: readonly RouteAccess[], method: string, url: string, menus: readonly Menu[] = MENUS): string | undefined {
  const route = routeOfUrl(table, method, url);
  if (!route || route.access !== 'menu' || !route.key) return undefined;
  return menus.find((menu) => menu.permission.includes(route.key!))?.id;
}

export interface TestServerOptions {
  /** Migrate and seed a database of its own instead of starting from a copy of the one seeded for the project (a test
   * of the seeding itself). */
  ownSeed?: boolean;
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-server-test-'));
  const fromSeeded = !options.ownSeed && !changesTheSeed(overrides);
  const template = fromSeeded ? process.env[SEEDED_POSTGRES_ENV] : undefined;
  const dump = fromSeeded ? process.env[SEEDED_PGLITE_ENV] : undefined;
  const postgres = DB_KIND === 'postgres' ? await createPostgresDatabase(undefined, template) : undefined;
  const config = testServerConfig(dataDir, postgres?.url, overrides);
  const pglite = postgres ? undefined : await createPGlite(undefined, dump ? new Blob([readFileSync(dump)]) : undefined);
  const server = await startServer(config, { listen: false, logger: false, pglite });
  const app = server.app;
  const signing = config.requestSigning;
  const screenMenuIds = screenMenuFiles(config.screensDir).map((f) => f.menuId);
  const screenMenus = screenMenuIds.length > 0 ? await server.database.db.selectFrom('menus').selectAll().where('id', 'in', screenMenuIds).orderBy('sort').execute() : [];
  const menus: Menu[] = [...MENUS, ...screenMenus];

  const signatureHeaders: TestServer['signatureHeaders'] = (method, url, body = '') =>
    url.startsWith('/openapi/')
      ? signWithDate({ accessKey: signing.openApiAccessKey, secret: signing.openApiSecret }, { method, url, contentHash: sha256Hex(body) }, Date.now())
      : signRequest(signing.key, { method, url }, Date.now(), randomNonce());

  const call: TestServer['call'] = async ({ token, headers, signed = true, query, url, payload, menuId, ...options }) => {
    const target = withQuery(String(url), query);
    const method = String(options.method ?? 'GET');
    const menu = menuId === undefined ? (token ? seededMenuOf(app.routeAccessTable, method, target, menus) : undefined) : menuId;
    // Objects are serialised here so the signed-date scheme hashes the bytes sent.
    const isObject = payload !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload);
    const body = isObject ? JSON.stringify(payload) : (payload as string | Buffer | undefined);
    const response = await app.inject({
      ...options,
      url: target,
      payload: body,
      headers: {
        ...(isObject ? { 'content-type': 'application/json' } : {}),
        ...(signed ? signatureHeaders(method, target, typeof body === 'string' ? body : '') : {}),
        ...(menu ? { menuId: menu } : {}),
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    // A file answer (an export, a template) is not an envelope: its bytes come back as data.
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    const envelope = isJson ? (response.json() as Envelope<never>) : ({ resultCode: response.statusCode, errMsg: '', data: response.rawPayload } as unknown as Envelope<never>);
    return { ...envelope, httpStatus: response.statusCode };
  };

  return {
    server,
    app,
    config,
    menus,
    call,
    signatureHeaders,
    login: async (userCode, password = DEMO_PASSWORD) => (await signInWithCode(call as Call, userCode, password)).token,
    signIn: (userCode, password = DEMO_PASSWORD) => signInWithCode(call as Call, userCode, password),
    close: async () => {
      await server.stop();
      await pglite?.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

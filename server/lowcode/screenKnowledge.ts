// What the server knows that a screen may refer to: the permission keys of its routes and its dictionary types. The
// editor fetches it (GET lowcode/screenKnowledge), the server checks screens it stores against it, and
// `npm run screens:check` builds the same lists without a database (offlineScreenKnowledge).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { routeKeyShape, type ServerKnowledge } from '../../runtime/screen/screenChecks';
import type { Database } from '../db/schema';
import type { RouteAccess } from '../permissions/routeAccess';
import { DICTIONARY } from '../seed/catalogue';

/** The keys of every route a screen may call (public sign-in routes excluded), placeholders blanked. */
export function routeKeysOf(table: readonly RouteAccess[]): Set<string> {
  return new Set(table.filter((route) => route.key !== null && route.access !== 'public').map((route) => routeKeyShape(route.key!)));
}

export async function dictTypesOf(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('dictCodes').select('type').distinct().execute();
  return new Set(rows.map((row) => row.type));
}

/**
 * The same lists with no database: the app's routes are registered against a driver that answers every query with no
 * rows (route registration reads nothing it needs), and the dictionary types come from the seed catalogue.
 */
export async function offlineScreenKnowledge(): Promise<ServerKnowledge> {
  const [{ buildApp }, { loadConfig }] = await Promise.all([import('../app'), import('../config')]);
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-routes-'));
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (d) => new PostgresIntrospector(d),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  // No web directory: the service registry then comes from runtime/public/config.json, the repository's own, not from a
  // build in dist/ that may predate it.
  const secrets = { JWT_SECRET: 'offline', REQUEST_SIGNING_KEY: 'offline', OPENAPI_SECRET: 'offline', DATA_DIR: dataDir, WEB_DIR: join(dataDir, 'no-web-app'), FILE_STORE: 'local' };
  const app = await buildApp({ db, config: loadConfig({ ...process.env, ...secrets }) }, { logger: false });
  try {
    await app.ready();
    return { routeKeys: routeKeysOf(app.routeAccessTable), dictTypes: new Set(DICTIONARY.map((entry) => entry.type)) };
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// What `npm run screens:check` (and the unit tests) check screens against when no server runs: the routes, dictionary
// types and services the server would know, built without a database and without the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { declaredDictionaries } from '../../schemas/model/modelChecks';
import type { ScreenCheckContext } from '../../schemas/screen/screenChecks';
import { loadConfig } from '../config';
import type { Database } from '../db/schema';
import { registerRouteAccess } from '../permissions/routeAccess';
import { readRuntimeConfigFile } from '../routes/runtimeConfig';
import { serviceRoutes } from '../routes/serviceRoutes';
import { repositoryModels, type LoadedModel } from '../models/modelCatalogue';
import { loadReports } from '../reports/reportCatalogue';
import { DICTIONARY, MENUS, ROLES } from '../seed/catalogue';
import { reportsKnowledgeOf, routeKeysOf } from './screenKnowledge';

/**
 * The check's whole context with no database and without the app: the service routes (server/routes/serviceRoutes.ts)
 * are registered on a bare Fastify against a driver that answers every query with no rows (registration reads nothing
 * it needs), the dictionary types, menu folders and roles come from the seed catalogue, the services from the
 * repository's runtime config. The models are the repository's unless the caller names others.
 */
export async function offlineScreenCheckContext(models: LoadedModel[] = repositoryModels()): Promise<ScreenCheckContext> {
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
  const config = loadConfig({ ...process.env, ...secrets });
  const { services } = await readRuntimeConfigFile(config.webDir);
  const app = Fastify({ logger: false });
  const table = registerRouteAccess(app, services);
  app.decorate('routeAccessTable', table);
  try {
    // The repository's models and their reports: the database that would hold the published ones is not there.
    const reports = loadReports(models);
    await serviceRoutes(app, { db, config, models, reports });
    await app.ready();
    return {
      services: new Set(Object.keys(services)),
      server: {
        routeKeys: routeKeysOf(table),
        // The seed's dictionaries and those the models bring (added at every start).
        dictTypes: new Set([...DICTIONARY.map((entry) => entry.type), ...declaredDictionaries(models.map((m) => m.model)).keys()]),
        // The seed's menu folders and roles: what a screen's menu block may name.
        menuFolders: new Set(MENUS.filter((m) => m.component === null).map((m) => m.id)),
        roleCodes: new Set(ROLES.map((r) => r.roleCode)),
        // The repository's reports: a dashboard's items are checked against their dimensions, measures and filters.
        reports: reportsKnowledgeOf(reports),
      },
    };
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

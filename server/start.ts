import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type OpenedDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { openBackgroundJobs, type BackgroundJobs } from './jobs/backgroundJobs';
import { defaultSeedAnchor, seedIfEmpty, type SeedSummary } from './seed';
import { seedRunningApprovals } from './seed/runningApprovals';
import { seedDemoRefunds } from './seed/demoRefunds';
import { seedSalesPartsApprovals } from './seed/salesPartsApprovals';
import type { PGlite } from '@electric-sql/pglite';
import type { LoadedModel } from './models/modelCatalogue';
import { importModelFiles, publishedModels } from './models/modelStore';
import { migrateModels } from './models/modelMigrations';
import { addModelDictionaries } from './models/modelDictionaries';
import { syncScreenMenus } from './data/screenMenus';
import { startTimerSweep } from './processes/processTimers';
import { startChargingDaySweep } from './jobs/chargingDaySweep';
import { migrateReportRollups } from './reports/reportRollups';
import { loadReports } from './reports/reportCatalogue';
import { repositoryModels } from './models/modelCatalogue';

export interface RunningServer {
  app: FastifyInstance;
  database: OpenedDatabase;
  jobs: BackgroundJobs;
  seeded: SeedSummary | null;
  /** http://host:port the server listens on (when started with listen). */
  address: string;
  /** The graceful stop: no new connections, requests in flight answered (within the grace), running jobs handed back to
   * the queue, then the database closed. */
  stop(): Promise<void>;
}

export interface StartOptions {
  listen?: boolean;
  logger?: boolean;
  pglite?: PGlite;
  /** Fixture models instead of the repository's (engine tests). */
  models?: LoadedModel[];
}

/** Opens the database, migrates, seeds a fresh one, and builds (and optionally starts) the HTTP server and its jobs. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pglite: options.pglite, poolSize: config.databasePoolSize });
  let jobs: BackgroundJobs | undefined;
  try {
    await migrateToLatest(database.db);
    // The models are the published versions stored on the server, models/ files imported first (unless edited on the
    // server since); their tables follow their JSON (additive only; a narrowing change stops the start with its reason).
    if (!options.models) await importModelFiles(database.db);
    const models = options.models ?? (await publishedModels(database.db));
    await migrateModels(database.db, models);
    const seeded = await seedIfEmpty(database.db, { anchorDate: config.seedAnchorDate ?? defaultSeedAnchor(), models, seedScale: config.seedScale, now: Date.now() });
    await addModelDictionaries(database.db, models.map((m) => m.model));
    // The reports' summary tables (reports/*.json rollup), made or made again when their definition changed.
    if (!options.models) await migrateReportRollups(database.db, loadReports(repositoryModels()));
    // Errors of jobs go to the app's log once it exists.
    let app: FastifyInstance | undefined;
    const log = (error: unknown, message: string) => (app ? app.log.error({ err: error }, message) : console.error(message, error));
    jobs = await openBackgroundJobs(database, config, log);
    app = await buildApp({ db: database.db, config, ...(options.models ? { models: options.models } : {}) }, { logger: options.logger });
    await app.ready();
    // The demo's approvals under way go through the runner the app serves, so they need the app (issue 23).
    if (seeded) {
      await seedRunningApprovals(app.processContext);
      await seedSalesPartsApprovals(app.processContext);
      await seedDemoRefunds(app.processContext);
    }
    // Screen files that declare their menu get it (created or updated), with keys derived from the routes now known.
    const screenMenus = await syncScreenMenus(database.db, config.screensDir, app.routeAccessTable, models);
    for (const problem of screenMenus.problems) app.log.warn(problem);
    let address = '';
    if (options.listen !== false) address = await app.listen({ host: config.host, port: config.port });
    await jobs.start();
    // Due process timers (escalations) are fired by every instance; each is taken once under its instance's lock.
    const stopTimers = startTimerSweep(app.processContext, log);
    const stopStationDays = startChargingDaySweep(database.db, models, log);
    const running = app;
    const started = jobs;
    return {
      app,
      database,
      jobs,
      seeded,
      address,
      stop: async () => {
        stopTimers();
        stopStationDays();
        await closeWithin(running, config.jobs.shutdownGraceSeconds * 1000);
        await started.stop();
        await database.close();
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    await database.close();
    throw error;
  }
}

/** Fastify's close answers the requests in flight (new ones on kept-alive connections get 503); past the grace, the
 * connections still open are cut so a stuck client cannot hold the shutdown. */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const closed = app.close();
  const timer = setTimeout(() => app.server.closeAllConnections?.(), graceMs);
  try {
    await closed;
  } finally {
    clearTimeout(timer);
  }
}

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type OpenedDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { defaultSeedAnchor, seedIfEmpty, type SeedSummary } from './seed';
import type { PGlite } from '@electric-sql/pglite';

export interface RunningServer {
  app: FastifyInstance;
  database: OpenedDatabase;
  seeded: SeedSummary | null;
  /** http://host:port the server listens on (when started with listen). */
  address: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  listen?: boolean;
  logger?: boolean;
  pglite?: PGlite;
}

/** Opens the database, migrates, seeds a fresh one, and builds (and optionally starts) the HTTP server. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, pglite: options.pglite });
  try {
    await migrateToLatest(database.db);
    const seeded = await seedIfEmpty(database.db, { anchorDate: config.seedAnchorDate ?? defaultSeedAnchor() });
    const app = await buildApp({ db: database.db, config }, { logger: options.logger });
    let address = '';
    if (options.listen !== false) address = await app.listen({ host: config.host, port: config.port });
    else await app.ready();
    return {
      app,
      database,
      seeded,
      address,
      stop: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

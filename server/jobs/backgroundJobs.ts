// The server's background jobs: one queue (pg-boss when the database is PostgreSQL, in-process on PGlite) with the
// export and import runners on it. start.ts opens them before the routes are built and stops them on shutdown; the
// routes find them by their database handle.
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { OpenedDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { ExportRunner } from '../exports/exportJobs';
import { createFileStore } from '../files/fileStores';
import { ImportRunner } from '../imports/importJobs';
import { InProcessQueue } from './inProcessQueue';
import type { JobQueue } from './jobQueue';
import { PgBossQueue } from './pgBossQueue';

export interface BackgroundJobs {
  queue: JobQueue;
  exports: ExportRunner;
  imports: ImportRunner;
  /** Takes jobs from the queue (and, on the in-process queue, sends again those a stop left unfinished). */
  start(): Promise<void>;
  /** Takes no more; running jobs are handed back to the queue. */
  stop(): Promise<void>;
}

type Log = (error: unknown, message: string) => void;

const byDatabase = new WeakMap<Kysely<Database>, BackgroundJobs>();

function assemble(db: Kysely<Database>, config: ServerConfig, queue: JobQueue, log: Log): BackgroundJobs {
  const store = createFileStore(config);
  const exports = new ExportRunner(db, store, queue, { keepDays: config.files.exportKeepDays, onError: (error) => log(error, 'export job failed') });
  const imports = new ImportRunner(db, store, queue, (error) => log(error, 'import job failed'));
  return {
    queue,
    exports,
    imports,
    start: async () => {
      await exports.start();
      await imports.start();
    },
    stop: async () => {
      await queue.stop();
      store.close?.();
    },
  };
}

/** Opens the queue the database calls for and registers the runners for the routes of this database. */
export async function openBackgroundJobs(database: OpenedDatabase, config: ServerConfig, log: Log): Promise<BackgroundJobs> {
  const queue =
    database.kind === 'postgres' && config.databaseUrl
      ? await PgBossQueue.start({ connectionString: config.databaseUrl, expireSeconds: config.jobs.expireSeconds, onError: (error) => log(error, 'job queue error') })
      : new InProcessQueue((error) => log(error, 'job failed'));
  const jobs = assemble(database.db, config, queue, log);
  byDatabase.set(database.db, jobs);
  return jobs;
}

/** The jobs of this database's server. An app built without start.ts (the route table of screenKnowledge) gets an
 * in-process queue of its own that is not started: what is sent to it waits until someone calls start(). */
export function backgroundJobsOf(db: Kysely<Database>, config: ServerConfig): BackgroundJobs {
  let jobs = byDatabase.get(db);
  if (!jobs) {
    jobs = assemble(db, config, new InProcessQueue(), () => undefined);
    byDatabase.set(db, jobs);
  }
  return jobs;
}

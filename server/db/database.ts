import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { resolve } from 'node:path';
import { PGliteDialect } from './pgliteDialect';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded database itself (backups); unset on PostgreSQL. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** An already started PGlite to reuse (tests share one per file: it takes seconds to start). */
  pglite?: PGlite;
  /** PostgreSQL connections this process keeps at most (DATABASE_POOL_SIZE; pg-boss keeps 3 more of its own). */
  poolSize?: number;
}

// Both drivers must hand back the same JavaScript values: bigint ids and numeric money as numbers, dates as text.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const asText = (value: string) => value;

// Postgres keeps up to max_wal_size (1 GB) of write-ahead log and recycles, never frees, the segments a checkpoint
// passes. The embedded database runs in one process with no replica and no archive, so that log only costs: the seeded
// demo carried 268 MB of it (16 segments) beside 162 MB of data, and every copy of it (a backup, each test's start from
// the seeded dump) read and wrote it all. Two segments are enough for crash recovery after a checkpoint.
const EMBEDDED_WAL_LIMITS = ['-c', 'max_wal_size=32MB', '-c', 'min_wal_size=32MB'];
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, ...EMBEDDED_WAL_LIMITS];

/** Starts an embedded Postgres; without a directory it lives in memory (tests). `loadDataDir`: a backup to start from. */
export function createPGlite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', {
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: EMBEDDED_START_PARAMS,
    parsers: { [pgliteTypes.INT8]: toNumber, [pgliteTypes.NUMERIC]: toNumber, [pgliteTypes.DATE]: asText },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
          if (oid === INT8 || oid === NUMERIC) return toNumber;
          if (oid === DATE) return asText;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    // pool.end() resolves once its clients are told to end, not once they have: waiting for each one's 'remove' keeps
    // a database dropped right after close (the tests' teardown) from killing a connection still saying goodbye.
    const close = async () => {
      let open = pool.totalCount;
      const ended = new Promise<void>((resolve) => (open === 0 ? resolve() : pool.on('remove', () => --open === 0 && resolve())));
      await db.destroy();
      // A client that never finished connecting emits no 'remove': the wait is bounded.
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    };
    return { db, kind: 'postgres', close };
  }
  const pglite = options.pglite ?? (await createPGlite(resolve(options.dataDir, 'pglite')));
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!options.pglite) await pglite.close();
    },
  };
}

// Backups of the embedded database (npm run db:backup / db:restore). PGlite's data directory belongs to the one process
// that opened it, so a running server makes its own copy (asked by the backup script with SIGUSR2, server/main.ts),
// and a stopped one is copied by the script itself. The copy is PGlite's dumpDataDir (a gzipped tar of PGDATA) taken
// after a CHECKPOINT while this process holds the database's only connection: no transaction is half way, so the copy is
// the database as of one moment, and it opens as that moment. PostgreSQL is backed up with pg_dump (README).
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createPGlite } from './database';
import type { Database } from './schema';

/** The file a running server writes its process id into, so the backup script knows whom to ask. */
export const pidFileOf = (dataDir: string) => join(dataDir, 'server.pid');
/** Where the script tells a running server to write the copy; the server removes it when the copy is written. */
export const requestFileOf = (dataDir: string) => join(dataDir, 'backup-request');
export const embeddedDirOf = (dataDir: string) => resolve(dataDir, 'pglite');

export function defaultBackupFile(dataDir: string, now = new Date()): string {
  return resolve(dataDir, 'backups', `dms-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}

/** Writes a consistent copy of the open embedded database to `file` (through a temporary name, so a copy cut off half
 * way never looks finished). */
export async function backUpEmbedded(db: Kysely<Database>, pglite: PGlite, file: string): Promise<number> {
  const bytes = await db.connection().execute(async (connection) => {
    await sql`checkpoint`.execute(connection);
    return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
  return bytes.length;
}

/** The process id of a server running on this data directory, if any. */
export function runningServer(dataDir: string): number | undefined {
  const file = pidFileOf(dataDir);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Replaces the embedded database with the copy in `file`; the one it replaces is kept beside it. Refused while a server
 * runs on the directory. Answers where the previous database was moved. */
export async function restoreEmbedded(dataDir: string, file: string, now = new Date()): Promise<string | undefined> {
  if (runningServer(dataDir)) throw new Error('服务正在使用该数据目录，请先停止服务再恢复');
  const bytes = readFileSync(file);
  const target = embeddedDirOf(dataDir);
  const incoming = `${target}.restoring`;
  rmSync(incoming, { recursive: true, force: true });
  // Opened once from the copy (which also proves it is one), written to its own directory, then swapped in.
  const restored = await createPGlite(incoming, new Blob([bytes]));
  await restored.query('select 1');
  await restored.close();
  let kept: string | undefined;
  if (existsSync(target)) {
    kept = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, kept);
  }
  renameSync(incoming, target);
  return kept;
}

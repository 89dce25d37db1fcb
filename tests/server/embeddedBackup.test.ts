// npm run db:backup / db:restore on the embedded database (issue 19): a copy taken while writes go on is the database
// of one moment (no transaction half in it), and a restore brings that data back into the data directory.
import { sql } from 'kysely';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { backUpEmbedded, restoreEmbedded } from '../../server/db/embeddedBackup';
import { migrateToLatest } from '../../server/db/migrate';

describe('embedded database backup and restore', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-backup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('copies the running database while transactions write, and restores the copy with whole transactions only', async () => {
    const file = join(dataDir, 'backups', 'copy.tar.gz');
    const live = await openDatabase({ dataDir });
    let written = 0;
    try {
      await migrateToLatest(live.db);
      await sql`create table backup_probe (pair integer not null, side integer not null)`.execute(live.db);
      // Each transaction writes a pair of rows: a copy taken in the middle of one would hold an odd count.
      let writing = true;
      const writer = (async () => {
        for (let pair = 1; writing; pair++) {
          await live.db.transaction().execute(async (tx) => {
            await sql`insert into backup_probe values (${pair}, 1)`.execute(tx);
            await new Promise((resolve) => setTimeout(resolve, 1));
            await sql`insert into backup_probe values (${pair}, 2)`.execute(tx);
          });
          written = pair;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const size = await backUpEmbedded(live.db, live.pglite!, file);
      writing = false;
      await writer;
      expect(size).toBeGreaterThan(100_000);
      expect(existsSync(`${file}.partial`)).toBe(false);
    } finally {
      await live.close();
    }

    const kept = await restoreEmbedded(dataDir, file);
    expect(kept && existsSync(kept)).toBe(true);
    const restored = await openDatabase({ dataDir });
    try {
      const { rows } = await sql<{ n: number; pairs: number }>`select count(*)::int n, count(distinct pair)::int pairs from backup_probe`.execute(restored.db);
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(rows[0]!.n).toBe(rows[0]!.pairs * 2);
      // Taken while writing went on: not the end state.
      expect(rows[0]!.pairs).toBeLessThan(written);
      // The schema came back with the data (the migrations' own table).
      const { rows: migrations } = await sql<{ n: number }>`select count(*)::int n from kysely_migration`.execute(restored.db);
      expect(migrations[0]!.n).toBeGreaterThan(10);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a directory a running server holds', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dataDir, 'server.pid'), String(process.pid));
    await expect(restoreEmbedded(dataDir, join(dataDir, 'backups', 'copy.tar.gz'))).rejects.toThrow('请先停止服务');
    rmSync(join(dataDir, 'server.pid'));
  });
});

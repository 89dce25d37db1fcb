// Vitest global set-up of the server project: migrates and seeds one database (the demo world and its running
// approvals, several seconds a start) that every test file's server then starts from a copy of, as the end-to-end
// set-up does: on PGlite a dump of its data directory, on PostgreSQL a template database. Each file still gets its own
// copy, so files never see each other's writes; a file whose configuration changes what is seeded seeds its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPGlite } from '../../server/db/database';
import { startServer } from '../../server/start';
import { createPostgresDatabase } from '../support/postgresDatabase';
import { DB_KIND, SEEDED_PGLITE_ENV, SEEDED_POSTGRES_ENV, testServerConfig } from './testServerConfig';

export default async function seedOnce(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-server-seed-'));
  if (DB_KIND === 'postgres') {
    const postgres = await createPostgresDatabase();
    const server = await startServer(testServerConfig(dataDir, postgres.url), { listen: false, logger: false });
    await server.stop();
    process.env[SEEDED_POSTGRES_ENV] = postgres.name;
    return async () => {
      await postgres.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const pglite = await createPGlite();
  const server = await startServer(testServerConfig(dataDir, undefined), { listen: false, logger: false, pglite });
  await server.stop();
  // A checkpoint first lets the dump leave out the write-ahead log the seeding wrote (server/db/database.ts), and the
  // dump stays uncompressed: every file's start reads it, and unpacking 200 MB of tar costs less than gunzip (0.9 s
  // against 1.8 s a start; the gzip dump with its log took 4.8 s).
  await pglite.exec('CHECKPOINT');
  const dump = join(dataDir, 'seeded.tar');
  writeFileSync(dump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  process.env[SEEDED_PGLITE_ENV] = dump;
  return async () => rmSync(dataDir, { recursive: true, force: true });
}

import { sql, type Kysely } from 'kysely';

// Labour items and sales targets moved onto the model engine, whose import and export kinds are `model:<name>`
// (server/models/modelSheets.ts). Jobs made before keep working: a queued export finds its exporter, and
// GET .../import/last still answers the user's last import.
const KINDS = [
  ['labourItems', 'model:labourItem'],
  ['salesTargets', 'model:salesTarget'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [before, after] of KINDS) {
    await sql`update import_jobs set kind = ${after} where kind = ${before}`.execute(db);
    await sql`update export_jobs set kind = ${after} where kind = ${before}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [before, after] of KINDS) {
    await sql`update import_jobs set kind = ${before} where kind = ${after}`.execute(db);
    await sql`update export_jobs set kind = ${before} where kind = ${after}`.execute(db);
  }
}

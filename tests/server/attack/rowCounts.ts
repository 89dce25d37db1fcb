// "Nothing written": the number of rows of every table of the database, read from the catalogue so a table added
// tomorrow is counted too. The bookkeeping of requests themselves is left out: every signed request stores its nonce,
// every write attempt (refused ones included) is audited, and signing in records failures, codes and sessions.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

const BOOKKEEPING = new Set(['request_nonces', 'audit_log', 'login_failures', 'oauth_codes', 'auth_sessions', 'refresh_tokens', 'kysely_migration', 'kysely_migration_lock']);

export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (BOOKKEEPING.has(name)) continue;
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

// The kept row counts of owner-scoped model tables (table owner_row_counts, migration 0018): attached to a table by the
// model migration, read by a list that has no filter, so its total (共 N 条) never counts a dealer's rows one by one.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { snake } from './columns';
import type { LoadedModel } from './modelCatalogue';

/** The trigger whose presence says a table's counts are kept. */
const MARK = 'owner_row_counts_added';

/** The tables among `tables` (snake case) whose counts are kept already. */
export async function tablesWithKeptCounts<DB>(db: Kysely<DB>, tables: string[]): Promise<Set<string>> {
  if (tables.length === 0) return new Set();
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and t.tgname = ${MARK} and c.relname = any(${tables})`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/**
 * What starts keeping a table's counts: its counts taken while writes wait (the lock lasts to the end of the migration's
 * transaction, so no row is written between the count and the triggers), then the triggers.
 */
export function keepCountsStatements(table: string): RawBuilder<unknown>[] {
  const name = snake(table);
  const target = sql.table(name);
  const triggers: [string, RawBuilder<unknown>][] = [
    ['owner_row_counts_added', sql`after insert on ${target} referencing new table as added_rows for each statement execute function owner_row_counts_added()`],
    ['owner_row_counts_removed', sql`after delete on ${target} referencing old table as removed_rows for each statement execute function owner_row_counts_removed()`],
    ['owner_row_counts_moved', sql`after update of owner_code on ${target} for each row when (old.owner_code is distinct from new.owner_code) execute function owner_row_counts_moved()`],
    ['owner_row_counts_emptied', sql`after truncate on ${target} for each statement execute function owner_row_counts_emptied()`],
  ];
  return [
    sql`lock table ${target} in share row exclusive mode`,
    sql`delete from owner_row_counts where table_name = ${name}`,
    sql`insert into owner_row_counts (table_name, owner_code, row_count) select ${name}, owner_code, count(*) from ${target} where owner_code is not null group by owner_code`,
    // Dropped and created rather than CREATE OR REPLACE TRIGGER, which needs PostgreSQL 14.
    ...triggers.flatMap(([trigger, definition]) => [sql`drop trigger if exists ${sql.id(trigger)} on ${target}`, sql`create trigger ${sql.id(trigger)} ${definition}`]),
  ];
}

/** The rows of `loaded` the dealers `ownerCodes` hold, from the kept counts: exactly `count(*) where owner_code in (...)`. */
export async function keptRowCount<DB>(db: Kysely<DB>, loaded: LoadedModel, ownerCodes: string[]): Promise<number> {
  const { rows } = await sql<{ total: number | string | null }>`
    select sum(row_count) as total from owner_row_counts where table_name = ${snake(loaded.table)} and owner_code = any(${ownerCodes})`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

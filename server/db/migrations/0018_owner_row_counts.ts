import { sql, type Kysely } from 'kysely';

// The rows each dealer holds in each owner-scoped model table, kept exact by triggers (issue 19, load): an unfiltered
// list answers its total from here instead of counting a dealer's rows (190,513 orders for one dealer at 1,000,000
// orders took 46 ms of two cores per list request on PostgreSQL). The model migration (server/models/ownerRowCounts.ts)
// fills a table's counts and attaches these functions to it. Statement triggers see every written row at once and add
// each dealer's difference in dealer order, so a statement touching several dealers takes their counter rows in one
// order. The counter row of a dealer is locked until the writing transaction ends, as its naming-series row already is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table owner_row_counts (
    table_name varchar(63) not null,
    owner_code varchar(32) not null,
    row_count bigint not null,
    primary key (table_name, owner_code)
  )`.execute(db);
  await sql`create function owner_row_counts_added() returns trigger language plpgsql as $$
    begin
      insert into owner_row_counts as c (table_name, owner_code, row_count)
        select tg_table_name, r.owner_code, count(*) from added_rows r where r.owner_code is not null group by r.owner_code order by r.owner_code
        on conflict (table_name, owner_code) do update set row_count = c.row_count + excluded.row_count;
      return null;
    end $$`.execute(db);
  await sql`create function owner_row_counts_removed() returns trigger language plpgsql as $$
    begin
      insert into owner_row_counts as c (table_name, owner_code, row_count)
        select tg_table_name, r.owner_code, -count(*) from removed_rows r where r.owner_code is not null group by r.owner_code order by r.owner_code
        on conflict (table_name, owner_code) do update set row_count = c.row_count + excluded.row_count;
      return null;
    end $$`.execute(db);
  // A row moved to another dealer (no route does it; a hand-written update might).
  await sql`create function owner_row_counts_moved() returns trigger language plpgsql as $$
    begin
      insert into owner_row_counts as c (table_name, owner_code, row_count)
        select tg_table_name, m.owner_code, m.n from (values (old.owner_code, -1), (new.owner_code, 1)) as m(owner_code, n)
        where m.owner_code is not null order by m.owner_code
        on conflict (table_name, owner_code) do update set row_count = c.row_count + excluded.row_count;
      return null;
    end $$`.execute(db);
  await sql`create function owner_row_counts_emptied() returns trigger language plpgsql as $$
    begin
      delete from owner_row_counts where table_name = tg_table_name;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of ['added', 'removed', 'moved', 'emptied']) await sql.raw(`drop function owner_row_counts_${fn}() cascade`).execute(db);
  await sql`drop table owner_row_counts`.execute(db);
}

import { sql, type Kysely } from 'kysely';

// Issue 25 (sales). The manufacturer's prices a quotation's landing price is computed from (domain.md §6: a
// configuration's guide price, each option package's price, tax-inclusive yuan), kept on the material tree itself so
// the materials administration edits them where it edits the names. And the users' custom query schemes (back-office §3,
// BO-ENT-14/15): a named set of filter conditions and columns per screen (menu and table api), the user's own or shared
// with the dealer.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table materials add column guide_price numeric(14, 2)`.execute(db);
  await sql`alter table material_options add column price numeric(14, 2)`.execute(db);
  await sql`create table query_schemes (
    id bigserial primary key,
    user_id bigint not null references users (id),
    owner_code varchar(32) not null,
    menu_id varchar(32) not null,
    interface_address varchar(200) not null,
    label_name varchar(50) not null,
    select_condition jsonb not null,
    columns jsonb not null,
    shared boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index query_schemes_screen on query_schemes (menu_id, interface_address, owner_code)`.execute(db);
  await sql`create unique index query_schemes_name on query_schemes (user_id, menu_id, interface_address, label_name)`.execute(db);
}

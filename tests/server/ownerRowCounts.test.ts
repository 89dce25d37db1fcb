// The kept row counts (server/models/ownerRowCounts.ts, migration 0018): an unfiltered list answers its total from
// them, so they must equal counting the rows, for every dealer and every owner-scoped table, whatever writes ran,
// parallel ones included (on PostgreSQL they run on separate connections).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { snake } from '../../server/models/columns';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const LIST = '/api/repair/order/repair/orders';
const ORDER = { vin: 'LHSA3B1C9TS000017', plateNo: '京AD12345', customerName: '测试车主', phone: '13800138000', repairTypeCode: 'RT02', status: '80211001', mileage: 12345 };
const OWNER_TABLES = repositoryModels()
  .filter((m) => m.model.scope === 'owner')
  .map((m) => snake(m.table));

describe(`kept row counts per dealer (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherAdvisor: string;
  let manufacturer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherAdvisor, manufacturer] = await Promise.all([t.login('d11001fwgw'), t.login('d31001fwgw'), t.login('admin')]);
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;

  /** Every table's kept counts beside its counted rows, per dealer; dealers without rows keep 0 or nothing. */
  async function keptAndCounted(table: string): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
    const kept = await sql<{ ownerCode: string; n: number }>`select owner_code, row_count as n from owner_row_counts where table_name = ${table} and row_count <> 0`.execute(db());
    const counted = await sql<{ ownerCode: string; n: number }>`select owner_code, count(*) as n from ${sql.table(table)} group by owner_code`.execute(db());
    const byOwner = (rows: { ownerCode: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.ownerCode, Number(r.n)]));
    return { kept: byOwner(kept.rows), counted: byOwner(counted.rows) };
  }

  async function expectExact(): Promise<void> {
    for (const table of OWNER_TABLES) {
      const { kept, counted } = await keptAndCounted(table);
      expect(kept, table).toEqual(counted);
    }
  }

  const total = async (token: string, query: Record<string, string> = {}) =>
    (await t.call<Page<{ id: number }>>({ method: 'GET', url: LIST, token, query: { current: '1', pageSize: '10', ...query } })).data!.total;

  it('keeps the count of every owner-scoped table from the seed on', async () => {
    expect(OWNER_TABLES.length).toBeGreaterThan(5);
    await expectExact();
    const { counted } = await keptAndCounted('repair_orders');
    expect(counted.D11001).toBeGreaterThan(100);
  });

  it('answers an unfiltered list the same total as counting, for a dealer and for the manufacturer over every dealer', async () => {
    const { counted } = await keptAndCounted('repair_orders');
    expect(await total(advisor)).toBe(counted.D11001);
    expect(await total(otherAdvisor)).toBe(counted.D31001);
    expect(await total(manufacturer)).toBe(Object.values(counted).reduce((a, b) => a + b, 0));
    // A filtered list counts its rows.
    const { rows } = await sql<{ n: number }>`select count(*) as n from repair_orders where owner_code = 'D11001' and status = '80211001'`.execute(db());
    expect(await total(advisor, { status: '80211001' })).toBe(Number(rows[0]!.n));
  });

  it('stays exact under parallel creates and deletes of two dealers', async () => {
    const before = { mine: await total(advisor), theirs: await total(otherAdvisor) };
    const create = (token: string) => t.call<{ id: number }>({ method: 'POST', url: LIST, token, payload: ORDER });
    const made = await Promise.all([...Array.from({ length: 24 }, () => create(advisor)), ...Array.from({ length: 16 }, () => create(otherAdvisor))]);
    expect(made.every((r) => r.resultCode === 200)).toBe(true);
    const mine = made.slice(0, 24).map((r) => r.data!.id);
    const theirs = made.slice(24).map((r) => r.data!.id);
    // Deletes of some, creates of more, all at once.
    const remove = (token: string, id: number) => t.call({ method: 'DELETE', url: `${LIST}/${id}`, token });
    const mixed = await Promise.all([
      ...mine.slice(0, 10).map((id) => remove(advisor, id)),
      ...theirs.slice(0, 6).map((id) => remove(otherAdvisor, id)),
      ...Array.from({ length: 8 }, () => create(advisor)),
      ...Array.from({ length: 4 }, () => create(otherAdvisor)),
    ]);
    expect(mixed.every((r) => r.resultCode === 200)).toBe(true);
    expect(await total(advisor)).toBe(before.mine + 24 - 10 + 8);
    expect(await total(otherAdvisor)).toBe(before.theirs + 16 - 6 + 4);
    await expectExact();
  });

  it('follows writes the routes never make: rows of several dealers in one statement, a move to another dealer, a rolled-back write, an emptied table', async () => {
    await sql`insert into repair_orders (ro_no, owner_code, vin, plate_no, customer_name, phone, repair_type_code, status, mileage)
      select 'CNT' || g || o.code, o.code, 'LHSA3B1C9TS000017', '京AD12345', '测试车主', '13800138000', 'RT02', '80211001', 1
      from generate_series(1, 3) g cross join (values ('D31001'), ('D11001')) as o(code)`.execute(db());
    await expectExact();
    await sql`update repair_orders set owner_code = 'D31001' where ro_no like 'CNT%D11001'`.execute(db());
    await sql`update repair_orders set mileage = 2 where ro_no like 'CNT%'`.execute(db());
    await expectExact();
    await db()
      .transaction()
      .execute(async (tx) => {
        await sql`delete from repair_orders where ro_no like 'CNT%'`.execute(tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectExact();
    await sql`delete from repair_orders where ro_no like 'CNT%'`.execute(db());
    await expectExact();
    // A table emptied at once (TRUNCATE fires no row triggers), inside a transaction that is then rolled back.
    const table = OWNER_TABLES.find((name) => name !== 'repair_orders')!;
    await db()
      .transaction()
      .execute(async (tx) => {
        await sql`truncate ${sql.table(table)} cascade`.execute(tx);
        const { rows } = await sql<{ n: number }>`select count(*) as n from owner_row_counts where table_name = ${table}`.execute(tx);
        expect(Number(rows[0]!.n)).toBe(0);
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    await expectExact();
  });
});

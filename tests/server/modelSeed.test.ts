// The models' demo rows in a freshly seeded database: written for every dealer, served by the engine within each user's
// scope, and numbered so the engine's own counters continue after them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { nextNumber } from '../../server/models/namingSeries';
import { DEALERS } from '../../server/seed/catalogue';
import { PART_CATALOGUE } from '../../server/seed/partsCatalogue';
import { buildDemoWorld } from '../../server/seed/demoWorld';
import { TEST_ANCHOR_DATE } from './testServerConfig';
import { DB_KIND, startTestServer, type TestServer } from './harness';

// 收款单 of the finance demo (server/seed/financeSeed.ts), numbered as the naming series numbers them; the sales area
// seeds its records as a funnel of its own (server/seed/salesSeed.ts); the seed hints are tested on a fixture
// (tests/unit/modelSeed.test.ts).
const LIST = '/api/2b/finance/receipts';

describe(`the models' demo rows (${DB_KIND})`, () => {
  let t: TestServer;
  const receipt = repositoryModels().find((m) => m.model.name === 'receipt')!;

  // Seeding the whole demo (the two-year sales funnel included) takes its time on a loaded machine.
  beforeAll(async () => {
    t = await startTestServer({}, { ownSeed: true });
  }, 300_000);
  afterAll(() => t?.close());

  it('seeds every dealer and reports the models\' rows in the seed summary', async () => {
    // The summary names every model seeded from its hints, each with its rows for every dealer, the manufacturer's part
    // catalogue, which the parts seed writes whole, the stock demo's rows (two warehouses a dealer), the workshop behind
    // the repair orders and the sales funnel's records (the finance demo reports its own summary).
    const work = buildDemoWorld({ anchorDate: TEST_ANCHOR_DATE }).repairWork;
    const seededModels = repositoryModels().filter((m) => m.model.seed?.perDealer);
    const stockRows = Object.fromEntries(['partStock', 'stockLedger', 'partInOrder', 'partOutOrder', 'stocktake', 'allocation', 'allocationIn', 'partLock'].map((name) => [name, expect.any(Number)]));
    expect(t.server.seeded?.models).toMatchObject({
      ...Object.fromEntries(seededModels.map((m) => [m.model.name, DEALERS.length * m.model.seed!.perDealer!])),
      partInfo: PART_CATALOGUE.length,
      warehouse: DEALERS.length * 2,
      ...stockRows,
      salesOrder: expect.any(Number),
      delivery: expect.any(Number),
      customerReception: work.receptions.length,
      roDispatch: work.dispatches.length,
      roInspection: work.inspections.length,
      roSettlement: work.settlements.length,
      returnVisit: work.visits.length,
      bookingSlot: work.slots.length,
      reminder: work.reminders.length,
      vehicleHealthCheck: work.healthChecks.length,
      servicePackage: work.packages.length,
    });
    expect(t.server.seeded?.finance?.receipts).toBeGreaterThan(0);
    const { rows } = await sql<{ ownerCode: string }>`select distinct owner_code from receipts order by owner_code`.execute(t.server.database.db);
    expect(rows.map((r) => r.ownerCode)).toEqual(DEALERS.map((d) => d.orgCode).sort());
  });

  it('serves them through the engine within the user\'s scope', async () => {
    const token = await t.login('d11001dbzy');
    const page = await t.call<{ total: number; items: Record<string, unknown>[] }>({ method: 'GET', url: LIST, token, query: { pageSize: '50' } });
    expect(page.resultCode).toBe(200);
    const [own] = (await sql<{ n: number }>`select count(*)::int as n from receipts where owner_code = 'D11001'`.execute(t.server.database.db)).rows;
    expect(page.data!.total).toBe(own!.n);
    expect(page.data!.items.every((row) => row.ownerCode === 'D11001')).toBe(true);
    const first = page.data!.items[0]!;
    expect(first).toMatchObject({ dealerName: '北京华晟京通汽车销售服务有限公司' });
    const detail = await t.call<Record<string, unknown>>({ method: 'GET', url: `${LIST}/${String(first.id)}`, token });
    expect(detail.data).toMatchObject({ receiptNo: first.receiptNo });
  });

  it('lets the engine\'s naming series continue after the seeded numbers of a prefix', async () => {
    const db = t.server.database.db;
    const { rows } = await sql<{ receiptNo: string; createdAt: Date }>`select receipt_no, created_at from receipts where owner_code = 'D11001' order by receipt_no desc limit 1`.execute(db);
    const last = rows[0]!;
    const next = await db.transaction().execute((tx) => nextNumber<Database>(tx, receipt, { ownerCode: 'D11001' }, new Date(last.createdAt)));
    expect(next.slice(0, -4)).toBe(last.receiptNo.slice(0, -4));
    expect(Number(next.slice(-4))).toBe(Number(last.receiptNo.slice(-4)) + 1);
  });
});

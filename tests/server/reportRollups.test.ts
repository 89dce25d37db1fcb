// A report's summary table (reports/repair/repairOrders.json rollup): the requests it can answer read it, with the same
// figures the repair orders give; the triggers keep it exact through creates, edits, deletes and concurrent writes of
// several dealers; a request with a filter it lacks reads the orders. Both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportAnswer } from '../../schemas/api/report';
import { DB_KIND, startTestServer, TEST_ANCHOR_DATE, type TestServer } from './harness';

const REPORT = '/api/report/reports/repairOrders';
const ORDERS = '/api/repair/order/repair/orders';
const MENU = 'repair_serviceDashboard';
const MONTH = TEST_ANCHOR_DATE.slice(0, 7);
const ORDER = { plateNo: '京AD12345', customerName: '测试车主', phone: '13800138000', repairTypeCode: 'RT02', status: '80211001', mileage: 12345, labourAmount: '320.50', partAmount: '880.00' };
const VINS: Record<string, string> = { d11001fwgw: 'LHSA3B1C9TS000017', d31001fwgw: 'LHSA3B1C9TS000017' };

/** The questions of the dashboards and a few more, each asked of the summary and (with a filter the summary lacks but
 * that keeps every order: every number begins with RO) of the orders. */
const QUESTIONS = [
  'groupBy=dealer',
  'groupBy=region',
  'groupBy=status&groupBy=repairType',
  `groupBy=day&month=${MONTH}`,
  'groupBy=month',
  `month=${MONTH}&compare=previous`,
  `groupBy=dealer&status=80211001&status=80211004&top=3`,
  `groupBy=repairType&ownerCode=D11001&createdFrom=${MONTH}-05&createdTo=${MONTH}-20`,
  'measures=avgMileage&measures=orders&groupBy=region',
];

describe(`[BO-PROD-09] a report's summary table (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['admin', 'rnmanager', 'd11001fwgw', 'd31001fwgw']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const report = async (who: string, query: string) => {
    const answer = await t.call<ReportAnswer>({ method: 'GET', url: `${REPORT}?${query}`, token: tokens[who], menuId: MENU });
    expect(answer.resultCode, query).toBe(200);
    return answer.data!;
  };
  const fromOrders = (query: string) => `${query}&roNo=RO`;
  const db = () => t.server.database.db;

  async function sameFigures(who: string): Promise<void> {
    for (const query of QUESTIONS) {
      const [summary, records] = await Promise.all([report(who, query), report(who, fromOrders(query))]);
      // The drill-down of the orders' answer carries the extra filter; the figures are what must agree.
      expect(summary.rows.map((r) => r.values), `${who} ${query}`).toEqual(records.rows.map((r) => r.values));
      expect(summary.previous, `${who} ${query}`).toEqual(records.previous);
    }
  }

  it('answers the dashboards\' questions from the summary with the figures of the orders, in each user\'s scope', async () => {
    const { rows } = await sql<{ n: string; orders: string; days: string }>`select (select sum(n) from report_rollup_repair_orders)::text as n,
      (select count(*) from repair_orders)::text as orders, (select count(*) from report_rollup_repair_orders)::text as days`.execute(db());
    expect(rows[0]!.n).toBe(rows[0]!.orders);
    expect(Number(rows[0]!.days)).toBeLessThan(Number(rows[0]!.orders));
    for (const who of ['admin', 'rnmanager', 'd11001fwgw']) await sameFigures(who);
    expect((await report('rnmanager', 'groupBy=dealer')).rows.map((r) => r.values.dealer)).toEqual(['D11001', 'D12001']);
  });

  it('reads the summary, not the orders, for the requests it can answer', async () => {
    const before = await report('admin', 'groupBy=dealer&measures=orders');
    const d11001 = Number(before.rows.find((r) => r.values.dealer === 'D11001')!.values.orders);
    // Tampering with the summary shows in the answer (and only there), so it is what the request read.
    await sql`update report_rollup_repair_orders set n = n + 1000 where ctid = (select ctid from report_rollup_repair_orders where owner_code = 'D11001' limit 1)`.execute(db());
    try {
      expect((await report('admin', 'groupBy=dealer&measures=orders')).rows.find((r) => r.values.dealer === 'D11001')!.values.orders).toBe(d11001 + 1000);
      expect((await report('admin', fromOrders('groupBy=dealer&measures=orders'))).rows.find((r) => r.values.dealer === 'D11001')!.values.orders).toBe(d11001);
    } finally {
      await sql`update report_rollup_repair_orders set n = n - 1000 where n >= 1000 and owner_code = 'D11001' and ctid = (select ctid from report_rollup_repair_orders where owner_code = 'D11001' and n >= 1000 limit 1)`.execute(db());
    }
    expect((await report('admin', 'groupBy=dealer&measures=orders')).rows.find((r) => r.values.dealer === 'D11001')!.values.orders).toBe(d11001);
  });

  it('stays exact through creates, edits and deletes, several dealers writing at once', async () => {
    const create = (who: string) => t.call<{ id: number }>({ method: 'POST', url: ORDERS, token: tokens[who], payload: { ...ORDER, vin: VINS[who] } });
    const created = await Promise.all(['d11001fwgw', 'd31001fwgw', 'd11001fwgw', 'd31001fwgw', 'd11001fwgw', 'd31001fwgw'].map(create));
    expect(created.map((c) => c.resultCode)).toEqual(Array(6).fill(200));
    const owners = ['d11001fwgw', 'd31001fwgw', 'd11001fwgw', 'd31001fwgw', 'd11001fwgw', 'd31001fwgw'];
    const removed = await Promise.all(created.slice(0, 2).map((c, i) => t.call({ method: 'DELETE', url: `${ORDERS}/${c.data!.id}`, token: tokens[owners[i]!] })));
    expect(removed.map((r) => r.resultCode)).toEqual([200, 200]);
    // Edits at once that move orders between the summary's groups (status, type, amounts), each dealer its own.
    const edits = created.slice(2).map((c, j) => [c, j + 2] as const).map(([c, i]) =>
      t.call({ method: 'PUT', url: `${ORDERS}/${c.data!.id}`, token: tokens[owners[i]!], payload: { ...ORDER, vin: VINS[owners[i]!], status: i % 2 ? '80211002' : '80211003', repairTypeCode: i % 3 ? 'RT01' : 'RT02', labourAmount: `${100 + i}.25`, mileage: 20000 + i } }),
    );
    expect((await Promise.all(edits)).map((e) => e.resultCode)).toEqual(Array(4).fill(200));
    await sameFigures('admin');
    const { rows } = await sql<{ n: string; orders: string }>`select (select sum(n) from report_rollup_repair_orders)::text as n, (select count(*) from repair_orders)::text as orders`.execute(db());
    expect(rows[0]!.n).toBe(rows[0]!.orders);
  });
});

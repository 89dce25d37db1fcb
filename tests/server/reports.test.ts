// Reports (reports/*.json run by server/reports/runReport.ts): groups in the user's data scope, the month and region
// filters, the month before, and drill-down parameters that the model's own list answers with the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { ReportAnswer } from '../../schemas/api/report';
import type { Page } from '../../schemas/api/page';

const REPORT = '/api/report/reports/repairOrders';
const ORDERS = '/api/repair/order/repair/orders';
const MONTH = '2026-06';

describe(`reports (${DB_KIND})`, () => {
  let t: TestServer;
  let dealer: string;
  let manufacturer: string;
  let region: string;

  beforeAll(async () => {
    t = await startTestServer();
    [dealer, manufacturer, region] = await Promise.all([t.login('d11001fwgw'), t.login('admin'), t.login('rnmanager')]);
  });
  afterAll(() => t?.close());

  const run = async (token: string, query: Record<string, string | string[]>) => {
    const answer = await t.call<ReportAnswer>({ method: 'GET', url: REPORT, token, query });
    expect(answer.resultCode, answer.errMsg).toBe(200);
    return answer.data!;
  };
  const listTotal = async (token: string, query: Record<string, string | string[]>) =>
    (await t.call<Page<unknown>>({ method: 'GET', url: ORDERS, token, query: { ...query, pageSize: '1' } })).data!.total;

  it('[BO-PERM-07] groups by dealer within the data scope: the manufacturer every dealer, a region its own, a dealer itself', async () => {
    const all = await run(manufacturer, { groupBy: 'dealer', month: MONTH });
    expect(all.rows.length).toBeGreaterThan(3);
    expect(all.rows.every((r) => typeof r.values.dealerLabel === 'string' && r.values.dealerLabel !== r.values.dealer)).toBe(true);
    const own = await run(dealer, { groupBy: 'dealer', month: MONTH });
    expect(own.rows.map((r) => r.values.dealer)).toEqual(['D11001']);
    const regional = await run(region, { groupBy: ['region', 'dealer'], month: MONTH });
    expect(new Set(regional.rows.map((r) => r.values.regionLabel)).size).toBe(1);
    expect(regional.rows.map((r) => r.values.dealer)).toContain('D11001');
    expect(regional.rows.map((r) => r.values.dealer)).not.toContain('D31001');
    // The totals agree with the model's own list over the same month.
    const sum = all.rows.reduce((n, r) => n + Number(r.values.orders), 0);
    expect(sum).toBe(await listTotal(manufacturer, { createdFrom: '2026-06-01', createdTo: '2026-06-30' }));
  });

  it('[BO-PERM-08] a region filter outside the scope finds nothing; another dealer named in the filter finds nothing for a dealer user', async () => {
    const regions = await run(manufacturer, { groupBy: 'region' });
    const other = regions.rows.map((r) => r.values.region).find((code) => code !== null && !regionOf(code as string, 'D11001', regions));
    expect(other).toBeTruthy();
    const outside = await run(region, { region: String(other), measures: 'orders' });
    expect(outside.rows).toEqual([{ values: { orders: 0 }, drill: expect.any(Object) }]);
    const foreign = await run(dealer, { ownerCode: 'D31001', measures: 'orders' });
    expect(foreign.rows[0]!.values.orders).toBe(0);
  });

  it('drill-down parameters of each group are list filters that answer exactly the group\'s rows', async () => {
    const answer = await run(manufacturer, { groupBy: 'status', month: MONTH, region: 'RN' });
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const row of answer.rows) {
      expect(row.drill).toMatchObject({ status: [row.values.status], createdFrom: '2026-06-01', createdTo: '2026-06-30' });
      expect(await listTotal(manufacturer, row.drill)).toBe(row.values.orders);
    }
    expect(answer.rows.every((r) => typeof r.values.statusLabel === 'string' && r.values.statusLabel !== r.values.status)).toBe(true);
  });

  it('answers the month before for a trend, exact money as text, averages with two decimals, and the top groups only', async () => {
    const answer = await run(manufacturer, { month: MONTH, compare: 'previous' });
    expect(answer.rows).toHaveLength(1);
    expect(answer.previous).toHaveLength(1);
    expect(answer.previous![0]!.orders).toBe(await listTotal(manufacturer, { createdFrom: '2026-05-01', createdTo: '2026-05-31' }));
    expect(answer.rows[0]!.values.labourAmount).toMatch(/^\d+\.\d{2}$/);
    expect(answer.rows[0]!.values.avgMileage).toMatch(/^\d+\.\d{2}$/);
    // Ranked by the first measure asked, as a number (not as its exact text, where '99.00' > '100.00').
    const top = await run(manufacturer, { groupBy: 'dealer', measures: ['partAmount', 'orders'], top: '3' });
    expect(top.measures.map((m) => m.name)).toEqual(['partAmount', 'orders']);
    expect(top.rows).toHaveLength(3);
    const all = await run(manufacturer, { groupBy: 'dealer', measures: 'partAmount' });
    const ranked = all.rows.map((r) => Number(r.values.partAmount)).sort((a, b) => b - a).slice(0, 3);
    expect(top.rows.map((r) => Number(r.values.partAmount))).toEqual(ranked);
  });

  it('refuses an unknown dimension or measure, a bad month and a call without the menu, and stays up', async () => {
    for (const query of <Record<string, string | string[]>[]>[{ groupBy: 'password' }, { measures: 'x' }, { month: '2026-13' }, { groupBy: ['dealer', 'month', 'day'] }, { top: '0' }]) {
      const answer = await t.call({ method: 'GET', url: REPORT, token: manufacturer, query });
      expect(answer.resultCode).not.toBe(200);
    }
    expect((await t.call({ method: 'GET', url: REPORT, token: manufacturer, menuId: null })).resultCode).not.toBe(200);
    expect((await t.call({ method: 'GET', url: REPORT, token: manufacturer, query: { measures: 'orders' } })).resultCode).toBe(200);
  });
});

/** Whether `dealerCode` lies in the region `code` (by the region grouping of the dealers). */
function regionOf(code: string, dealerCode: string, answer: ReportAnswer): boolean {
  const row = answer.rows.find((r) => r.values.region === code);
  return row !== undefined && [row.drill.ownerCode ?? []].flat().includes(dealerCode);
}

// 概览 per position: the sales consultant's, the finance clerk's and the region manager's first figures, each equal to a
// direct count of the seeded data in that user's scope, another dealer's records never counted, and every other kind
// of user refused with a reason.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeHomeSum } from '../../server/data/homeFinanceCounts';
import { regionDealerOrders, regionHomeSum } from '../../server/data/homeRegionCounts';
import { consultantHomeSum } from '../../server/data/homeSalesCounts';
import { authenticate, type SessionUser } from '../../server/http/session';
import type { ConsultantHomeSum, DealerOrderCount, FinanceHomeSum, RegionHomeSum } from '../../schemas/api/home';
import { DB_KIND, startTestServer, TEST_ANCHOR_DATE, type TestServer } from './harness';

const URL = {
  consultant: '/api/2b/salesreport/homePage/consultantSum',
  finance: '/api/2b/finance/homePage/financeSum',
  region: '/api/report/homePage/regionSum',
  regionDealers: '/api/report/homePage/regionDealerOrders',
};
const USERS = { consultant: 'd11001xsgw', finance: 'd11001dbzy', region: 'rnmanager', advisor: 'd11001fwgw', manufacturer: 'admin' } as const;
/** Noon of the seed's last day in Beijing: the day and month the seeded history is busiest in. */
const ANCHOR = new Date(`${TEST_ANCHOR_DATE}T12:00:00+08:00`);
const beijingDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);

describe(`概览 per position (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens = new Map<string, string>();
  const users = new Map<string, SessionUser>();
  const db = () => t.server.database.db;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db())).rows[0]!.n);
  const get = <T>(url: string, who: string) => t.call<T>({ method: 'GET', url, token: tokens.get(who) });

  beforeAll(async () => {
    t = await startTestServer();
    for (const userCode of Object.values(USERS)) {
      const token = await t.login(userCode);
      tokens.set(userCode, token);
      users.set(userCode, await authenticate(db(), `Bearer ${token}`, t.config.jwtSecret));
    }
  });
  afterAll(() => t?.close());

  /** The consultant's figures on `day` (YYYY-MM-DD, Beijing), counted straight from the tables. */
  async function consultantCounts(id: number, day: string): Promise<ConsultantHomeSum> {
    const mine = sql`owner_code = 'D11001' and consultant_id = ${id}`;
    const onDay = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${day}`;
    const inMonth = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'Asia/Shanghai', 'YYYY-MM') = ${day.slice(0, 7)}`;
    return {
      cluesAwaitingFirstFollowUp: await count(sql`select count(*) as n from clues where ${mine} and status = '83111002' and first_follow_at is null`),
      prospectsInFollowUp: await count(sql`select count(*) as n from potential_customers where ${mine} and status = '83101001'`),
      appointmentsToday: await count(sql`select count(*) as n from appointments where ${mine} and ${onDay('appoint_at')} and status <> '83151003'`),
      arrivalsToday: await count(sql`select count(*) as n from showroom_receptions where ${mine} and ${onDay('arrive_at')}`),
      ordersThisMonth: await count(sql`select count(*) as n from sales_orders where ${mine} and ${inMonth('created_at')} and status <> '83201007'`),
      deliveriesThisMonth: await count(sql`select count(*) as n from sales_orders where ${mine} and ${inMonth('delivered_at')}`),
    };
  }

  async function financeCounts(owners: string[], day: string): Promise<FinanceHomeSum> {
    const scoped = sql`owner_code in (${sql.join(owners)})`;
    const open = sql`${scoped} and status in ('81081001', '81081002')`;
    const today = sql`${scoped} and status = '81031002' and to_char(received_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${day}`;
    const text = async (query: ReturnType<typeof sql<{ v: string }>>) => (await query.execute(db())).rows[0]!.v;
    return {
      openReceivables: await count(sql`select count(*) as n from receivables where ${open}`),
      openReceivableAmount: await text(sql`select coalesce(sum(open_amount), 0)::numeric(18, 2)::text as v from receivables where ${open}`),
      receiptsToday: await count(sql`select count(*) as n from receipts where ${today}`),
      receiptAmountToday: await text(sql`select coalesce(sum(amount), 0)::numeric(18, 2)::text as v from receipts where ${today}`),
      unreconciledBankFlows: await count(sql`select count(*) as n from bank_flows where ${scoped} and direction = '81141001' and recon_id is null`),
      refundsAwaitingApproval: await count(
        sql`select count(*) as n from refunds f where f.owner_code in (${sql.join(owners)}) and exists (select 1 from process_instances i where i.model = 'refund' and i.record_id = f.id and i.status = 'running')`,
      ),
    };
  }

  async function regionCounts(owners: string[], day: string): Promise<RegionHomeSum> {
    const scoped = sql`owner_code in (${sql.join(owners)})`;
    const inMonth = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'Asia/Shanghai', 'YYYY-MM') = ${day.slice(0, 7)}`;
    return {
      dealers: owners.length,
      repairOrdersThisMonth: await count(sql`select count(*) as n from repair_orders where ${scoped} and ${inMonth('created_at')}`),
      salesOrdersThisMonth: await count(sql`select count(*) as n from sales_orders where ${scoped} and ${inMonth('created_at')} and status <> '83201007'`),
      deliveriesThisMonth: await count(sql`select count(*) as n from sales_orders where ${scoped} and ${inMonth('delivered_at')}`),
    };
  }

  /** The dealers the seed puts under the region, straight from the organisation tree. */
  const regionDealers = async (regionCode: string) =>
    (
      await sql<{ orgCode: string }>`select d.org_code from organizations d join organizations r on r.id = d.parent_id
        where r.org_code = ${regionCode} and d.org_type = '10461001' order by d.org_code`.execute(db())
    ).rows.map((r) => r.orgCode);

  describe('the sales consultant (销售顾问)', () => {
    it('counts the consultant’s own clues, prospects, appointments, arrivals, orders and deliveries on the seed’s last day', async () => {
      const me = users.get(USERS.consultant)!;
      const sum = await consultantHomeSum(db(), me, ANCHOR);
      expect(sum).toEqual(await consultantCounts(me.id, TEST_ANCHOR_DATE));
      expect(sum.prospectsInFollowUp).toBeGreaterThan(0);
      expect(sum.ordersThisMonth + sum.deliveriesThisMonth).toBeGreaterThan(0);
      // The dealer's other consultants' records are not the consultant's.
      const dealerProspects = await count(sql`select count(*) as n from potential_customers where owner_code = 'D11001' and status = '83101001'`);
      expect(dealerProspects).toBeGreaterThan(sum.prospectsInFollowUp);
    });

    it('answers the same over http today, in Beijing time', async () => {
      const answer = await get<ConsultantHomeSum>(URL.consultant, USERS.consultant);
      expect(answer.resultCode).toBe(200);
      expect(answer.data).toEqual(await consultantCounts(users.get(USERS.consultant)!.id, beijingDay(new Date())));
    });

    it('never counts another dealer’s record, even one naming the consultant', async () => {
      const me = users.get(USERS.consultant)!;
      const before = await consultantHomeSum(db(), me, ANCHOR);
      const { rows } = await sql<{ id: number }>`select id from clues where owner_code = 'D12001' order by id limit 1`.execute(db());
      await sql`update clues set consultant_id = ${me.id}, status = '83111002', first_follow_at = null where id = ${rows[0]!.id}`.execute(db());
      await sql`update potential_customers set consultant_id = ${me.id}, status = '83101001' where id = (select min(id) from potential_customers where owner_code = 'D12001')`.execute(db());
      expect(await consultantHomeSum(db(), me, ANCHOR)).toEqual(before);
    });
  });

  describe('the finance clerk (财务人员)', () => {
    it('counts the dealer’s open receivables, today’s confirmed receipts, unreconciled flows and refunds in approval, amounts as exact decimals', async () => {
      const sum = await financeHomeSum(db(), users.get(USERS.finance)!, ANCHOR);
      expect(sum).toEqual(await financeCounts(['D11001'], TEST_ANCHOR_DATE));
      expect(sum.openReceivables).toBeGreaterThan(0);
      expect(sum.openReceivableAmount).toMatch(/^\d+\.\d{2}$/);
      expect(sum.refundsAwaitingApproval).toBeGreaterThan(0);
      // Other dealers have open receivables too: none of them is in the clerk's figures.
      expect((await financeCounts(['D12001', 'D31001'], TEST_ANCHOR_DATE)).openReceivables).toBeGreaterThan(0);
    });

    it('answers the same over http today', async () => {
      const answer = await get<FinanceHomeSum>(URL.finance, USERS.finance);
      expect(answer.resultCode).toBe(200);
      expect(answer.data).toEqual(await financeCounts(['D11001'], beijingDay(new Date())));
    });
  });

  describe('the region manager (区域经理)', () => {
    it('counts the region’s dealers and this month’s repair orders, sales orders and deliveries over them', async () => {
      const owners = await regionDealers('RN');
      expect(owners).toEqual(['D11001', 'D12001']);
      const sum = await regionHomeSum(db(), users.get(USERS.region)!, ANCHOR);
      expect(sum).toEqual(await regionCounts(owners, TEST_ANCHOR_DATE));
      expect(sum.repairOrdersThisMonth).toBeGreaterThan(0);
      expect(sum.salesOrdersThisMonth).toBeGreaterThan(0);
      expect((await regionCounts(['D31001'], TEST_ANCHOR_DATE)).salesOrdersThisMonth).toBeGreaterThan(0);
      const answer = await get<RegionHomeSum>(URL.region, USERS.region);
      expect(answer.data).toEqual(await regionCounts(owners, beijingDay(new Date())));
    });

    it('lists every dealer of the region with its sales orders this month, and no other dealer', async () => {
      const rows = await regionDealerOrders(db(), users.get(USERS.region)!, ANCHOR);
      expect(rows.map((r) => r.ownerCode)).toEqual(['D11001', 'D12001']);
      for (const row of rows) expect(row.count).toBe((await regionCounts([row.ownerCode], TEST_ANCHOR_DATE)).salesOrdersThisMonth);
      expect(rows.every((r) => r.dealerName.length > 0)).toBe(true);
      const answer = await get<DealerOrderCount[]>(URL.regionDealers, USERS.region);
      expect(answer.data!.map((r) => r.ownerCode)).toEqual(['D11001', 'D12001']);
    });
  });

  it('refuses each call to a user of another kind with a reason in Chinese, and no figures', async () => {
    const refusals: [string, string, string][] = [
      [URL.finance, USERS.consultant, '财务概况仅对财务人员开放'],
      [URL.finance, USERS.advisor, '财务概况仅对财务人员开放'],
      [URL.consultant, USERS.finance, '销售顾问概况仅对经销商的销售顾问开放'],
      [URL.consultant, USERS.region, '销售顾问概况仅对经销商的销售顾问开放'],
      [URL.region, USERS.consultant, '区域概况仅对大区的区域经理开放'],
      [URL.region, USERS.finance, '区域概况仅对大区的区域经理开放'],
      [URL.regionDealers, USERS.manufacturer, '区域概况仅对大区的区域经理开放'],
    ];
    for (const [url, who, message] of refusals) {
      const answer = await get(url, who);
      expect({ url, who, resultCode: answer.resultCode, errMsg: answer.errMsg, data: answer.data ?? null }).toEqual({ url, who, resultCode: 403, errMsg: message, data: null });
    }
  });
});

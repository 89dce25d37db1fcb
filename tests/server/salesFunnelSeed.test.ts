// The shape of the seeded sales funnel (server/seed/salesFunnel.ts; domain.md §4 Demo, ours) on both databases, per
// dealer over the window it seeds in full (the 92 days up to the anchor date): clues about six times the deliveries,
// first showroom arrivals about twice, test drives for about half of the first arrivals, about 40% of the potential
// customers defeated, orders about 1.05 times the deliveries. The seed draws every count, so each ratio has a band
// around the design's figure rather than the figure itself. Its loan quotations carry their finance plan onto their orders.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalText, toDecimal } from '../../schemas/expression/decimal';
import { monthlyInstalment } from '../../server/finance/instalment';
import { DEALERS } from '../../server/seed/catalogue';
import { FUNNEL_DAYS } from '../../server/seed/salesFunnel';
import { DB_KIND, startTestServer, TEST_ANCHOR_DATE, type TestServer } from './harness';

const DAY = 86_400_000;
/** The window's first and last instants (Beijing days, as the seed writes them). */
const WINDOW_END = new Date(Date.parse(`${TEST_ANCHOR_DATE}T00:00:00+08:00`) + DAY);
const WINDOW_START = new Date(Date.parse(`${TEST_ANCHOR_DATE}T00:00:00+08:00`) - FUNNEL_DAYS * DAY);

interface DealerFunnelCounts {
  ownerCode: string;
  deliveries: number;
  orders: number;
  clues: number;
  potentials: number;
  defeated: number;
  firstArrivals: number;
  drives: number;
}

describe(`销售漏斗演示数据的形状 (${DB_KIND})`, () => {
  let t: TestServer;
  let funnels: DealerFunnelCounts[] = [];

  beforeAll(async () => {
    t = await startTestServer();
    const within = (table: string, column: string, where = sql`true`) =>
      sql`(select count(*)::int from ${sql.table(table)} x where x.owner_code = d.owner_code and x.${sql.ref(column)} >= ${WINDOW_START} and x.${sql.ref(column)} < ${WINDOW_END} and ${where})`;
    const { rows } = await sql<DealerFunnelCounts>`select d.owner_code,
        ${within('deliveries', 'delivered_at', sql`x.status = '83211002'`)} as deliveries,
        ${within('sales_orders', 'created_at')} as orders,
        ${within('clues', 'created_at')} as clues,
        ${within('potential_customers', 'created_at')} as potentials,
        ${within('potential_customers', 'created_at', sql`x.status = '83101005'`)} as defeated,
        ${within('showroom_receptions', 'arrive_at', sql`x.visit_kind = '83171001'`)} as first_arrivals,
        ${within('test_drives', 'actual_start', sql`x.status = '83011003'`)} as drives
      from (select distinct owner_code from deliveries) d order by d.owner_code`.execute(t.server.database.db);
    funnels = rows.map((r) => ({ ...r, deliveries: Number(r.deliveries), orders: Number(r.orders), clues: Number(r.clues), potentials: Number(r.potentials), defeated: Number(r.defeated), firstArrivals: Number(r.firstArrivals), drives: Number(r.drives) }));
  });
  afterAll(() => t?.close());

  const ratio = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);
  /** Each dealer's ratio within [low, high]; a failure names the dealer and its counts. */
  const eachWithin = (name: string, of: (f: DealerFunnelCounts) => [number, number], low: number, high: number) => {
    for (const f of funnels) {
      const [part, whole] = of(f);
      const value = ratio(part, whole);
      expect(value >= low && value <= high, `${f.ownerCode} ${name}: ${part} / ${whole} = ${value.toFixed(2)}, not within ${low}–${high}`).toBe(true);
    }
  };

  it('every dealer of the demo has a funnel in the window, at least a delivery a day, and hand-over records only there', async () => {
    expect(funnels.map((f) => f.ownerCode)).toEqual(DEALERS.map((d) => d.orgCode).sort());
    for (const f of funnels) expect(f.deliveries, f.ownerCode).toBeGreaterThanOrEqual(FUNNEL_DAYS);
    // Earlier deliveries are their orders' 交车时间 only (the dealer's history from before the system).
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from deliveries where delivered_at < ${WINDOW_START} or delivered_at >= ${WINDOW_END}`.execute(t.server.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('clues are about six times the deliveries (a few of the converted ones were left just before the window)', () => {
    eachWithin('clues per delivery', (f) => [f.clues, f.deliveries], 5, 7);
  });

  it('first showroom arrivals are about twice the deliveries, and test drives about half of them', () => {
    eachWithin('first arrivals per delivery', (f) => [f.firstArrivals, f.deliveries], 1.5, 2.5);
    eachWithin('test drives per first arrival', (f) => [f.drives, f.firstArrivals], 0.4, 0.65);
  });

  it('about 40% of the potential customers are defeated, and orders are about 1.05 times the deliveries', () => {
    eachWithin('defeated share', (f) => [f.defeated, f.potentials], 0.3, 0.5);
    eachWithin('orders per delivery', (f) => [f.orders, f.deliveries], 0.95, 1.15);
  });

  it('a loan quotation of the demo carries its finance plan (loan = price − down payment, the equal instalment), and its order the same loan', async () => {
    const db = t.server.database.db;
    const { rows: kinds } = await sql<{ payType: string; n: number }>`select pay_type, count(*)::int as n from quotations group by pay_type order by pay_type`.execute(db);
    expect(kinds.map((k) => k.payType)).toEqual(['83091001', '83091002']);
    const { rows: wrong } = await sql`select id from quotations where (pay_type = '83091002' and (loan_amount is distinct from guide_price - discount + accessory_amount - down_payment
        or loan_term not in (12, 24, 36, 48, 60) or annual_rate is null or monthly_payment is null)) or (pay_type = '83091001' and (loan_amount is not null or monthly_payment is not null))`.execute(db);
    expect(wrong).toEqual([]);
    const { rows: sample } = await sql<{ loanAmount: string; annualRate: string; loanTerm: number; monthlyPayment: string }>`select loan_amount::text as loan_amount, annual_rate::text as annual_rate, loan_term, monthly_payment::text as monthly_payment
      from quotations where pay_type = '83091002' order by id limit 50`.execute(db);
    for (const q of sample) expect(decimalText(monthlyInstalment(toDecimal(q.loanAmount)!, toDecimal(q.annualRate)!, Number(q.loanTerm)), 2)).toBe(q.monthlyPayment);
    const { rows: orders } = await sql`select so.id from sales_orders so join quotations q on q.id = so.quotation_id
      where so.pay_type <> q.pay_type or so.loan_amount <> coalesce(q.loan_amount, 0)`.execute(db);
    expect(orders).toEqual([]);
  });
});

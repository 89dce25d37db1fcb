// The finance demo of a freshly seeded database (domain.md §2 Demo, server/seed/financeSeed.ts) on both databases: every
// dealer has receivables from its settled repair orders (one per paying party), receipts written off against most of
// them with the guide's channel shares and serial formats, bank flows of the last month and reconciliations; every
// balance equals its postings; and the three finance reports (应收账龄, 日收款汇总, 预收余额) answer exactly what the
// rows hold, their drill-down finding exactly their group's rows.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ReportAnswer } from '../../schemas/api/report';
import { DEALERS } from '../../server/seed/catalogue';
import { DB_KIND, TEST_ANCHOR_DATE, startTestServer, type TestServer } from './harness';

const CUSTOMER = '81061001';
const REPAIR = '81071001';
/** 已结算 and 已交车: the orders the finance demo bills. */
const SETTLED = ['80211004', '80211006'];
const CUSTOMER_PAY = ['RT01', 'RT02', 'RT06'];

describe(`the finance demo (${DB_KIND})`, () => {
  let t: TestServer;
  let finance: string;
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer();
    finance = await t.login('d11001dbzy');
  });
  afterAll(() => t?.close());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

  it('every dealer has receivables from its settled orders, one per order and paying party, most written off', async () => {
    const perDealer = await one(sql<{ ownerCode: string; receivables: number; open: number; receipts: number; writeOffs: number; flows: number; recons: number }>`
      select o.org_code as "ownerCode",
        (select count(*)::int from receivables r where r.owner_code = o.org_code) as receivables,
        (select count(*)::int from receivables r where r.owner_code = o.org_code and r.status <> '81081003') as open,
        (select count(*)::int from receipts r where r.owner_code = o.org_code) as receipts,
        (select count(*)::int from write_offs w where w.owner_code = o.org_code) as "writeOffs",
        (select count(*)::int from bank_flows f where f.owner_code = o.org_code) as flows,
        (select count(*)::int from collection_reconciliations c where c.owner_code = o.org_code) as recons
      from organizations o where o.org_type = '10461001' order by o.org_code`);
    expect(perDealer.map((d) => d.ownerCode)).toEqual(DEALERS.map((d) => d.orgCode).sort());
    for (const d of perDealer) {
      expect(d.receivables, d.ownerCode).toBeGreaterThan(50);
      expect(d.open / d.receivables, d.ownerCode).toBeLessThan(0.25);
      for (const n of [d.receipts, d.writeOffs, d.flows, d.recons]) expect(n, d.ownerCode).toBeGreaterThan(0);
    }
    // One customer receivable per settled customer-pay order (with an amount), of the same dealer and order.
    const [orders] = await one(sql<{ n: number }>`select count(*)::int as n from repair_orders where status in (${sql.join(SETTLED)}) and repair_type_code in (${sql.join(CUSTOMER_PAY)}) and total_amount > 0`);
    const customer = await one(sql<{ sourceNo: string; owners: number; n: number }>`
      select r.source_no as "sourceNo", count(distinct o.owner_code)::int as owners, count(*)::int as n from receivables r
      join repair_orders o on o.ro_no = r.source_no and o.owner_code = r.owner_code and o.status in (${sql.join(SETTLED)})
      where r.debtor_type = ${CUSTOMER} and r.source_type = ${REPAIR} group by r.source_no`);
    expect(customer.every((c) => c.n === 1 && c.owners === 1)).toBe(true);
    expect(customer.length / orders!.n).toBeGreaterThan(0.99);
    expect(customer.length).toBeLessThanOrEqual(orders!.n);
  });

  it('an accident repair names its insurer, and its 理赔 receivable is owed by that insurer', async () => {
    const claims = await one(sql<{ debtorName: string; insurerName: string | null }>`select r.debtor_name as "debtorName", o.insurer_name as "insurerName" from receivables r
      join repair_orders o on o.ro_no = r.source_no and o.owner_code = r.owner_code where r.source_type = '81071005'`);
    expect(claims.length).toBeGreaterThan(10);
    expect(claims.filter((c) => c.insurerName !== null).length / claims.length).toBeGreaterThan(0.8);
    expect(claims.filter((c) => c.insurerName !== null).every((c) => c.debtorName === c.insurerName)).toBe(true);
    const [unnamed] = await one(sql<{ n: number }>`select count(*)::int as n from repair_orders where insurance_amount > 0 and (insurer_name is null or insurer_name = '')`);
    expect(unnamed!.n).toBe(0);
  });

  it('customers paid 70% by WeChat or Alipay, 20% by POS, 10% cash, each serial in its channel’s format', async () => {
    const rows = await one(sql<{ payMethod: string; quick: string | null; bank: string | null; receivedAt: string }>`
      select pay_method as "payMethod", quick_pay_serial_no as quick, bank_serial_no as bank, to_char(received_at at time zone 'Asia/Shanghai', 'YYYYMMDD') as "receivedAt"
      from receipts where receipt_type = '81011002'`);
    const share = (codes: string[]) => rows.filter((r) => codes.includes(r.payMethod)).length / rows.length;
    expect(share(['81021003', '81021004'])).toBeGreaterThan(0.65);
    expect(share(['81021003', '81021004'])).toBeLessThan(0.75);
    expect(share(['81021002'])).toBeGreaterThan(0.16);
    expect(share(['81021002'])).toBeLessThan(0.24);
    expect(share(['81021001'])).toBeGreaterThan(0.07);
    expect(share(['81021001'])).toBeLessThan(0.13);
    for (const r of rows) {
      if (r.payMethod === '81021003') expect(r.quick).toMatch(/^4200\d{24}$/);
      if (r.payMethod === '81021004') expect(r.quick!.slice(0, 8)).toBe(r.receivedAt);
      if (r.payMethod === '81021004') expect(r.quick).toMatch(/^\d{28}$/);
      if (r.payMethod === '81021002') expect(r.quick).toMatch(/^\d{12}$/);
      if (r.payMethod === '81021001') expect([r.quick, r.bank]).toEqual([null, null]);
    }
    const transfers = await one(sql<{ bank: string }>`select bank_serial_no as bank from receipts where pay_method = '81021005'`);
    expect(transfers.length).toBeGreaterThan(0);
    for (const r of transfers) expect(r.bank).toMatch(/^[0-9A-Za-z]{20,32}$/);
  });

  it('every balance equals its postings: receipts, receivables, claimed flows and reconciliations', async () => {
    const receiptsOff = await one(sql<{ n: number }>`select count(*)::int as n from receipts r where
      r.written_off_amount <> (select coalesce(sum(w.amount), 0) from write_offs w where w.receipt_id = r.id)
      or r.refunded_amount <> (select coalesce(sum(f.amount), 0) from refunds f where f.receipt_id = r.id and f.status = '81051003')
      or r.balance <> r.amount - r.written_off_amount - r.refunded_amount or r.balance < 0`);
    expect(receiptsOff[0]!.n).toBe(0);
    const receivablesOff = await one(sql<{ n: number }>`select count(*)::int as n from receivables r where
      r.written_off_amount <> (select coalesce(sum(w.amount), 0) from write_offs w where w.receivable_id = r.id)
      or r.written_off_amount < 0 or r.written_off_amount > r.amount or r.open_amount <> r.amount - r.written_off_amount
      or r.status <> case when r.written_off_amount = 0 then '81081001' when r.written_off_amount = r.amount then '81081003' else '81081002' end`);
    expect(receivablesOff[0]!.n).toBe(0);
    const flowsOff = await one(sql<{ n: number }>`select count(*)::int as n from bank_flows f where
      f.claimed_amount <> (select coalesce(sum(r.amount), 0) from receipts r where r.bank_flow_id = f.id) or f.claimed_amount > f.amount
      or f.unclaimed_amount <> f.amount - f.claimed_amount`);
    expect(flowsOff[0]!.n).toBe(0);
    // Each reconciliation's figures are its day's confirmed receipts and incoming flows of its company and channel.
    const reconsOff = await one(sql<{ reconNo: string }>`select c.recon_no as "reconNo" from collection_reconciliations c where
      c.system_amount <> (select coalesce(sum(r.amount), 0) from receipts r where r.owner_code = c.owner_code and r.company_code = c.company_code and r.pay_method = c.pay_method
        and r.status = '81031002' and (r.received_at at time zone 'Asia/Shanghai')::date = c.recon_date)
      or c.bank_amount <> (select coalesce(sum(f.amount), 0) from bank_flows f where f.owner_code = c.owner_code and f.company_code = c.company_code and f.pay_method = c.pay_method
        and f.direction = '81141001' and (f.trade_at at time zone 'Asia/Shanghai')::date = c.recon_date)
      or c.matched_system_amount <> (select coalesce(sum(r.amount), 0) from receipts r where r.recon_id = c.id)
      or c.matched_bank_amount <> (select coalesce(sum(f.amount), 0) from bank_flows f where f.recon_id = c.id)
      or c.difference_amount <> c.system_amount - c.bank_amount
      or (select count(*) from collection_reconciliation_matches m where m.parent_id = c.id) <> (select count(*) from receipts r where r.recon_id = c.id)
      or (c.status in ('81161002', '81161004') and (c.system_amount <> c.bank_amount or c.system_amount <> c.matched_system_amount))`);
    expect(reconsOff).toEqual([]);
    const states = await one(sql<{ status: string; n: number }>`select status, count(*)::int as n from collection_reconciliations group by status order by status`);
    expect(states.map((s) => s.status)).toEqual(expect.arrayContaining(['81161002', '81161003', '81161004']));
    // Flows of the last month only; the last days are left to reconcile, a few transfers to claim.
    const [span] = await one(sql<{ first: string; last: string }>`select to_char(min(trade_at at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as first, to_char(max(trade_at at time zone 'Asia/Shanghai'), 'YYYY-MM-DD') as last from bank_flows`);
    expect(span!.first >= '2026-06-01' && span!.last <= TEST_ANCHOR_DATE).toBe(true);
    const [unclaimed] = await one(sql<{ n: number }>`select count(*)::int as n from bank_flows where status = '81151001' and owner_code = 'D11001'`);
    expect(unclaimed!.n).toBeGreaterThan(0);
  });

  it('发票 of paid settlements and insurers’ claims: numbered in the 数电 series without gaps, each within its source’s receivable, lines summing to the head', async () => {
    const perDealer = await one(sql<{ ownerCode: string; issued: number }>`select o.org_code as "ownerCode",
        (select count(*)::int from invoices i where i.owner_code = o.org_code and i.status = '81121002') as issued
      from organizations o where o.org_type = '10461001' order by o.org_code`);
    for (const d of perDealer) expect(d.issued, d.ownerCode).toBeGreaterThan(10);
    // 数电专票 carry the buyer's taxpayer number; every issued one has a 20-digit number, each prefix a run 1..n.
    const [special] = await one(sql<{ n: number; missing: number }>`select count(*)::int as n, count(*) filter (where buyer_tax_no is null)::int as missing from invoices where invoice_kind = '81111001'`);
    expect(special!.n).toBeGreaterThan(0);
    expect(special!.missing).toBe(0);
    const series = await one(sql<{ prefix: string; n: number; last: string; distinct: number }>`select substr(invoice_no, 1, 5) as prefix, count(*)::int as n,
        max(substr(invoice_no, 6))::text as last, count(distinct invoice_no)::int as distinct from invoices where invoice_no is not null group by 1`);
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) {
      expect(s.prefix).toMatch(/^\d{5}$/);
      expect([Number(s.last), s.distinct], s.prefix).toEqual([s.n, s.n]);
    }
    const [pending] = await one(sql<{ n: number; numbered: number }>`select count(*)::int as n, count(invoice_no)::int as numbered from invoices where status = '81121001'`);
    expect(pending!.numbered).toBe(0);
    // Never more than the source's receivables; the head is the sum of its lines.
    const over = await one(sql`select i.id from invoices i where i.total_amount > (select coalesce(sum(r.amount), 0) from receivables r
        where r.owner_code = i.owner_code and r.source_type = i.source_type and r.source_no = i.source_no and r.status <> '81081004')`);
    expect(over).toEqual([]);
    const unequal = await one(sql`select i.id from invoices i join invoice_lines l on l.parent_id = i.id group by i.id
        having sum(l.total_amount) <> max(i.total_amount) or sum(l.amount_ex_tax) <> max(i.amount_ex_tax) or sum(l.tax_amount) <> max(i.tax_amount)`);
    expect(unequal).toEqual([]);
  });

  it('the dealer’s finance staff list them within their scope, with the advance sales of their vehicle deposits', async () => {
    const list = async (path: string, query = '') => (await t.call<Page<Record<string, unknown>>>({ method: 'GET', url: `/api/2b/finance/${path}?pageSize=20${query}`, token: finance })).data!;
    for (const path of ['receivables', 'writeOffs', 'bankFlows', 'collectionReconciliations', 'advanceSale/vehicles']) {
      const page = await list(path);
      expect(page.total, path).toBeGreaterThan(0);
      expect(page.items.every((r) => r.ownerCode === 'D11001'), path).toBe(true);
    }
    const presale = (await list('advanceSale/vehicles')).items[0]!;
    expect(presale).toMatchObject({ receiptNo: expect.stringMatching(/^SKD11001/), colorName: expect.any(String) });
  });

  const report = async (name: string, query: Record<string, string | string[]>) => {
    const answer = await t.call<ReportAnswer>({ method: 'GET', url: `/api/2b/finance/reports/${name}`, token: finance, query });
    expect(answer.errMsg).toBe('');
    return answer.data!;
  };

  it('应收账龄 by debtor type in 0–30 / 31–90 / >90 day bands: the open amounts of the rows, each band’s drill-down its rows', async () => {
    const aging = await report('receivableAging', { groupBy: ['ageBand', 'debtorType'], status: ['81081001', '81081002'] });
    expect(aging.dimensions.map((d) => d.name)).toEqual(['ageBand', 'debtorType']);
    const labels = new Set(aging.rows.map((r) => r.values.ageBandLabel));
    expect([...labels].every((l) => ['0–30天', '31–90天', '90天以上'].includes(String(l)))).toBe(true);
    const { rows: expected } = await sql<{ band: string; debtorType: string; open: string; n: number }>`
      select case when age <= 30 then '0' when age <= 90 then '1' else '2' end as band, debtor_type as "debtorType", sum(open_amount)::text as open, count(*)::int as n
      from (select *, ((now() at time zone 'Asia/Shanghai')::date - ar_date) as age from receivables where owner_code = 'D11001' and status in ('81081001', '81081002')) r
      group by 1, 2 order by 1, 2`.execute(db());
    expect(aging.rows.map((r) => [r.values.ageBand, r.values.debtorType, r.values.openAmount, r.values.receivables])).toEqual(expected.map((e) => [e.band, e.debtorType, e.open, e.n]));
    // A band's drill-down is the list filter of its days, finding exactly its rows.
    for (const row of aging.rows) {
      const page = await t.call<Page<unknown>>({ method: 'GET', url: '/api/2b/finance/receivables', token: finance, query: { ...row.drill, pageSize: '1' } });
      expect(page.data!.total, JSON.stringify(row.drill)).toBe(row.values.receivables);
    }
  });

  it('日收款汇总 by pay method and 预收余额 answer what the receipts hold', async () => {
    const daily = await report('dailyReceipts', { groupBy: ['payMethod'], month: '2026-06', status: ['81031002'] });
    const { rows: byMethod } = await sql<{ payMethod: string; amount: string; n: number }>`select pay_method as "payMethod", sum(amount)::text as amount, count(*)::int as n from receipts
      where owner_code = 'D11001' and status = '81031002' and to_char(received_at at time zone 'Asia/Shanghai', 'YYYY-MM') = '2026-06' group by 1 order by 1`.execute(db());
    expect(daily.rows.map((r) => [r.values.payMethod, r.values.amount, r.values.receipts])).toEqual(byMethod.map((m) => [m.payMethod, m.amount, m.n]));
    expect(daily.rows.find((r) => r.values.payMethod === '81021003')!.values.payMethodLabel).toBe('微信');
    const balance = await report('advanceBalance', { status: ['81031002'], balanceFrom: '0.01' });
    const [held] = (await sql<{ total: string; n: number }>`select sum(balance)::text as total, count(*)::int as n from receipts where owner_code = 'D11001' and status = '81031002' and balance > 0`.execute(db())).rows;
    expect(balance.rows[0]!.values).toMatchObject({ balance: held!.total, receipts: held!.n });
    expect(held!.n).toBeGreaterThan(0);
  });
});

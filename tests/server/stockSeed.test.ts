// The stock demo of a fresh database (domain.md §3 Demo) and the stock reports over it: every dealer has its parts and
// accessories warehouses with shelf-row locations, 200–400 stocked part numbers worth ¥0.8–2.5 million, each row's
// quantity the sum of the ledger of the 200 days of documents behind it (4–8 purchase in-orders a month, 1–2
// allocations, quarterly stocktakes with 0.5–2% of lines differing), and the reports 库存金额, 呆滞件 and 缺件 read it within the data scope,
// each group drilling into the 库存查询 list's own filters. The parts staff (PJGL) hold the stock menus.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ReportAnswer } from '../../schemas/api/report';
import { DEALERS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';

type Row = Record<string, unknown>;
const STOCKS = '/api/part/stockmanage/partStocks';

describe(`[BO-PROD-07] 配件库存演示数据与库存报表 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['admin', 'd11001llr', 'd11001shr', 'd11001fwgw', 'rnmanager']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const report = async (who: string, name: string, query: Record<string, string | string[]> = {}) => {
    const answer = await t.call<ReportAnswer>({ method: 'GET', url: `/api/part/reports/${name}`, token: tokens[who], query });
    expect(answer.resultCode, answer.errMsg).toBe(200);
    return answer.data!;
  };
  const listTotal = async (who: string, query: Record<string, string | string[]>) =>
    (await t.call<Page<Row>>({ method: 'GET', url: STOCKS, token: tokens[who], query: { ...query, pageSize: '1' } })).data!.total;

  it('every dealer has PJ01 配件库 and JP01 精品库 with shelf-row locations, and 200–400 stocked part numbers worth ¥0.8–2.5 million', async () => {
    const { rows: warehouses } = await sql<{ ownerCode: string; codes: string }>`select owner_code as "ownerCode", string_agg(warehouse_code || ' ' || warehouse_name, ',' order by warehouse_code) as codes
      from warehouses group by owner_code order by owner_code`.execute(db());
    expect(warehouses).toEqual(DEALERS.map((d) => ({ ownerCode: d.orgCode, codes: 'JP01 精品库,PJ01 配件库' })).sort((a, b) => a.ownerCode.localeCompare(b.ownerCode)));
    const { rows: badLocations } = await sql`select location_code from warehouse_locations where location_code !~ '^[A-Z]{1,2}-[0-9]{2}-[0-9]{2}$'`.execute(db());
    expect(badLocations).toEqual([]);
    const { rows } = await sql<{ ownerCode: string; parts: number; worth: string }>`select owner_code as "ownerCode", count(*) filter (where on_hand_qty > 0)::int as parts, sum(stock_amount)::text as worth
      from part_stocks group by owner_code`.execute(db());
    expect(rows).toHaveLength(DEALERS.length);
    for (const row of rows) {
      expect(row.parts, row.ownerCode).toBeGreaterThanOrEqual(200);
      expect(row.parts, row.ownerCode).toBeLessThanOrEqual(400);
      expect(Number(row.worth), row.ownerCode).toBeGreaterThanOrEqual(800_000);
      expect(Number(row.worth), row.ownerCode).toBeLessThanOrEqual(2_500_000);
    }
  });

  it('every stock row is the sum of its ledger, and every ledger entry is a posted document of the dealer', async () => {
    const { rows: drift } = await sql`select s.owner_code, s.part_no from part_stocks s
      left join (select owner_code, warehouse_code, part_no, sum(qty) as total from stock_ledgers group by 1, 2, 3) l using (owner_code, warehouse_code, part_no)
      where s.on_hand_qty <> coalesce(l.total, 0) or s.stock_amount <> round(s.on_hand_qty * s.avg_cost, 2) or s.locked_qty > s.on_hand_qty`.execute(db());
    expect(drift).toEqual([]);
    const { rows: orphans } = await sql`select l.doc_no from stock_ledgers l where not exists (
        select 1 from part_in_orders i where i.in_no = l.doc_no and i.owner_code = l.owner_code and i.status = '82061002'
        union all select 1 from part_out_orders o where o.out_no = l.doc_no and o.owner_code = l.owner_code and o.status = '82081002'
        union all select 1 from stocktakes s where s.take_no = l.doc_no and s.owner_code = l.owner_code and s.status = '82101003') limit 5`.execute(db());
    expect(orphans).toEqual([]);
    // A stocktake's lines: book and count agree but for 0.5–2% of them, and the differences are its ledger entries.
    const { rows: takes } = await sql<{ takeNo: string; lines: number; differing: number; posted: number }>`select s.take_no as "takeNo", count(l.*)::int as lines,
        count(l.*) filter (where l.diff_qty <> 0)::int as differing, (select count(*)::int from stock_ledgers g where g.doc_no = s.take_no) as posted
      from stocktakes s join stocktake_lines l on l.parent_id = s.id where s.warehouse_code = 'PJ01' group by s.id`.execute(db());
    expect(takes.length).toBeGreaterThanOrEqual(DEALERS.length * 2);
    for (const take of takes) {
      expect(take.differing, take.takeNo).toBe(take.posted);
      expect(take.differing / take.lines, take.takeNo).toBeLessThanOrEqual(0.025);
      expect(take.differing, take.takeNo).toBeGreaterThanOrEqual(1);
    }
  });

  it('per dealer and month: 4–8 purchase in-orders (besides the opening stock) and 1–2 allocations sent, received by a dealer of its region', async () => {
    const { rows: purchases } = await sql<{ ownerCode: string; month: string; n: number }>`select owner_code as "ownerCode", to_char(received_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, count(*)::int as n
      from part_in_orders where in_type = '82051001' and status = '82061002' and coalesce(remark, '') <> '期初入库' group by 1, 2`.execute(db());
    // The whole calendar months between the opening stock's month and this one.
    const months = [...new Set(purchases.map((p) => p.month))].sort();
    const whole = purchases.filter((p) => p.month > months[0]! && p.month < months[months.length - 1]!);
    expect(whole.length).toBeGreaterThanOrEqual(DEALERS.length * 5);
    for (const p of whole) {
      expect(p.n, `${p.ownerCode} ${p.month}`).toBeGreaterThanOrEqual(4);
      expect(p.n, `${p.ownerCode} ${p.month}`).toBeLessThanOrEqual(8);
    }
    const { rows: sent } = await sql<{ ownerCode: string; n: number; sameRegion: boolean }>`select a.owner_code as "ownerCode", count(*)::int as n,
        bool_and(fo.parent_id = ro.parent_id) as "sameRegion"
      from allocations a join organizations fo on fo.org_code = a.owner_code join organizations ro on ro.org_code = a.to_owner_code
      where a.status = '82011004' group by a.owner_code`.execute(db());
    for (const dealer of sent) {
      // About six months of 1–2 a month.
      expect(dealer.n, dealer.ownerCode).toBeGreaterThanOrEqual(5);
      expect(dealer.n, dealer.ownerCode).toBeLessThanOrEqual(14);
      expect(dealer.sameRegion).toBe(true);
    }
    const { rows: unreceived } = await sql`select a.alloc_no from allocations a join allocation_ins i on i.alloc_no = a.alloc_no where a.status = '82011004' and i.status <> '82011004'`.execute(db());
    expect(unreceived).toEqual([]);
  });

  it('库存金额 by dealer: the manufacturer every dealer, a dealer itself, the totals those of the stock list', async () => {
    const all = await report('admin', 'stockAmount', { groupBy: 'dealer' });
    expect(all.rows.map((r) => r.values.dealer).sort()).toEqual(DEALERS.map((d) => d.orgCode).sort());
    for (const row of all.rows) {
      expect(Number(row.values.amount)).toBeGreaterThanOrEqual(800_000);
      expect(Number(row.values.parts)).toBeGreaterThanOrEqual(200);
      expect(row.drill).toMatchObject({ inStock: '1', ownerCode: [row.values.dealer] });
      expect(await listTotal('admin', row.drill)).toBe(row.values.parts);
    }
    const own = await report('d11001llr', 'stockAmount', { groupBy: 'category' });
    const { rows } = await sql<{ amount: string }>`select sum(stock_amount)::text as amount from part_stocks where owner_code = 'D11001'`.execute(db());
    expect(own.rows.reduce((sum, r) => sum + Math.round(Number(r.values.amount) * 100), 0)).toBe(Math.round(Number(rows[0]!.amount) * 100));
    expect(own.rows.every((r) => typeof r.values.categoryLabel === 'string' && r.values.categoryLabel !== r.values.category)).toBe(true);
  });

  it('呆滞件 are parts in stock without a movement for 180 days and 缺件 parts below their safety stock; each drills into the same list', async () => {
    const slow = await report('d11001llr', 'slowMovingParts', { groupBy: 'warehouse' });
    const slowParts = slow.rows.reduce((n, r) => n + Number(r.values.parts), 0);
    expect(slowParts).toBeGreaterThan(0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from part_stocks where owner_code = 'D11001' and on_hand_qty > 0
      and coalesce(last_moved_at, created_at) < now() - interval '180 days'`.execute(db());
    expect(slowParts).toBe(rows[0]!.n);
    // The definition's filter holds whatever the request asks.
    expect((await report('d11001llr', 'slowMovingParts', { slowMoving: '0' })).rows[0]!.values.parts).toBe(slowParts);
    for (const row of slow.rows) {
      expect(row.drill).toMatchObject({ slowMoving: '1', warehouseCode: row.values.warehouse });
      expect(await listTotal('d11001llr', row.drill)).toBe(row.values.parts);
    }
    const short = await report('d11001llr', 'shortParts', {});
    const { rows: below } = await sql<{ n: number }>`select count(*)::int as n from part_stocks where owner_code = 'D11001' and min_qty > 0 and on_hand_qty < min_qty`.execute(db());
    expect(short.rows[0]!.values.parts).toBe(below[0]!.n);
    expect(below[0]!.n).toBeGreaterThan(0);
    expect(await listTotal('d11001llr', { short: '1' })).toBe(below[0]!.n);
  });

  it('the parts clerk (PJGL) holds the stock menus, the repair manager reads stock and approves counts, a service advisor has none of them', async () => {
    type MenuNode = { meta: { title: string }; children?: MenuNode[] };
    const titles = async (who: string) => {
      const answer = await t.call<MenuNode[]>({ method: 'GET', url: '/api/auth/menus', token: tokens[who] });
      const walk = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.meta.title, ...walk(n.children ?? [])]);
      return walk(answer.data ?? []);
    };
    expect(await titles('d11001llr')).toEqual(expect.arrayContaining(['库存管理', '仓库库位', '库存查询', '出入库流水', '配件预留', '盘点', '库存报表', '入库单', '出库单/维修领料', '调拨入库', '调拨单', '配件主档']));
    expect(await titles('d11001shr')).toEqual(expect.arrayContaining(['库存查询', '盘点', '库存报表']));
    expect(await titles('d11001fwgw')).not.toContain('库存查询');
    expect((await t.call({ method: 'GET', url: STOCKS, token: tokens.d11001fwgw })).resultCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/part/stockmanage/allocateInOders/Storage/Select', token: tokens.d11001fwgw })).resultCode).toBe(403);
  });
});

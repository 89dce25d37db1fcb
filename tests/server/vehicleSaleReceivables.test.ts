// A vehicle sale through finance at D11001 on both databases (domain.md §4 state table, §2 invariants; issue 26): 审核
// posts one 整车销售 receivable of the order's total with the deposit received for the order written off against it;
// 收款确认 is refused while anything is open and then records as received exactly what is written off; two write-offs
// at once cannot overdraw the receivable; 退订 cancels it by a reversing entry (the source's postings sum to 0) and is
// refused while money is written off against it, until the cashier has reversed the write-off.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { SALES_PATHS as P, SalesFlow } from './salesSupport';

const ORDER = { toApprove: '83201001', approved: '83201002', ready: '83201004', cancelled: '83201007' };
const AR = { open: '81081001', partly: '81081002', writtenOff: '81081003', void: '81081004' };
const VEHICLE_SALE = '81071002';
const DEPOSIT = '81011003';
const BALANCE = '81011004';
const CASH = '81021001';
const INVOICE_NO = '26110200000012345678';

type Row = Record<string, unknown> & { id: number };
const cents = (value: unknown) => Math.round(Number(value) * 100);

describe(`整车销售应收 (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;
  const taken = new Set<string>();
  /** The free vehicle each order was quoted for, by order id. */
  const vinOf = new Map<number, string>();

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
  });
  afterAll(() => t?.close());

  /** An order of a new customer for a free vehicle, waiting for its approval. */
  async function newOrder(): Promise<Row> {
    const customer = await s.potential();
    const vehicle = await s.freeVehicle('D11001', taken);
    const quote = await s.validQuotation(customer.id, vehicle);
    const order = await s.ok('d11001xsgw2', 'POST', P.orders, { quotationId: quote.id, depositAmount: '8000.00' });
    vinOf.set(order.id, vehicle.vin);
    return order;
  }
  const approve = (order: Row) => s.ok('d11001xsgw', 'POST', `${P.orders}/${order.id}/approve`);
  /** A confirmed cash receipt of the cashier's. */
  async function receipt(amount: string, receiptType: string, sourceNo: unknown): Promise<Row> {
    const created = await s.ok('d11001dbzy', 'POST', P.receipts, { customerName: '测试客户', receiptType, payMethod: CASH, amount, receivedAt: '2026-06-28 10:00:00', sourceNo });
    await s.ok('d11001dbzy', 'POST', `${P.receipts}/${created.id}/confirm`);
    return s.ok('d11001dbzy', 'GET', `${P.receipts}/${created.id}`);
  }
  const writeOff = (receivableId: number, receiptId: number, amount: string) => s.call('d11001dbzy', 'POST', P.writeOffs, { receivableId, receiptId, amount });
  /** Every receivable of the order, voided ones and reversing entries included, with the sum of its write-offs. */
  const postingsOf = async (soNo: unknown) =>
    (
      await sql<{ id: number; amount: string; writtenOff: string; open: string; status: string; reversalOfId: number | null; posted: string }>`select r.id, r.amount::text, r.written_off_amount::text as "writtenOff",
        r.open_amount::text as open, r.status, r.reversal_of_id as "reversalOfId", (select coalesce(sum(w.amount), 0) from write_offs w where w.receivable_id = r.id)::text as posted
      from receivables r where r.source_no = ${String(soNo)} and r.source_type = ${VEHICLE_SALE} order by r.id`.execute(s.db)
    ).rows;

  it('[BO-PROD-06] 审核 posts exactly one 整车销售 receivable of the order’s total, with the order’s 定金 receipt written off against it', async () => {
    const order = await newOrder();
    // The deposit, registered by the cashier for the order before it is approved: nothing is owed yet.
    const deposit = await receipt('8000.00', DEPOSIT, order.soNo);
    expect(await s.receivablesOf(order.soNo)).toEqual([]);
    expect(await approve(order)).toMatchObject({ status: ORDER.approved, receivedAmount: '8000.00' });
    const posted = await s.receivablesOf(order.soNo);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      sourceType: VEHICLE_SALE,
      sourceNo: order.soNo,
      debtorType: '81061001',
      debtorName: '测试客户',
      companyCode: 'D11001',
      ownerCode: 'D11001',
      amount: order.totalAmount,
      writtenOffAmount: '8000.00',
      openAmount: (cents(order.totalAmount) / 100 - 8000).toFixed(2),
      status: AR.partly,
    });
    expect(String(posted[0]!.arNo)).toMatch(/^ARD11001\d{10}$/);
    expect(await s.ok('d11001dbzy', 'GET', `${P.receipts}/${deposit.id}`)).toMatchObject({ writtenOffAmount: '8000.00', balance: '0.00' });
    // Money on the wire is text with two places.
    expect(typeof posted[0]!.amount).toBe('string');
  });

  it('[BO-PROD-06] a presale’s deposit (整车预售 转订单) is written off against the order’s receivable at 审核', async () => {
    const order = await newOrder();
    const deposit = await receipt('6000.00', DEPOSIT, null);
    // The presale names its vehicle down the material tree: brand, series, model, configuration, colour.
    const chain: number[] = [];
    let node: { id: number; parentId: number | null } | undefined = { id: Number(order.colorId), parentId: null };
    while (node) {
      node = await s.db.selectFrom('materials').select(['id', 'parentId']).where('id', '=', node.id).executeTakeFirst();
      if (!node) break;
      chain.unshift(Number(node.id));
      node = node.parentId === null ? undefined : { id: Number(node.parentId), parentId: null };
    }
    const [brandId, seriesId, modelId, configId, colorId] = chain.slice(-5);
    const presale = await s.ok('d11001dbzy', 'POST', '/api/2b/finance/advanceSale/vehicles', {
      customerName: '测试客户', phone: '13911112222', brandId, seriesId, modelId, configId, colorId,
      presalePrice: String(order.totalAmount), depositAmount: '6000.00', expectedArrival: '2099-01-01', receiptId: deposit.id,
    });
    await s.ok('d11001dbzy', 'POST', `/api/2b/finance/advanceSale/vehicles/${presale.id}/toOrder`, { soNo: order.soNo });
    expect(await approve(order)).toMatchObject({ receivedAmount: '6000.00' });
    const [receivable] = await s.receivablesOf(order.soNo);
    expect(receivable).toMatchObject({ writtenOffAmount: '6000.00', status: AR.partly });
    expect(await s.ok('d11001dbzy', 'GET', `${P.receipts}/${deposit.id}`)).toMatchObject({ balance: '0.00' });
  });

  it('[BO-PROD-06] 收款确认 is refused while the receivable is open; after the receipts are written off it records what was written off', async () => {
    const order = await newOrder();
    await approve(order);
    await s.ok('d11001xsgw2', 'POST', `${P.orders}/${order.id}/allocate`, { vin: vinOf.get(order.id) });
    const [receivable] = await s.receivablesOf(order.soNo);
    const total = cents(order.totalAmount);
    const firstPart = ((total - 1_000_000) / 100).toFixed(2);
    const confirm = () => s.call('d11001dbzy', 'POST', `${P.orders}/${order.id}/confirmPayment`, { invoiceNo: INVOICE_NO });
    expect(await confirm()).toMatchObject({ resultCode: 400, errMsg: `应收单${String(receivable!.arNo)}尚有${String(order.totalAmount)}元未收款核销，不能确认收款；请先在收款核销中收款` });
    // The balance paid in two receipts; one is not enough.
    const first = await receipt(firstPart, BALANCE, order.soNo);
    expect((await writeOff(receivable!.id, first.id, firstPart)).errMsg).toBe('');
    expect(await confirm()).toMatchObject({ resultCode: 400, errMsg: `应收单${String(receivable!.arNo)}尚有10000.00元未收款核销，不能确认收款；请先在收款核销中收款` });
    const second = await receipt('12000.00', BALANCE, order.soNo);
    expect((await writeOff(receivable!.id, second.id, '10000.00')).errMsg).toBe('');
    const paid = await confirm();
    expect(paid.errMsg).toBe('');
    const postings = await postingsOf(order.soNo);
    expect(postings).toHaveLength(1);
    expect(paid.data).toMatchObject({ status: ORDER.ready, receivedAmount: order.totalAmount });
    expect(cents(paid.data!.receivedAmount)).toBe(cents(postings[0]!.posted));
    expect(postings[0]).toMatchObject({ status: AR.writtenOff, writtenOff: postings[0]!.amount });
    // What the second receipt did not need stays its balance.
    expect(await s.ok('d11001dbzy', 'GET', `${P.receipts}/${second.id}`)).toMatchObject({ balance: '2000.00' });
  });

  it('[BO-PROD-06] 收款确认 and 反核销 at once: the order is never 待交车 on a receivable that is not fully written off', async () => {
    for (let round = 0; round < 2; round++) {
      const order = await newOrder();
      await approve(order);
      await s.ok('d11001xsgw2', 'POST', `${P.orders}/${order.id}/allocate`, { vin: vinOf.get(order.id) });
      const [receivable] = await s.receivablesOf(order.soNo);
      const paid = await receipt(String(receivable!.openAmount), BALANCE, order.soNo);
      const written = await writeOff(receivable!.id, paid.id, String(receivable!.openAmount));
      const confirm = () => s.call('d11001dbzy', 'POST', `${P.orders}/${order.id}/confirmPayment`, { invoiceNo: INVOICE_NO });
      const reverse = () => s.call('d11001dbzy', 'POST', `${P.writeOffs}/${written.data!.id}/reverse`, { reverseReason: '收错款' });
      const [confirmed, reversed] = round === 0 ? await Promise.all([confirm(), reverse()]) : (await Promise.all([reverse(), confirm()])).reverse();
      expect([confirmed!.resultCode, reversed!.resultCode].sort()).toEqual([200, 400]);
      if (confirmed!.resultCode === 400) expect(confirmed!.errMsg).toContain('未收款核销，不能确认收款');
      else expect(reversed!.errMsg).toBe(`销售订单${String(order.soNo)}已确认收款，不能反核销`);
      const [posting] = await postingsOf(order.soNo);
      const state = await s.ok('d11001xsgw2', 'GET', `${P.orders}/${order.id}`);
      if (state.status === ORDER.ready) expect(cents(posting!.open)).toBe(0);
      expect(cents(state.receivedAmount)).toBe(cents(posting!.writtenOff));
    }
  });

  it('[BO-PROD-06] two write-offs at once against one vehicle receivable cannot overdraw it: one is refused with the open amount left', async () => {
    const order = await newOrder();
    await approve(order);
    const [receivable] = await s.receivablesOf(order.soNo);
    const open = String(receivable!.openAmount);
    const [a, b] = [await receipt(open, BALANCE, order.soNo), await receipt(open, BALANCE, order.soNo)];
    const answers = await Promise.all([writeOff(receivable!.id, a.id, open), writeOff(receivable!.id, b.id, open)]);
    expect(answers.map((x) => x.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.resultCode === 400)!.errMsg).toBe(`核销金额超过应收单${String(receivable!.arNo)}的未核销金额0.00元`);
    const [posting] = await postingsOf(order.soNo);
    expect(cents(posting!.writtenOff)).toBe(cents(posting!.amount));
    expect(cents(posting!.posted)).toBe(cents(posting!.writtenOff));
    expect(cents(posting!.open)).toBe(0);
    // The order shows what is written off at once, before its 收款确认 stores it.
    expect(await s.ok('d11001xsgw2', 'GET', `${P.orders}/${order.id}`)).toMatchObject({ receivedAmount: order.totalAmount });
  });

  it('[BO-PROD-06] 退订 cancels the receivable by a reversing entry (the postings sum to 0); refused while money is written off, until it is reversed', async () => {
    const order = await newOrder();
    const deposit = await receipt('8000.00', DEPOSIT, order.soNo);
    await approve(order);
    const [receivable] = await s.receivablesOf(order.soNo);
    const cancel = () => s.call('d11001xsgw', 'POST', `${P.orders}/${order.id}/cancel`, { cancelReason: '83351001' });
    expect(await cancel()).toMatchObject({ resultCode: 400, errMsg: `应收单${String(receivable!.arNo)}已收款核销8000.00元，不能退订；请先反核销并办理退款` });
    expect(await s.ok('d11001xsgw', 'GET', `${P.orders}/${order.id}`)).toMatchObject({ status: ORDER.approved, receivedAmount: '8000.00' });
    // The cashier reverses the deposit's write-off; the deposit is the receipt's balance again, to refund.
    const { items } = await s.ok<{ items: Row[] }>('d11001dbzy', 'GET', P.writeOffs, undefined, { receivableId: String(receivable!.id) });
    expect(items).toHaveLength(1);
    expect((await s.call('d11001dbzy', 'POST', `${P.writeOffs}/${items[0]!.id}/reverse`, { reverseReason: '客户退订' })).errMsg).toBe('');
    const cancelled = await cancel();
    expect(cancelled.errMsg).toBe('');
    expect(cancelled.data).toMatchObject({ status: ORDER.cancelled, receivedAmount: '0.00' });
    const postings = await postingsOf(order.soNo);
    expect(postings).toHaveLength(2);
    const [original, reversal] = postings;
    expect(original).toMatchObject({ id: receivable!.id, status: AR.void, amount: order.totalAmount, reversalOfId: null });
    expect(reversal).toMatchObject({ status: AR.void, reversalOfId: receivable!.id, writtenOff: '0.00' });
    expect(cents(reversal!.amount)).toBe(-cents(order.totalAmount));
    // The sum of the postings is each balance: what is owed on the order is 0, and so is what is written off.
    expect(postings.reduce((n, p) => n + cents(p.amount), 0)).toBe(0);
    expect(postings.reduce((n, p) => n + cents(p.open), 0)).toBe(0);
    expect(postings.reduce((n, p) => n + cents(p.writtenOff), 0)).toBe(0);
    for (const p of postings) expect(cents(p.writtenOff)).toBe(cents(p.posted));
    expect(await s.ok('d11001dbzy', 'GET', `${P.receipts}/${deposit.id}`)).toMatchObject({ writtenOffAmount: '0.00', balance: '8000.00' });
    // A reversing entry is made once, and a voided receivable takes no write-off.
    const again = await s.call('d11001dbzy', 'POST', P.receivables, { reversalOfId: receivable!.id, debtorType: '81061001', debtorName: 'x', sourceType: VEHICLE_SALE, sourceNo: order.soNo, amount: '1.00', dueDate: '2099-01-01' });
    expect(again).toMatchObject({ resultCode: 400, errMsg: `应收单${String(receivable!.arNo)}已有红字冲销记录` });
    expect(await writeOff(receivable!.id, deposit.id, '1.00')).toMatchObject({ resultCode: 400, errMsg: `应收单${String(receivable!.arNo)}已冲销，不能核销` });
  });

  it('[BO-PROD-06] the seeded orders hold what the hooks post: one receivable of the total per approved order, 已收金额 = Σ its write-offs, paid orders written off', async () => {
    const { rows } = await sql<{ soNo: string; status: string; total: string; received: string; n: number; amount: string | null; writtenOff: string | null; posted: string | null }>`
      select o.so_no as "soNo", o.status, o.total_amount::text as total, o.received_amount::text as received, count(r.id)::int as n,
        sum(r.amount)::text as amount, sum(r.written_off_amount)::text as "writtenOff",
        sum((select coalesce(sum(w.amount), 0) from write_offs w where w.receivable_id = r.id))::text as posted
      from sales_orders o left join receivables r on r.owner_code = o.owner_code and r.source_no = o.so_no and r.source_type = ${VEHICLE_SALE} and r.status <> ${AR.void}
      where o.status in ('83201002', '83201003', '83201004', '83201005', '83201006') and o.created_at < timestamptz '2026-07-01 00:00:00+08' group by o.id`.execute(s.db);
    expect(rows.length).toBeGreaterThan(100);
    const wrong = rows.filter((o) => {
      const paid = ['83201004', '83201005', '83201006'].includes(o.status);
      return o.n !== 1 || cents(o.amount) !== cents(o.total) || cents(o.writtenOff) !== cents(o.posted) || cents(o.received) !== cents(o.writtenOff) || (paid && cents(o.writtenOff) !== cents(o.total));
    });
    expect(wrong.slice(0, 5)).toEqual([]);
    // An order waiting for its approval owes nothing yet.
    const { rows: early } = await sql<{ n: number }>`select count(*)::int as n from receivables r join sales_orders o on o.owner_code = r.owner_code and o.so_no = r.source_no
      where r.source_type = ${VEHICLE_SALE} and o.status = ${ORDER.toApprove}`.execute(s.db);
    expect(early[0]!.n).toBe(0);
  });

  it('an order cancelled before its approval has no receivable to reverse', async () => {
    const order = await newOrder();
    expect(await s.ok('d11001xsgw', 'POST', `${P.orders}/${order.id}/cancel`, { cancelReason: '83351005' })).toMatchObject({ status: ORDER.cancelled });
    expect(await postingsOf(order.soNo)).toEqual([]);
  });
});

// 应收 and 核销 (domain.md §2, issue 26) on both databases: a receivable posted by another area through the engine
// (context.records('receivable'), as a repair settlement will), written off against receipts, reversed by a reversing
// write-off, paid and written off in one step at the cashier, voided only while nothing is written off; and the
// invariants under parallel requests: 0 ≤ receivable.writtenOff ≤ amount, receipt balance = amount − writtenOff −
// refunded ≥ 0, two write-offs at once against one receivable (or one receipt) cannot overdraw it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { formatDateTime } from '../../server/http/dates';
import { loadSessionUser } from '../../server/http/session';
import { MODEL_HOOKS } from '../../server/hooks';
import { repositoryModels } from '../../server/models/modelCatalogue';
import type { ReadContext } from '../../server/models/modelReads';
import { createRecord, transitionRecord } from '../../server/models/modelWrites';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const RECEIPTS = '/api/2b/finance/receipts';
const RECEIVABLES = '/api/2b/finance/receivables';
const WRITE_OFFS = '/api/2b/finance/writeOffs';
const REFUNDS = '/api/2b/finance/refunds';
const AR = { open: '81081001', partly: '81081002', writtenOff: '81081003', void: '81081004' };
const CUSTOMER = '81061001';
const REPAIR_SETTLEMENT = '81071001';
const WECHAT = '81021003';

type Row = Record<string, unknown> & { id: number };
/** A Beijing day `n` days from now: a due date after today's default 挂账日期. */
const inDays = (n: number) => formatDateTime(new Date(Date.now() + n * 86_400_000)).slice(0, 10);

describe(`应收与核销 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const users = ['d11001dbzy', 'd12001dbzy', 'd11001fwgw'] as const;
  type Who = (typeof users)[number];

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const get = async (url: string) => (await call('d11001dbzy', 'GET', url)).data!;
  let serial = 0;
  async function receipt(amount: string): Promise<Row> {
    const created = await call('d11001dbzy', 'POST', RECEIPTS, { customerName: '王芳', receiptType: '81011001', payMethod: '81021005', amount, receivedAt: '2026-06-20 10:00:00' });
    expect(created.errMsg).toBe('');
    expect((await call('d11001dbzy', 'POST', `${RECEIPTS}/${created.data!.id}/confirm`)).resultCode).toBe(200);
    return get(`${RECEIPTS}/${created.data!.id}`);
  }
  async function receivable(amount: string, extra: Record<string, unknown> = {}): Promise<Row> {
    serial += 1;
    const created = await call('d11001dbzy', 'POST', RECEIVABLES, {
      debtorType: CUSTOMER,
      debtorName: '王芳',
      sourceType: REPAIR_SETTLEMENT,
      sourceNo: `ROD110012606200${String(serial).padStart(3, '0')}`,
      amount,
      arDate: '2026-06-20',
      dueDate: '2026-07-20',
      ...extra,
    });
    expect(created.errMsg).toBe('');
    return created.data!;
  }
  const writeOff = (receivableId: number, receiptId: number, amount: string) => call('d11001dbzy', 'POST', WRITE_OFFS, { receivableId, receiptId, amount });
  const sumOf = (rows: Row[]) => rows.reduce((acc, r) => acc + Math.round(Number(r.amount) * 100), 0) / 100;

  it('[BO-ENT-16] posts a receivable with its AR number, order theme and open amount; the advisor has no finance menu', async () => {
    const r = await receivable('1280.50', { arDate: '2026-06-20' });
    expect(r).toMatchObject({ status: AR.open, companyCode: 'D11001', amount: '1280.50', writtenOffAmount: '0.00', openAmount: '1280.50', arDate: '2026-06-20', dueDate: '2026-07-20' });
    expect(String(r.arNo)).toMatch(/^ARD11001\d{10}$/);
    expect((await call('d11001fwgw', 'GET', RECEIVABLES)).resultCode).toBe(403);
    expect(await call('d11001dbzy', 'POST', RECEIVABLES, { debtorType: CUSTOMER, debtorName: '王芳', sourceType: REPAIR_SETTLEMENT, sourceNo: 'X1', amount: '10.00', arDate: '2026-06-20', dueDate: '2026-06-19' })).toMatchObject({
      resultCode: 400,
      errMsg: '到期日期不能早于挂账日期',
    });
    // Another dealer's finance staff neither see it nor write it off.
    expect((await call('d12001dbzy', 'GET', `${RECEIVABLES}/${r.id}`)).resultCode).toBe(404);
  });

  it('another area posts a receivable from its own hook through the engine (the settlement contract), and voids it the same way', async () => {
    const db = t.server.database.db;
    const models = new Map(repositoryModels().map((m) => [m.model.name, m]));
    const advisor = await db.selectFrom('users').select('id').where('userCode', '=', 'd11001fwgw').executeTakeFirstOrThrow();
    const user = (await loadSessionUser(db, Number(advisor.id)))!;
    const vehicle = await db.selectFrom('repairOrders').select(['vin', 'plateNo']).where('ownerCode', '=', 'D11001').executeTakeFirstOrThrow();
    // The after-sales hooks as they are: settling posts one receivable per payer in the settlement's transaction
    // (server/hooks/repair/settlement.ts); 取消结算 voids them with finance's own transition.
    const context: ReadContext = { db, user, loaded: models.get('repairOrder')!, hooks: MODEL_HOOKS.repairOrder, models, allHooks: MODEL_HOOKS };
    const order = await createRecord(context, { vin: vehicle.vin, plateNo: vehicle.plateNo, customerName: '赵磊', phone: '13800138000', repairTypeCode: 'RT01', mileage: 12000 });
    // Straight to 已完工 with ¥860 of customer-paid work: the workshop's steps and lines are not this contract's.
    await sql`update repair_orders set status = '80211003', labour_amount = 860, total_amount = 860, customer_amount = 860 where id = ${Number(order.id)}`.execute(db);
    await transitionRecord(context, Number(order.id), 'settle', {});
    const posted = (await call<Page<Row>>('d11001dbzy', 'GET', `${RECEIVABLES}?sourceNo=${String(order.roNo)}`)).data!.items;
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ debtorName: '赵磊', amount: '860.00', openAmount: '860.00', sourceType: REPAIR_SETTLEMENT, status: AR.open, companyCode: 'D11001' });
    expect(String(posted[0]!.arNo)).toMatch(/^ARD11001/);
    // 取消结算 is the 审核人's (or the workshop manager's).
    const reviewer = (await loadSessionUser(db, Number((await db.selectFrom('users').select('id').where('userCode', '=', 'd11001shr').executeTakeFirstOrThrow()).id)))!;
    await transitionRecord({ ...context, user: reviewer }, Number(order.id), 'cancelSettle', { settleCancelReason: '客户要求重新核对项目' });
    expect(await get(`${RECEIVABLES}/${posted[0]!.id}`)).toMatchObject({ status: AR.void, voidReason: '取消结算', voidedByName: expect.any(String) });
  });

  it('writes a receipt off against a receivable: both written-off amounts move, the states follow, nothing beyond either open amount', async () => {
    const r = await receivable('1000.00');
    const p = await receipt('600.00');
    const first = await writeOff(r.id, p.id, '400.00');
    expect(first.errMsg).toBe('');
    expect(first.data).toMatchObject({ kind: '81101001', status: '81091001', amount: '400.00', arNo: r.arNo, receiptNo: p.receiptNo, operatorName: expect.any(String) });
    expect(String(first.data!.writeOffNo)).toMatch(/^HXD11001\d{10}$/);
    expect(await get(`${RECEIVABLES}/${r.id}`)).toMatchObject({ status: AR.partly, writtenOffAmount: '400.00', openAmount: '600.00' });
    expect(await get(`${RECEIPTS}/${p.id}`)).toMatchObject({ writtenOffAmount: '400.00', balance: '200.00' });
    expect(await writeOff(r.id, p.id, '200.01')).toMatchObject({ resultCode: 400, errMsg: `核销金额超过收款单${String(p.receiptNo)}的可核销余额200.00元` });
    const q = await receipt('900.00');
    expect(await writeOff(r.id, q.id, '600.01')).toMatchObject({ resultCode: 400, errMsg: `核销金额超过应收单${String(r.arNo)}的未核销金额600.00元` });
    expect(await writeOff(r.id, q.id, '0.00')).toMatchObject({ resultCode: 400, errMsg: '核销金额应大于0' });
    expect((await writeOff(r.id, q.id, '600.00')).resultCode).toBe(200);
    expect(await get(`${RECEIVABLES}/${r.id}`)).toMatchObject({ status: AR.writtenOff, writtenOffAmount: '1000.00', openAmount: '0.00' });
    // A receivable with write-offs is not voided; a receipt with write-offs is not voided either.
    expect(await call('d11001dbzy', 'POST', `${RECEIPTS}/${q.id}/void`)).toMatchObject({ resultCode: 400, errMsg: '收款单已有核销或退款，不能作废' });
    // Another dealer cannot write off this dealer's records.
    const foreign = await call('d12001dbzy', 'POST', WRITE_OFFS, { receivableId: r.id, receiptId: q.id, amount: '1.00' });
    expect(foreign.resultCode).toBe(400);
  });

  it('refuses a receipt not confirmed and a voided receivable; a receivable is voided only with its reason, by a reversing entry', async () => {
    const r = await receivable('500.00');
    const pending = (await call('d11001dbzy', 'POST', RECEIPTS, { customerName: '王芳', receiptType: '81011001', payMethod: '81021001', amount: '100.00', receivedAt: '2026-06-20 09:00:00' })).data!;
    expect(await writeOff(r.id, pending.id, '50.00')).toMatchObject({ resultCode: 400, errMsg: `收款单${String(pending.receiptNo)}未确认或已作废，不能核销` });
    const v = await receivable('300.00');
    expect(await call('d11001dbzy', 'POST', `${RECEIVABLES}/${v.id}/void`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('冲销原因') });
    expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${v.id}/void`, { voidReason: '重复挂账' })).resultCode).toBe(200);
    // 冲销 keeps the posting and records its reversing entry: the source's receivables sum to 0, the original unchanged.
    const { rows } = await sql<{ arNo: string; amount: string; status: string; reversalOfId: number | null; voidReason: string | null }>`select ar_no as "arNo", amount::text as amount, status,
        reversal_of_id as "reversalOfId", void_reason as "voidReason" from receivables where id = ${v.id} or reversal_of_id = ${v.id} order by id`.execute(t.server.database.db);
    expect(rows).toEqual([
      { arNo: v.arNo, amount: '300.00', status: AR.void, reversalOfId: null, voidReason: '重复挂账' },
      { arNo: expect.stringMatching(/^ARD11001/), amount: '-300.00', status: AR.void, reversalOfId: v.id, voidReason: '重复挂账' },
    ]);
    const p = await receipt('300.00');
    expect(await writeOff(v.id, p.id, '10.00')).toMatchObject({ resultCode: 400, errMsg: `应收单${String(v.arNo)}已冲销，不能核销` });
  });

  it('反核销 keeps the original, records a reversing write-off and moves both amounts back; a receivable written off cannot be voided until then', async () => {
    const r = await receivable('800.00');
    const p = await receipt('800.00');
    const original = (await writeOff(r.id, p.id, '800.00')).data!;
    // 已核销: not voidable.
    expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${r.id}/void`, { voidReason: '错挂' })).resultCode).toBe(400);
    expect(await call('d11001dbzy', 'POST', `${WRITE_OFFS}/${original.id}/reverse`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('反核销原因') });
    expect((await call('d11001dbzy', 'POST', `${WRITE_OFFS}/${original.id}/reverse`, { reverseReason: '核销错单' })).resultCode).toBe(200);
    const rows = (await call<Page<Row>>('d11001dbzy', 'GET', `${WRITE_OFFS}?receivableId=${r.id}`)).data!.items;
    expect(rows.map((w) => [w.kind, w.status, w.amount]).sort()).toEqual([
      ['81101001', '81091002', '800.00'],
      ['81101002', '81091002', '-800.00'],
    ]);
    expect(rows.find((w) => w.kind === '81101002')).toMatchObject({ reversalOfId: original.id, reversalOfNo: original.writeOffNo, reverseReason: '核销错单' });
    expect(sumOf(rows)).toBe(0);
    expect(await get(`${RECEIVABLES}/${r.id}`)).toMatchObject({ status: AR.open, writtenOffAmount: '0.00', openAmount: '800.00' });
    expect(await get(`${RECEIPTS}/${p.id}`)).toMatchObject({ writtenOffAmount: '0.00', balance: '800.00' });
    // Neither can be reversed again; a reversal cannot be posted by hand.
    expect((await call('d11001dbzy', 'POST', `${WRITE_OFFS}/${original.id}/reverse`, { reverseReason: '再来' })).resultCode).toBe(400);
    expect(await call('d11001dbzy', 'POST', WRITE_OFFS, { receivableId: r.id, receiptId: p.id, amount: '-800.00', reversalOfId: original.id })).toMatchObject({ resultCode: 400, errMsg: `核销单${String(original.writeOffNo)}已有反核销记录` });
    // Nothing written off now: the receivable may be voided, and the receipt too.
    expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${r.id}/void`, { voidReason: '错挂' })).resultCode).toBe(200);
    expect((await call('d11001dbzy', 'POST', `${RECEIPTS}/${p.id}/void`)).resultCode).toBe(200);
  });

  it('收款并核销 at the cashier: a confirmed receipt in the serial format of its channel, written off against the receivable in one transaction', async () => {
    const r = await receivable('1580.00');
    const paid = await call<{ receivable: Row; receipt: Row; writeOff: Row }>('d11001dbzy', 'POST', `${RECEIVABLES}/${r.id}/payAndWriteOff`, { payMethod: WECHAT, quickPaySerialNo: '4200002026062012345678901234' });
    expect(paid.errMsg).toBe('');
    expect(paid.data!.receipt).toMatchObject({ status: '81031002', receiptType: '81011002', payMethod: WECHAT, amount: '1580.00', writtenOffAmount: '1580.00', balance: '0.00', customerName: '王芳', sourceNo: r.sourceNo, companyCode: 'D11001' });
    expect(paid.data!.receivable).toMatchObject({ status: AR.writtenOff, openAmount: '0.00' });
    expect(paid.data!.writeOff).toMatchObject({ amount: '1580.00', receiptId: paid.data!.receipt.id });
    // A serial in the wrong format, or more than is open: nothing is recorded, not even the receipt.
    const s = await receivable('100.00');
    const before = (await call<Page<Row>>('d11001dbzy', 'GET', `${RECEIPTS}?sourceNo=${String(s.sourceNo)}`)).data!.total;
    expect(await call('d11001dbzy', 'POST', `${RECEIVABLES}/${s.id}/payAndWriteOff`, { payMethod: WECHAT, quickPaySerialNo: '12345' })).toMatchObject({ resultCode: 400, errMsg: '微信支付的快捷支付流水号应为4200开头的28位数字' });
    expect(await call('d11001dbzy', 'POST', `${RECEIVABLES}/${s.id}/payAndWriteOff`, { payMethod: '81021001', amount: '100.01' })).toMatchObject({ resultCode: 400, errMsg: `核销金额超过应收单${String(s.arNo)}的未核销金额100.00元` });
    expect(await call('d11001dbzy', 'POST', `${RECEIVABLES}/${s.id}/payAndWriteOff`, {})).toMatchObject({ resultCode: 400, errMsg: '请选择收款方式' });
    expect((await call<Page<Row>>('d11001dbzy', 'GET', `${RECEIPTS}?sourceNo=${String(s.sourceNo)}`)).data!.total).toBe(before);
    // Part now, the rest later: 部分核销, then 已核销.
    expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${s.id}/payAndWriteOff`, { payMethod: '81021001', amount: '30.00' })).resultCode).toBe(200);
    expect(await get(`${RECEIVABLES}/${s.id}`)).toMatchObject({ status: AR.partly, openAmount: '70.00' });
    expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${s.id}/payAndWriteOff`, { payMethod: '81021002', quickPaySerialNo: '202606201234' })).resultCode).toBe(200);
    expect(await get(`${RECEIVABLES}/${s.id}`)).toMatchObject({ status: AR.writtenOff, openAmount: '0.00' });
    expect(await call('d11001dbzy', 'POST', `${RECEIVABLES}/${s.id}/payAndWriteOff`, { payMethod: '81021001' })).toMatchObject({ resultCode: 400, errMsg: `应收单${String(s.arNo)}已冲销或已核销，不能收款核销` });
  });

  it('核销 from the receivable: an advance receipt’s balance written off against it', async () => {
    const r = await receivable('450.00');
    const p = await receipt('1000.00');
    const done = await call<{ receivable: Row; writeOff: Row }>('d11001dbzy', 'POST', `${RECEIVABLES}/${r.id}/writeOff`, { receiptId: p.id, amount: '450.00' });
    expect(done.errMsg).toBe('');
    expect(done.data!.receivable).toMatchObject({ status: AR.writtenOff });
    expect(await get(`${RECEIPTS}/${p.id}`)).toMatchObject({ balance: '550.00' });
  });

  it('two write-offs at once against one receivable cannot overdraw it: one is refused with the open amount left', async () => {
    const r = await receivable('1000.00');
    const [a, b] = [await receipt('700.00'), await receipt('700.00')];
    const answers = await Promise.all([writeOff(r.id, a.id, '700.00'), writeOff(r.id, b.id, '700.00')]);
    expect(answers.map((x) => x.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.resultCode === 400)!.errMsg).toBe(`核销金额超过应收单${String(r.arNo)}的未核销金额300.00元`);
    expect(await get(`${RECEIVABLES}/${r.id}`)).toMatchObject({ writtenOffAmount: '700.00', openAmount: '300.00', status: AR.partly });
    // Many at once that fit exactly all pass, and the receivable is exactly written off.
    const s = await receivable('500.00');
    const five = await Promise.all([1, 2, 3, 4, 5].map(async () => writeOff(s.id, (await receipt('100.00')).id, '100.00')));
    expect(five.every((x) => x.resultCode === 200)).toBe(true);
    expect(await get(`${RECEIVABLES}/${s.id}`)).toMatchObject({ writtenOffAmount: '500.00', status: AR.writtenOff });
  });

  it('two write-offs at once against one receipt cannot overdraw it, nor a write-off and a refund payment at once', async () => {
    const p = await receipt('1000.00');
    const [r1, r2] = [await receivable('800.00'), await receivable('800.00')];
    const answers = await Promise.all([writeOff(r1.id, p.id, '800.00'), writeOff(r2.id, p.id, '800.00')]);
    expect(answers.map((x) => x.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.resultCode === 400)!.errMsg).toBe(`核销金额超过收款单${String(p.receiptNo)}的可核销余额200.00元`);
    expect(await get(`${RECEIPTS}/${p.id}`)).toMatchObject({ writtenOffAmount: '800.00', balance: '200.00' });
    // An approved refund holds its amount: a write-off may take only what is left, and the balance never goes below 0.
    const q = await receipt('500.00');
    const refund = (await call('d11001dbzy', 'POST', REFUNDS, { receiptId: q.id, amount: '300.00', reason: '81041002', payeeName: '王芳', payeeAccount: '6222021234567890123' })).data!;
    const r3 = await receivable('500.00');
    expect((await call('d11001dbzy', 'POST', `${REFUNDS}/${refund.id}/submit`, { comment: '多收' })).resultCode).toBe(200);
    const task = (await call<Page<{ model: string; recordId: number; taskId: number }>>('d11001dbzy', 'GET', '/api/workflow/task/todo?pageSize=100')).data!.items.find((x) => x.model === 'refund' && x.recordId === refund.id)!;
    expect((await call('d11001dbzy', 'POST', `/api/workflow/task/${task.taskId}/approve`, { comment: '同意' })).resultCode).toBe(200);
    expect(await writeOff(r3.id, q.id, '200.01')).toMatchObject({ resultCode: 400, errMsg: `核销金额超过收款单${String(q.receiptNo)}的可核销余额200.00元` });
    const [w, pay] = await Promise.all([writeOff(r3.id, q.id, '200.00'), call('d11001dbzy', 'POST', `${REFUNDS}/${refund.id}/pay`, { outBankSerialNo: '62220212345678901234' })]);
    expect([w.resultCode, pay.resultCode]).toEqual([200, 200]);
    expect(await get(`${RECEIPTS}/${q.id}`)).toMatchObject({ writtenOffAmount: '200.00', refundedAmount: '300.00', balance: '0.00' });
  });
});

// The demo's refunds (domain.md §2, issue 23; server/seed/demoRefunds.ts): a fresh seeded server has the first dealer's
// refunds in every state, made through the model engine and the refund approval — paid, approved, rejected, one above
// ¥5,000 waiting at 厂端财务部, one waiting for the dealer's finance manager in 我的待办 — with the receipts'
// balances following: the paid one moved into the receipt's refunded amount, the approved one held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessHistory, ProcessTaskRow } from '../../schemas/api/processTasks';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const RECEIPTS = '/api/2b/finance/receipts';
const REFUNDS = '/api/2b/finance/refunds';
const STATUS = { pending: '81051001', approved: '81051002', refunded: '81051003', rejected: '81051004' };

type Row = Record<string, unknown> & { id: number };

describe(`seeded refunds (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['d11001dbzy', 'admin', 'd12001dbzy']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const get = <T = Row>(who: string, url: string) => t.call<T>({ method: 'GET', url, token: tokens[who] });
  const refunds = async () => (await get<Page<Row>>('d11001dbzy', `${REFUNDS}?pageSize=100`)).data!.items;
  const todo = async (who: string) => (await get<Page<ProcessTaskRow>>(who, '/api/workflow/task/todo?pageSize=100')).data!.items.filter((r) => r.processName === '退款审批');
  const byAmount = (rows: Row[], amount: string) => rows.find((r) => r.amount === amount)!;

  it('a fresh start has the dealer’s refunds in every state, each through the refund approval', async () => {
    const rows = await refunds();
    const states = Object.fromEntries(['500.00', '1200.00', '2000.00', '5200.00', '800.00'].map((amount) => [amount, byAmount(rows, amount)?.status]));
    expect(states).toEqual({ '500.00': STATUS.refunded, '1200.00': STATUS.approved, '2000.00': STATUS.rejected, '5200.00': STATUS.pending, '800.00': STATUS.pending });
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(String(row.refundNo)).toMatch(/^TKD11001\d{10}$/);
    expect(new Set(rows.map((r) => r.receiptId)).size).toBe(5);
    const paid = byAmount(rows, '500.00');
    expect(paid).toMatchObject({ outBankSerialNo: expect.stringMatching(/^4200\d{24}$/), refundedAt: expect.any(String) });
    // Another dealer's finance staff see none of them.
    expect((await get<Page<Row>>('d12001dbzy', `${REFUNDS}?pageSize=100`)).data!.items.filter((r) => r.ownerCode === 'D11001')).toEqual([]);

    const instances = await db().selectFrom('processInstances').select(['recordId', 'status']).where('processId', '=', 'financeRefund').orderBy('id').execute();
    expect(instances.map((i) => i.status)).toEqual(['running', 'approved', 'approved', 'rejected', 'running']);
    const rejected = byAmount(rows, '2000.00');
    const history = await get<ProcessHistory>('d11001dbzy', `/api/workflow/instance/history?model=refund&recordId=${rejected.id}`);
    expect(history.data!.steps.map((s) => s.action)).toEqual(['start', 'reject']);
    expect(history.data!.statusText).toBe('已驳回');

    const dealerTodo = await todo('d11001dbzy');
    expect(dealerTodo.map((r) => [r.recordTitle, r.taskName])).toEqual([[byAmount(rows, '800.00').refundNo, '经销商财务经理审批']]);
    const manufacturerTodo = await todo('admin');
    expect(manufacturerTodo.map((r) => [r.recordTitle, r.taskName])).toEqual([[byAmount(rows, '5200.00').refundNo, '厂端财务部审批']]);
    expect(await todo('d12001dbzy')).toEqual([]);
  });

  it('the receipts follow: the paid refund is in the receipt’s refunded amount, the approved one holds its amount', async () => {
    const rows = await refunds();
    const paid = byAmount(rows, '500.00');
    const receipt = (await get('d11001dbzy', `${RECEIPTS}/${paid.receiptId}`)).data!;
    expect(receipt.refundedAmount).toBe('500.00');
    expect(Number(receipt.balance)).toBeCloseTo(Number(receipt.amount) - Number(receipt.writtenOffAmount) - 500, 2);
    // The approved refund's receipt can give only its balance less the ¥1,200 approved (the hook's message names it).
    const approved = byAmount(rows, '1200.00');
    const held = (await get('d11001dbzy', `${RECEIPTS}/${approved.receiptId}`)).data!;
    const left = (Number(held.balance) - 1200).toFixed(2);
    const over = await t.call({
      method: 'POST',
      url: REFUNDS,
      token: tokens.d11001dbzy,
      payload: { receiptId: approved.receiptId, amount: (Number(left) + 0.01).toFixed(2), reason: '81041002', payeeName: '张明', payeeAccount: '6222021234567890123' },
    });
    expect(over).toMatchObject({ resultCode: 400, errMsg: `退款金额超过收款单${held.receiptNo}的可退余额${left}元` });
  });

  it('the waiting refund is approved from the finance manager’s 我的待办 and shows 已审核', async () => {
    const [task] = await todo('d11001dbzy');
    expect(await t.call({ method: 'POST', url: `/api/workflow/task/${task!.taskId}/approve`, token: tokens.d11001dbzy, payload: { comment: '同意' } })).toMatchObject({ resultCode: 200 });
    expect((await get('d11001dbzy', `${REFUNDS}/${task!.recordId}`)).data!.status).toBe(STATUS.approved);
    expect(await todo('d11001dbzy')).toEqual([]);
    expect((await get<{ todo: number }>('d11001dbzy', '/api/workflow/task/count')).data!.todo).toBe(0);
  });
});

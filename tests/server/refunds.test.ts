// 收款单 and 退款 with the refund approval wired for real (domain.md §2, issue 23) on both databases: the refund's
// 提交审核 runs the seeded 退款审批 (the dealer's finance manager; above ¥5,000 the manufacturer's finance too), approval
// gives 已审核 and rejection 已驳回, 确认退款 gives 已退款 with the bank serial and moves the amount into the receipt.
// The invariant balance = amount − writtenOff − refunded ≥ 0 holds against refunds asked, approved and paid at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessTaskRow } from '../../schemas/api/processTasks';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const RECEIPTS = '/api/2b/finance/receipts';
const REFUNDS = '/api/2b/finance/refunds';
const STATUS = { pending: '81051001', approved: '81051002', refunded: '81051003', rejected: '81051004' };

type Row = Record<string, unknown> & { id: number };

describe(`收款单与退款审批 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const users = ['d11001dbzy', 'd12001dbzy', 'admin', 'd11001fwgw'] as const;
  type Who = (typeof users)[number];

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  async function receipt(amount: string): Promise<Row> {
    const created = await call('d11001dbzy', 'POST', RECEIPTS, { customerName: '张明', receiptType: '81011003', payMethod: '81021003', amount, receivedAt: '2026-11-20 10:00:00' });
    expect(created).toMatchObject({ resultCode: 200 });
    expect(await call('d11001dbzy', 'POST', `${RECEIPTS}/${created.data!.id}/confirm`)).toMatchObject({ resultCode: 200 });
    return (await call('d11001dbzy', 'GET', `${RECEIPTS}/${created.data!.id}`)).data!;
  }
  const ask = (receiptId: number, amount: string) =>
    call('d11001dbzy', 'POST', REFUNDS, { receiptId, amount, reason: '81041001', payeeName: '张明', payeeAccount: '6222021234567890123', payeeBank: '工商银行北京分行' });
  const submit = (id: number) => call('d11001dbzy', 'POST', `${REFUNDS}/${id}/submit`, { comment: '客户退订' });
  const refund = async (id: number) => (await call('d11001dbzy', 'GET', `${REFUNDS}/${id}`)).data!;
  const taskOf = async (who: Who, id: number) =>
    (await call<Page<ProcessTaskRow>>(who, 'GET', '/api/workflow/task/todo?pageSize=100')).data!.items.find((r) => r.model === 'refund' && r.recordId === id);
  const approve = (who: Who, taskId: number) => call(who, 'POST', `/api/workflow/task/${taskId}/approve`, { comment: '同意' });

  it('registers a receipt with an SK number and a balance; the advisor has no finance menu', async () => {
    const r = await receipt('8000.00');
    expect(r).toMatchObject({ status: '81031002', amount: '8000.00', writtenOffAmount: '0.00', refundedAmount: '0.00', balance: '8000.00' });
    expect(String(r.receiptNo)).toMatch(/^SKD11001\d{6}\d{4}$/);
    expect((await call('d11001fwgw', 'GET', RECEIPTS)).resultCode).toBe(403);
    // The demo's receipts (seed hints) hold their balance too.
    const listed = (await call<Page<Row>>('d11001dbzy', 'GET', `${RECEIPTS}?pageSize=100`)).data!.items;
    expect(listed.length).toBeGreaterThan(1);
    for (const row of listed) expect(Number(row.balance)).toBeCloseTo(Number(row.amount) - Number(row.writtenOffAmount) - Number(row.refundedAmount), 2);
  });

  it('a refund above the balance is refused; below ¥5,000 the dealer finance manager approves it, then 确认退款 pays it (domain §2)', async () => {
    const r = await receipt('8000.00');
    const foreign = await call('d12001dbzy', 'POST', REFUNDS, { receiptId: r.id, amount: '1.00', reason: '81041002', payeeName: '李强', payeeAccount: '6222020000000001' });
    expect(foreign.resultCode).toBe(400);
    expect(await ask(r.id, '8000.01')).toMatchObject({ resultCode: 400, errMsg: `退款金额超过收款单${r.receiptNo}的可退余额8000.00元` });
    const created = await ask(r.id, '3000.00');
    expect(created.data).toMatchObject({ status: STATUS.pending, receiptNo: r.receiptNo, payeeAccount: '6222021234567890123' });
    expect(String(created.data!.refundNo)).toMatch(/^TKD11001\d{10}$/);
    const id = created.data!.id;
    expect(await submit(id)).toMatchObject({ resultCode: 200 });
    expect((await refund(id)).status).toBe(STATUS.pending);
    // Locked while it is approved; another dealer's finance staff neither sees nor acts on it.
    expect((await call('d11001dbzy', 'PUT', `${REFUNDS}/${id}`, { remark: '改' })).resultCode).toBe(409);
    const task = await taskOf('d11001dbzy', id);
    expect(task).toMatchObject({ taskName: '经销商财务经理审批', processName: '退款审批' });
    expect(await taskOf('d12001dbzy', id)).toBeUndefined();
    expect((await approve('d12001dbzy', task!.taskId)).resultCode).toBe(404);
    expect(await approve('d11001dbzy', task!.taskId)).toMatchObject({ resultCode: 200 });
    expect((await refund(id)).status).toBe(STATUS.approved);
    // Held by the approved refund: another refund may take only what is left.
    expect(await ask(r.id, '5000.01')).toMatchObject({ resultCode: 400, errMsg: `退款金额超过收款单${r.receiptNo}的可退余额5000.00元` });
    expect(await call('d11001dbzy', 'POST', `${REFUNDS}/${id}/pay`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('出账流水号') });
    expect(await call('d11001dbzy', 'POST', `${REFUNDS}/${id}/pay`, { outBankSerialNo: '4200001234202611201234567890' })).toMatchObject({ resultCode: 200 });
    expect(await refund(id)).toMatchObject({ status: STATUS.refunded, outBankSerialNo: '4200001234202611201234567890', refundedAt: expect.any(String) });
    expect((await call('d11001dbzy', 'GET', `${RECEIPTS}/${r.id}`)).data).toMatchObject({ refundedAmount: '3000.00', balance: '5000.00' });
    expect(await call('d11001dbzy', 'POST', `${RECEIPTS}/${r.id}/void`)).toMatchObject({ resultCode: 400, errMsg: '收款单已有核销或退款，不能作废' });
  });

  it('above ¥5,000 the gateway sends the refund on to the manufacturer finance; a rejection gives 已驳回 and it may be asked again', async () => {
    const r = await receipt('20000.00');
    const large = (await ask(r.id, '6000.00')).data!.id;
    await submit(large);
    await approve('d11001dbzy', (await taskOf('d11001dbzy', large))!.taskId);
    expect((await refund(large)).status).toBe(STATUS.pending);
    const second = await taskOf('admin', large);
    expect(second).toMatchObject({ taskName: '厂端财务部审批' });
    await approve('admin', second!.taskId);
    expect((await refund(large)).status).toBe(STATUS.approved);

    const small = (await ask(r.id, '100.00')).data!.id;
    await submit(small);
    const task = await taskOf('d11001dbzy', small);
    expect(await call('d11001dbzy', 'POST', `/api/workflow/task/${task!.taskId}/reject`, { comment: '重复申请' })).toMatchObject({ resultCode: 200 });
    expect((await refund(small)).status).toBe(STATUS.rejected);
    expect(await call('d11001dbzy', 'PUT', `${REFUNDS}/${small}`, { amount: '120.00' })).toMatchObject({ resultCode: 200 });
    expect(await submit(small)).toMatchObject({ resultCode: 200 });
  });

  it('refunds of one receipt approved at once cannot overdraw it: one is approved, the other refused with the balance left', async () => {
    const r = await receipt('1000.00');
    const ids = [(await ask(r.id, '600.00')).data!.id, (await ask(r.id, '600.00')).data!.id];
    for (const id of ids) await submit(id);
    const tasks = await Promise.all(ids.map((id) => taskOf('d11001dbzy', id)));
    const answers = await Promise.all(tasks.map((task) => approve('d11001dbzy', task!.taskId)));
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toBe(`退款金额超过收款单${r.receiptNo}的可退余额400.00元`);
    const states = await Promise.all(ids.map(async (id) => (await refund(id)).status));
    expect(states.sort()).toEqual([STATUS.pending, STATUS.approved].sort());
  });

  it('payments at once: two approved refunds paid together empty the receipt exactly; one refund paid twice at once is paid once', async () => {
    const r = await receipt('1000.00');
    const ids = [(await ask(r.id, '500.00')).data!.id, (await ask(r.id, '500.00')).data!.id];
    for (const id of ids) {
      await submit(id);
      await approve('d11001dbzy', (await taskOf('d11001dbzy', id))!.taskId);
    }
    const pay = (id: number, serial: string) => call('d11001dbzy', 'POST', `${REFUNDS}/${id}/pay`, { outBankSerialNo: serial });
    const [a, b, again] = await Promise.all([pay(ids[0]!, 'OUT0001'), pay(ids[1]!, 'OUT0002'), pay(ids[1]!, 'OUT0003')]);
    expect([a.resultCode, b.resultCode, again.resultCode].filter((c) => c === 200)).toHaveLength(2);
    expect(a.resultCode).toBe(200);
    expect((await call('d11001dbzy', 'GET', `${RECEIPTS}/${r.id}`)).data).toMatchObject({ refundedAmount: '1000.00', balance: '0.00' });
    expect(await ask(r.id, '0.01')).toMatchObject({ resultCode: 400, errMsg: `退款金额超过收款单${r.receiptNo}的可退余额0.00元` });
  });
});

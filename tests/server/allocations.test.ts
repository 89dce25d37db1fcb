// 调拨单 with the allocation approval wired for real (domain.md §3, issue 23) on both databases: the sending dealer is the
// applying dealer whatever the request says, the amount is computed from the lines; 提交审批 runs the seeded 配件调拨审批
// (the sending dealer's parts manager, above ¥20,000 also the region's parts manager): approval gives 在途, rejection
// 已驳回 (edited and submitted again); another dealer's parts manager neither sees nor acts on the task.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessTaskRow } from '../../schemas/api/processTasks';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const ALLOCATIONS = '/api/part/stockmanage/allocations';
const STATUS = { applied: '82011001', inTransit: '82011002', rejected: '82011006' };

type Row = Record<string, unknown> & { id: number };

describe(`调拨单与配件调拨审批 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  // Each dealer's 领料员 holds 配件管理员 (applies) and 经销商配件经理 (approves) in the demo.
  const users = ['d11001llr', 'd12001llr', 'rnmanager', 'd11001fwgw'] as const;
  type Who = (typeof users)[number];

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const line = (qty: string, transferPrice: string) => ({ partNo: 'hs-3501010-a3', partName: '前刹车片', qty, transferPrice });
  const apply = (lines: unknown[], extra: Record<string, unknown> = {}) => call('d11001llr', 'POST', ALLOCATIONS, { toOwnerCode: 'D12001', reason: '对方店缺货', lines, ...extra });
  const submit = (id: number) => call('d11001llr', 'POST', `${ALLOCATIONS}/${id}/submit`, { comment: '请审批' });
  const get = async (id: number) => (await call('d11001llr', 'GET', `${ALLOCATIONS}/${id}`)).data!;
  const taskOf = async (who: Who, id: number) =>
    (await call<Page<ProcessTaskRow>>(who, 'GET', '/api/workflow/task/todo?pageSize=100')).data!.items.find((r) => r.model === 'allocation' && r.recordId === id);
  const approve = (who: Who, taskId: number) => call(who, 'POST', `/api/workflow/task/${taskId}/approve`, { comment: '同意' });

  it('the sending dealer is the applicant, the amount comes from the lines, numbers are DB…; a dealer cannot send to itself', async () => {
    const created = await apply([line('8', '420.00'), line('2.5', '33.33')], { fromOwnerCode: 'D31001', totalAmount: '1.00' });
    expect(created).toMatchObject({ resultCode: 200 });
    expect(created.data).toMatchObject({ status: STATUS.applied, fromOwnerCode: 'D11001', toOwnerCode: 'D12001', toOwnerName: expect.stringContaining('天津'), totalAmount: '3443.33' });
    expect(String(created.data!.allocNo)).toMatch(/^DBD11001\d{10}$/);
    expect((created.data!.lines as Row[])[1]).toMatchObject({ partNo: 'HS-3501010-A3', amount: '83.33' });
    expect(await apply([line('1', '1.00')], { toOwnerCode: 'D11001' })).toMatchObject({ resultCode: 400, errMsg: '调入经销商不能是调出经销商' });
    expect(await apply([line('1', '1.00')], { toOwnerCode: 'HSQC' })).toMatchObject({ resultCode: 400, errMsg: '调入经销商不存在' });
    expect((await call('d11001fwgw', 'GET', ALLOCATIONS)).resultCode).toBe(403);
    const empty = (await apply([])).data!.id;
    expect(await submit(empty)).toMatchObject({ resultCode: 400, errMsg: '请先填写调拨明细' });
  });

  it('the sending dealer\'s parts manager approves it into 在途; the receiving dealer\'s neither sees nor acts on the task', async () => {
    const id = (await apply([line('10', '420.00')])).data!.id;
    expect(await submit(id)).toMatchObject({ resultCode: 200 });
    expect(await get(id)).toMatchObject({ status: STATUS.applied });
    expect((await call('d11001llr', 'PUT', `${ALLOCATIONS}/${id}`, { reason: '改' })).resultCode).toBe(409);
    const task = await taskOf('d11001llr', id);
    expect(task).toMatchObject({ taskName: '配件经理审批', processName: '配件调拨审批' });
    expect(await taskOf('d12001llr', id)).toBeUndefined();
    expect((await approve('d12001llr', task!.taskId)).resultCode).toBe(404);
    expect((await call('d12001llr', 'GET', `${ALLOCATIONS}/${id}`)).resultCode).toBe(404);
    expect(await approve('d11001llr', task!.taskId)).toMatchObject({ resultCode: 200 });
    expect(await get(id)).toMatchObject({ status: STATUS.inTransit });
  });

  it('above ¥20,000 the region\'s parts manager approves too; a rejection gives 已驳回 and it may be submitted again', async () => {
    const large = (await apply([line('5', '4800.00')])).data!.id;
    await submit(large);
    await approve('d11001llr', (await taskOf('d11001llr', large))!.taskId);
    expect(await get(large)).toMatchObject({ status: STATUS.applied });
    const second = await taskOf('rnmanager', large);
    expect(second).toMatchObject({ taskName: '大区配件经理审批' });
    await approve('rnmanager', second!.taskId);
    expect(await get(large)).toMatchObject({ status: STATUS.inTransit });

    const id = (await apply([line('2', '100.00')])).data!.id;
    await submit(id);
    const task = await taskOf('d11001llr', id);
    expect(await call('d11001llr', 'POST', `/api/workflow/task/${task!.taskId}/reject`, { comment: '本店库存不足' })).toMatchObject({ resultCode: 200 });
    expect(await get(id)).toMatchObject({ status: STATUS.rejected });
    expect(await call('d11001llr', 'PUT', `${ALLOCATIONS}/${id}`, { lines: [line('1', '100.00')] })).toMatchObject({ resultCode: 200 });
    expect(await submit(id)).toMatchObject({ resultCode: 200 });
    expect(await taskOf('d11001llr', id)).toMatchObject({ taskName: '配件经理审批' });
  });

  it('parallel: two submits at once start one approval, and two approvals of its task at once, one wins', async () => {
    const id = (await apply([line('3', '65.00')])).data!.id;
    const started = await Promise.all([submit(id), submit(id)]);
    expect(started.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    const task = await taskOf('d11001llr', id);
    const answers = await Promise.all([approve('d11001llr', task!.taskId), approve('d11001llr', task!.taskId)]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    expect(await get(id)).toMatchObject({ status: STATUS.inTransit });
  });
});

// Processes that run (issue 23) on both databases: the repair order's free settlement goes through its seeded approval
// (models/repair/repairOrder.json freeSettle, server/seed/approvalProcesses.ts). A small amount ends after the dealer's
// 售后经理; a larger one goes on to the region's 大区售后经理; a rejection returns the order; an untouched first task
// escalates when its timer is due; a second server on the same database continues an instance; two approvers at once:
// one wins; a user outside the record's scope neither sees nor acts on its task.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessHistory, ProcessTaskRow } from '../../schemas/api/processTasks';
import { buildApp } from '../../server/app';
import { MODEL_HOOKS } from '../../server/hooks';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { fireDueTimers } from '../../server/processes/processRuns';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const ORDERS = '/api/repair/order/repair/orders';
const FINISHED = '80211003';
const SETTLED = '80211004';

describe(`processes that run: the free settlement approval (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const users = ['d11001fwgw', 'd11001shr', 'd12001shr', 'rnmanager', 'remanager'] as const;
  type Who = (typeof users)[number];
  const db = () => t.server.database.db;
  const models = repositoryModels();
  const processes = () => ({ db: db(), models: new Map(models.map((m) => [m.model.name, m])), hooks: MODEL_HOOKS });

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  /** A finished order of D11001 with these amounts, paid by the customer (their total is the process's 工单金额). */
  async function finishedOrder(labour: string, part: string): Promise<number> {
    const row = await db()
      .selectFrom('repairOrders')
      .select('id')
      .where('ownerCode', '=', 'D11001')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('processInstances').select('id').whereRef('processInstances.recordId', '=', 'repairOrders.id'))))
      .orderBy('id')
      .limit(1)
      .offset(used++)
      .executeTakeFirstOrThrow();
    await sql`update repair_orders set status = ${FINISHED}, labour_amount = ${labour}, part_amount = ${part}, add_item_amount = 0, total_amount = ${labour}::numeric + ${part}::numeric,
      customer_amount = ${labour}::numeric + ${part}::numeric, warranty_amount = 0, insurance_amount = 0, internal_amount = 0, free_amount = 0 where id = ${row.id}`.execute(db());
    return Number(row.id);
  }
  let used = 0;

  const as = (who: Who) => tokens[who]!;
  const submit = (id: number, who: Who = 'd11001fwgw') => t.call({ method: 'POST', url: `${ORDERS}/${id}/freeSettle`, token: as(who), payload: { comment: '老客户保养赠送' } });
  const todo = (who: Who) => t.call<Page<ProcessTaskRow>>({ method: 'GET', url: '/api/workflow/task/todo', token: as(who) });
  const done = (who: Who) => t.call<Page<ProcessTaskRow>>({ method: 'GET', url: '/api/workflow/task/done', token: as(who) });
  const count = (who: Who) => t.call<{ todo: number }>({ method: 'GET', url: '/api/workflow/task/count', token: as(who) });
  const approve = (who: Who, taskId: number, comment = '同意') => t.call({ method: 'POST', url: `/api/workflow/task/${taskId}/approve`, token: as(who), payload: { comment } });
  const reject = (who: Who, taskId: number, comment?: string) => t.call({ method: 'POST', url: `/api/workflow/task/${taskId}/reject`, token: as(who), payload: comment === undefined ? {} : { comment } });
  const history = (who: Who, id: number) => t.call<ProcessHistory | null>({ method: 'GET', url: '/api/workflow/instance/history', token: as(who), query: { model: 'repairOrder', recordId: String(id) } });
  const status = async (id: number) => (await db().selectFrom('repairOrders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const taskOf = async (who: Who, id: number) => (await todo(who)).data!.items.find((row) => row.recordId === id);

  beforeEach(() => {
    vi.useRealTimers();
  });

  it('a small amount: the dealer 售后经理 approves and the end of the process settles the order', async () => {
    const id = await finishedOrder('200.00', '100.00');
    const started = await submit(id);
    expect(started).toMatchObject({ resultCode: 200 });
    expect(await status(id)).toBe(FINISHED);
    const task = await taskOf('d11001shr', id);
    expect(task).toMatchObject({ taskName: '售后经理审批', processName: '免费结算审批', statusText: '待处理', startedByName: expect.any(String) });
    expect((await count('d11001shr')).data!.todo).toBeGreaterThanOrEqual(1);
    expect(await approve('d11001shr', task!.taskId)).toMatchObject({ resultCode: 200 });
    expect(await status(id)).toBe(SETTLED);
    expect(await taskOf('rnmanager', id)).toBeUndefined();
    const trail = (await history('d11001fwgw', id)).data!;
    expect(trail).toMatchObject({ status: 'approved', statusText: '已通过', current: [] });
    expect(trail.steps.map((s) => [s.action, s.name])).toEqual([
      ['start', '发起'],
      ['agree', '售后经理审批'],
      ['end', '审批通过'],
    ]);
    expect(trail.steps[0]!.comment).toBe('老客户保养赠送');
    expect((await done('d11001shr')).data!.items.find((row) => row.recordId === id)).toMatchObject({ decision: 'agree', decisionText: '同意', instanceStatusText: '已通过' });
  });

  it('above the threshold the gateway sends it on to the region, and the record is locked until the end', async () => {
    const id = await finishedOrder('400.00', '300.50');
    await submit(id);
    const first = await taskOf('d11001shr', id);
    await approve('d11001shr', first!.taskId);
    expect(await status(id)).toBe(FINISHED);
    const edit = await t.call({ method: 'PUT', url: `${ORDERS}/${id}`, token: as('d11001fwgw'), payload: { remark: '改一下' } });
    expect(edit).toMatchObject({ resultCode: 409, errMsg: '维修工单正在“免费结算审批”审批中，审批结束前不能修改' });
    const settle = await t.call({ method: 'POST', url: `${ORDERS}/${id}/settle`, token: as('d11001fwgw') });
    expect(settle.resultCode).toBe(409);
    expect((await submit(id)).resultCode).toBe(409);
    const second = await taskOf('rnmanager', id);
    expect(second).toMatchObject({ taskName: '大区售后经理审批' });
    const trail = (await history('rnmanager', id)).data!;
    expect(trail.current).toEqual(['Task_regionAftersales']);
    expect(trail.xml).toContain('bpmn:definitions');
    await approve('rnmanager', second!.taskId, '大区同意');
    expect(await status(id)).toBe(SETTLED);
  });

  it('a rejection needs a comment, ends the process and leaves the order finished and editable', async () => {
    const id = await finishedOrder('100.00', '0');
    await submit(id);
    const task = await taskOf('d11001shr', id);
    expect(await reject('d11001shr', task!.taskId)).toMatchObject({ resultCode: 400, errMsg: '驳回时请填写审批意见' });
    expect(await reject('d11001shr', task!.taskId, '不符合免费条件')).toMatchObject({ resultCode: 200 });
    expect(await status(id)).toBe(FINISHED);
    const trail = (await history('d11001fwgw', id)).data!;
    expect(trail).toMatchObject({ status: 'rejected', statusText: '已驳回', current: [] });
    expect(trail.steps.at(-1)).toMatchObject({ action: 'reject', actionText: '驳回', comment: '不符合免费条件' });
    expect((await t.call({ method: 'PUT', url: `${ORDERS}/${id}`, token: as('d11001fwgw'), payload: { remark: '驳回后修改' } })).resultCode).toBe(200);
  });

  it('an untouched first task escalates to the region when its timer is due (fake clock)', async () => {
    const id = await finishedOrder('50.00', '0');
    await submit(id);
    const first = await taskOf('d11001shr', id);
    expect(first!.dueAt).not.toBeNull();
    expect(await fireDueTimers(processes())).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600 * 1000 });
    expect(await fireDueTimers(processes())).toBeGreaterThanOrEqual(1);
    vi.useRealTimers();
    expect(await taskOf('d11001shr', id)).toBeUndefined();
    const second = await taskOf('rnmanager', id);
    expect(second).toMatchObject({ taskName: '大区售后经理审批' });
    const trail = (await history('d11001fwgw', id)).data!;
    expect(trail.steps.map((s) => s.action)).toEqual(['start', 'timeout']);
    expect(trail.current).toEqual(['Task_regionAftersales']);
    await approve('rnmanager', second!.taskId);
    expect(await status(id)).toBe(SETTLED);
  });

  it('a second server on the same database continues an instance started on the first', async () => {
    const id = await finishedOrder('300.00', '300.00');
    await submit(id);
    const first = await taskOf('d11001shr', id);
    const other = await buildApp({ db: db(), config: t.config }, { logger: false });
    try {
      await other.ready();
      // The same signed call, sent to the other instance.
      const url = `/api/workflow/task/${first!.taskId}/approve`;
      const body = JSON.stringify({ comment: '另一实例审批' });
      const response = await other.inject({
        method: 'POST',
        url,
        payload: body,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${as('d11001shr')}`, menuId: 'workflow_myTodo', ...t.signatureHeaders('POST', url, body) },
      });
      expect(response.json()).toMatchObject({ resultCode: 200 });
    } finally {
      await other.close();
    }
    const second = await taskOf('rnmanager', id);
    expect(second).toMatchObject({ taskName: '大区售后经理审批' });
    await approve('rnmanager', second!.taskId);
    expect(await status(id)).toBe(SETTLED);
  });

  it('two approvers on the same task at once: one wins, the other is told who did it', async () => {
    const id = await finishedOrder('10.00', '0');
    await submit(id);
    const task = await taskOf('d11001shr', id);
    const answers = await Promise.all([approve('d11001shr', task!.taskId), approve('d11001shr', task!.taskId)]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.resultCode === 409)!.errMsg).toMatch(/^该任务已由.+处理，无需重复操作$/);
    expect(await status(id)).toBe(SETTLED);
    const steps = (await history('d11001fwgw', id)).data!.steps;
    expect(steps.filter((s) => s.action === 'agree')).toHaveLength(1);
  });

  it('two submits of one order at once start one process', async () => {
    const id = await finishedOrder('10.00', '0');
    const answers = await Promise.all([submit(id), submit(id)]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    expect(await db().selectFrom('processInstances').select('id').where('recordId', '=', id).where('model', '=', 'repairOrder').execute()).toHaveLength(1);
  });

  it('a user outside the record\'s scope neither sees nor acts on its task, nor reads its history', async () => {
    const id = await finishedOrder('800.00', '0');
    await submit(id);
    const task = await taskOf('d11001shr', id);
    // 审核人 of another dealer of the same region; a region manager of another region.
    for (const who of ['d12001shr', 'remanager'] as const) {
      expect(await taskOf(who, id)).toBeUndefined();
      expect(await approve(who, task!.taskId)).toMatchObject({ resultCode: 404, errMsg: '待办任务不存在或无权处理' });
      expect((await history(who, id)).resultCode).toBe(404);
    }
    // Before the first level the region's manager has nothing to do on it either.
    expect(await taskOf('rnmanager', id)).toBeUndefined();
    expect(await approve('rnmanager', task!.taskId)).toMatchObject({ resultCode: 404 });
    expect(await status(id)).toBe(FINISHED);
  });

  it('transfers a task to a colleague who reaches the dealer; the candidates no longer see it', async () => {
    const id = await finishedOrder('10.00', '0');
    await submit(id);
    const task = await taskOf('d11001shr', id);
    const manager = await db().selectFrom('users').select('id').where('userCode', '=', 'rnmanager').executeTakeFirstOrThrow();
    const outsider = await db().selectFrom('users').select('id').where('userCode', '=', 'remanager').executeTakeFirstOrThrow();
    expect(await t.call({ method: 'POST', url: `/api/workflow/task/${task!.taskId}/transfer`, token: as('d11001shr'), payload: { userId: Number(outsider.id) } })).toMatchObject({
      resultCode: 400,
      errMsg: '转办对象不存在或不在该单据的管辖范围内',
    });
    expect(await t.call({ method: 'POST', url: `/api/workflow/task/${task!.taskId}/transfer`, token: as('d11001shr'), payload: { userId: Number(manager.id), comment: '请大区处理' } })).toMatchObject({ resultCode: 200 });
    expect(await taskOf('d11001shr', id)).toBeUndefined();
    const moved = await taskOf('rnmanager', id);
    expect(moved).toMatchObject({ taskName: '售后经理审批' });
    await approve('rnmanager', moved!.taskId);
    expect(await status(id)).toBe(SETTLED);
    expect((await history('d11001fwgw', id)).data!.steps.map((s) => s.action)).toEqual(['start', 'transfer', 'agree', 'end']);
  });

  const userId = async (code: string) => Number((await db().selectFrom('users').select('id').where('userCode', '=', code).executeTakeFirstOrThrow()).id);
  const addSigner = (who: Who, taskId: number, userIds: number[], comment?: string) =>
    t.call({ method: 'POST', url: `/api/workflow/task/${taskId}/addSigner`, token: as(who), payload: { userIds, ...(comment ? { comment } : {}) } });

  it('加签: the added signer must approve too before the process moves on; only the assignee adds, only within the scope', async () => {
    const id = await finishedOrder('120.00', '0');
    await submit(id);
    const task = await taskOf('d11001shr', id);
    const [manager, outsider, self] = await Promise.all([userId('rnmanager'), userId('remanager'), userId('d11001shr')]);
    // Not the task's assignee: another dealer's 审核人, the region manager before anyone added him.
    expect(await addSigner('d12001shr', task!.taskId, [manager])).toMatchObject({ resultCode: 404, errMsg: '待办任务不存在或无权处理' });
    expect(await addSigner('rnmanager', task!.taskId, [manager])).toMatchObject({ resultCode: 404 });
    // A user outside the record's data scope, or the assignee himself.
    expect(await addSigner('d11001shr', task!.taskId, [outsider])).toMatchObject({ resultCode: 400, errMsg: '加签人不存在或不在该单据的管辖范围内' });
    expect(await addSigner('d11001shr', task!.taskId, [self])).toMatchObject({ resultCode: 400, errMsg: '不能给自己加签' });
    const offered = await t.call<{ userId: number }[]>({ method: 'GET', url: `/api/workflow/task/${task!.taskId}/signers`, token: as('d11001shr') });
    expect(offered.data!.map((u) => u.userId)).toContain(manager);
    expect(offered.data!.map((u) => u.userId)).not.toContain(outsider);

    expect(await addSigner('d11001shr', task!.taskId, [manager], '金额虽小，请大区会签')).toMatchObject({ resultCode: 200 });
    expect(await addSigner('d11001shr', task!.taskId, [manager])).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('已是该任务的审批人') });
    const added = await taskOf('rnmanager', id);
    expect(added).toMatchObject({ taskName: '售后经理审批（加签）' });
    // The assignee approves: the order waits for the added signer.
    await approve('d11001shr', task!.taskId);
    expect(await status(id)).toBe(FINISHED);
    expect((await history('d11001fwgw', id)).data!.current).toEqual(['Task_serviceManager']);
    await approve('rnmanager', added!.taskId, '会签同意');
    expect(await status(id)).toBe(SETTLED);
    const steps = (await history('d11001fwgw', id)).data!.steps;
    expect(steps.map((s) => s.action)).toEqual(['start', 'addSigner', 'agree', 'agree', 'end']);
    expect(steps[1]).toMatchObject({ actionText: '加签', comment: expect.stringContaining('加签给') });
  });

  it('加签: a rejection by the added signer rejects the process; the assignee and the signer approving at once move it on once', async () => {
    const manager = await userId('rnmanager');
    const rejected = await finishedOrder('130.00', '0');
    await submit(rejected);
    const first = await taskOf('d11001shr', rejected);
    await addSigner('d11001shr', first!.taskId, [manager]);
    const signer = await taskOf('rnmanager', rejected);
    expect(await reject('rnmanager', signer!.taskId, '不同意免费')).toMatchObject({ resultCode: 200 });
    expect(await status(rejected)).toBe(FINISHED);
    expect(await taskOf('d11001shr', rejected)).toBeUndefined();
    expect((await history('d11001fwgw', rejected)).data!.status).toBe('rejected');

    const id = await finishedOrder('140.00', '0');
    await submit(id);
    const task = await taskOf('d11001shr', id);
    await addSigner('d11001shr', task!.taskId, [manager]);
    const added = await taskOf('rnmanager', id);
    const both = await Promise.all([approve('d11001shr', task!.taskId), approve('rnmanager', added!.taskId)]);
    expect(both.map((r) => r.resultCode)).toEqual([200, 200]);
    expect(await status(id)).toBe(SETTLED);
    const steps = (await history('d11001fwgw', id)).data!.steps;
    expect(steps.filter((s) => s.action === 'end')).toHaveLength(1);
  });
});

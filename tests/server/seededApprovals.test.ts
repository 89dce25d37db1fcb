// The demo's approvals under way (issue 23): a fresh seeded server has free settlements started through the runner and
// left in different places — two at the dealer's 售后经理, one at the region's 大区售后经理 (above ¥500), one rejected, one
// approved — and the waiting ones can be approved from the users' 我的待办.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessHistory, ProcessTaskRow } from '../../schemas/api/processTasks';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const SETTLED = '80211004';
const FINISHED = '80211003';

describe(`seeded approvals under way (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['d11001fwgw', 'd11001shr', 'rnmanager']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const todo = async (who: string) => (await t.call<Page<ProcessTaskRow>>({ method: 'GET', url: '/api/workflow/task/todo', token: tokens[who] })).data!.items.filter((r) => r.processName === '免费结算审批');
  const status = async (id: number) => (await db().selectFrom('repairOrders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const approve = (who: string, taskId: number) => t.call({ method: 'POST', url: `/api/workflow/task/${taskId}/approve`, token: tokens[who], payload: { comment: '同意' } });

  it('a fresh start has free settlements waiting at the 售后经理 and at the region, one rejected and one approved, each with its history', async () => {
    const instances = await db().selectFrom('processInstances').select(['recordId', 'status']).where('processId', '=', 'repairFreeSettlement').orderBy('id').execute();
    expect(instances.map((i) => i.status)).toEqual(['running', 'approved', 'running', 'running', 'rejected']);
    const atManager = await todo('d11001shr');
    const atRegion = await todo('rnmanager');
    expect(atManager.map((r) => r.taskName)).toEqual(['售后经理审批', '售后经理审批']);
    expect(atRegion.map((r) => r.taskName)).toEqual(['大区售后经理审批']);
    expect(atManager.every((r) => r.startedByName && r.instanceStatusText === '审批中')).toBe(true);
    expect((await t.call<{ todo: number }>({ method: 'GET', url: '/api/workflow/task/count', token: tokens.d11001shr })).data!.todo).toBe(2);
    const [, approved, , , rejected] = instances.map((i) => Number(i.recordId));
    expect(await status(rejected!)).toBe(FINISHED);
    expect(await status(approved!)).toBe(SETTLED);
    const history = await t.call<ProcessHistory>({ method: 'GET', url: '/api/workflow/instance/history', token: tokens.d11001fwgw, query: { model: 'repairOrder', recordId: String(rejected) } });
    expect(history.data!.steps.map((s) => s.action)).toEqual(['start', 'reject']);
    expect(history.data!.steps[1]!.comment).toBe('材料费不在免费范围内，请按正常结算');
    const toRegion = await t.call<ProcessHistory>({ method: 'GET', url: '/api/workflow/instance/history', token: tokens.rnmanager, query: { model: 'repairOrder', recordId: String(atRegion[0]!.recordId) } });
    expect(toRegion.data!.steps.map((s) => s.action)).toEqual(['start', 'agree']);
    expect(toRegion.data!.current).toEqual(['Task_regionAftersales']);
  });

  it('the seeded tasks are approved from 我的待办 and their orders move on to 已结算', async () => {
    const atManager = await todo('d11001shr');
    for (const task of atManager) expect(await approve('d11001shr', task.taskId)).toMatchObject({ resultCode: 200 });
    // Those above ¥500 went on to the region, beside the one already waiting there.
    const atRegion = await todo('rnmanager');
    expect(atRegion.length).toBeGreaterThanOrEqual(1);
    for (const task of atRegion) expect(await approve('rnmanager', task.taskId)).toMatchObject({ resultCode: 200 });
    for (const task of [...atManager, ...atRegion]) expect(await status(task.recordId)).toBe(SETTLED);
    expect(await todo('rnmanager')).toEqual([]);
    expect(await todo('d11001shr')).toEqual([]);
  });
});

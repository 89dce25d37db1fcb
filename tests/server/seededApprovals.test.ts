// The demo's approvals under way (issue 23): a fresh seeded server has free settlements started through the runner and
// left in different places — two at the dealer's 售后经理, one at the region's 大区售后经理 (above ¥500), one rejected, one
// approved — and the waiting ones can be approved from the users' 我的待办. At D11001 and D12001, quotations above the
// ¥10,000 discount threshold wait at the dealer's sales manager (one rejected, a small one in effect with no task), and
// allocations wait at the sending dealer's parts manager or, above ¥20,000, at the region (one rejected, one 在途).
import { sql } from 'kysely';
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
    for (const user of ['d11001fwgw', 'd11001shr', 'rnmanager', 'd11001xsgw', 'd12001xsgw', 'd11001llr', 'd12001llr']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const todoOf = async (who: string, processName: string) =>
    (await t.call<Page<ProcessTaskRow>>({ method: 'GET', url: '/api/workflow/task/todo', query: { pageSize: '100' }, token: tokens[who] })).data!.items.filter((r) => r.processName === processName);
  const todo = (who: string) => todoOf(who, '免费结算审批');
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

  const instancesOf = (processId: string) => db().selectFrom('processInstances').select(['recordId', 'status', 'ownerCode']).where('processId', '=', processId).orderBy('id').execute();
  // Model tables are made from the models' JSON at start, outside the typed schema.
  const statusOf = async (table: 'quotations' | 'allocations', id: number) => (await sql<{ status: string }>`select status from ${sql.table(table)} where id = ${id}`.execute(db())).rows[0]?.status;

  it('quotations above the discount threshold wait at each dealer\'s sales manager; one rejected, a small one valid with no task', async () => {
    const instances = await instancesOf('quotationDiscount');
    expect(instances.map((i) => `${i.ownerCode}:${i.status}`)).toEqual(['D11001', 'D12001'].flatMap((d) => [`${d}:running`, `${d}:running`, `${d}:rejected`, `${d}:approved`]));
    const mine = await todoOf('d11001xsgw', '报价优惠审批');
    expect(mine.map((r) => r.taskName)).toEqual(['销售经理审批', '销售经理审批']);
    const theirs = await todoOf('d12001xsgw', '报价优惠审批');
    expect(theirs).toHaveLength(2);
    expect(new Set([...mine, ...theirs].map((r) => r.recordId)).size).toBe(4);
    const [, , rejected, valid] = instances.map((i) => Number(i.recordId));
    expect(await statusOf('quotations', rejected!)).toBe('83061005');
    expect(await statusOf('quotations', valid!)).toBe('83061001');
    for (const task of mine) expect(await approve('d11001xsgw', task.taskId)).toMatchObject({ resultCode: 200 });
    for (const task of mine) expect(await statusOf('quotations', task.recordId)).toBe('83061001');
    expect(await todoOf('d11001xsgw', '报价优惠审批')).toEqual([]);
    expect(await todoOf('d12001xsgw', '报价优惠审批')).toHaveLength(2);
  });

  it('allocations wait at the sending dealer\'s parts manager and, above ¥20,000, at the region; one rejected, one 在途', async () => {
    const instances = await instancesOf('partsAllocation');
    expect(instances.map((i) => `${i.ownerCode}:${i.status}`)).toEqual(['D11001', 'D12001'].flatMap((d) => [`${d}:running`, `${d}:running`, `${d}:rejected`, `${d}:approved`]));
    const atDealer = await todoOf('d11001llr', '配件调拨审批');
    expect(atDealer.map((r) => r.taskName)).toEqual(['配件经理审批']);
    expect((await todoOf('d12001llr', '配件调拨审批')).map((r) => r.recordId)).not.toContain(atDealer[0]!.recordId);
    const atRegion = await todoOf('rnmanager', '配件调拨审批');
    expect(atRegion.map((r) => r.taskName)).toEqual(['大区配件经理审批', '大区配件经理审批']);
    const [, , rejected, approved] = instances.map((i) => Number(i.recordId));
    expect(await statusOf('allocations', rejected!)).toBe('82011006');
    expect(await statusOf('allocations', approved!)).toBe('82011002');
    expect(await approve('d11001llr', atDealer[0]!.taskId)).toMatchObject({ resultCode: 200 });
    for (const task of atRegion) expect(await approve('rnmanager', task.taskId)).toMatchObject({ resultCode: 200 });
    for (const task of [...atDealer, ...atRegion]) expect(await statusOf('allocations', task.recordId)).toBe('82011002');
  });
});

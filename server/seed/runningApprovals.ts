// Approvals under way in the demo (issue 23): on a fresh database, free settlements of a few finished repair orders of
// the first demo dealer go through the real runner, as their users would, and are left in different places: waiting at
// the dealer's 售后经理, waiting at the region's 大区售后经理 (above the ¥500 threshold), rejected, approved. The orders
// are the dealer's oldest finished ones, chosen by id and total, so every fresh start shows the same to-dos.
import { sql, type Kysely } from 'kysely';
import { compareDecimal, toDecimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { loadSessionUser, type SessionUser } from '../http/session';
import { actOnTask, startRecordProcess, type ProcessContext } from '../processes/processRuns';
import { FREE_SETTLEMENT_PROCESS_ID } from './approvalProcesses';

const DEALER = 'D11001';
const FINISHED = '80211003';
const THRESHOLD = toDecimal('500')!;
/** The demo's advisor, the dealer's 审核人 (售后经理) and the region's after-sales manager (README's accounts). */
const USERS = { advisor: 'd11001fwgw', manager: 'd11001shr', region: 'rnmanager' } as const;

type Outcome = 'atManager' | 'atRegion' | 'rejected' | 'approved';

/**
 * Which order ends where: one above the threshold waits at the region, one approved (below it if the dealer has one, else
 * approved at both levels); the others stop at the first level whatever their amount.
 */
const PLAN: { outcome: Outcome; large?: boolean; comment: string }[] = [
  { outcome: 'atRegion', large: true, comment: '事故车返修，客户投诉，申请免费' },
  { outcome: 'approved', large: false, comment: '返修工单，免费处理' },
  { outcome: 'atManager', comment: '老客户保养赠送' },
  { outcome: 'atManager', comment: '首保活动工时费全免' },
  { outcome: 'rejected', comment: '客户要求免收材料费' },
];

async function openTaskOf(db: Kysely<Database>, model: string, recordId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('processTasks as t')
    .innerJoin('processInstances as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.model', '=', model)
    .where('i.recordId', '=', recordId)
    .where('t.status', '=', 'open')
    .orderBy('t.id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** Starts and moves the planned approvals; does nothing when the demo lacks the order model, its process or its users. */
export async function seedRunningApprovals(context: ProcessContext): Promise<number> {
  const { db } = context;
  const loaded = context.models.get('repairOrder');
  if (!loaded?.model.states?.transitions.some((t) => t.name === 'freeSettle' && t.process === FREE_SETTLEMENT_PROCESS_ID)) return 0;
  const users = new Map<string, SessionUser>();
  for (const code of Object.values(USERS)) {
    const row = await db.selectFrom('users').select('id').where('userCode', '=', code).executeTakeFirst();
    const user = row && (await loadSessionUser(db, Number(row.id)));
    if (!user) return 0;
    users.set(code, user);
  }
  // The process's 工单金额 is the order's total (labour, parts and additional items).
  const { rows: orders } = await sql<{ id: number; totalAmount: string }>`select id, total_amount::text as "totalAmount" from repair_orders where owner_code = ${DEALER} and status = ${FINISHED} order by id limit 200`.execute(db);
  const isLarge = (o: (typeof orders)[number]) => compareDecimal(toDecimal(o.totalAmount)!, THRESHOLD) > 0;
  const taken = new Set<number>();
  const advisor = users.get(USERS.advisor)!;
  const hooks = context.hooks[loaded.model.name];
  let started = 0;
  for (const step of PLAN) {
    const free = orders.filter((o) => !taken.has(Number(o.id)));
    const order = free.find((o) => step.large === undefined || isLarge(o) === step.large) ?? (step.outcome === 'approved' ? free[0] : undefined);
    if (!order) continue;
    const id = Number(order.id);
    taken.add(id);
    await startRecordProcess(context, { db, user: advisor, loaded, hooks, models: context.models }, id, 'freeSettle', { comment: step.comment });
    started += 1;
    if (step.outcome === 'atManager') continue;
    const first = (await openTaskOf(db, loaded.model.name, id))!;
    const manager = users.get(USERS.manager)!;
    if (step.outcome === 'rejected') {
      await actOnTask(context, manager, first, 'reject', '材料费不在免费范围内，请按正常结算');
      continue;
    }
    await actOnTask(context, manager, first, 'agree', step.outcome === 'atRegion' ? '情况属实，报大区审批' : '同意');
    const second = step.outcome === 'approved' ? await openTaskOf(db, loaded.model.name, id) : undefined;
    if (second !== undefined) await actOnTask(context, users.get(USERS.region)!, second, 'agree', '同意');
  }
  return started;
}

// 加签 (issue 23): the one who may act on an open task adds users who must also approve it before the process moves on.
// Each added user gets a task of their own on the same wait of the engine (same execution, assigned to them); the engine
// is signalled only when the last open task of that wait is approved (processRuns.ts actOnTask), and a rejection by any
// of them rejects the process. An added user must reach the record's dealer, like a transfer's target.
import { sql, type Kysely } from 'kysely';
import { PROCESS_TEXT } from '../../schemas/workflow/processText';
import type { SignerCandidateRow } from '../../schemas/api/processTasks';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { containing } from '../data/likePatterns';
import { addStep, lockInstance, type ProcessContext } from './processRuns';
import { actorOf, mayAct, reachesDealer } from './taskCandidates';

const EMPLOYED = '10081001';
const MAX_CANDIDATES = 50;
const DEALER_ORG = '10461001';

async function openTaskFor(db: Kysely<Database>, user: SessionUser, taskId: number) {
  const actor = await actorOf(db, user);
  const task = await db
    .selectFrom('processTasks as t')
    .select(['t.id', 't.instanceId', 't.elementId', 't.executionId', 't.name', 't.ownerCode', 't.dueAt'])
    .where('t.id', '=', taskId)
    .where('t.status', '=', 'open')
    .where(mayAct(actor))
    .executeTakeFirst();
  if (!task) throw new ApiError('notFound', PROCESS_TEXT.taskNotFound);
  return task;
}

/** Adds the signers to the task; refused unless the caller may act on it and every signer reaches the record's dealer. */
export async function addSigners(context: ProcessContext, user: SessionUser, taskId: number, userIds: number[], comment: string | undefined): Promise<void> {
  const ids = [...new Set(userIds)];
  await context.db.transaction().execute(async (tx) => {
    const task = await openTaskFor(tx, user, taskId);
    if (ids.includes(user.id)) throw new ApiError('invalidInput', PROCESS_TEXT.signerSelf);
    await lockInstance(tx, Number(task.instanceId));
    const signers = await tx.selectFrom('users').select(['id', 'employeeName']).where('id', 'in', ids).where('isOnjob', '=', EMPLOYED).execute();
    if (signers.length !== ids.length) throw new ApiError('invalidInput', PROCESS_TEXT.signerTarget);
    for (const signer of signers) if (!(await reachesDealer(tx, Number(signer.id), task.ownerCode))) throw new ApiError('invalidInput', PROCESS_TEXT.signerTarget);
    // Taken under the instance lock: the task may have been approved while the caller chose.
    const still = await tx.selectFrom('processTasks').select('id').where('id', '=', taskId).where('status', '=', 'open').executeTakeFirst();
    if (!still) throw new ApiError('conflict', PROCESS_TEXT.taskClosed);
    const already = await tx
      .selectFrom('processTasks as t')
      .innerJoin('users as u', 'u.id', 't.assigneeId')
      .select('u.employeeName')
      .where('t.instanceId', '=', task.instanceId)
      .where('t.executionId', '=', task.executionId)
      .where('t.status', '=', 'open')
      .where('t.assigneeId', 'in', ids)
      .executeTakeFirst();
    if (already) throw new ApiError('invalidInput', PROCESS_TEXT.signerTwice(already.employeeName));
    const now = new Date();
    await tx
      .insertInto('processTasks')
      .values(
        signers.map((s) => ({
          instanceId: task.instanceId,
          elementId: task.elementId,
          executionId: task.executionId,
          name: PROCESS_TEXT.signerTask(task.name).slice(0, 100),
          ownerCode: task.ownerCode,
          status: 'open' as const,
          assigneeId: Number(s.id),
          createdAt: now,
          dueAt: task.dueAt,
        })),
      )
      .execute();
    const note = PROCESS_TEXT.signerNote(signers.map((s) => s.employeeName).join('、'), comment?.trim() ?? '');
    await addStep(tx, Number(task.instanceId), { elementId: task.elementId, name: task.name, action: 'addSigner', userId: user.id, comment: note.slice(0, 500), at: now });
  });
}

/**
 * Whom the task's actor may add, by name: employed staff of the record's dealer, and the staff above the dealers (a
 * region's, the manufacturer's) and holders of the task's candidate roles or positions who reach that dealer. 转办's
 * picker offers the same people: a transfer's target is held to the same reach (processRuns.ts transferTask).
 */
export async function signerCandidates(db: Kysely<Database>, user: SessionUser, taskId: number, keyword: string | undefined): Promise<SignerCandidateRow[]> {
  const task = await openTaskFor(db, user, taskId);
  const candidates = (await db.selectFrom('processTaskCandidates').select('code').where('taskId', '=', task.id).execute()).map((c) => c.code);
  let q = db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.orgId')
    .select(['u.id as userId', 'u.employeeName', 'o.orgName', 'o.orgCode'])
    .where('u.isOnjob', '=', EMPLOYED)
    .where('u.id', '!=', user.id)
    .where((eb) => {
      const atDealer = task.ownerCode === null ? sql<boolean>`false` : eb('o.orgCode', '=', task.ownerCode);
      // Above the dealers: a region's or the manufacturer's staff, kept below when their organisation covers the dealer.
      const aboveDealers = eb('o.orgType', '!=', DEALER_ORG);
      if (candidates.length === 0) return eb.or([atDealer, aboveDealers]);
      return eb.or([
        atDealer,
        aboveDealers,
        eb.exists(eb.selectFrom('userProcessRoles as r').select('r.userId').whereRef('r.userId', '=', 'u.id').where('r.roleCode', 'in', candidates)),
        eb.exists(eb.selectFrom('userPositions as p').select('p.userId').whereRef('p.userId', '=', 'u.id').where('p.positionCode', 'in', candidates)),
      ]);
    });
  if (keyword?.trim()) q = q.where('u.employeeName', 'like', containing(keyword.trim()));
  const rows = await q.orderBy('o.sort').orderBy('u.employeeNo').limit(MAX_CANDIDATES * 4).execute();
  const reaching: SignerCandidateRow[] = [];
  for (const row of rows) {
    if (reaching.length >= MAX_CANDIDATES) break;
    if (row.orgCode === task.ownerCode || (await reachesDealer(db, Number(row.userId), task.ownerCode))) {
      reaching.push({ userId: Number(row.userId), employeeName: row.employeeName, orgName: row.orgName });
    }
  }
  return reaching;
}

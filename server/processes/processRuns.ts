// Processes on records (DESIGN §7, issue 23): a transition with `process` starts an instance of the definition's latest
// version on the record; each step (the start, a task completed, a due timer) runs in one transaction that locks the
// instance row, recovers the engine from the state saved by the last step, lets it run, and saves its new state, its
// open tasks, its timers and the history. The end event performs the transition; a rejection ends the process and
// leaves the record in the state the transition names (`rejectTo`, else the state it was submitted from).
import { sql, type Kysely } from 'kysely';
import type { Transition } from '../../schemas/model/model.types';
import { PROCESS_TEXT } from '../../schemas/workflow/processText';
import type { Database, ProcessStepAction } from '../db/schema';
import { ApiError } from '../http/errors';
import { loadSessionUser, type SessionUser } from '../http/session';
import { snake } from '../models/columns';
import type { LoadedModel } from '../models/modelCatalogue';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { findRecord, getRecord, type ReadContext } from '../models/modelReads';
import { applyTransition, checkTransition, keepSentValues, refuseTransitionSide } from '../models/modelWrites';
import { readDiagram } from './processDiagram';
import { completeTask, resumeProcess, startProcess, type StepResult } from './processEngine';
import { processVariables } from './processVariables';
import { actorOf, mayAct, reachesDealer } from './taskCandidates';

export interface ProcessContext {
  db: Kysely<Database>;
  models: ReadonlyMap<string, LoadedModel>;
  hooks: Readonly<Record<string, ModelHooks>>;
}

export type Decision = 'agree' | 'reject';

interface InstanceRow {
  id: number;
  processId: string;
  version: number;
  model: string;
  recordId: number;
  transition: string;
  status: string;
  engineState: unknown;
  startedBy: number;
}

async function latestDefinition(db: Kysely<Database>, processId: string): Promise<{ version: number; name: string; xml: string }> {
  const row = await db
    .selectFrom('processDefinitions as d')
    .innerJoin('processDefinitionVersions as v', (j) => j.onRef('v.definitionId', '=', 'd.id').onRef('v.version', '=', 'd.latestVersion'))
    .select(['v.version', 'v.name', 'v.xml'])
    .where('d.processId', '=', processId)
    .executeTakeFirst();
  if (!row) throw new ApiError('invalidInput', PROCESS_TEXT.noDefinition(processId));
  return row;
}

async function definitionXml(db: Kysely<Database>, processId: string, version: number): Promise<string> {
  const row = await db
    .selectFrom('processDefinitions as d')
    .innerJoin('processDefinitionVersions as v', 'v.definitionId', 'd.id')
    .select('v.xml')
    .where('d.processId', '=', processId)
    .where('v.version', '=', version)
    .executeTakeFirstOrThrow();
  return row.xml;
}

function readerFor(context: ProcessContext, loaded: LoadedModel, user: SessionUser, db: Kysely<Database>): ReadContext {
  return { db, user, loaded, hooks: context.hooks[loaded.model.name], models: context.models, allHooks: context.hooks };
}

function modelOf(context: ProcessContext, name: string): LoadedModel {
  const loaded = context.models.get(name);
  if (!loaded) throw new ApiError('invalidInput', `模型不存在：${name}`);
  return loaded;
}

function transitionOf(loaded: LoadedModel, name: string): Transition {
  return loaded.model.states!.transitions.find((t) => t.name === name)!;
}

const isUniqueClash = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function addStep(tx: Kysely<Database>, instanceId: number, step: { elementId: string; name: string; action: ProcessStepAction; userId: number | null; comment?: string | null; at?: Date }) {
  await tx
    .insertInto('processSteps')
    .values({ instanceId, elementId: step.elementId, name: step.name, action: step.action, userId: step.userId, comment: step.comment ?? null, at: step.at ?? new Date() })
    .execute();
}

/**
 * Writes what a step of the engine left: open tasks it no longer waits for are cancelled, new waits become tasks for
 * the candidates drawn on them, the timers are replaced, the state saved; at the end the transition is performed.
 */
async function recordStep(context: ProcessContext, tx: Kysely<Database>, instance: InstanceRow, xml: string, result: StepResult, actor: SessionUser): Promise<void> {
  const diagram = await readDiagram(xml);
  const now = new Date();
  // A fired timer ends as its definition and as its boundary event: one step in the history.
  const fired = new Map(result.passed.filter((p) => p.type === 'bpmn:BoundaryEvent' || p.type === 'bpmn:TimerEventDefinition').map((p) => [p.elementId, p]));
  for (const timer of fired.values()) await addStep(tx, instance.id, { elementId: timer.elementId, name: diagram.names.get(timer.elementId) ?? timer.name, action: 'timeout', userId: null, at: now });
  const open = await tx.selectFrom('processTasks').select(['id', 'executionId']).where('instanceId', '=', instance.id).where('status', '=', 'open').execute();
  const waiting = new Set(result.waiting.map((w) => w.executionId));
  const gone = open.filter((t) => !waiting.has(t.executionId)).map((t) => t.id);
  if (gone.length > 0) await tx.updateTable('processTasks').set({ status: 'cancelled', completedAt: now }).where('id', 'in', gone).execute();
  const known = new Set(open.map((t) => t.executionId));
  const ownerCode = (await tx.selectFrom('processInstances').select('ownerCode').where('id', '=', instance.id).executeTakeFirstOrThrow()).ownerCode;
  for (const wait of result.waiting.filter((w) => !known.has(w.executionId))) {
    const drawn = diagram.tasks.get(wait.elementId);
    const dueAt = result.timers.find((t) => t.attachedTo === wait.elementId)?.expireAt ?? null;
    const { id } = await tx
      .insertInto('processTasks')
      .values({ instanceId: instance.id, elementId: wait.elementId, executionId: wait.executionId, name: drawn?.name ?? wait.name, ownerCode, status: 'open', assigneeId: null, createdAt: now, dueAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const candidates = drawn?.candidates ?? [];
    if (candidates.length > 0) await tx.insertInto('processTaskCandidates').values(candidates.map((code) => ({ taskId: id, code }))).execute();
  }
  await tx.deleteFrom('processTimers').where('instanceId', '=', instance.id).execute();
  if (result.timers.length > 0) {
    await tx.insertInto('processTimers').values(result.timers.map((t) => ({ instanceId: instance.id, elementId: t.elementId, expireAt: t.expireAt }))).execute();
  }
  await tx
    .updateTable('processInstances')
    .set({ engineState: JSON.stringify(result.state), ...(result.ended ? { status: 'approved' as const, endedAt: now } : {}) })
    .where('id', '=', instance.id)
    .execute();
  if (!result.ended) return;
  const endEvent = result.passed.filter((p) => p.type === 'bpmn:EndEvent').at(-1);
  await addStep(tx, instance.id, { elementId: endEvent?.elementId ?? 'end', name: endEvent?.name ?? '结束', action: 'end', userId: null, at: now });
  const loaded = modelOf(context, instance.model);
  const reader = readerFor(context, loaded, actor, tx);
  const current = await findRecord(reader, instance.recordId, true);
  if (!current) throw new ApiError('notFound');
  // The checks were made when the process started; the end performs what was approved.
  await applyTransition(reader, tx, instance.recordId, { transition: transitionOf(loaded, instance.transition), current, values: {} });
}

/** POST <path>/:id/<transition> of a transition with `process`: the checks of the transition, then the process starts. */
export async function startRecordProcess(context: ProcessContext, reader: ReadContext, id: number, name: string, input: RecordValues): Promise<RecordValues> {
  const { loaded, user } = reader;
  const transition = transitionOf(loaded, name);
  refuseTransitionSide(reader, transition);
  const definition = await latestDefinition(context.db, transition.process!);
  try {
    await context.db.transaction().execute(async (tx) => {
      const checked = await checkTransition(reader, tx, id, name, input);
      await keepSentValues(tx, loaded, id, checked, user);
      const title = String(checked.current[loaded.model.titleField ?? 'id'] ?? id);
      const ownerCode = typeof checked.current.ownerCode === 'string' ? checked.current.ownerCode : null;
      const result = await startProcess(definition.xml, processVariables(loaded, checked.merged));
      const instance = await tx
        .insertInto('processInstances')
        .values({
          processId: transition.process!,
          version: definition.version,
          processName: definition.name,
          model: loaded.model.name,
          recordId: id,
          recordTitle: title.slice(0, 100),
          ownerCode,
          transition: name,
          status: 'running',
          engineState: JSON.stringify(result.state),
          startedBy: user.id,
          startedAt: new Date(),
        })
        .returning(['id', 'processId', 'version', 'model', 'recordId', 'transition', 'status', 'engineState', 'startedBy'])
        .executeTakeFirstOrThrow();
      const start = result.passed.find((p) => p.type === 'bpmn:StartEvent');
      await addStep(tx, instance.id, { elementId: start?.elementId ?? 'start', name: start?.name ?? '发起', action: 'start', userId: user.id, comment: typeof input.comment === 'string' ? input.comment.slice(0, 500) : null });
      // Values the transition sets (结算人...) wait for the end; what the request sent is kept now.
      await recordStep(context, tx, instance, definition.xml, result, user);
    });
  } catch (error) {
    if (isUniqueClash(error)) throw new ApiError('conflict', PROCESS_TEXT.alreadyRunning(loaded.model.title));
    throw error;
  }
  return getRecord(reader, id);
}

/** The instance row, locked for this step (a second step on it waits, then sees what the first did). */
export async function lockInstance(tx: Kysely<Database>, id: number): Promise<InstanceRow> {
  const { rows } = await sql<InstanceRow>`select id, process_id as "processId", version, model, record_id as "recordId", transition, status, engine_state as "engineState", started_by as "startedBy" from process_instances where id = ${id} for update`.execute(tx);
  return { ...rows[0]!, recordId: Number(rows[0]!.recordId), id: Number(rows[0]!.id) };
}

/** Approve or reject a task: the first to act wins, the other is told who did. */
export async function actOnTask(context: ProcessContext, user: SessionUser, taskId: number, decision: Decision, comment: string | undefined): Promise<void> {
  const text = comment?.trim() ?? '';
  if (decision === 'reject' && text === '') throw new ApiError('invalidInput', PROCESS_TEXT.commentRequired);
  const actor = await actorOf(context.db, user);
  await context.db.transaction().execute(async (tx) => {
    const task = await tx
      .selectFrom('processTasks as t')
      .select(['t.id', 't.instanceId', 't.elementId', 't.executionId', 't.name', 't.status', 't.completedBy'])
      .where('t.id', '=', taskId)
      .where(mayAct(actor))
      .executeTakeFirst();
    if (!task) throw new ApiError('notFound', PROCESS_TEXT.taskNotFound);
    const instance = await lockInstance(tx, Number(task.instanceId));
    // Claimed by this update alone: of two approvers at once, the second finds it no longer open.
    const claimed = await tx
      .updateTable('processTasks')
      .set({ status: 'done', completedBy: user.id, completedAt: new Date(), decision, comment: text || null })
      .where('id', '=', taskId)
      .where('status', '=', 'open')
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const done = await tx.selectFrom('processTasks as t').leftJoin('users as u', 'u.id', 't.completedBy').select(['u.employeeName', 't.status']).where('t.id', '=', taskId).executeTakeFirstOrThrow();
      throw new ApiError('conflict', done.employeeName ? PROCESS_TEXT.taskTaken(done.employeeName) : PROCESS_TEXT.taskClosed);
    }
    await addStep(tx, instance.id, { elementId: task.elementId, name: task.name, action: decision, userId: user.id, comment: text || null });
    const xml = await definitionXml(tx, instance.processId, instance.version);
    if (decision === 'agree') {
      // A countersigned task (加签) moves the process on with the last of its signers' approvals.
      const others = await tx.selectFrom('processTasks').select('id').where('instanceId', '=', instance.id).where('executionId', '=', task.executionId).where('status', '=', 'open').executeTakeFirst();
      if (others) return;
      const result = await completeTask(xml, instance.engineState, task.executionId, { decision, comment: text });
      await recordStep(context, tx, instance, xml, result, user);
      return;
    }
    await rejectInstance(context, tx, instance, user);
  });
}

async function rejectInstance(context: ProcessContext, tx: Kysely<Database>, instance: InstanceRow, user: SessionUser): Promise<void> {
  const now = new Date();
  await tx.updateTable('processTasks').set({ status: 'cancelled', completedAt: now }).where('instanceId', '=', instance.id).where('status', '=', 'open').execute();
  await tx.deleteFrom('processTimers').where('instanceId', '=', instance.id).execute();
  await tx.updateTable('processInstances').set({ status: 'rejected', endedAt: now }).where('id', '=', instance.id).execute();
  const loaded = modelOf(context, instance.model);
  const back = transitionOf(loaded, instance.transition).rejectTo;
  if (!back) return;
  const states = loaded.model.states!;
  await sql`update ${sql.table(snake(loaded.table))} set ${sql.ref(snake(states.field))} = ${back}, updated_at = ${now}, updated_by = ${user.id} where id = ${instance.recordId}`.execute(tx);
}

/** Fires every timer due by `now`: each instance is recovered (the engine finds its timer expired) and moves on. */
export async function fireDueTimers(context: ProcessContext, now = new Date()): Promise<number> {
  const due = await context.db.selectFrom('processTimers').select('instanceId').distinct().where('expireAt', '<=', now).execute();
  let fired = 0;
  for (const { instanceId } of due) {
    await context.db.transaction().execute(async (tx) => {
      const instance = await lockInstance(tx, Number(instanceId));
      // Another server instance may have fired it meanwhile.
      const still = await tx.selectFrom('processTimers').select('elementId').where('instanceId', '=', instance.id).where('expireAt', '<=', now).executeTakeFirst();
      if (!still || instance.status !== 'running') return;
      const xml = await definitionXml(tx, instance.processId, instance.version);
      const result = await resumeProcess(xml, instance.engineState);
      const starter = await loadSessionUser(tx, instance.startedBy);
      await recordStep(context, tx, instance, xml, result, starter!);
      fired += 1;
    });
  }
  return fired;
}

/** 转办: the task goes to one user who could act on the record's dealer; the candidates no longer see it. */
export async function transferTask(context: ProcessContext, user: SessionUser, taskId: number, targetId: number, comment: string | undefined): Promise<void> {
  if (targetId === user.id) throw new ApiError('invalidInput', PROCESS_TEXT.transferSelf);
  const actor = await actorOf(context.db, user);
  await context.db.transaction().execute(async (tx) => {
    const task = await tx.selectFrom('processTasks as t').select(['t.id', 't.instanceId', 't.elementId', 't.name', 't.ownerCode']).where('t.id', '=', taskId).where(mayAct(actor)).executeTakeFirst();
    if (!task) throw new ApiError('notFound', PROCESS_TEXT.taskNotFound);
    await lockInstance(tx, Number(task.instanceId));
    const target = await tx.selectFrom('users').select(['id', 'employeeName']).where('id', '=', targetId).executeTakeFirst();
    if (!target || !(await reachesDealer(tx, targetId, task.ownerCode))) throw new ApiError('invalidInput', PROCESS_TEXT.transferTarget);
    const moved = await tx.updateTable('processTasks').set({ assigneeId: targetId }).where('id', '=', taskId).where('status', '=', 'open').returning('id').executeTakeFirst();
    if (!moved) throw new ApiError('conflict', PROCESS_TEXT.taskClosed);
    const note = `转办给${target.employeeName}${comment?.trim() ? `：${comment.trim()}` : ''}`;
    await addStep(tx, Number(task.instanceId), { elementId: task.elementId, name: task.name, action: 'transfer', userId: user.id, comment: note.slice(0, 500) });
  });
}

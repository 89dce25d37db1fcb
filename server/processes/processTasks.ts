// The user's side of running processes (issue 23): 我的待办 (open tasks the user may act on), 我的已办 (tasks the user
// completed), the bell's count, and a record's process history with its diagram. Every answer is within the user's
// reach: a task by its candidates and the record's dealer (taskCandidates.ts), a history by the record's data scope.
import { sql, type Kysely } from 'kysely';
import type { Page } from '../../schemas/api/page';
import { PROCESS_ACTIONS, PROCESS_STATUS, TASK_STATUS } from '../../schemas/workflow/processText';
import type { ProcessHistory, ProcessTaskRow } from '../../schemas/api/processTasks';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import type { SessionUser } from '../http/session';
import { getRecord } from '../models/modelReads';
import { containing } from '../data/likePatterns';
import type { ProcessContext } from './processRuns';
import { actorOf, mayAct } from './taskCandidates';
import { ApiError } from '../http/errors';

export interface TaskQuery {
  page: number;
  pageSize: number;
  keyword?: string;
}

const time = (value: Date | null) => (value ? formatDateTime(value) : null);

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('processTasks as t')
    .innerJoin('processInstances as i', 'i.id', 't.instanceId')
    .innerJoin('users as s', 's.id', 'i.startedBy')
    .leftJoin('users as c', 'c.id', 't.completedBy');
}

async function page(db: Kysely<Database>, query: TaskQuery, where: (q: ReturnType<typeof baseQuery>) => ReturnType<typeof baseQuery>, order: 'created' | 'completed'): Promise<Page<ProcessTaskRow>> {
  let q = where(baseQuery(db));
  if (query.keyword?.trim()) {
    const pattern = containing(query.keyword.trim());
    q = q.where((eb) => eb.or([eb('i.recordTitle', 'ilike', pattern), eb('i.processName', 'ilike', pattern), eb('t.name', 'ilike', pattern)]));
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      't.id as taskId',
      't.name as taskName',
      't.status',
      't.createdAt',
      't.dueAt',
      't.completedAt',
      't.decision',
      't.comment',
      't.ownerCode',
      'i.id as instanceId',
      'i.processName',
      'i.model',
      'i.recordId',
      'i.recordTitle',
      'i.status as instanceStatus',
      's.employeeName as startedByName',
      'i.startedAt',
      'c.employeeName as completedByName',
    ])
    .orderBy(order === 'created' ? 't.createdAt' : 't.completedAt', order === 'created' ? 'asc' : 'desc')
    .orderBy('t.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return {
    total: Number(total),
    items: rows.map((r) => ({
      ...r,
      taskId: Number(r.taskId),
      instanceId: Number(r.instanceId),
      recordId: Number(r.recordId),
      statusText: TASK_STATUS[r.status],
      instanceStatusText: PROCESS_STATUS[r.instanceStatus],
      decisionText: r.decision ? (PROCESS_ACTIONS[r.decision as keyof typeof PROCESS_ACTIONS] ?? r.decision) : null,
      createdAt: formatDateTime(r.createdAt),
      startedAt: formatDateTime(r.startedAt),
      dueAt: time(r.dueAt),
      completedAt: time(r.completedAt),
    })),
  };
}

export async function listTodo(db: Kysely<Database>, user: SessionUser, query: TaskQuery): Promise<Page<ProcessTaskRow>> {
  const actor = await actorOf(db, user);
  return page(db, query, (q) => q.where('t.status', '=', 'open').where(mayAct(actor)), 'created');
}

export async function listDone(db: Kysely<Database>, user: SessionUser, query: TaskQuery): Promise<Page<ProcessTaskRow>> {
  return page(db, query, (q) => q.where('t.status', '=', 'done').where('t.completedBy', '=', user.id), 'completed');
}

export async function countTodo(db: Kysely<Database>, user: SessionUser): Promise<number> {
  const actor = await actorOf(db, user);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from process_tasks t where t.status = 'open' and ${mayAct(actor)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The latest process of a record the user may read (none: null): its diagram, the elements where it now waits, every
 * step with who, when, what and the comment, and the tasks still open.
 */
export async function processHistory(context: ProcessContext, user: SessionUser, model: string, recordId: number): Promise<ProcessHistory | null> {
  const loaded = context.models.get(model);
  if (!loaded) throw new ApiError('notFound', `模型不存在：${model}`);
  // Not found unless the record is within the user's data scope.
  await getRecord({ db: context.db, user, loaded, hooks: context.hooks[model], models: context.models }, recordId);
  const instance = await context.db
    .selectFrom('processInstances as i')
    .innerJoin('processDefinitions as d', 'd.processId', 'i.processId')
    .innerJoin('processDefinitionVersions as v', (j) => j.onRef('v.definitionId', '=', 'd.id').onRef('v.version', '=', 'i.version'))
    .innerJoin('users as s', 's.id', 'i.startedBy')
    .select(['i.id', 'i.processId', 'i.processName', 'i.version', 'i.status', 'i.startedAt', 'i.endedAt', 's.employeeName as startedByName', 'v.xml'])
    .where('i.model', '=', model)
    .where('i.recordId', '=', recordId)
    .orderBy('i.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!instance) return null;
  const [steps, open] = await Promise.all([
    context.db
      .selectFrom('processSteps as p')
      .leftJoin('users as u', 'u.id', 'p.userId')
      .select(['p.elementId', 'p.name', 'p.action', 'p.comment', 'p.at', 'u.employeeName as userName'])
      .where('p.instanceId', '=', instance.id)
      .orderBy('p.at')
      .orderBy('p.id')
      .execute(),
    context.db.selectFrom('processTasks').select(['elementId', 'name', 'createdAt', 'dueAt']).where('instanceId', '=', instance.id).where('status', '=', 'open').orderBy('id').execute(),
  ]);
  return {
    instanceId: Number(instance.id),
    processId: instance.processId,
    processName: instance.processName,
    version: instance.version,
    status: instance.status,
    statusText: PROCESS_STATUS[instance.status],
    startedByName: instance.startedByName,
    startedAt: formatDateTime(instance.startedAt),
    endedAt: time(instance.endedAt),
    xml: instance.xml,
    current: open.map((t) => t.elementId),
    openTasks: open.map((t) => ({ elementId: t.elementId, name: t.name, createdAt: formatDateTime(t.createdAt), dueAt: time(t.dueAt) })),
    steps: steps.map((s) => ({ elementId: s.elementId, name: s.name, action: s.action, actionText: PROCESS_ACTIONS[s.action], userName: s.userName, comment: s.comment, at: formatDateTime(s.at) })),
  };
}

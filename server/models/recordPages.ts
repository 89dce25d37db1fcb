// What the record page asks about one record (issue 22): its steps, the transitions THIS user may perform on it now, and
// its audit history. Decided here, on the server, from the same rules the writes enforce: the record is read within the
// data scope (another dealer's record is not found), each transition's key must be granted on the menu the request came
// from, its side must be the user's, the record must be in one of its from-states, not under a running approval, and its
// guard must hold. The page only shows what this answers; the writes check everything again.
import { sql, type Kysely } from 'kysely';
import type { Model, Transition } from '../../schemas/model/model.types';
import { formField } from '../../schemas/model/defaultScreen';
import { evaluateExpression } from '../../schemas/expression/expression';
import type { RecordChange, RecordHistoryEntry, RecordMeta, RecordStep, RecordTransition } from '../../schemas/api/recordPages';
import type { Database } from '../db/schema';
import { withPermissionTables } from '../db/permissionTables';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { sideRefusal } from '../permissions/accountSide';
import { runningInstanceOf } from '../processes/processLocks';
import type { LoadedModel } from './modelCatalogue';
import type { RecordValues } from './modelHooks';
import { findRecord, type ReadContext } from './modelReads';
import { transitionSide } from './modelWrites';

/** The permission keys of one model's record routes (as routeAccess derives them), and those the request's menu grants. */
export interface RecordKeys {
  update: string;
  delete: string;
  create: string;
  transition: (name: string) => string;
  /** Granted on the request's menu; null when the route was reached without a menu check (never for menu routes). */
  granted: ReadonlySet<string> | null;
}

async function dictNames(db: Kysely<Database>, dict: string | undefined, codes: string[]): Promise<Map<string, string>> {
  if (!dict || codes.length === 0) return new Map();
  const rows = await db.selectFrom('dictCodes').select(['codeId', 'codeCnDesc']).where('type', '=', dict).where('codeId', 'in', codes).execute();
  return new Map(rows.map((r) => [r.codeId, r.codeCnDesc]));
}

/** The states in the order a record passes them: the initial one, then each transition's target as first reached. */
function stateOrder(model: Model): string[] {
  const states = model.states!;
  const order = [states.initial ?? states.transitions[0]?.from[0]].filter((c): c is string => Boolean(c));
  for (const t of states.transitions) {
    for (const code of [...t.from, t.to]) if (!order.includes(code) && code !== t.rejectTo) order.push(code);
  }
  return order;
}

function refusal(context: ReadContext, record: RecordValues, transition: Transition, keys: RecordKeys, state: string, running: boolean): string | undefined {
  const { loaded, user } = context;
  if (keys.granted && !keys.granted.has(keys.transition(transition.name))) return `无${transition.label}权限`;
  const side = sideRefusal(transitionSide(transition), user);
  if (side) return side;
  if (!transition.from.includes(state)) return `当前状态不能${transition.label}`;
  if (running) return `${loaded.model.title}审批中`;
  // The guard is judged on the record as it is; required fields are asked for in the transition's form.
  if (transition.guard && (transition.requires ?? []).length === 0 && !evaluateExpression(transition.guard, record, { exact: true })) {
    return transition.guardMessage ?? `不满足${transition.label}的条件`;
  }
  return undefined;
}

export async function recordMeta(context: ReadContext, id: number, keys: RecordKeys): Promise<RecordMeta> {
  const { loaded, db } = context;
  const { model } = loaded;
  const record = await findRecord(context, id);
  if (!record) throw new ApiError('notFound');
  const states = model.states;
  const hasProcess = states?.transitions.some((t) => t.process !== undefined) ?? false;
  const running = hasProcess ? await runningInstanceOf(db, model.name, id) : undefined;
  const recordTitle = String(record[model.titleField ?? 'id'] ?? id);
  const writes = model.writes ?? {};
  const editableState = !states?.editableIn || states.editableIn.includes(String(record[states.field] ?? ''));
  const updateSide = typeof writes.update === 'object' ? sideRefusal(writes.update, context.user) : undefined;
  const editable = writes.update !== false && (!keys.granted || keys.granted.has(keys.update)) && !updateSide && editableState && !running;
  const approval = running ? { instanceId: Number(running.id), processName: running.processName } : null;
  if (!states) return { title: model.title, recordTitle, state: null, transitions: [], editable, approval };

  const current = String(record[states.field] ?? '');
  const order = stateOrder(model);
  const names = await dictNames(db, loaded.fields.get(states.field)?.dict, [...new Set([...order, current])]);
  const steps: RecordStep[] = order.map((code) => ({ code, name: names.get(code) ?? code }));
  const models = new Map([...context.models.values()].map((m) => [m.model.name, m.model]));
  const transitions: RecordTransition[] = states.transitions.filter((t) => !t.internal).map((t) => {
    const reason = refusal(context, record, t, keys, current, running !== undefined);
    // The form asks for the required fields, then those the transition accepts without requiring them.
    const asked = (name: string, required: boolean) => {
      const field = loaded.fields.get(name);
      const form = field ? formField(field, models) : undefined;
      return form ? [{ ...form, required }] : [];
    };
    const requires = [...(t.requires ?? []).flatMap((name) => asked(name, true)), ...(t.accepts ?? []).flatMap((name) => asked(name, false))];
    return { name: t.name, label: t.label, to: t.to, process: t.process !== undefined, requires, allowed: reason === undefined, ...(reason ? { reason } : {}) };
  });
  return { title: model.title, recordTitle, state: { field: states.field, current, steps }, transitions, editable, approval };
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The fields an audit entry changed, by label; child lines by their count and whether they changed. */
async function changesOf(db: Kysely<Database>, loaded: LoadedModel, before: RecordValues | null, after: RecordValues | null): Promise<RecordChange[]> {
  const changes: RecordChange[] = [];
  if (!before || !after) return changes;
  for (const field of loaded.fields.values()) {
    const was = shown(before[field.name]);
    const now = shown(after[field.name]);
    if (was === now) continue;
    if (field.type === 'dict') {
      const names = await dictNames(db, field.dict, [was, now].filter(Boolean));
      changes.push({ field: field.name, label: field.label, before: names.get(was) ?? was, after: names.get(now) ?? now });
    } else if (field.type === 'html') {
      changes.push({ field: field.name, label: field.label, before: '', after: '' });
    } else changes.push({ field: field.name, label: field.label, before: was, after: now });
  }
  for (const child of loaded.children) {
    const name = child.child.name;
    const lines = (record: RecordValues) => (Array.isArray(record[name]) ? (record[name] as RecordValues[]) : []);
    const strip = (record: RecordValues) => JSON.stringify(lines(record).map(({ id: _id, ...rest }) => rest));
    if (strip(before) === strip(after)) continue;
    changes.push({ field: name, label: child.child.title, before: `${lines(before).length} 行`, after: `${lines(after).length} 行` });
  }
  return changes;
}

const parsed = (value: unknown): RecordValues | null => {
  if (value === null || value === undefined) return null;
  const object = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return object && typeof object === 'object' ? (object as RecordValues) : null;
};

/** The successful writes of one record, newest first: who, when, what, and the fields they changed. */
export async function recordHistory(context: ReadContext, id: number, keys: RecordKeys): Promise<RecordHistoryEntry[]> {
  const { loaded, db } = context;
  if (!(await findRecord(context, id))) throw new ApiError('notFound');
  const actions = new Map<string, string>([
    [keys.update, '修改'],
    [keys.delete, '删除'],
    ...(loaded.model.states?.transitions ?? []).map((t): [string, string] => [keys.transition(t.name), t.process ? `提交${t.label}审批` : t.label]),
  ]);
  const log = withPermissionTables(db);
  const rows = await log
    .selectFrom('auditLog')
    .select(['id', 'employeeName', 'permissionKey', 'before', 'after', 'createdAt'])
    .where('resultCode', '=', 200)
    .where((eb) =>
      eb.or([
        eb.and([eb('rowRef', '=', String(id)), eb('permissionKey', 'in', [...actions.keys()])]),
        // A create names no row in its address: its answer (the record) does.
        eb.and([eb('permissionKey', '=', keys.create), eb(sql<string>`after->>'id'`, '=', String(id))]),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const entries: RecordHistoryEntry[] = [];
  for (const row of rows) {
    const action = row.permissionKey === keys.create ? '新增' : (actions.get(row.permissionKey) ?? row.permissionKey);
    const changes = row.permissionKey === keys.create ? [] : await changesOf(db, loaded, parsed(row.before), parsed(row.after));
    entries.push({ id: Number(row.id), at: formatDateTime(new Date(row.createdAt as unknown as string)), userName: row.employeeName, action, changes });
  }
  return entries;
}

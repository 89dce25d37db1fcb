// 派工 (domain.md §1): the advisor assigns each labour line to one or more technicians of the order's own dealer, their
// shares adding up to exactly 1; a line not yet started may be assigned again (its dispatches are replaced). The order
// is then released to the workshop by its 派工 transition, which checks every line is assigned.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { holdsPosition } from '../../data/employees';
import { formatDateTime } from '../../http/dates';
import { ApiError } from '../../http/errors';
import type { HookContext, RecordValues } from '../../models/modelHooks';
import { isBlank } from '../../models/fieldValues';
import { cmp, dec, plus, text4 } from './money';
import { lockOrder, refreshCounters, refreshTechnicianNames, setLineStatus } from './orderState';
import { LINE_STATUS, REPAIR_TEXT, RO_STATUS } from './repairRules';

const ASSIGNABLE: readonly string[] = [LINE_STATUS.waiting, LINE_STATUS.dispatched];
const ONE = dec('1');

interface DispatchRow {
  id: number;
  lineKey: string;
  technicianId: number;
  shareRate: string;
  workshopCode: string | null;
  bayCode: string | null;
  status: string;
}

export async function dispatchesOf(db: Kysely<Database>, roId: number): Promise<DispatchRow[]> {
  const { rows } = await sql<DispatchRow>`select id, line_key as "lineKey", technician_id as "technicianId", share_rate::text as "shareRate", workshop_code as "workshopCode", bay_code as "bayCode", status
    from ro_dispatches where ro_id = ${roId} order by id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), technicianId: Number(r.technicianId) }));
}

const labourOf = (order: RecordValues) => (order.labourLines as RecordValues[] | undefined) ?? [];

/** 派工安排: a row per dispatch of each line still open to assignment, and one empty row for a line with none. */
export async function dispatchPlan(db: Kysely<Database>, order: RecordValues): Promise<RecordValues> {
  const dispatches = await dispatchesOf(db, Number(order.id));
  const rows: RecordValues[] = [];
  for (const line of labourOf(order)) {
    if (!ASSIGNABLE.includes(String(line.lineStatus))) continue;
    const own = dispatches.filter((d) => d.lineKey === line.lineKey);
    const base = { lineKey: line.lineKey, labourName: line.labourName, stdHours: line.stdHours };
    if (own.length === 0) rows.push({ ...base, technicianId: null, shareRate: '1', workshopCode: null, bayCode: null });
    for (const d of own) rows.push({ ...base, technicianId: d.technicianId, shareRate: d.shareRate, workshopCode: d.workshopCode, bayCode: d.bayCode });
  }
  return { id: order.id, roNo: order.roNo, dispatches: rows };
}

/** 分配技师: the plan's rows, checked together; each line named is assigned anew. */
export async function assignTechnicians(context: HookContext, roId: number, body: unknown): Promise<void> {
  const { db, user } = context;
  await lockOrder(db, roId);
  const order = await context.records!('repairOrder').find(roId);
  if (!order) throw new ApiError('notFound');
  if (order.status !== RO_STATUS.waiting && order.status !== RO_STATUS.repairing) throw new ApiError('invalidInput', REPAIR_TEXT.notDispatchable);
  const sent = body && typeof body === 'object' && Array.isArray((body as RecordValues).dispatches) ? ((body as RecordValues).dispatches as RecordValues[]) : [];
  const rows = sent.filter((row) => row && typeof row === 'object' && !isBlank(row.technicianId));
  const lines = new Map(labourOf(order).map((line) => [String(line.lineKey), line]));
  const problems: string[] = [];
  const byLine = new Map<string, RecordValues[]>();
  for (const row of rows) {
    const line = lines.get(String(row.lineKey));
    if (!line) {
      problems.push(REPAIR_TEXT.lineUnknown(String(row.lineKey ?? '')));
      continue;
    }
    if (!ASSIGNABLE.includes(String(line.lineStatus))) {
      problems.push(line.lineStatus === LINE_STATUS.repairing || line.lineStatus === LINE_STATUS.rework ? REPAIR_TEXT.lineStarted(String(line.labourName)) : REPAIR_TEXT.lineDone(String(line.labourName)));
      continue;
    }
    byLine.set(String(row.lineKey), [...(byLine.get(String(row.lineKey)) ?? []), row]);
  }
  const ownerCode = String(order.ownerCode);
  const technicians = new Set<number>();
  for (const [key, own] of byLine) {
    const total = plus(...own.map((r) => dec(r.shareRate)));
    if (cmp(total, ONE) !== 0 || own.some((r) => cmp(dec(r.shareRate), dec(0)) <= 0)) problems.push(REPAIR_TEXT.shareSum(String(lines.get(key)!.labourName)));
    for (const r of own) technicians.add(Number(r.technicianId));
  }
  for (const id of technicians) {
    if (!Number.isInteger(id) || !(await holdsPosition(db, id, ownerCode, 'JS'))) {
      problems.push(REPAIR_TEXT.notTechnician);
      break;
    }
  }
  if (problems.length > 0) throw new ApiError('invalidInput', [...new Set(problems)].join('；'));
  if (byLine.size === 0) return;
  const keys = [...byLine.keys()];
  await sql`delete from ro_dispatches where ro_id = ${roId} and line_key in (${sql.join(keys)})`.execute(db);
  const dispatches = context.records!('roDispatch', { ownerCode });
  const now = new Date();
  for (const [key, own] of byLine) {
    const line = lines.get(key)!;
    for (const r of own) {
      await dispatches.create({
        roId,
        roNo: order.roNo,
        plateNo: order.plateNo,
        lineKey: key,
        labourCode: line.labourCode,
        labourName: line.labourName,
        stdHours: line.stdHours,
        technicianId: Number(r.technicianId),
        shareRate: text4(dec(r.shareRate)),
        workshopCode: isBlank(r.workshopCode) ? null : String(r.workshopCode),
        bayCode: isBlank(r.bayCode) ? null : String(r.bayCode),
        assignedAt: formatDateTime(now),
        dispatchedBy: user.id,
        reworkCount: 0,
      });
    }
  }
  await setLineStatus(db, roId, keys, LINE_STATUS.dispatched);
  await refreshTechnicianNames(db, roId, keys);
  await refreshCounters(db, roId);
}

/** 派工: every labour line has technicians whose shares add up to 1 (the guard reads the counter; this reads the rows). */
export async function checkDispatched(db: Kysely<Database>, order: RecordValues): Promise<void> {
  const dispatches = await dispatchesOf(db, Number(order.id));
  for (const line of labourOf(order)) {
    const own = dispatches.filter((d) => d.lineKey === line.lineKey);
    if (own.length === 0 || cmp(plus(...own.map((d) => dec(d.shareRate))), ONE) !== 0) throw new ApiError('invalidInput', REPAIR_TEXT.shareSum(String(line.labourName)));
  }
}

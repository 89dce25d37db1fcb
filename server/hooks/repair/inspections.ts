// 质检 (domain.md §1), by the inspector (ZJY): 车间质检 of each finished labour line, then 维修质检 of the whole order.
// A line that fails goes back to its technicians (返工: its dispatches reopened, its rework counted, reason and
// responsible technician recorded); the last line through 车间质检 sends the order for inspection (送检), and the order's
// 维修质检 either completes it (完工, once every part line is issued in full) or sends the failed lines back (返工).
// Stages are stored as codes; the 车间终检 / 维修终检 labels of whitelisted dealers are the screens' display.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { formatDateTime } from '../../http/dates';
import { ApiError } from '../../http/errors';
import type { HookContext, RecordValues } from '../../models/modelHooks';
import { isBlank } from '../../models/fieldValues';
import { cmp, dec } from './money';
import { lockOrder, mainTechnicians, refreshCounters, reopenDispatches, setLineStatus } from './orderState';
import { LINE_STATUS, QC_RESULT, QC_STAGE, REPAIR_TEXT, RO_STATUS } from './repairRules';

const labourOf = (order: RecordValues) => (order.labourLines as RecordValues[] | undefined) ?? [];

function inspectorOnly(context: HookContext): void {
  if (!context.user.positions.includes('ZJY')) throw new ApiError('forbidden', REPAIR_TEXT.inspectorOnly);
}

/** The forms of 车间质检 (a row per finished line) and 维修质检 (every line as a choice for its rework), 合格 by default:
 *  a dialog's own default applies to a new record only, and these forms edit the order. */
export function qcLines(order: RecordValues): RecordValues {
  const lines = labourOf(order);
  return {
    id: order.id,
    roNo: order.roNo,
    result: QC_RESULT.passed,
    lines: lines.filter((l) => l.lineStatus === LINE_STATUS.finished).map((l) => ({ lineKey: l.lineKey, labourName: l.labourName, technicianNames: l.technicianNames, result: QC_RESULT.passed, failReason: null })),
    options: lines.map((l) => ({ value: l.lineKey, text: String(l.labourName) })),
  };
}

async function lockedOrder(context: HookContext, roId: number): Promise<RecordValues> {
  await lockOrder(context.db, roId);
  const order = await context.records!('repairOrder').find(roId);
  if (!order) throw new ApiError('notFound');
  return order;
}

interface Verdict {
  lineKey: string;
  labourName: string;
  result: string;
  failReason: string | null;
  responsibleTechId: number | null;
}

/** Reworked lines: back to their technicians, counted, their dispatches reopened. */
async function rework(db: Kysely<Database>, roId: number, keys: string[]): Promise<void> {
  await setLineStatus(db, roId, keys, LINE_STATUS.rework, { rework: true });
  await reopenDispatches(db, roId, keys);
}

/** 车间质检 of the order's finished lines, as the form sends them. */
export async function inspectLines(context: HookContext, roId: number, body: unknown): Promise<void> {
  inspectorOnly(context);
  const order = await lockedOrder(context, roId);
  if (order.status !== RO_STATUS.repairing) throw new ApiError('invalidInput', REPAIR_TEXT.nothingToInspect);
  const sent = body && typeof body === 'object' && Array.isArray((body as RecordValues).lines) ? ((body as RecordValues).lines as RecordValues[]) : [];
  const lines = new Map(labourOf(order).map((l) => [String(l.lineKey), l]));
  const main = await mainTechnicians(context.db, roId);
  const verdicts: Verdict[] = [];
  const problems: string[] = [];
  for (const row of sent) {
    const line = lines.get(String(row?.lineKey));
    if (!line) {
      problems.push(REPAIR_TEXT.lineUnknown(String(row?.lineKey ?? '')));
      continue;
    }
    if (line.lineStatus !== LINE_STATUS.finished) {
      problems.push(REPAIR_TEXT.lineNotFinished(String(line.labourName)));
      continue;
    }
    const result = row.result === QC_RESULT.failed ? QC_RESULT.failed : row.result === QC_RESULT.passed ? QC_RESULT.passed : '';
    if (result === '') {
      problems.push(`${String(line.labourName)}：请选择质检结果`);
      continue;
    }
    const failReason = isBlank(row.failReason) ? null : String(row.failReason).slice(0, 200);
    if (result === QC_RESULT.failed && !failReason) problems.push(REPAIR_TEXT.failNeedsReason);
    const responsible = isBlank(row.responsibleTechId) ? (main.get(String(line.lineKey)) ?? null) : Number(row.responsibleTechId);
    verdicts.push({ lineKey: String(line.lineKey), labourName: String(line.labourName), result, failReason, responsibleTechId: result === QC_RESULT.failed ? responsible : null });
  }
  if (verdicts.length === 0 && problems.length === 0) problems.push(REPAIR_TEXT.nothingToInspect);
  if (problems.length > 0) throw new ApiError('invalidInput', [...new Set(problems)].join('；'));
  await record(context, order, QC_STAGE.line, verdicts.map((v) => ({ ...v, items: null })));
  await setLineStatus(context.db, roId, verdicts.filter((v) => v.result === QC_RESULT.passed).map((v) => v.lineKey), LINE_STATUS.passed);
  await rework(context.db, roId, verdicts.filter((v) => v.result === QC_RESULT.failed).map((v) => v.lineKey));
  await refreshCounters(context.db, roId);
  const { rows } = await sql<{ open: number; total: number }>`select open_lines as open, (select count(*) from repair_order_labour_lines where parent_id = ${roId})::int as total from repair_orders where id = ${roId}`.execute(context.db);
  if (Number(rows[0]?.open) === 0 && Number(rows[0]?.total) > 0) await context.records!('repairOrder').transition(roId, 'awaitInspection');
}

/** 维修质检 of the whole order: 合格 completes it; 不合格 names the lines that go back, why and who answers for them. */
export async function inspectOrder(context: HookContext, roId: number, body: unknown): Promise<void> {
  inspectorOnly(context);
  const order = await lockedOrder(context, roId);
  if (order.status !== RO_STATUS.inspecting) throw new ApiError('invalidInput', REPAIR_TEXT.orderNotInspecting);
  const sent = (body && typeof body === 'object' ? body : {}) as RecordValues;
  const result = sent.result === QC_RESULT.failed ? QC_RESULT.failed : sent.result === QC_RESULT.passed ? QC_RESULT.passed : '';
  if (result === '') throw new ApiError('invalidInput', '请选择质检结果');
  const failReason = isBlank(sent.failReason) ? null : String(sent.failReason).slice(0, 200);
  const responsibleTechId = isBlank(sent.responsibleTechId) ? null : Number(sent.responsibleTechId);
  const lines = new Map(labourOf(order).map((l) => [String(l.lineKey), l]));
  const failed = (Array.isArray(sent.failedLineKeys) ? sent.failedLineKeys : []).map(String).filter((key) => lines.has(key));
  if (result === QC_RESULT.failed) {
    if (!failReason || responsibleTechId === null) throw new ApiError('invalidInput', REPAIR_TEXT.failNeedsReason);
    if (failed.length === 0) throw new ApiError('invalidInput', REPAIR_TEXT.orderQcNeedsLines);
  }
  // 完工 takes every part the order names (domain.md §1): a line short of its quantity is still to be issued or taken off.
  if (result === QC_RESULT.passed) {
    const short = ((order.partLines as RecordValues[] | undefined) ?? []).find((p) => cmp(dec(p.issuedQty), dec(p.qty)) < 0);
    if (short) throw new ApiError('invalidInput', REPAIR_TEXT.partsNotIssued(String(short.partName ?? short.partNo)));
  }
  const items = Array.isArray(sent.items) ? sent.items.slice(0, 60) : null;
  await record(context, order, QC_STAGE.order, [{ lineKey: null, labourName: null, result, failReason, responsibleTechId: result === QC_RESULT.failed ? responsibleTechId : null, items }]);
  await sql`update repair_orders set final_result = ${result} where id = ${roId}`.execute(context.db);
  if (result === QC_RESULT.passed) {
    await context.records!('repairOrder').transition(roId, 'complete');
    return;
  }
  await rework(context.db, roId, failed);
  await refreshCounters(context.db, roId);
  await context.records!('repairOrder').transition(roId, 'rework');
}

async function record(context: HookContext, order: RecordValues, stage: string, verdicts: (Omit<Verdict, 'lineKey' | 'labourName'> & { lineKey: string | null; labourName: string | null; items: unknown })[]): Promise<void> {
  const inspections = context.records!('roInspection', { ownerCode: String(order.ownerCode) });
  const inspectedAt = formatDateTime(new Date());
  for (const v of verdicts) {
    await inspections.create({
      roId: Number(order.id),
      roNo: order.roNo,
      plateNo: order.plateNo,
      stage,
      lineKey: v.lineKey,
      labourName: v.labourName,
      inspectorId: context.user.id,
      result: v.result,
      items: v.items,
      failReason: v.failReason,
      responsibleTechId: v.responsibleTechId,
      inspectedAt,
    });
  }
}

/** 质检队列: the dealer's orders with lines waiting for 车间质检, and those waiting for 维修质检. */
export async function qcQueue(db: Kysely<Database>, ownerCodes: string[], query: RecordValues): Promise<{ total: number; items: RecordValues[] }> {
  if (ownerCodes.length === 0) return { total: 0, items: [] };
  const page = Math.max(1, Number(query.page ?? query.current ?? 1) || 1);
  const size = Math.min(200, Math.max(1, Number(query.pageSize ?? query.size ?? 50) || 50));
  const plate = typeof query.plateNo === 'string' && query.plateNo.trim() !== '' ? `%${query.plateNo.trim().toUpperCase()}%` : null;
  const where = sql`o.owner_code in (${sql.join(ownerCodes)}) and (o.status = ${RO_STATUS.inspecting} or (o.status = ${RO_STATUS.repairing} and exists (select 1 from repair_order_labour_lines l where l.parent_id = o.id and l.line_status = ${LINE_STATUS.finished})))${plate ? sql` and o.plate_no like ${plate}` : sql``}`;
  const count = await sql<{ n: number }>`select count(*)::int as n from repair_orders o where ${where}`.execute(db);
  const { rows } = await sql<RecordValues>`select o.id, o.ro_no as "roNo", o.plate_no as "plateNo", o.customer_name as "customerName", o.status, o.owner_code as "ownerCode",
      u.employee_name as "serviceAdvisorName", o.promised_at as "promisedAt",
      (select count(*)::int from repair_order_labour_lines l where l.parent_id = o.id and l.line_status = ${LINE_STATUS.finished}) as "waitingLines",
      (select count(*)::int from repair_order_labour_lines l where l.parent_id = o.id) as "labourLines",
      case when o.status = ${RO_STATUS.inspecting} then ${QC_STAGE.order} else ${QC_STAGE.line} end as stage
    from repair_orders o left join users u on u.id = o.service_advisor_id
    where ${where} order by o.promised_at nulls last, o.id limit ${size} offset ${(page - 1) * size}`.execute(db);
  return { total: Number(count.rows[0]?.n ?? 0), items: rows.map((r) => ({ ...r, id: Number(r.id), promisedAt: r.promisedAt instanceof Date ? formatDateTime(r.promisedAt) : r.promisedAt })) };
}

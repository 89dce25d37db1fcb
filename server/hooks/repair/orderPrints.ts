// What the order's prints carry (queryPrintInfo / queryPrintInfoAll): the figures are the server's (the templates only
// format them), names beside codes (dictionary texts), and for the full order every line with its technicians, the
// inspections and the settlement, so 委托书, 派工单 and 结算单 are three templates over one answer.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { formatDateTime } from '../../http/dates';
import type { RecordValues } from '../../models/modelHooks';
import { SETTLEMENT_STATUS } from './repairRules';

async function dictNames(db: Kysely<Database>, types: string[]): Promise<Map<string, string>> {
  const { rows } = await sql<{ codeId: string; name: string }>`select code_id as "codeId", code_cn_desc as name from dict_codes where type in (${sql.join(types)})`.execute(db);
  return new Map(rows.map((r) => [r.codeId, r.name]));
}

const named = (names: Map<string, string>, code: unknown) => (typeof code === 'string' ? (names.get(code) ?? code) : '');

/** 委托书: the order, its amounts and its lines in short, and when it was printed. */
export async function printInfo(db: Kysely<Database>, order: RecordValues): Promise<RecordValues> {
  const names = await dictNames(db, ['8021', '8022', '8023', '8034']);
  const lines = (name: string) => ((order[name] as RecordValues[] | undefined) ?? []).map((line) => ({ ...line, chargeTypeName: named(names, line.chargeType), lineStatusName: named(names, line.lineStatus), itemCodeName: named(names, line.itemCode) }));
  return {
    ...order,
    statusName: named(names, order.status),
    labourLines: lines('labourLines'),
    partLines: lines('partLines'),
    addItems: lines('addItems'),
    printedAt: formatDateTime(new Date()),
  };
}

/** The whole order: 委托书's answer plus its dispatches, inspections and the settlement in force. */
export async function printInfoAll(db: Kysely<Database>, order: RecordValues): Promise<RecordValues> {
  const base = await printInfo(db, order);
  const names = await dictNames(db, ['8023', '8024', '8025', '8026']);
  const roId = Number(order.id);
  const dispatches = await sql<RecordValues>`select d.line_key as "lineKey", d.labour_name as "labourName", d.std_hours::text as "stdHours", d.share_rate::text as "shareRate", d.workshop_code as "workshopCode", d.bay_code as "bayCode",
      d.status, u.employee_name as "technicianName", d.assigned_at as "assignedAt", d.start_at as "startAt", d.finish_at as "finishAt"
    from ro_dispatches d left join users u on u.id = d.technician_id where d.ro_id = ${roId} order by d.id`.execute(db);
  const inspections = await sql<RecordValues>`select i.stage, i.labour_name as "labourName", i.result, i.fail_reason as "failReason", u.employee_name as "inspectorName", t.employee_name as "responsibleTechName", i.inspected_at as "inspectedAt"
    from ro_inspections i left join users u on u.id = i.inspector_id left join users t on t.id = i.responsible_tech_id where i.ro_id = ${roId} order by i.id`.execute(db);
  const settlements = await sql<RecordValues>`select s.settlement_no as "settlementNo", s.total_amount::text as "totalAmount", s.customer_amount::text as "customerAmount", s.warranty_amount::text as "warrantyAmount",
      s.insurance_amount::text as "insuranceAmount", s.internal_amount::text as "internalAmount", s.free_amount::text as "freeAmount", s.discount_amount::text as "discountAmount",
      s.round_off_amount::text as "roundOffAmount", s.receivable_amount::text as "receivableAmount", s.tax_amount::text as "taxAmount", s.free_settlement as "freeSettlement",
      s.status, u.employee_name as "settledByName", a.employee_name as "approverName", s.settled_at as "settledAt"
    from ro_settlements s left join users u on u.id = s.settled_by left join users a on a.id = s.approver_id where s.ro_id = ${roId} order by s.id desc`.execute(db);
  const time = (value: unknown) => (value instanceof Date ? formatDateTime(value) : value);
  const settlement = settlements.rows.find((s) => s.status === SETTLEMENT_STATUS.settled) ?? null;
  return {
    ...base,
    dispatches: dispatches.rows.map((d) => ({ ...d, statusName: named(names, d.status), assignedAt: time(d.assignedAt), startAt: time(d.startAt), finishAt: time(d.finishAt) })),
    inspections: inspections.rows.map((i) => ({ ...i, stageName: named(names, i.stage), resultName: named(names, i.result), inspectedAt: time(i.inspectedAt) })),
    settlement: settlement ? { ...settlement, statusName: named(names, settlement.status), settledAt: time(settlement.settledAt) } : null,
  };
}

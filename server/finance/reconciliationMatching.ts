// Collection reconciliation's matching (收款对账): the receipts and the bank flows of one company, day and pay method,
// paired exact serial first (the flow a receipt was claimed from, the same bank or quick-payment serial), then by amount
// and time of day, the rest by hand; and the totals that show what is left. The reconciliation's row is locked first,
// so two matchings of one reconciliation run one after the other; a receipt or flow is taken only while it belongs to no
// reconciliation (a conditional update), so none is ever reconciled twice.
import { sql, type Kysely } from 'kysely';
import { addDecimal, compareDecimal, subtractDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import { FLOW_DIRECTION, MATCH_TYPE, RECEIPT_STATUS, RECON_STATUS } from './financeCodes';
import { money, yuan, ZERO } from './money';

export const RECON_TEXT = {
  missing: '收款对账单不存在或不在本店',
  confirmed: (no: string) => `收款对账单${no}已确认，不能再修改配对`,
  flowTaken: (no: string) => `银行流水${no}已对账，不能重复对账`,
  receiptTaken: (no: string) => `收款单${no}已对账，不能重复对账`,
  flowOutside: (no: string) => `银行流水${no}不在本对账单的范围内（同一主体、日期与收款方式的收入流水）`,
  receiptOutside: (no: string) => `收款单${no}不在本对账单的范围内（同一主体、日期与收款方式的已确认收款单）`,
  noReceipts: '请选择要配对的收款单',
  flowMissing: '请选择要配对的银行流水',
  notMatched: (no: string) => `银行流水${no}未在本对账单中配对`,
  future: '对账日期不能晚于今天',
  changed: (no: string) => `收款对账单${no}配对后又有新的收款或流水，请重新配对后再确认`,
  duplicate: (date: string, no: string) => `${date}的该收款方式已有收款对账单${no}`,
} as const;

export interface LockedRecon {
  id: number;
  reconNo: string;
  ownerCode: string;
  companyCode: string;
  reconDate: string;
  payMethod: string;
  status: string;
}

interface DayReceipt {
  id: number;
  receiptNo: string;
  amount: Decimal;
  bankSerialNo: string | null;
  quickPaySerialNo: string | null;
  bankFlowId: number | null;
  at: number;
  reconId: number | null;
}

interface DayFlow {
  id: number;
  flowNo: string;
  amount: Decimal;
  bankSerialNo: string;
  quickPaySerialNo: string | null;
  at: number;
  reconId: number | null;
}

export interface MatchPair {
  flow: DayFlow;
  receipts: DayReceipt[];
  matchType: string;
  serialNo: string | null;
}

export async function lockRecon(db: Kysely<Database>, id: number): Promise<LockedRecon> {
  const { rows } = await sql<LockedRecon>`select id, recon_no as "reconNo", owner_code as "ownerCode", company_code as "companyCode", to_char(recon_date, 'YYYY-MM-DD') as "reconDate",
      pay_method as "payMethod", status from collection_reconciliations where id = ${id} for update`.execute(db);
  const recon = rows[0];
  if (!recon) throw new ApiError('notFound', RECON_TEXT.missing);
  return { ...recon, id: Number(recon.id) };
}

export function refuseConfirmed(recon: LockedRecon): void {
  if (recon.status === RECON_STATUS.confirmed) throw new ApiError('invalidInput', RECON_TEXT.confirmed(recon.reconNo));
}

/** The day's confirmed receipts of the reconciliation's company and pay method, free or already in it. */
async function dayReceipts(db: Kysely<Database>, recon: LockedRecon): Promise<DayReceipt[]> {
  const { rows } = await sql<Omit<DayReceipt, 'amount' | 'at'> & { amount: string; at: Date }>`
    select id, receipt_no as "receiptNo", amount::text as amount, bank_serial_no as "bankSerialNo", quick_pay_serial_no as "quickPaySerialNo",
      bank_flow_id as "bankFlowId", received_at as at, recon_id as "reconId"
    from receipts where owner_code = ${recon.ownerCode} and coalesce(company_code, owner_code) = ${recon.companyCode} and pay_method = ${recon.payMethod}
      and status = ${RECEIPT_STATUS.confirmed} and received_at >= ${startOfBeijingDay(recon.reconDate)} and received_at < ${startOfBeijingDay(recon.reconDate, 1)}
      and (recon_id is null or recon_id = ${recon.id})
    order by received_at, id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), bankFlowId: r.bankFlowId === null ? null : Number(r.bankFlowId), reconId: r.reconId === null ? null : Number(r.reconId), amount: money(r.amount), at: new Date(r.at).getTime() }));
}

/** The day's incoming flows of the reconciliation's company and pay method, free or already in it. */
async function dayFlows(db: Kysely<Database>, recon: LockedRecon): Promise<DayFlow[]> {
  const { rows } = await sql<Omit<DayFlow, 'amount' | 'at'> & { amount: string; at: Date }>`
    select id, flow_no as "flowNo", amount::text as amount, bank_serial_no as "bankSerialNo", quick_pay_serial_no as "quickPaySerialNo", trade_at as at, recon_id as "reconId"
    from bank_flows where owner_code = ${recon.ownerCode} and coalesce(company_code, owner_code) = ${recon.companyCode} and pay_method = ${recon.payMethod}
      and direction = ${FLOW_DIRECTION.in} and trade_at >= ${startOfBeijingDay(recon.reconDate)} and trade_at < ${startOfBeijingDay(recon.reconDate, 1)}
      and (recon_id is null or recon_id = ${recon.id})
    order by trade_at, id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), reconId: r.reconId === null ? null : Number(r.reconId), amount: money(r.amount), at: new Date(r.at).getTime() }));
}

/** The serial a flow and a receipt share, if any: the claim itself, or the same bank or quick-payment serial. */
function sharedSerial(flow: DayFlow, receipt: DayReceipt): string | null | undefined {
  if (receipt.bankFlowId === flow.id) return flow.bankSerialNo;
  if (receipt.bankSerialNo && receipt.bankSerialNo === flow.bankSerialNo) return flow.bankSerialNo;
  if (receipt.quickPaySerialNo && receipt.quickPaySerialNo === flow.quickPaySerialNo) return flow.quickPaySerialNo;
  return undefined;
}

/** Pairs among the free receipts and flows: by serial (a flow with every receipt sharing it), then by equal amount, the
 * receipt nearest in time. Pure, so the order of the rules is the order of the guide: exact, amount and date, by hand. */
export function proposePairs(receipts: DayReceipt[], flows: DayFlow[]): MatchPair[] {
  const freeReceipts = new Map(receipts.filter((r) => r.reconId === null).map((r) => [r.id, r]));
  const freeFlows = flows.filter((f) => f.reconId === null);
  const pairs: MatchPair[] = [];
  const paired = new Set<number>();
  for (const flow of freeFlows) {
    const sharing = [...freeReceipts.values()].filter((r) => sharedSerial(flow, r) !== undefined);
    if (sharing.length === 0) continue;
    for (const r of sharing) freeReceipts.delete(r.id);
    paired.add(flow.id);
    pairs.push({ flow, receipts: sharing, matchType: MATCH_TYPE.serial, serialNo: sharedSerial(flow, sharing[0]!) ?? null });
  }
  for (const flow of freeFlows) {
    if (paired.has(flow.id)) continue;
    const candidates = [...freeReceipts.values()].filter((r) => compareDecimal(r.amount, flow.amount) === 0);
    if (candidates.length === 0) continue;
    const nearest = candidates.reduce((best, r) => (Math.abs(r.at - flow.at) < Math.abs(best.at - flow.at) ? r : best));
    freeReceipts.delete(nearest.id);
    paired.add(flow.id);
    pairs.push({ flow, receipts: [nearest], matchType: MATCH_TYPE.amountDate, serialNo: null });
  }
  return pairs;
}

/** The table of the reconciliation's 配对明细 lines (models/finance/collectionReconciliation.json, child matches). */
const MATCH_LINES = 'collection_reconciliation_matches';

/**
 * Writes a pair into the reconciliation: the flow and its receipts taken (only if they are still free: otherwise
 * `strict` refuses with the reason, and a proposal made before is skipped), and one line per receipt.
 */
export async function takePair(db: Kysely<Database>, recon: LockedRecon, pair: MatchPair, strict: boolean): Promise<boolean> {
  const flow = await sql`update bank_flows set recon_id = ${recon.id} where id = ${pair.flow.id} and recon_id is null returning id`.execute(db);
  if (flow.rows.length !== 1) {
    if (strict) throw new ApiError('invalidInput', RECON_TEXT.flowTaken(pair.flow.flowNo));
    return false;
  }
  for (const receipt of pair.receipts) {
    const taken = await sql`update receipts set recon_id = ${recon.id} where id = ${receipt.id} and recon_id is null returning id`.execute(db);
    if (taken.rows.length !== 1) throw new ApiError('invalidInput', RECON_TEXT.receiptTaken(receipt.receiptNo));
  }
  const { rows } = await sql<{ next: number }>`select coalesce(max(line_no), 0) + 1 as next from ${sql.table(MATCH_LINES)} where parent_id = ${recon.id}`.execute(db);
  let lineNo = Number(rows[0]!.next);
  for (const receipt of pair.receipts) {
    await sql`insert into ${sql.table(MATCH_LINES)} (parent_id, line_no, receipt_id, bank_flow_id, receipt_amount, flow_amount, match_type, serial_no)
      values (${recon.id}, ${lineNo++}, ${receipt.id}, ${pair.flow.id}, ${yuan(receipt.amount)}, ${yuan(pair.flow.amount)}, ${pair.matchType}, ${pair.serialNo})`.execute(db);
  }
  return true;
}

/** Undoes the pair of `flowId`: its lines removed, the flow and its receipts free again. */
export async function releasePair(db: Kysely<Database>, recon: LockedRecon, flowId: number): Promise<void> {
  const { rows } = await sql<{ receiptId: number }>`delete from ${sql.table(MATCH_LINES)} where parent_id = ${recon.id} and bank_flow_id = ${flowId} returning receipt_id as "receiptId"`.execute(db);
  const flow = await sql<{ flowNo: string }>`update bank_flows set recon_id = null where id = ${flowId} and recon_id = ${recon.id} returning flow_no as "flowNo"`.execute(db);
  if (rows.length === 0 || flow.rows.length !== 1) {
    const named = await sql<{ flowNo: string }>`select flow_no as "flowNo" from bank_flows where id = ${flowId}`.execute(db);
    throw new ApiError('invalidInput', RECON_TEXT.notMatched(named.rows[0]?.flowNo ?? String(flowId)));
  }
  await sql`update receipts set recon_id = null where recon_id = ${recon.id} and id in (${sql.join(rows.map((r) => Number(r.receiptId)))})`.execute(db);
}

/** Matches what the rules can, then writes the totals. */
export async function autoMatch(db: Kysely<Database>, recon: LockedRecon, userId: number): Promise<void> {
  refuseConfirmed(recon);
  const pairs = proposePairs(await dayReceipts(db, recon), await dayFlows(db, recon));
  for (const pair of pairs) await takePair(db, recon, pair, false);
  await writeTotals(db, recon, userId);
}

/** A pair by hand: one free flow of the reconciliation's range with the free receipts of it chosen. */
export async function manualMatch(db: Kysely<Database>, recon: LockedRecon, flowId: number, receiptIds: number[], userId: number): Promise<void> {
  refuseConfirmed(recon);
  const flows = await dayFlows(db, recon);
  const flow = flows.find((f) => f.id === flowId);
  if (!flow) {
    const { rows } = await sql<{ flowNo: string; reconId: number | null }>`select flow_no as "flowNo", recon_id as "reconId" from bank_flows where id = ${flowId} and owner_code = ${recon.ownerCode}`.execute(db);
    const known = rows[0];
    if (!known) throw new ApiError('invalidInput', RECON_TEXT.flowMissing);
    throw new ApiError('invalidInput', known.reconId !== null ? RECON_TEXT.flowTaken(known.flowNo) : RECON_TEXT.flowOutside(known.flowNo));
  }
  if (flow.reconId !== null) throw new ApiError('invalidInput', RECON_TEXT.flowTaken(flow.flowNo));
  if (receiptIds.length === 0) throw new ApiError('invalidInput', RECON_TEXT.noReceipts);
  const receipts = await dayReceipts(db, recon);
  const chosen: DayReceipt[] = [];
  for (const id of new Set(receiptIds)) {
    const receipt = receipts.find((r) => r.id === id);
    if (!receipt) {
      const { rows } = await sql<{ receiptNo: string; reconId: number | null }>`select receipt_no as "receiptNo", recon_id as "reconId" from receipts where id = ${id} and owner_code = ${recon.ownerCode}`.execute(db);
      const known = rows[0];
      if (!known) throw new ApiError('invalidInput', RECON_TEXT.noReceipts);
      throw new ApiError('invalidInput', known.reconId !== null ? RECON_TEXT.receiptTaken(known.receiptNo) : RECON_TEXT.receiptOutside(known.receiptNo));
    }
    if (receipt.reconId !== null) throw new ApiError('invalidInput', RECON_TEXT.receiptTaken(receipt.receiptNo));
    chosen.push(receipt);
  }
  await takePair(db, recon, { flow, receipts: chosen, matchType: MATCH_TYPE.manual, serialNo: null }, true);
  await writeTotals(db, recon, userId);
}

export async function unmatch(db: Kysely<Database>, recon: LockedRecon, flowId: number, userId: number): Promise<void> {
  refuseConfirmed(recon);
  await releasePair(db, recon, flowId);
  await writeTotals(db, recon, userId);
}

const sum = (values: Decimal[]) => values.reduce((a, b) => addDecimal(a, b), ZERO);

/** What the reconciliation shows: the day's amounts on both sides, what is matched and left, and 已平 / 有差异. */
export async function writeTotals(db: Kysely<Database>, recon: LockedRecon, userId: number): Promise<void> {
  const receipts = await dayReceipts(db, recon);
  const flows = await dayFlows(db, recon);
  const system = sum(receipts.map((r) => r.amount));
  const bank = sum(flows.map((f) => f.amount));
  const matchedSystem = sum(receipts.filter((r) => r.reconId === recon.id).map((r) => r.amount));
  const matchedBank = sum(flows.filter((f) => f.reconId === recon.id).map((f) => f.amount));
  const left = compareDecimal(subtractDecimal(system, matchedSystem), ZERO) !== 0 || compareDecimal(subtractDecimal(bank, matchedBank), ZERO) !== 0;
  const balanced = !left && compareDecimal(system, bank) === 0;
  await sql`update collection_reconciliations set
      system_amount = ${yuan(system)}, bank_amount = ${yuan(bank)}, difference_amount = ${yuan(subtractDecimal(system, bank))},
      matched_system_amount = ${yuan(matchedSystem)}, matched_bank_amount = ${yuan(matchedBank)},
      unmatched_system_amount = ${yuan(subtractDecimal(system, matchedSystem))}, unmatched_bank_amount = ${yuan(subtractDecimal(bank, matchedBank))},
      receipt_count = ${receipts.length}, flow_count = ${flows.length},
      status = ${balanced ? RECON_STATUS.balanced : RECON_STATUS.different}, updated_at = ${new Date()}, updated_by = ${userId}
    where id = ${recon.id}`.execute(db);
}

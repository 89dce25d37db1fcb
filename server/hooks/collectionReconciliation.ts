// 收款对账 needs a hook: it reads and marks other records (the day's receipts and bank flows), which JSON cannot say. A new
// reconciliation is one per company, day and pay method (its reconKey, unique per dealer), is matched at once, and can be
// matched again (自动配对) as receipts and flows arrive, by hand (手工配对), or undone pair by pair (取消配对) until it is
// confirmed; the matching itself is server/finance/reconciliationMatching.ts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { CallRequest, HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import { RECON_STATUS } from '../finance/financeCodes';
import { autoMatch, lockRecon, manualMatch, RECON_TEXT, unmatch, writeTotals } from '../finance/reconciliationMatching';
import type { CollectionReconciliationRecord } from './modelRecords';

const BAD_BODY = '请求内容应为对象';

function bodyOf(body: unknown): RecordValues {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new ApiError('invalidInput', BAD_BODY);
  return (body ?? {}) as RecordValues;
}

/** The reconciliation the call names, within the user's scope (404 otherwise), locked for the call's transaction. */
async function locked(context: HookContext, request: CallRequest) {
  await request.reads.get(Number(request.params.id));
  return lockRecon(context.db, Number(request.params.id));
}

const idOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined);

/** A record's 配对明细 name what they join (lines carry ids only): the receipt's and the flow's numbers, the match kind. */
async function nameLines(db: Kysely<Database>, rows: RecordValues[]): Promise<void> {
  const lines = rows.flatMap((row) => (Array.isArray(row.matches) ? (row.matches as RecordValues[]) : []));
  if (lines.length === 0) return;
  const ids = (name: string) => [...new Set(lines.map((line) => Number(line[name])))];
  const [receipts, flows, kinds] = await Promise.all([
    sql<{ id: number; no: string }>`select id, receipt_no as no from receipts where id in (${sql.join(ids('receiptId'))})`.execute(db),
    sql<{ id: number; no: string }>`select id, flow_no as no from bank_flows where id in (${sql.join(ids('bankFlowId'))})`.execute(db),
    sql<{ code: string; name: string }>`select code_id as code, code_cn_desc as name from dict_codes where type = ${MATCH_TYPE_DICT}`.execute(db),
  ]);
  const receiptNo = new Map(receipts.rows.map((r) => [Number(r.id), r.no]));
  const flowNo = new Map(flows.rows.map((r) => [Number(r.id), r.no]));
  const kind = new Map(kinds.rows.map((r) => [r.code, r.name]));
  for (const line of lines) {
    line.receiptNo = receiptNo.get(Number(line.receiptId)) ?? null;
    line.flowNo = flowNo.get(Number(line.bankFlowId)) ?? null;
    line.matchTypeName = kind.get(String(line.matchType)) ?? line.matchType;
  }
}

/** The dictionary of 配对方式 (models/finance/collectionReconciliation.json). */
const MATCH_TYPE_DICT = '8117';

export const collectionReconciliationHooks: ModelHooks<CollectionReconciliationRecord> = {
  decorate: nameLines,

  async beforeWrite({ db, user }, change) {
    if (change.op !== 'create') return;
    const owner = user.ownerCode;
    if (!change.values.companyCode && owner) change.values.companyCode = owner;
    const { companyCode, reconDate, payMethod } = change.values;
    if (reconDate && reconDate > formatDateTime(new Date()).slice(0, 10)) change.problems.push(`${change.prefix}${RECON_TEXT.future}`);
    change.values.reconKey = `${companyCode ?? ''}|${reconDate ?? ''}|${payMethod ?? ''}`;
    const { rows } = await sql<{ reconNo: string }>`select recon_no as "reconNo" from collection_reconciliations where owner_code = ${owner} and recon_key = ${change.values.reconKey}`.execute(db);
    if (rows[0]) change.problems.push(`${change.prefix}${RECON_TEXT.duplicate(String(reconDate), rows[0].reconNo)}`);
  },

  async afterWrite({ db, user }, record, op) {
    if (op === 'create') await autoMatch(db, await lockRecon(db, record.id), user.id);
  },

  /** Confirmed as the day is now: receipts or flows that came after the last matching are counted first. */
  async beforeTransition({ db, user }, transition, record) {
    const recon = await lockRecon(db, Number(record.id));
    await writeTotals(db, recon, user.id);
    const { status } = await lockRecon(db, recon.id);
    if (transition === 'confirm' && status !== RECON_STATUS.balanced) throw new ApiError('invalidInput', RECON_TEXT.changed(recon.reconNo));
  },

  calls: {
    /** collectionReconciliations/:id/autoMatch: the rules run again over the day's receipts and flows as they are now. */
    async autoMatch(context, request) {
      await autoMatch(context.db, await locked(context, request), context.user.id);
      return request.reads.get(Number(request.params.id));
    },
    /** collectionReconciliations/:id/manualMatch: { bankFlowId, receiptIds: [...] }. */
    async manualMatch(context, request) {
      const sent = bodyOf(request.body);
      const recon = await locked(context, request);
      const flowId = idOf(sent.bankFlowId);
      if (flowId === undefined) throw new ApiError('invalidInput', RECON_TEXT.flowMissing);
      const receiptIds = (Array.isArray(sent.receiptIds) ? sent.receiptIds : [sent.receiptIds]).map(idOf).filter((id): id is number => id !== undefined);
      await manualMatch(context.db, recon, flowId, receiptIds, context.user.id);
      return request.reads.get(recon.id);
    },
    /** collectionReconciliations/:id/unmatch: { bankFlowId }: the flow's pair undone. */
    async unmatch(context, request) {
      const sent = bodyOf(request.body);
      const recon = await locked(context, request);
      const flowId = idOf(sent.bankFlowId);
      if (flowId === undefined) throw new ApiError('invalidInput', RECON_TEXT.flowMissing);
      await unmatch(context.db, recon, flowId, context.user.id);
      return request.reads.get(recon.id);
    },
  },
};

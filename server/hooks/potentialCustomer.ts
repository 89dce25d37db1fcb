// 潜客 needs a hook for what its JSON cannot say (domain.md §4): a sales consultant sees only their own; one active
// clue or potential customer per phone per dealer (a clue converted by insertPotenCus holds its own phone); the
// consultant is a sales consultant of the dealer (a consultant registering is the consultant); the next follow-up
// within the intent level's interval; a clue converted with it; the merge of duplicate customers (combineClue), which
// moves every record that points at a merged customer to the kept one and leaves none behind; 90 days without a
// follow-up make a customer dormant; and 邀约报表: the list of customers waiting for an invitation and the
// invitations' arrival rate per consultant (./inviteArrivalRate).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import { readPaging, type PagingQuery } from '../http/paging';
import type { HookContext, ModelHooks } from '../models/modelHooks';
import { inviteArrivalRate } from './inviteArrivalRate';
import type { PotentialCustomerRecord } from './modelRecords';
import {
  CLUE_STATUS,
  codeName,
  consultantProblem,
  defaultNextFollow,
  followUpProblem,
  holderProblem,
  lockPhones,
  ownRowsOnly,
  phoneHolders,
  pick,
  POTEN_STATUS,
  SALES_CONSULTANT,
  SALES_TEXT,
} from './salesRules';

export const POTEN_TEXT = {
  consultantRequired: '请选择销售顾问',
  clueGone: '线索不存在、不是您的线索或已处理，不能转潜客',
  keepMissing: '保留的潜客不存在或不是您的客户',
  keepMerged: (no: string) => `潜客${no}已被合并，不能作为保留的客户`,
  nothingToMerge: '请选择要合并到该潜客的线索或潜客',
  otherPhone: (no: string) => `${no}的手机号与保留的潜客不同，不能合并`,
  notMergeable: (no: string, state: string) => `${no}当前为“${state}”，不能合并`,
  mergeSelf: '不能把潜客合并到它自己',
} as const;

/** The records that point at a potential customer: moved to the kept one by a merge. */
export const POTEN_REFERENCES = [
  { table: 'follow_ups', title: '跟进记录' },
  { table: 'appointments', title: '邀约' },
  { table: 'showroom_receptions', title: '展厅接待' },
  { table: 'test_drives', title: '试驾' },
  { table: 'quotations', title: '报价' },
  { table: 'sales_orders', title: '销售订单' },
  { table: 'clues', title: '线索' },
  { table: 'customer_tags', title: '客户标签' },
] as const;

const DORMANT_AFTER_DAYS = 90;

const ownerOf = (context: HookContext, current?: Record<string, unknown>) => (current?.ownerCode as string | undefined) ?? context.user.ownerCode;

interface MergeRequest {
  potenId?: unknown;
  clueIds?: unknown;
  potenIds?: unknown;
}

const idList = (value: unknown): number[] => (Array.isArray(value) ? [...new Set(value.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))] : []);

/** Moves every record of `fromIds` to `keepId` (the dealer's only); a tag the kept customer already has is dropped. */
async function moveReferences(db: Kysely<Database>, ownerCode: string, fromIds: number[], keepId: number): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  if (fromIds.length === 0) return moved;
  const from = sql.join(fromIds);
  await sql`delete from customer_tags t where t.poten_id in (${from}) and t.owner_code = ${ownerCode}
    and exists (select 1 from customer_tags k where k.poten_id = ${keepId} and k.tag_id = t.tag_id)`.execute(db);
  for (const { table, title } of POTEN_REFERENCES) {
    const result = await sql`update ${sql.table(table)} set poten_id = ${keepId} where poten_id in (${from}) and owner_code = ${ownerCode}`.execute(db);
    moved[title] = Number(result.numAffectedRows ?? 0n);
  }
  await sql`update tags t set customer_count = (select count(*) from customer_tags c where c.tag_id = t.id) where t.owner_code = ${ownerCode}`.execute(db);
  return moved;
}

export const potentialCustomerHooks: ModelHooks<PotentialCustomerRecord> = {
  scope: ({ user }, alias) => ownRowsOnly(user, alias),

  filter({ params }, alias) {
    if (params.waitInvite !== '1') return [];
    // 待邀约: following up, due by the end of today, no invitation waiting for the customer.
    const tomorrow = startOfBeijingDay(formatDateTime(new Date()).slice(0, 10), 1);
    return [
      sql<boolean>`${sql.ref(`${alias}.status`)} = ${POTEN_STATUS.following} and ${sql.ref(`${alias}.nextFollowAt`)} < ${tomorrow}
        and not exists (select 1 from appointments a where a.poten_id = ${sql.ref(`${alias}.id`)} and a.status = '83151001')`,
    ];
  },

  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = ownerOf(context, change.current);
    if (!ownerCode) return;
    const { values } = change;
    let clueId: number | null = null;
    if (change.op === 'create') {
      if (values.clueId !== null && values.clueId !== undefined) {
        const clue = await context.records!('clue').find(Number(values.clueId));
        if (!clue || (clue.status !== CLUE_STATUS.unassigned && clue.status !== CLUE_STATUS.following)) change.problems.push(`${change.prefix}${POTEN_TEXT.clueGone}`);
        else {
          clueId = Number(clue.id);
          values.clueSource ??= (clue.clueSource as string | null) ?? null;
          values.consultantId ??= (clue.consultantId as number | null) ?? null;
        }
      }
      if (values.consultantId === null && user.positions.includes(SALES_CONSULTANT)) values.consultantId = user.id;
      if (values.consultantId === null) change.problems.push(`${change.prefix}${POTEN_TEXT.consultantRequired}`);
      values.nextFollowAt ??= defaultNextFollow(values.intentLevel);
    }
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) change.problems.push(`${change.prefix}${problem}`);
    const late = values.nextFollowAt !== change.current?.nextFollowAt || values.intentLevel !== change.current?.intentLevel ? followUpProblem(values.intentLevel, values.nextFollowAt) : undefined;
    if (late) change.problems.push(`${change.prefix}${late}`);
    if (values.phone === change.current?.phone) return;
    await lockPhones(db, ownerCode, [values.phone]);
    const [holder] = await phoneHolders(db, ownerCode, [values.phone], { potenId: change.current ? Number(change.current.id) : null, clueId }, ['poten']);
    if (holder) change.problems.push(`${change.prefix}${holderProblem(holder)}`);
  },

  async afterWrite(context, record, op) {
    if (op !== 'create' || record.clueId === null || record.clueId === undefined) return;
    await context.records!('clue').transition(Number(record.clueId), 'convert', { potenId: record.id });
  },

  calls: {
    /** potentialCustomers/:id/followUp `{ followWay, content, levelAfter, nextFollowAt }`: a follow-up of the customer. */
    async followUp(context, { params, body, reads }) {
      await reads.get(Number(params.id));
      return context.records!('followUp').create({ ...pick(body, ['followWay', 'content', 'levelAfter', 'nextFollowAt']), potenId: Number(params.id) });
    },

    /** potentialCustomers/:id/appoint `{ purpose, appointAt, consultantId, remark }`: an invitation of the customer (the
     * customer's consultant unless another is named). */
    async appoint(context, { params, body, reads }) {
      const customer = await reads.get(Number(params.id));
      const given = pick(body, ['purpose', 'appointAt', 'consultantId', 'remark']);
      return context.records!('appointment').create({ consultantId: customer.consultantId, ...given, potenId: Number(params.id) });
    },

    /**
     * potenCus/combineClue `{ potenId, clueIds, potenIds }`: the clues and potential customers with the kept customer's
     * phone are merged into it: their follow-ups, appointments, receptions, test drives, quotations, orders and tags
     * move to it, the clues become 已合并 pointing at it, the merged customers 已合并. Every customer involved is locked
     * in id order first, so two merges of the same customers (A into B and B into A) run one after the other.
     */
    async combineClue(context, { body }) {
      const { db, user } = context;
      if (!user.ownerCode) throw new ApiError('forbidden', SALES_TEXT.dealerOnly);
      const request = (body ?? {}) as MergeRequest;
      const keepId = Number(request.potenId);
      const clueIds = idList(request.clueIds);
      const potenIds = idList(request.potenIds).filter((id) => id !== keepId);
      if (idList(request.potenIds).includes(keepId)) throw new ApiError('invalidInput', POTEN_TEXT.mergeSelf);
      if (clueIds.length + potenIds.length === 0) throw new ApiError('invalidInput', POTEN_TEXT.nothingToMerge);
      await sql`select id from potential_customers where id in (${sql.join([keepId, ...potenIds])}) order by id for update`.execute(db);
      const customers = context.records!('potentialCustomer');
      const keep = Number.isSafeInteger(keepId) ? await customers.find(keepId) : undefined;
      if (!keep) throw new ApiError('invalidInput', POTEN_TEXT.keepMissing);
      if (keep.status === POTEN_STATUS.merged) throw new ApiError('invalidInput', POTEN_TEXT.keepMerged(String(keep.potenNo)));
      const merged: number[] = [];
      for (const id of potenIds) {
        const other = await customers.find(id);
        if (!other) throw new ApiError('invalidInput', SALES_TEXT.potenMissing);
        if (other.phone !== keep.phone) throw new ApiError('invalidInput', POTEN_TEXT.otherPhone(String(other.potenNo)));
        if (other.status === POTEN_STATUS.merged || other.status === POTEN_STATUS.ordered || other.status === POTEN_STATUS.dealt) {
          throw new ApiError('invalidInput', POTEN_TEXT.notMergeable(String(other.potenNo), await codeName(db, other.status)));
        }
        merged.push(id);
      }
      const moved = await moveReferences(db, user.ownerCode, merged, keepId);
      for (const id of merged) await customers.transition(id, 'merge');
      const clues = context.records!('clue');
      let mergedClues = 0;
      for (const id of clueIds) {
        const clue = await clues.find(id);
        if (!clue) throw new ApiError('invalidInput', POTEN_TEXT.clueGone);
        if (clue.phone !== keep.phone) throw new ApiError('invalidInput', POTEN_TEXT.otherPhone(String(clue.clueNo)));
        // The clue's follow-ups are the customer's history now.
        const followUps = await sql`update follow_ups set poten_id = ${keepId} where clue_id = ${id} and owner_code = ${user.ownerCode}`.execute(db);
        moved['跟进记录'] = (moved['跟进记录'] ?? 0) + Number(followUps.numAffectedRows ?? 0n);
        await clues.transition(id, 'merge', { potenId: keepId });
        mergedClues += 1;
      }
      // The kept customer's follow-up figures take in the merged history.
      await sql`update potential_customers p set follow_count = (select count(*) from follow_ups f where f.poten_id = p.id),
        last_follow_at = (select max(followed_at) from follow_ups f where f.poten_id = p.id) where p.id = ${keepId}`.execute(db);
      return { potenId: keepId, mergedCustomers: merged.length, mergedClues, moved };
    },

    /** potenCus/markDormant: the dealer's customers followed up last (or registered) 90 days ago or more become 休眠. */
    async markDormant({ db, user }) {
      if (!user.ownerCode) throw new ApiError('forbidden', SALES_TEXT.dealerOnly);
      const before = new Date(Date.now() - DORMANT_AFTER_DAYS * 86_400_000);
      const result = await sql`update potential_customers set status = ${POTEN_STATUS.dormant}, updated_at = now(), updated_by = ${user.id}
        where owner_code = ${user.ownerCode} and status = ${POTEN_STATUS.following} and coalesce(last_follow_at, created_at) < ${before}`.execute(db);
      return { count: Number(result.numAffectedRows ?? 0n) };
    },

    /** customer-report inviteReport/waitInviteRecord: the customers to invite now (the list's paging and filters). */
    waitInviteRecord(_context, { query, reads }) {
      const { page, pageSize, sort } = readPaging(query as PagingQuery);
      return reads.list({ page, pageSize, sort: sort ?? 'nextFollowAt|asc', params: { ...query, waitInvite: '1' } });
    },

    /** customer-report inviteReport/inviteArrivalRate?appointFrom=&appointTo=&consultantId=: 邀约→到店 per consultant. */
    inviteArrivalRate(context, { query }) {
      return inviteArrivalRate(context, query);
    },
  },
};

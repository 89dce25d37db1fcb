// 跟进记录 needs a hook for what its JSON cannot say (domain.md §4): a follow-up is of one potential customer or one
// clue the user may see and still works on; the follower is the user; the next follow-up is within the interval of the
// intent level after it; and the follow-up moves its customer on (level, next and last follow-up, count, a dormant
// customer woken) or dates its clue's first follow-up, in the same transaction.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { FollowUpRecord } from './modelRecords';
import { CLUE_STATUS, codeName, defaultNextFollow, followUpProblem, ownRowsOnly, POTEN_STATUS, SALES_TEXT } from './salesRules';

export const FOLLOW_UP_TEXT = {
  oneSubject: '请选择跟进的潜客或线索（只能选一个）',
  closedCustomer: (state: string) => `潜客当前为“${state}”，不能再跟进`,
  clueNotFollowing: '线索未分配给您或已处理，不能跟进',
} as const;

const CLOSED = new Set<string>([POTEN_STATUS.defeated, POTEN_STATUS.merged]);

export const followUpHooks: ModelHooks<FollowUpRecord> = {
  scope: ({ user }, alias) => ownRowsOnly(user, alias),

  async beforeWrite(context, change) {
    const { values } = change;
    values.consultantId = context.user.id;
    const hasPoten = values.potenId !== null && values.potenId !== undefined;
    const hasClue = values.clueId !== null && values.clueId !== undefined;
    if (hasPoten === hasClue) {
      change.problems.push(`${change.prefix}${FOLLOW_UP_TEXT.oneSubject}`);
      return;
    }
    if (hasPoten) {
      const customer = await context.records!('potentialCustomer').find(Number(values.potenId));
      if (!customer) return void change.problems.push(`${change.prefix}${SALES_TEXT.potenMissing}`);
      if (CLOSED.has(String(customer.status))) return void change.problems.push(`${change.prefix}${FOLLOW_UP_TEXT.closedCustomer(await codeName(context.db, customer.status))}`);
      values.levelAfter ??= (customer.intentLevel as string | null) ?? null;
    } else {
      const clue = await context.records!('clue').find(Number(values.clueId));
      if (!clue || clue.status !== CLUE_STATUS.following) return void change.problems.push(`${change.prefix}${FOLLOW_UP_TEXT.clueNotFollowing}`);
    }
    values.nextFollowAt ??= defaultNextFollow(values.levelAfter);
    const late = followUpProblem(values.levelAfter, values.nextFollowAt);
    if (late) change.problems.push(`${change.prefix}${late}`);
  },

  async afterWrite({ db }, record) {
    if (record.potenId !== null && record.potenId !== undefined) {
      await sql`update potential_customers set intent_level = coalesce(${record.levelAfter ?? null}, intent_level), next_follow_at = coalesce(${record.nextFollowAt ? new Date(`${String(record.nextFollowAt).replace(' ', 'T')}+08:00`) : null}, next_follow_at),
        last_follow_at = now(), follow_count = follow_count + 1,
        status = case when status = ${POTEN_STATUS.dormant} then ${POTEN_STATUS.following} else status end, updated_at = now()
        where id = ${Number(record.potenId)}`.execute(db);
    } else {
      await sql`update clues set first_follow_at = coalesce(first_follow_at, now()), updated_at = now() where id = ${Number(record.clueId)}`.execute(db);
    }
  },
};

// 车展接待登记 needs a hook for what its JSON cannot say: a registration at an event makes the visitor a clue from that
// event (source 车展, the activity's number), unless the phone is already the dealer's active clue or potential
// customer, which the registration then names instead; the event is one of the dealer's published or running ones.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { ExhibitionRegistrationRecord } from './modelRecords';
import { ACTIVE_CLUE, ACTIVE_POTEN, consultantProblem, lockPhones } from './salesRules';

/** The clue source of an event's visitors (店端 › 车展, server/seed/salesSeed.ts). */
export const EXHIBITION_SOURCE = 'DLR02';
const LIVE_ACTIVITY = ['83251003', '83251004'];

export const EXHIBITION_TEXT = {
  activity: '市场活动不存在，或尚未发布、已结束',
  known: (no: string) => `该客户已是本店客户（${no}），未重复生成线索`,
} as const;

export const exhibitionRegistrationHooks: ModelHooks<ExhibitionRegistrationRecord> = {
  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = user.ownerCode;
    if (!ownerCode) return;
    const { values } = change;
    const { rows: activity } = await sql<{ id: number }>`select id from market_activities where owner_code = ${ownerCode} and activity_no = ${values.activityNo} and status in (${sql.join(LIVE_ACTIVITY)})`.execute(db);
    if (activity.length === 0) change.problems.push(`${change.prefix}${EXHIBITION_TEXT.activity}`);
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) change.problems.push(`${change.prefix}${problem}`);
    if (change.problems.length > 0) return;
    await lockPhones(db, ownerCode, [values.phone]);
    const { rows } = await sql<{ kind: string; id: number; no: string }>`select 'clue' as kind, id, clue_no as no from clues where owner_code = ${ownerCode} and phone = ${values.phone} and status in (${sql.join(ACTIVE_CLUE)})
      union all select 'poten' as kind, id, poten_no as no from potential_customers where owner_code = ${ownerCode} and phone = ${values.phone} and status in (${sql.join(ACTIVE_POTEN)}) limit 1`.execute(db);
    const known = rows[0];
    if (known) {
      if (known.kind === 'clue') values.clueId = Number(known.id);
      values.remark = [values.remark, EXHIBITION_TEXT.known(known.no)].filter(Boolean).join('；').slice(0, 200);
      return;
    }
    const clue = await context.records!('clue').create({
      customerName: values.customerName,
      phone: values.phone,
      clueSource: EXHIBITION_SOURCE,
      activityNo: values.activityNo,
      intentSeriesCode: values.intentSeriesCode,
      consultantId: values.consultantId,
      remark: values.remark,
    });
    values.clueId = clue.id;
  },
};

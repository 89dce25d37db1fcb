// 顾问工作 needs a hook for what its JSON cannot say: the consultant is a sales consultant of the dealer, one row per
// consultant and day; and the day's roster others read (the clues' round-robin, the appointments' remaining places):
// a day without any row counts every sales consultant of the dealer as on duty, in their employee order (the dealer has
// not planned that day), so a fresh dealer can assign clues before it keeps a roster.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import type { ModelHooks } from '../models/modelHooks';
import type { ConsultantWorkRecord } from './modelRecords';
import { consultantProblem, SALES_CONSULTANT } from './salesRules';

export const CONSULTANT_WORK_TEXT = {
  twice: (day: string) => `该销售顾问${day}已有排班`,
  onDuty: '当班只能是 1（当班）或 0（不当班）',
} as const;

/** Clues a consultant takes a day when the roster does not say (no row that day). */
const DEFAULT_MAX_NEW_CLUES = 20;

export interface DutyConsultant {
  userId: number;
  userName: string;
  onDuty: string;
  shift: string | null;
  receptionOrder: number;
  maxNewClues: number;
  /** Clues assigned to the consultant on the day. */
  assignedToday: number;
  /** The consultant's clues still waiting for a follow-up. */
  openClues: number;
}

const today = () => formatDateTime(new Date()).slice(0, 10);

/** The dealer's sales consultants on `day` (default today) with their roster row, if any, and their clues. */
export async function consultantsOnDuty(db: Kysely<Database>, ownerCode: string, day = today()): Promise<DutyConsultant[]> {
  const { rows } = await sql<DutyConsultant & { planned: boolean }>`
    select u.id as user_id, u.employee_name as user_name, w.on_duty, w.shift, coalesce(w.reception_order, row_number() over (order by u.employee_no))::int as reception_order,
      coalesce(w.max_new_clues, ${DEFAULT_MAX_NEW_CLUES})::int as max_new_clues,
      (select count(*) from clues c where c.consultant_id = u.id and c.owner_code = ${ownerCode} and c.assigned_at >= ${startOfBeijingDay(day)} and c.assigned_at < ${startOfBeijingDay(day, 1)})::int as assigned_today,
      (select count(*) from clues c where c.consultant_id = u.id and c.owner_code = ${ownerCode} and c.status = '83111002')::int as open_clues,
      exists (select 1 from consultant_works x where x.owner_code = ${ownerCode} and x.work_date = ${day}::date) as planned
    from user_positions up join users u on u.id = up.user_id join organizations o on o.id = up.org_id
    left join consultant_works w on w.consultant_id = u.id and w.owner_code = ${ownerCode} and w.work_date = ${day}::date
    where up.position_code = ${SALES_CONSULTANT} and o.org_code = ${ownerCode} and u.is_onjob = '10081001'
    order by coalesce(w.reception_order, 999), u.employee_no`.execute(db);
  return rows.map(({ planned, ...r }) => ({
    ...r,
    userId: Number(r.userId),
    // Planned days: only those with an on-duty row; unplanned days: everyone.
    onDuty: planned ? (r.onDuty ?? '0') : '1',
    receptionOrder: Number(r.receptionOrder),
    maxNewClues: Number(r.maxNewClues),
    assignedToday: Number(r.assignedToday),
    openClues: Number(r.openClues),
  }));
}

export const consultantWorkHooks: ModelHooks<ConsultantWorkRecord> = {
  async beforeWrite({ db, user }, change) {
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    const { values } = change;
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) change.problems.push(`${change.prefix}${problem}`);
    if (values.onDuty !== '1' && values.onDuty !== '0') change.problems.push(`${change.prefix}${CONSULTANT_WORK_TEXT.onDuty}`);
    if (!ownerCode || !values.workDate || values.consultantId === null) return;
    const { rows } = await sql<{ id: number }>`select id from consultant_works where owner_code = ${ownerCode} and work_date = ${values.workDate}::date
      and consultant_id = ${values.consultantId} and id <> ${change.current ? Number(change.current.id) : 0} limit 1`.execute(db);
    if (rows.length > 0) change.problems.push(`${change.prefix}${CONSULTANT_WORK_TEXT.twice(values.workDate)}`);
  },
};

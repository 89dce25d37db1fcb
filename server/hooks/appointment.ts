// 邀约 needs a hook for what its JSON cannot say (domain.md §4): the invitation is for a customer the user may see and
// still works on; the consultant is a sales consultant of the dealer, on duty that day and free that hour (one
// invitation per consultant and hour, checked under a lock of that hour); the remaining places of a day, hour by hour
// (remainingAppointments: the consultants on duty less the invitations of the hour); cancelAppoint with its reason; and
// the day's end, when invitations not kept become 已爽约.
import { sql } from 'kysely';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { AppointmentRecord } from './modelRecords';
import { consultantsOnDuty } from './consultantWork';
import { codeName, consultantProblem, lockKey, ownRowsOnly, POTEN_STATUS, SALES_TEXT, userName } from './salesRules';

export const APPOINTMENT_TEXT = {
  past: '邀约到店时间不能早于现在',
  hours: (first: number, last: number) => `邀约到店时间应在${first}:00到${last}:59之间`,
  busy: (name: string, hour: string) => `销售顾问${name}在${hour}已有邀约`,
  offDuty: (name: string, day: string) => `销售顾问${name}${day}不当班`,
  closedCustomer: (state: string) => `潜客当前为“${state}”，不能邀约`,
  cancelId: '请指定要取消的邀约',
} as const;

/** Invitations are to the showroom's opening hours, one hour each. */
const FIRST_HOUR = 9;
const LAST_HOUR = 20;
const WAITING = '83151001';
const OPEN_CUSTOMER = new Set<string>([POTEN_STATUS.following, POTEN_STATUS.dormant, POTEN_STATUS.ordered]);

const hourOf = (at: string) => at.slice(0, 13);

export const appointmentHooks: ModelHooks<AppointmentRecord> = {
  scope: ({ user }, alias) => ownRowsOnly(user, alias),

  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    const { values } = change;
    if (!ownerCode) return;
    const customer = await context.records!('potentialCustomer').find(Number(values.potenId));
    if (!customer) return void change.problems.push(`${change.prefix}${SALES_TEXT.potenMissing}`);
    if (!OPEN_CUSTOMER.has(String(customer.status))) return void change.problems.push(`${change.prefix}${APPOINTMENT_TEXT.closedCustomer(await codeName(db, customer.status))}`);
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) return void change.problems.push(`${change.prefix}${problem}`);
    const at = values.appointAt;
    if (typeof at !== 'string') return;
    const moved = at !== change.current?.appointAt || values.consultantId !== change.current?.consultantId;
    if (!moved) return;
    if (at < formatDateTime(new Date())) change.problems.push(`${change.prefix}${APPOINTMENT_TEXT.past}`);
    const hour = Number(at.slice(11, 13));
    if (hour < FIRST_HOUR || hour > LAST_HOUR) change.problems.push(`${change.prefix}${APPOINTMENT_TEXT.hours(FIRST_HOUR, LAST_HOUR)}`);
    const day = at.slice(0, 10);
    const name = await userName(db, values.consultantId);
    const roster = await consultantsOnDuty(db, ownerCode, day);
    if (!roster.some((c) => c.userId === Number(values.consultantId) && c.onDuty === '1')) change.problems.push(`${change.prefix}${APPOINTMENT_TEXT.offDuty(name, day)}`);
    // The consultant's hour, held until the write ends: two invitations for it are checked one after the other.
    await lockKey(db, `appoint:${String(values.consultantId)}:${hourOf(at)}`);
    const start = new Date(`${hourOf(at)}:00:00+08:00`);
    const { rows } = await sql<{ id: number }>`select id from appointments where consultant_id = ${Number(values.consultantId)} and status = ${WAITING}
      and appoint_at >= ${start} and appoint_at < ${new Date(start.getTime() + 3_600_000)} and id <> ${change.current ? Number(change.current.id) : 0} limit 1`.execute(db);
    if (rows.length > 0) change.problems.push(`${change.prefix}${APPOINTMENT_TEXT.busy(name, `${hourOf(at)}:00`)}`);
  },

  calls: {
    /** appoint/remainingAppointments?day=: each hour's places (the consultants on duty), invitations and what is left. */
    async remainingAppointments({ db, user }, { query }) {
      if (!user.ownerCode) return [];
      const day = typeof query.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(query.day) ? query.day : formatDateTime(new Date()).slice(0, 10);
      const onDuty = (await consultantsOnDuty(db, user.ownerCode, day)).filter((c) => c.onDuty === '1').length;
      const { rows } = await sql<{ hour: number; booked: number }>`select extract(hour from appoint_at at time zone 'Asia/Shanghai')::int as hour, count(*)::int as booked
        from appointments where owner_code = ${user.ownerCode} and status = ${WAITING} and appoint_at >= ${startOfBeijingDay(day)} and appoint_at < ${startOfBeijingDay(day, 1)}
        group by 1`.execute(db);
      const booked = new Map(rows.map((r) => [Number(r.hour), Number(r.booked)]));
      return Array.from({ length: LAST_HOUR - FIRST_HOUR + 1 }, (_, i) => {
        const hour = FIRST_HOUR + i;
        const taken = booked.get(hour) ?? 0;
        return { day, slot: `${String(hour).padStart(2, '0')}:00`, capacity: onDuty, booked: taken, remaining: Math.max(0, onDuty - taken) };
      });
    },

    /** appoint/cancelAppoint `{ id, cancelReason }`: the invitation's 取消邀约. */
    async cancelAppoint(context, { body, reads }) {
      const { id, cancelReason } = (body ?? {}) as { id?: unknown; cancelReason?: unknown };
      if (!Number.isSafeInteger(Number(id)) || Number(id) <= 0) throw new ApiError('invalidInput', APPOINTMENT_TEXT.cancelId);
      await context.records!('appointment').transition(Number(id), 'cancel', { cancelReason: typeof cancelReason === 'string' ? cancelReason : null });
      return reads.get(Number(id));
    },

    /** appoint/markNoShow: the dealer's invitations of days gone by still 待到店 become 已爽约. */
    async markNoShow({ db, user }) {
      if (!user.ownerCode) throw new ApiError('forbidden', SALES_TEXT.dealerOnly);
      const today = startOfBeijingDay(formatDateTime(new Date()).slice(0, 10));
      const result = await sql`update appointments set status = '83151004', updated_at = now(), updated_by = ${user.id}
        where owner_code = ${user.ownerCode} and status = ${WAITING} and appoint_at < ${today}`.execute(db);
      return { count: Number(result.numAffectedRows ?? 0n) };
    },
  },
};

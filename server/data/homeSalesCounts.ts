// A 销售顾问's home figures (salesreport homePage/consultantSum): the consultant's own clues, potential customers,
// appointments, showroom arrivals, orders and deliveries at the consultant's dealer, today and this month in Beijing time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import type { ConsultantHomeSum } from '../../schemas/api/home';
import { requireConsultant } from './homeAudience';
import { homePeriods } from './homePeriod';

/** Status codes of models/sales (dictionaries 8311, 8310, 8315, 8320). */
const CLUE_TO_FOLLOW = '83111002';
const PROSPECT_FOLLOWING = '83101001';
const APPOINTMENT_CANCELLED = '83151003';
const ORDER_CANCELLED = '83201007';

export async function consultantHomeSum(db: Kysely<Database>, user: SessionUser, now = new Date()): Promise<ConsultantHomeSum> {
  const { ownerCode, consultantId } = requireConsultant(user);
  const p = homePeriods(now);
  const mine = sql`owner_code = ${ownerCode} and consultant_id = ${consultantId}`;
  // Deliveries are counted from the order's 交车时间, as the sales-achievement report does: the hand-over records
  // (交车单) exist only for the seeded funnel's months, the order's time for every delivery.
  const { rows } = await sql<ConsultantHomeSum>`select
      (select count(*) from clues where ${mine} and status = ${CLUE_TO_FOLLOW} and first_follow_at is null)::int as clues_awaiting_first_follow_up,
      (select count(*) from potential_customers where ${mine} and status = ${PROSPECT_FOLLOWING})::int as prospects_in_follow_up,
      (select count(*) from appointments where ${mine} and appoint_at >= ${p.dayStart} and appoint_at < ${p.dayEnd} and status <> ${APPOINTMENT_CANCELLED})::int as appointments_today,
      (select count(*) from showroom_receptions where ${mine} and arrive_at >= ${p.dayStart} and arrive_at < ${p.dayEnd})::int as arrivals_today,
      (select count(*) from sales_orders where ${mine} and created_at >= ${p.monthStart} and created_at < ${p.monthEnd} and status <> ${ORDER_CANCELLED})::int as orders_this_month,
      (select count(*) from sales_orders where ${mine} and delivered_at >= ${p.monthStart} and delivered_at < ${p.monthEnd})::int as deliveries_this_month`.execute(db);
  const row = rows[0]!;
  return {
    cluesAwaitingFirstFollowUp: Number(row.cluesAwaitingFirstFollowUp),
    prospectsInFollowUp: Number(row.prospectsInFollowUp),
    appointmentsToday: Number(row.appointmentsToday),
    arrivalsToday: Number(row.arrivalsToday),
    ordersThisMonth: Number(row.ordersThisMonth),
    deliveriesThisMonth: Number(row.deliveriesThisMonth),
  };
}

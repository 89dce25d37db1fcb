// The figures of the 概览 home page (back-office §7: RepairCount/gethomePageInterfaceSum on the repair service and
// RepairCount/getRepairOrderNum on the report service), counted from the repair orders and reminders in the user's
// data scope, in Beijing time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import type { SessionUser } from '../http/session';
import { unreadReminderCounts } from '../hooks/reminder';
import { REMINDER_TYPE } from '../seed/catalogue';
import { ownerScope } from './scope';
import type { DailyOrderCount } from '../../schemas/api/home';
import type { HomePageSum } from '../../schemas/api/home';

const STATUS = { waiting: '80211001', repairing: '80211002', finished: '80211003', settled: '80211004' } as const;

function today(now: Date): string {
  return formatDateTime(now).slice(0, 10);
}

function scopedOrders(db: Kysely<Database>, owners: string[]) {
  return db.selectFrom('repairOrders').where('ownerCode', 'in', owners);
}

export async function homePageSum(db: Kysely<Database>, user: SessionUser, now = new Date()): Promise<HomePageSum> {
  const owners = await ownerScope(db, user);
  const day = today(now);
  const dayStart = startOfBeijingDay(day);
  const monthStart = startOfBeijingDay(`${day.slice(0, 8)}01`);
  const row = await scopedOrders(db, owners)
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('status', '=', STATUS.waiting).then(1).end()).as('waitingDispatch'),
      eb.fn.count<number>(eb.case().when('status', '=', STATUS.repairing).then(1).end()).as('inRepair'),
      eb.fn.count<number>(eb.case().when('status', '=', STATUS.finished).then(1).end()).as('finishedUnsettled'),
      eb.fn.count<number>(eb.case().when('createdAt', '>=', dayStart).then(1).end()).as('openedToday'),
      eb.fn.count<number>(eb.case().when('createdAt', '>=', monthStart).then(1).end()).as('openedThisMonth'),
      sql<number>`coalesce(sum(case when status = ${STATUS.settled} and created_at >= ${monthStart} then labour_amount + part_amount end), 0)`.as('settledAmountThisMonth'),
    ])
    .executeTakeFirstOrThrow();
  const reminders = await unreadReminderCounts(db, user);
  return {
    waitingDispatch: Number(row.waitingDispatch),
    inRepair: Number(row.inRepair),
    finishedUnsettled: Number(row.finishedUnsettled),
    openedToday: Number(row.openedToday),
    openedThisMonth: Number(row.openedThisMonth),
    settledAmountThisMonth: Math.round(Number(row.settledAmountThisMonth) * 100) / 100,
    healthCheckReminders: reminders[REMINDER_TYPE.healthCheck] ?? 0,
    followUpReminders: reminders[REMINDER_TYPE.followUp] ?? 0,
  };
}

/** Orders opened per day over the last `days` days up to today, every day listed (0 when none). */
export async function dailyOrderCounts(db: Kysely<Database>, user: SessionUser, days: number, now = new Date()): Promise<DailyOrderCount[]> {
  const owners = await ownerScope(db, user);
  const last = today(now);
  const from = startOfBeijingDay(last, -(days - 1));
  const rows = await scopedOrders(db, owners)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', startOfBeijingDay(last, 1))
    .select([sql<string>`to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(sql`1`)
    .execute();
  const counts = new Map(rows.map((r) => [r.day, Number(r.count)]));
  return Array.from({ length: days }, (_, i) => {
    const day = formatDateTime(startOfBeijingDay(last, i - (days - 1))).slice(0, 10);
    return { day, count: counts.get(day) ?? 0 };
  });
}

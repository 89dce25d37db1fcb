// 预约时段 (domain.md §1 BookingSlot): each weekday's half-hour slots and their capacity. Remaining appointments are the
// capacity less the bookings of that day and slot that are not cancelled; a booking for a full slot is refused. The
// slot's row is locked while a booking is counted into it, so two bookings for its last place at once: one is taken.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { BOOKING_CANCELLED, REPAIR_TEXT } from './repairRules';

export const SLOT_MINUTES = 30;

/** 1 (Monday) … 7 (Sunday) of a YYYY-MM-DD day. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The slot a booking time (YYYY-MM-DD HH:mm:ss, Beijing) falls in: its day and the half hour it starts in. */
export function slotOf(bookingTime: string): { day: string; slotStart: string } {
  const day = bookingTime.slice(0, 10);
  const minutes = minutesOf(bookingTime.slice(11, 16));
  return { day, slotStart: clock(minutes - (minutes % SLOT_MINUTES)) };
}

const slotEnd = (slotStart: string) => clock(minutesOf(slotStart) + SLOT_MINUTES);

/** Bookings not cancelled in one slot of one day at one dealer (one booking left out: the one being saved). */
async function bookedIn(db: Kysely<Database>, ownerCode: string, day: string, slotStart: string, except: number | null): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from bookings
    where owner_code = ${ownerCode} and status <> ${BOOKING_CANCELLED} and to_char(booking_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${day}
      and to_char(date_trunc('hour', booking_time at time zone 'Asia/Shanghai') + floor(extract(minute from booking_time at time zone 'Asia/Shanghai') / 30) * interval '30 minutes', 'HH24:MI') = ${slotStart}
      ${except ? sql`and id <> ${except}` : sql``}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Refuses a booking for a full slot; a time outside the dealer's slots (or a dealer without slots) is not limited. */
export async function refuseFullSlot(db: Kysely<Database>, ownerCode: string, bookingTime: string, except: number | null): Promise<void> {
  const { day, slotStart } = slotOf(bookingTime);
  const { rows } = await sql<{ capacity: number }>`select capacity from booking_slots where owner_code = ${ownerCode} and weekday = ${weekdayOf(day)} and slot_start = ${slotStart} and enabled = '1' for update`.execute(db);
  const slot = rows[0];
  if (!slot) return;
  if ((await bookedIn(db, ownerCode, day, slotStart, except)) >= Number(slot.capacity)) throw new ApiError('conflict', REPAIR_TEXT.slotFull(`${day} ${slotStart}-${slotEnd(slotStart)}`, Number(slot.capacity)));
}

export interface SlotAvailability {
  /** The slot's row (its capacity is edited there). */
  id: number;
  slotStart: string;
  slotEnd: string;
  capacity: number;
  booked: number;
  remaining: number;
}

/** calculateBookingOrder: every enabled slot of the day's weekday with its bookings and what remains; the slots also as a
 * page (total, items), so a table shows them as they are. */
export async function availability(db: Kysely<Database>, ownerCode: string, day: string): Promise<{ date: string; weekday: number; capacity: number; booked: number; remaining: number; slots: SlotAvailability[]; total: number; items: SlotAvailability[] }> {
  const weekday = weekdayOf(day);
  const { rows } = await sql<{ id: number; slotStart: string; capacity: number; booked: number }>`select s.id, s.slot_start as "slotStart", s.capacity,
      (select count(*)::int from bookings b where b.owner_code = s.owner_code and b.status <> ${BOOKING_CANCELLED}
        and to_char(b.booking_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${day}
        and to_char(date_trunc('hour', b.booking_time at time zone 'Asia/Shanghai') + floor(extract(minute from b.booking_time at time zone 'Asia/Shanghai') / 30) * interval '30 minutes', 'HH24:MI') = s.slot_start) as booked
    from booking_slots s where s.owner_code = ${ownerCode} and s.weekday = ${weekday} and s.enabled = '1' order by s.slot_start`.execute(db);
  const slots = rows.map((r) => ({ id: Number(r.id), slotStart: r.slotStart, slotEnd: slotEnd(r.slotStart), capacity: Number(r.capacity), booked: Number(r.booked), remaining: Math.max(0, Number(r.capacity) - Number(r.booked)) }));
  const sum = (f: (s: SlotAvailability) => number) => slots.reduce((n, s) => n + f(s), 0);
  return { date: day, weekday, capacity: sum((s) => s.capacity), booked: sum((s) => s.booked), remaining: sum((s) => s.remaining), slots, total: slots.length, items: slots };
}

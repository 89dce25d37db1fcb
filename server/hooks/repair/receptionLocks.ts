// The reception lock (domain.md §1, lockUserOrUnLock): the advisor receiving a vehicle holds it; another advisor sees
// 正在由{name}接待 and can neither receive it nor open an order for it. A lock is live while its holder was active in the
// last 30 minutes (each lock call and each save of the reception by the holder renews it); after that it is free without
// any job running. Checks and takes are serialised per vehicle by a transaction-scoped advisory lock, so two advisors at
// once: one holds it, the other is refused.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { RECEPTION_STATUS, REPAIR_DEFAULTS, REPAIR_TEXT } from './repairRules';

export interface LiveLock {
  receptionId: number;
  lockedBy: number;
  lockedByName: string;
}

/** Waits for any other transaction checking or taking a lock on this vehicle at this dealer, until this one ends. */
export async function serialiseVehicle(db: Kysely<Database>, ownerCode: string, vin: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`reception:${ownerCode}:${vin}`}))`.execute(db);
}

const LIVE = sql.raw(`interval '${REPAIR_DEFAULTS.receptionLockMinutes} minutes'`);

/** Whether a lock taken at `lockedAt` still holds now. */
export function isLive(lockedAt: unknown, now = Date.now()): boolean {
  const at = lockedAt instanceof Date ? lockedAt.getTime() : typeof lockedAt === 'string' ? Date.parse(lockedAt.includes('T') ? lockedAt : `${lockedAt.replace(' ', 'T')}+08:00`) : NaN;
  return Number.isFinite(at) && now - at < REPAIR_DEFAULTS.receptionLockMinutes * 60_000;
}

/** The live lock another user holds on the vehicle at the dealer, if any (a reception still receiving). */
export async function lockOfOther(db: Kysely<Database>, ownerCode: string, vin: string, userId: number, exceptReception?: number): Promise<LiveLock | undefined> {
  const { rows } = await sql<LiveLock>`select r.id as "receptionId", r.locked_by as "lockedBy", u.employee_name as "lockedByName"
    from customer_receptions r join users u on u.id = r.locked_by
    where r.owner_code = ${ownerCode} and r.vin = ${vin} and r.status = ${RECEPTION_STATUS.receiving} and r.locked_by <> ${userId}
      and r.locked_at > now() - ${LIVE} ${exceptReception ? sql`and r.id <> ${exceptReception}` : sql``}
    order by r.locked_at desc limit 1`.execute(db);
  return rows[0];
}

/** Refuses when another advisor holds the vehicle (their name in the message). */
export async function refuseIfLocked(db: Kysely<Database>, ownerCode: string, vin: string, userId: number, exceptReception?: number): Promise<void> {
  await serialiseVehicle(db, ownerCode, vin);
  const other = await lockOfOther(db, ownerCode, vin, userId, exceptReception);
  if (other) throw new ApiError('conflict', REPAIR_TEXT.lockedBy(other.lockedByName));
}

// What the charging hooks share: instants from a record's Beijing-time text, the dealer a new record belongs to, and
// the owner check of a pile or station a record names (a manufacturer's request names the dealer; the ref check alone
// would let it hang one dealer's record on another dealer's pile).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import { beijingInstant } from '../models/fieldValues';
import type { RecordValues } from '../models/modelHooks';

export const CHARGING_TEXT = {
  notOwnStation: '充电站不属于该经销商',
  notOwnPile: '充电桩不属于该经销商',
  future: (label: string) => `${label}不能晚于当前时间`,
} as const;

/** A minute of the pile's clock ahead of ours is not "in the future". */
export const CLOCK_SLACK_MS = 60_000;

export function instantOf(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  return typeof value === 'string' ? beijingInstant(value) : undefined;
}

/** The dealer of the record being written: its own on update, the user's or the one the request names on create. */
export function ownerOfWrite(user: SessionUser, current: RecordValues | undefined, input: RecordValues): string | undefined {
  const owner = current?.ownerCode ?? user.ownerCode ?? input.ownerCode;
  return typeof owner === 'string' ? owner : undefined;
}

export async function stationRow(db: Kysely<Database>, id: number, lock = false): Promise<{ id: number; ownerCode: string; status: string } | undefined> {
  const { rows } = await sql<{ id: number; ownerCode: string; status: string }>`select id, owner_code, status from charging_stations where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db);
  const row = rows[0];
  return row && { ...row, id: Number(row.id) };
}

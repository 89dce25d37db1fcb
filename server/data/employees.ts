// The consultant and user lookups by position code (back-office §3 and §7): staff of the dealers in the caller's data
// scope who hold the position, employed only unless asked otherwise.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import { ownerScope } from './scope';
import type { ConsultantRow } from '../../schemas/api/staff';
import type { PositionUserRow } from '../../schemas/api/staff';
import { containing } from './likePatterns';

const EMPLOYED = '10081001';

export interface PositionQuery {
  positionCode?: string;
  /** '1' (default) employed staff only, '0' everyone. */
  flag?: string;
  keyword?: string;
}

/** A missing position code, or the string null, matches nobody (back-office §5). */
export const hasPositionCode = (code: string | undefined): code is string => code !== undefined && code.trim() !== '' && code.trim() !== 'null';

function staffInScope(db: Kysely<Database>, ownerCodes: string[], query: PositionQuery & { positionCode: string }) {
  let q = db
    .selectFrom('userPositions as up')
    .innerJoin('users as u', 'u.id', 'up.userId')
    .innerJoin('organizations as o', 'o.id', 'up.orgId')
    .innerJoin('positions as p', 'p.positionCode', 'up.positionCode')
    .where('up.positionCode', '=', query.positionCode.trim())
    .where('o.orgCode', 'in', ownerCodes);
  if (query.flag !== '0') q = q.where('u.isOnjob', '=', EMPLOYED);
  if (query.keyword?.trim()) q = q.where('u.employeeName', 'like', containing(query.keyword.trim()));
  return q.orderBy('o.sort').orderBy('u.employeeNo');
}

export async function listConsultants(db: Kysely<Database>, user: SessionUser, query: PositionQuery): Promise<ConsultantRow[]> {
  if (!hasPositionCode(query.positionCode)) return [];
  const rows = await staffInScope(db, await ownerScope(db, user), { ...query, positionCode: query.positionCode })
    .select(['u.id as userId', 'u.employeeName as userName', 'o.id as orgId', 'o.orgName', 'p.positionName as roleName', 'up.positionCode'])
    .execute();
  return rows;
}

export async function listPositionUsers(db: Kysely<Database>, user: SessionUser, query: PositionQuery): Promise<PositionUserRow[]> {
  if (!hasPositionCode(query.positionCode)) return [];
  return staffInScope(db, await ownerScope(db, user), { ...query, positionCode: query.positionCode })
    .select(['u.id as userId', 'u.employeeName'])
    .execute();
}

/** Whether a user holds the position at the dealer (the server's check of a chosen advisor or technician). */
export async function holdsPosition(db: Kysely<Database>, userId: number, ownerCode: string, positionCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('userPositions as up')
    .innerJoin('users as u', 'u.id', 'up.userId')
    .innerJoin('organizations as o', 'o.id', 'up.orgId')
    .select('u.id')
    .where('up.userId', '=', userId)
    .where('up.positionCode', '=', positionCode)
    .where('o.orgCode', '=', ownerCode)
    .where('u.isOnjob', '=', EMPLOYED)
    .executeTakeFirst();
  return row !== undefined;
}

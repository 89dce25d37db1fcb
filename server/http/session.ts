import type { FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { menuGrantRowsJson, type MenuGrantRow } from '../data/grants';
import type { Database } from '../db/schema';
import { ApiError } from './errors';

/** The signed-in user as every route sees it, resolved from the bearer token on each request. */
export interface SessionUser {
  id: number;
  userCode: string;
  employeeName: string;
  employeeNo: string;
  orgId: number;
  orgCode: string;
  orgName: string;
  /** Organisation-type code: 10461001 dealer, 10461002 region, 10461003 manufacturer, 10461004 dealer group. */
  orgType: string;
  /** The dealer code for dealer staff; null on the manufacturer side. */
  ownerCode: string | null;
  positions: string[];
}

export const TOKEN_ISSUER = 'dms-back-office';
const ISSUER = TOKEN_ISSUER;

/** An access token of sign-in session `sessionId`: it stops working when that session is revoked (logout). */
export async function issueToken(user: { id: number; userCode: string }, secret: Uint8Array, ttlSeconds: number, sessionId: string): Promise<string> {
  return new SignJWT({ uc: user.userCode, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** The user and sign-in session a bearer header names, verified; any problem (missing, forged, expired) is a session expiry. */
async function tokenClaims(authorization: string | undefined, secret: Uint8Array): Promise<{ userId: number; sessionId: string }> {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw new ApiError('sessionExpired');
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sid !== 'string') throw new ApiError('sessionExpired');
    return { userId: Number(payload.sub), sessionId: payload.sid };
  } catch {
    throw new ApiError('sessionExpired');
  }
}

export interface Authenticated {
  user: SessionUser;
  /** The grants of the user's roles on the menu asked for (one row per role that grants it); empty when none asked. */
  menuGrants: MenuGrantRow[];
}

interface IdentityRow extends Omit<SessionUser, 'ownerCode'> {
  isOnjob: string;
  menuGrants: MenuGrantRow[] | null;
}

/**
 * Resolves a bearer header to the user: the token, then in one query the sign-in session (it exists, belongs to the
 * user, and was neither revoked by a logout nor outlived), the user on the job with the organisation and positions, and,
 * for `menuId`, what the user's roles grant on that menu. A request pays one round trip for its identity, not four.
 */
export async function authenticateFor(db: Kysely<Database>, authorization: string | undefined, secret: Uint8Array, menuId: string | null): Promise<Authenticated> {
  const { userId, sessionId } = await tokenClaims(authorization, secret);
  if (!Number.isSafeInteger(userId)) throw new ApiError('sessionExpired');
  const grants = menuId === null ? sql`null` : menuGrantRowsJson(sql.ref('u.id'), menuId);
  const { rows } = await sql<IdentityRow>`
    select u.id, u.user_code, u.employee_name, u.employee_no, u.org_id, u.is_onjob, o.org_code, o.org_name, o.org_type,
      array(select p.position_code from user_positions p where p.user_id = u.id) as positions, ${grants} as menu_grants
    from auth_sessions s join users u on u.id = s.user_id join organizations o on o.id = u.org_id
    where s.id = ${sessionId} and s.user_id = ${userId} and s.revoked_at is null and s.expires_at > ${new Date()}`.execute(db);
  const row = rows[0];
  if (!row || row.isOnjob !== ON_JOB) throw new ApiError('sessionExpired');
  return { user: sessionUserOf(row, row.positions), menuGrants: row.menuGrants ?? [] };
}

/** Resolves a bearer header to the user; any problem (missing, forged, expired, user gone) is a session expiry. */
export async function authenticate(db: Kysely<Database>, authorization: string | undefined, secret: Uint8Array): Promise<SessionUser> {
  return (await authenticateFor(db, authorization, secret, null)).user;
}

/** Makes every route of `scope` require a valid bearer token; the user is then `request.user`. */
export function requireSession(scope: FastifyInstance, db: Kysely<Database>, secret: Uint8Array): void {
  scope.decorateRequest('user', null as unknown as SessionUser);
  scope.addHook('preHandler', async (request) => {
    request.user = await authenticate(db, request.headers.authorization, secret);
  });
}

const ON_JOB = '10081001';

function sessionUserOf(row: Omit<SessionUser, 'ownerCode' | 'positions'>, positions: string[]): SessionUser {
  return {
    id: row.id,
    userCode: row.userCode,
    employeeName: row.employeeName,
    employeeNo: row.employeeNo,
    orgId: row.orgId,
    orgCode: row.orgCode,
    orgName: row.orgName,
    orgType: row.orgType,
    ownerCode: row.orgType === '10461001' ? row.orgCode : null,
    positions,
  };
}

export async function loadSessionUser(db: Kysely<Database>, userId: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.orgId')
    .select(['u.id', 'u.userCode', 'u.employeeName', 'u.employeeNo', 'u.orgId', 'u.isOnjob', 'o.orgCode', 'o.orgName', 'o.orgType'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.isOnjob !== ON_JOB) return null;
  const positions = await db.selectFrom('userPositions').select('positionCode').where('userId', '=', userId).execute();
  return sessionUserOf(row, positions.map((p) => p.positionCode));
}

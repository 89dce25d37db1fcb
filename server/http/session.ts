import type { FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
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

/** Resolves a bearer header to the user; any problem (missing, forged, expired, user gone) is a session expiry. */
export async function authenticate(db: Kysely<Database>, authorization: string | undefined, secret: Uint8Array): Promise<SessionUser> {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (!token) throw new ApiError('sessionExpired');
  let userId: number;
  let sessionId: unknown;
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    userId = Number(payload.sub);
    sessionId = payload.sid;
  } catch {
    throw new ApiError('sessionExpired');
  }
  if (typeof sessionId !== 'string' || !(await sessionIsLive(db, sessionId, userId))) throw new ApiError('sessionExpired');
  const user = await loadSessionUser(db, userId);
  if (!user) throw new ApiError('sessionExpired');
  return user;
}

/** The sign-in session exists, belongs to the user, and was neither revoked (logout) nor outlived. */
async function sessionIsLive(db: Kysely<Database>, sessionId: string, userId: number): Promise<boolean> {
  const row = await withAppShellTables(db)
    .selectFrom('authSessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

/** Makes every route of `scope` require a valid bearer token; the user is then `request.user`. */
export function requireSession(scope: FastifyInstance, db: Kysely<Database>, secret: Uint8Array): void {
  scope.decorateRequest('user', null as unknown as SessionUser);
  scope.addHook('preHandler', async (request) => {
    request.user = await authenticate(db, request.headers.authorization, secret);
  });
}

export async function loadSessionUser(db: Kysely<Database>, userId: number): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.orgId')
    .select(['u.id', 'u.userCode', 'u.employeeName', 'u.employeeNo', 'u.orgId', 'u.isOnjob', 'o.orgCode', 'o.orgName', 'o.orgType'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.isOnjob !== '10081001') return null;
  const positions = await db.selectFrom('userPositions').select('positionCode').where('userId', '=', userId).execute();
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
    positions: positions.map((p) => p.positionCode),
  };
}

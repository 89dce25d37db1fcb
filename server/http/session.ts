import type { FastifyInstance } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
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

const ISSUER = 'dms-back-office';

export async function issueToken(user: { id: number; userCode: string }, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ uc: user.userCode })
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
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    userId = Number(payload.sub);
  } catch {
    throw new ApiError('sessionExpired');
  }
  const user = await loadSessionUser(db, userId);
  if (!user) throw new ApiError('sessionExpired');
  return user;
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

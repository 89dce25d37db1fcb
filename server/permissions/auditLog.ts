// The audit log: every write (any method but GET and HEAD) by a signed-in user, allowed or refused, with who, when,
// which menu and key, the row, and the row before and after when the route says so.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import type { Envelope } from '../http/envelope';
import { RESULT_OK } from '../http/errors';

interface AuditChange {
  row?: string | number;
  before?: unknown;
  /** Defaults to the answer's data on success. */
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    auditChange: AuditChange | null;
  }
}

/** Called by a write route that knows the row it changes and its state before the change. */
export function auditChange(request: FastifyRequest, change: AuditChange): void {
  request.auditChange = { ...request.auditChange, ...change };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The row a request names: the route's first path parameter (`:id`, `:msgId`...). */
function rowOfParams(params: unknown): string | null {
  if (!params || typeof params !== 'object') return null;
  const first = Object.values(params as Record<string, unknown>)[0];
  return first === undefined || first === null ? null : String(first);
}

/** A refused request is audited too, with whatever it named: kept to what the column holds (64 characters, no NUL). */
function storable(rowRef: string | null): string | null {
  return rowRef === null ? null : rowRef.replaceAll('\u0000', '\\0').slice(0, 64);
}

export function registerAuditLog(app: FastifyInstance, db: Kysely<Database>): void {
  const log = withPermissionTables(db);
  app.decorateRequest('auditChange', null);
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (READS.has(request.method) || !request.user || !request.access || request.access.access === 'public') return payload;
    const envelope = payload as Partial<Envelope<unknown>> | null;
    const resultCode = typeof envelope?.resultCode === 'number' ? envelope.resultCode : 0;
    const change = request.auditChange ?? {};
    const after = change.after !== undefined ? change.after : resultCode === RESULT_OK ? (envelope?.data ?? null) : null;
    await log
      .insertInto('auditLog')
      .values({
        userId: request.user.id,
        userCode: request.user.userCode,
        employeeName: request.user.employeeName,
        ownerCode: request.user.ownerCode,
        menuId: request.menuId,
        permissionKey: request.access.key ?? `${request.method} ${request.access.url}`,
        rowRef: storable(change.row !== undefined ? String(change.row) : rowOfParams(request.params)),
        resultCode,
        before: change.before === undefined ? null : JSON.stringify(change.before),
        after: after === null ? null : JSON.stringify(after),
        requestId: request.id,
      })
      .execute();
    return payload;
  });
}

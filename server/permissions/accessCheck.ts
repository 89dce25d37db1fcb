// The one check every request passes (back-office §6): public routes pass; any other needs a live session; a menu route
// also needs one of the user's roles to grant the menu named by the menuId header, with the route's key in that grant,
// and a user of the side of the network the route serves (accountSide.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { keysOfGrantRows } from '../data/grants';
import { sideRefusal } from './accountSide';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { authenticateFor, type SessionUser } from '../http/session';
import type { RouteAccess } from './routeAccess';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route that is not public. */
    user: SessionUser;
    /** The access entry of the route this request matched. */
    access: RouteAccess | null;
    /** The menu the request was made from (menuId header), on menu routes. */
    menuId: string | null;
  }
}

export const MENU_ID_HEADER = 'menuid';
const MENU_ID = /^[A-Za-z0-9_-]{1,32}$/;

export function accessOfRequest(request: FastifyRequest): RouteAccess | null {
  return request.routeOptions.config.routeAccess?.[request.method === 'HEAD' ? 'GET' : request.method] ?? null;
}

export function registerAccessCheck(app: FastifyInstance, db: Kysely<Database>, secret: Uint8Array): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.decorateRequest('access', null);
  app.decorateRequest('menuId', null);
  // onRequest, before the body is parsed and validated: a caller without the right learns nothing about the input.
  app.addHook('onRequest', async (request) => {
    const access = accessOfRequest(request);
    request.access = access;
    // Unmatched urls (the not-found handler) have no route and answer not found on their own; a matched route without an
    // entry (registered before the access hook) is refused rather than let through.
    if (!access) {
      if (request.routeOptions.url === undefined) return;
      throw new ApiError('forbidden');
    }
    if (access.access === 'public') return;
    const header = request.headers[MENU_ID_HEADER];
    const menuId = typeof header === 'string' ? header.trim() : '';
    // Menu ids are short codes; anything else names no menu and never reaches a query.
    const named = MENU_ID.test(menuId) ? menuId : null;
    // The session, the user and, on a menu route, the user's grants on the menu named: read together, checked in order.
    const { user, menuGrants } = await authenticateFor(db, request.headers.authorization, secret, access.access === 'menu' ? named : null);
    request.user = user;
    // The menu named, granted or not, is what the audit log records; session routes need none.
    request.menuId = named;
    if (access.access === 'session') return;
    if (!menuId) throw new ApiError('menuMissing');
    if (!named) throw new ApiError('forbidden');
    const keys = keysOfGrantRows(menuGrants);
    if (!keys) throw new ApiError('forbidden');
    if (!access.key || !keys.has(access.key)) throw new ApiError('keyNotGranted');
    const refusal = sideRefusal(access.onlyFor, request.user);
    if (refusal) throw new ApiError('forbidden', refusal);
  });
}

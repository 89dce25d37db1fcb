// Every route's access, decided in one place: its permission key (back-office §6: method, service name, path) derived
// from the route itself, and whether it is public, open to any signed-in user (the shell's own calls), or checked
// against the menu named by the request's menuId. A route added anywhere gets its key without touching this file; a
// route that must be public or session-only is listed here, by method and url as Fastify registers it.
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { SideRule } from './accountSide';

export type Access = 'public' | 'session' | 'menu';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** null for routes outside every service (the login page, config.json, static files). */
  key: string | null;
  /** What the route accepts (params, query, body), as it declared it: the attack suite makes hostile values from it. */
  schema: FastifySchema | undefined;
  /** Only this side of the network may call it (route config `onlyFor`). */
  onlyFor?: SideRule;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Overrides the derived permission key (a route whose path differs from the key the menus store). */
    permissionKey?: string;
    /** The route hands the request to another host that checks it (the model host): passed here, listed by that host. */
    delegated?: boolean;
    /** Set by the onRoute hook, by method; read by the access check. */
    routeAccess?: Record<string, RouteAccess>;
  }
}

/** Reachable without a token: the sign-in itself, the runtime config, the embedded provider's pages, the web app. */
const PUBLIC_ROUTES = [
  'GET /config.json',
  'POST /api/auth/token',
  // Logout ends the session named by its own refresh or bearer token, expired ones included.
  'POST /api/auth/logout',
  'GET /oauth/login.css',
  'GET /oauth/authorize',
  'POST /oauth/authorize',
  'GET /*',
];

/** Test-only routes (DMS_TEST_ROUTES=1, never in production): the http contract's own checks; the open api's need a session. */
const PUBLIC_TEST_PREFIX = '/api/test/';
const SESSION_TEST_PREFIX = '/openapi/test/';

/**
 * Any signed-in user: what the shell calls on every page whatever menu is open (user info, the menu tree, starred menus,
 * the dictionary and regions, screen definitions and the user's column layouts, the header's messages, 概览's figures and reminders) and the
 * standalone token pages. Their data is still the user's own or within the user's data scope.
 */
const SESSION_ROUTES = [
  'GET /api/auth/userinfo',
  'GET /api/auth/menus',
  'GET /api/auth/menu/favorite',
  'PUT /api/auth/menu/point',
  'GET /api/dict/codes',
  'GET /api/dict/regions',
  'GET /api/lowcode/screens/:id',
  // The user's own column layouts (列筛选排序), kept for every table the user sees.
  'GET /api/lowcode/tableLayouts',
  'PUT /api/lowcode/tableLayouts',
  // The user's custom query schemes of a screen: the menu named is checked against the user's grants by the call itself.
  'GET /api/dms.ws.order/test/testList',
  'GET /api/dms.ws.order/test/testAddList',
  'POST /api/dms.ws.order/test/testAddList',
  'POST /api/dms.ws.order/test/testDelete',
  'GET /api/message/notice/readNum',
  'GET /api/message/notice/readList',
  'POST /api/message/push/apps/latest',
  'POST /api/message/push/apps/list',
  'GET /api/message/push/apps/:msgId',
  'POST /api/message/push/apps/allRead',
  'GET /api/repair/RepairCount/gethomePageInterfaceSum',
  'GET /api/report/RepairCount/getRepairOrderNum',
  // Each position's own 概览 figures: the call refuses a user of another kind itself (server/data/homeAudience.ts).
  'GET /api/2b/salesreport/homePage/consultantSum',
  'GET /api/2b/finance/homePage/financeSum',
  'GET /api/report/homePage/regionSum',
  'GET /api/report/homePage/regionDealerOrders',
  'GET /api/repair/vehicleHealthCheckSAReminder/selectSAReminder',
  'GET /api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder',
  'PUT /api/repair/reminders/:id/read',
  'GET /api/repair/onepage/vehicle',
  'GET /api/repair/onepage/repairOrders',
  'GET /api/customer/crowd/customers',
  // The header bell's count of the user's own 待办 (server/routes/processTasks.ts), shown whatever menu is open.
  'GET /api/workflow/task/count',
  // The quality-inspection rename's whitelist check, made once at start-up.
  'GET /api/bff/api/v1/app/accidentClues/whitelist/checkWhitelist',
];

const normalMethod = (method: string): string => (method === 'HEAD' ? 'GET' : method);

/** The service a url belongs to: the longest base path of the service registry it starts with. */
export function serviceOf(url: string, services: Record<string, string>): { service: string; rest: string } | null {
  let best: { service: string; rest: string; length: number } | null = null;
  for (const [service, base] of Object.entries(services)) {
    const prefix = `${base.replace(/\/+$/, '')}/`;
    if (url.startsWith(prefix) && (!best || prefix.length > best.length)) best = { service, rest: url.slice(prefix.length), length: prefix.length };
  }
  return best && { service: best.service, rest: best.rest };
}

/** METHOD_service_path, the path as the menus store it: `:name` parameters written `{name}`. */
export function permissionKeyOf(method: string, url: string, services: Record<string, string>): string | null {
  const owner = serviceOf(url, services);
  if (!owner) return null;
  return `${normalMethod(method)}_${owner.service}_${owner.rest.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;
}

export function accessOf(method: string, url: string): Access {
  const route = `${normalMethod(method)} ${url}`;
  if (PUBLIC_ROUTES.includes(route) || url.startsWith(PUBLIC_TEST_PREFIX)) return 'public';
  if (SESSION_ROUTES.includes(route) || url.startsWith(SESSION_TEST_PREFIX)) return 'session';
  return 'menu';
}

/** Registers the hook that gives every route added after it its access and key; answers the table of them. */
export function registerRouteAccess(app: FastifyInstance, services: Record<string, string>): RouteAccess[] {
  const table: RouteAccess[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (route.config?.delegated) {
        route.config = { ...route.config, routeAccess: { ...route.config.routeAccess, [method]: { method, url: route.url, access: 'public', key: null, schema: undefined } } };
        continue;
      }
      const key = route.config?.permissionKey ?? permissionKeyOf(method, route.url, services);
      const entry: RouteAccess = { method, url: route.url, access: accessOf(method, route.url), key, schema: route.schema, ...(route.config?.onlyFor && { onlyFor: route.config.onlyFor }) };
      table.push(entry);
      route.config = { ...route.config, routeAccess: { ...route.config?.routeAccess, [method]: entry } };
    }
  });
  return table;
}

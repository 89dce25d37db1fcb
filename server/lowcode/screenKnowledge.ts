// What the server knows that a screen may refer to: the permission keys of its routes, its dictionary types and the
// reports it runs (a dashboard's items name their dimensions and measures). The
// editor fetches it (GET lowcode/screenKnowledge), the server checks screens it stores against it, and
// `npm run screens:check` builds the same lists without a database or the app (offlineScreenKnowledge.ts).
import type { Kysely } from 'kysely';
import { reportKnowledge, type ReportKnowledge } from '../../schemas/report/reportKnowledge';
import { routeKeyShape } from '../../schemas/screen/screenChecks';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import type { RouteAccess } from '../permissions/routeAccess';
import type { LoadedReport } from '../reports/reportCatalogue';

/** The keys of every route a screen may call (public sign-in routes excluded), placeholders blanked. */
export function routeKeysOf(table: readonly RouteAccess[]): Set<string> {
  return new Set(table.filter((route) => route.key !== null && route.access !== 'public').map((route) => routeKeyShape(route.key!)));
}

export async function dictTypesOf(db: Kysely<Database>): Promise<Set<string>> {
  // A type added in 字典管理 is known before its first code.
  const [coded, named] = await Promise.all([db.selectFrom('dictCodes').select('type').distinct().execute(), db.selectFrom('dictTypes').select('type').execute()]);
  return new Set([...coded, ...named].map((row) => row.type));
}

/** Menu folders (menus without a component) and role codes: what a screen's menu block may name. */
export async function menuKnowledgeOf(db: Kysely<Database>): Promise<{ menuFolders: Set<string>; roleCodes: Set<string> }> {
  const [folders, roles] = await Promise.all([
    db.selectFrom('menus').select('id').where('component', 'is', null).execute(),
    withPermissionTables(db).selectFrom('roles').select('roleCode').execute(),
  ]);
  return { menuFolders: new Set(folders.map((f) => f.id)), roleCodes: new Set(roles.map((r) => r.roleCode)) };
}

/** The reports served, as a screen check knows them. */
export function reportsKnowledgeOf(reports: readonly LoadedReport[]): ReportKnowledge[] {
  const all = reports.map((loaded) => ({ report: loaded.report, model: loaded.model.model }));
  return reports.map((loaded) => reportKnowledge(loaded.report, loaded.model.model, all));
}

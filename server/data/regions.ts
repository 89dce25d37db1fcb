import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import type { RegionNode } from '../../schemas/api/dictionaries';

export async function loadRegionTree(db: Kysely<Database>): Promise<RegionNode[]> {
  const rows = await withAppShellTables(db).selectFrom('regions').selectAll().orderBy('level').orderBy('regionCode').execute();
  const nodes = new Map<string, RegionNode>();
  const roots: RegionNode[] = [];
  for (const row of rows) {
    const node: RegionNode = { regionCode: row.regionCode, regionName: row.regionName, tcRegionList: [] };
    nodes.set(row.regionCode, node);
    const parent = row.parentCode ? nodes.get(row.parentCode) : undefined;
    if (parent) parent.tcRegionList.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A chosen path: a province, then (optionally) one of its cities, then one of that city's counties. */
export async function isRegionPath(db: Kysely<Database>, path: string[]): Promise<boolean> {
  if (path.length === 0 || path.length > 3) return false;
  const rows = await withAppShellTables(db).selectFrom('regions').select(['regionCode', 'parentCode', 'level']).where('regionCode', 'in', path).execute();
  const byCode = new Map(rows.map((r) => [r.regionCode, r]));
  return path.every((code, i) => {
    const row = byCode.get(code);
    return row !== undefined && Number(row.level) === i + 1 && row.parentCode === (i === 0 ? null : path[i - 1]);
  });
}

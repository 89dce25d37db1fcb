// The region tree (back-office §3): regionCode and regionName, with tcRegionList nested province, city, county.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface RegionNode {
  regionCode: string;
  regionName: string;
  tcRegionList: RegionNode[];
}

export async function regionTree(db: Kysely<Database>): Promise<RegionNode[]> {
  const rows = await db.selectFrom('regions').select(['regionCode', 'regionName', 'parentCode']).orderBy('level').orderBy('sort').execute();
  const nodes = new Map(rows.map((r) => [r.regionCode, { regionCode: r.regionCode, regionName: r.regionName, tcRegionList: [] as RegionNode[] }]));
  const roots: RegionNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.regionCode)!;
    const parent = row.parentCode ? nodes.get(row.parentCode) : undefined;
    if (parent) parent.tcRegionList.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A chosen path: a province, then (optionally) one of its cities, then one of that city's counties. */
export async function isRegionPath(db: Kysely<Database>, path: string[]): Promise<boolean> {
  if (path.length === 0 || path.length > 3) return false;
  const rows = await db.selectFrom('regions').select(['regionCode', 'parentCode', 'level']).where('regionCode', 'in', path).execute();
  const byCode = new Map(rows.map((r) => [r.regionCode, r]));
  return path.every((code, i) => {
    const row = byCode.get(code);
    return row !== undefined && row.level === i + 1 && row.parentCode === (i === 0 ? null : path[i - 1]);
  });
}

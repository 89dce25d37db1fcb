// Vehicle materials (building-blocks §7): levels brand, series, model, configuration, colour, each entry with
// materialId and materialNameZh; a configuration's options with optionId and optionNameZh.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const MATERIAL_DEPTH = 5;
/** The levels of the tree a sales target names: a vehicle model (3) under its series (2). */
export const SERIES_LEVEL = 2;
export const MODEL_LEVEL = 3;

export interface MaterialEntry {
  materialId: number;
  materialNameZh: string;
  materialCode: string;
  level: number;
  parentId: number | null;
  /** A configuration's guide price (tax-inclusive yuan, exact text); null at the other levels. */
  guidePrice: string | null;
}

export interface MaterialOptionEntry {
  optionId: number;
  optionNameZh: string;
  optionCode: string;
  /** The package's price (tax-inclusive yuan, exact text). */
  price: string | null;
}

/**
 * The materials a picker offers: enabled, under enabled parents all the way up (a disabled series takes its models,
 * configurations and colours out of the cascade and of the level lists). Records that name a disabled material keep it.
 */
const enabledTree = sql<{ id: number }>`(with recursive live(id) as (select id from materials where parent_id is null and enabled = '1'
  union all select m.id from materials m join live on m.parent_id = live.id where m.enabled = '1') select id from live)`;

const entries = (db: Kysely<Database>) =>
  db
    .selectFrom('materials')
    .select(['id as materialId', 'materialNameZh', 'materialCode', 'level', 'parentId', sql<string | null>`guide_price::text`.as('guidePrice')])
    .where(sql<boolean>`id in ${enabledTree}`)
    .orderBy('sort')
    .orderBy('id');

export function materialsAtLevel(db: Kysely<Database>, level: number): Promise<MaterialEntry[]> {
  return entries(db).where('level', '=', level).execute();
}

export function materialItems(db: Kysely<Database>, parentId: number): Promise<MaterialEntry[]> {
  return entries(db).where('parentId', '=', parentId).execute();
}

export function materialOptions(db: Kysely<Database>, materialId: number, optionType: string): Promise<MaterialOptionEntry[]> {
  return db
    .selectFrom('materialOptions')
    .select(['id as optionId', 'optionNameZh', 'optionCode', sql<string | null>`price::text`.as('price')])
    .where('materialId', '=', materialId)
    .where('optionType', '=', optionType)
    .where('enabled', '=', '1')
    .orderBy('sort')
    .execute();
}

/** A path is valid when level n+1 is a child of level n, from a brand down to a colour. */
export async function isMaterialPath(db: Kysely<Database>, path: number[]): Promise<boolean> {
  if (path.length !== MATERIAL_DEPTH) return false;
  const rows = await db.selectFrom('materials').select(['id', 'parentId', 'level']).where('id', 'in', path).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return path.every((id, i) => {
    const row = byId.get(id);
    return row !== undefined && row.level === i + 1 && row.parentId === (i === 0 ? null : path[i - 1]);
  });
}

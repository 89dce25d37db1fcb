// Vehicle materials (building-blocks §7): levels brand, series, model, configuration, colour, each entry with
// materialId and materialNameZh; a configuration's options with optionId and optionNameZh.
import type { Kysely } from 'kysely';
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
}

export interface MaterialOptionEntry {
  optionId: number;
  optionNameZh: string;
  optionCode: string;
}

const entries = (db: Kysely<Database>) =>
  db.selectFrom('materials').select(['id as materialId', 'materialNameZh', 'materialCode', 'level', 'parentId']).orderBy('sort').orderBy('id');

export function materialsAtLevel(db: Kysely<Database>, level: number): Promise<MaterialEntry[]> {
  return entries(db).where('level', '=', level).execute();
}

export function materialItems(db: Kysely<Database>, parentId: number): Promise<MaterialEntry[]> {
  return entries(db).where('parentId', '=', parentId).execute();
}

export function materialOptions(db: Kysely<Database>, materialId: number, optionType: string): Promise<MaterialOptionEntry[]> {
  return db
    .selectFrom('materialOptions')
    .select(['id as optionId', 'optionNameZh', 'optionCode'])
    .where('materialId', '=', materialId)
    .where('optionType', '=', optionType)
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

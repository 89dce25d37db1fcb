// 字典管理 (issue 21): dictionary types and their codes (codeId, codeCnDesc, order, enabled), used by models and screens.
// A code that records of a published model hold cannot be deleted (switching it off keeps old records readable).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { snake } from '../models/columns';
import type { LoadedModel } from '../models/modelCatalogue';
import { escapeLike } from './likePatterns';

export interface DictCodeRow {
  type: string;
  codeId: string;
  codeCnDesc: string;
  sort: number;
  enabled: boolean;
}

export interface DictCodeInput {
  codeCnDesc: string;
  sort: number;
  enabled: boolean;
}

export async function createDictType(db: Kysely<Database>, type: string, name: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const named = await tx.selectFrom('dictTypes').select('type').where('type', '=', type).forUpdate().executeTakeFirst();
    const coded = await tx.selectFrom('dictCodes').select('type').where('type', '=', type).executeTakeFirst();
    if (named || coded) throw new ApiError('invalidInput', `字典类型已存在：${type}`);
    await tx.insertInto('dictTypes').values({ type, name }).execute();
  });
}

const CODE_COLUMNS = ['type', 'codeId', 'codeCnDesc', 'sort', 'enabled'] as const;

export async function listDictCodes(db: Kysely<Database>, type?: string, keyword = ''): Promise<(DictCodeRow & { enabledText: string })[]> {
  let query = db.selectFrom('dictCodes').select(CODE_COLUMNS).orderBy('type').orderBy('sort').orderBy('codeId');
  if (type) query = query.where('type', '=', type);
  const word = keyword.trim();
  if (word) query = query.where((eb) => eb.or([eb('codeId', 'like', `%${escapeLike(word)}%`), eb('codeCnDesc', 'like', `%${escapeLike(word)}%`)]));
  return (await query.execute()).map((row) => ({ ...row, enabledText: row.enabled ? '启用' : '停用' }));
}

export async function getDictCode(db: Kysely<Database>, codeId: string): Promise<DictCodeRow> {
  const row = await db.selectFrom('dictCodes').select(CODE_COLUMNS).where('codeId', '=', codeId).executeTakeFirst();
  if (!row) throw new ApiError('notFound', `代码不存在：${codeId}`);
  return row;
}

async function requireType(db: Kysely<Database>, type: string): Promise<void> {
  const [named, coded] = await Promise.all([
    db.selectFrom('dictTypes').select('type').where('type', '=', type).executeTakeFirst(),
    db.selectFrom('dictCodes').select('type').where('type', '=', type).executeTakeFirst(),
  ]);
  if (!named && !coded) throw new ApiError('invalidInput', `字典类型不存在：${type}`);
}

/** A code's id begins with its type (8601 -> 86011001), as every code of the spec does. */
export async function createDictCode(db: Kysely<Database>, type: string, codeId: string, input: DictCodeInput): Promise<DictCodeRow> {
  if (!codeId.startsWith(type)) throw new ApiError('invalidInput', `代码 ${codeId} 应以字典类型 ${type} 开头`);
  await requireType(db, type);
  const inserted = await db
    .insertInto('dictCodes')
    .values({ type, codeId, codeCnDesc: input.codeCnDesc, codeEnDesc: null, sort: input.sort, enabled: input.enabled })
    .onConflict((oc) => oc.doNothing())
    .returning(['type', 'codeId', 'codeCnDesc', 'sort', 'enabled'])
    .executeTakeFirst();
  if (!inserted) throw new ApiError('invalidInput', `代码已存在：${codeId}`);
  return inserted;
}

export async function updateDictCode(db: Kysely<Database>, codeId: string, input: DictCodeInput): Promise<{ before: DictCodeRow; after: DictCodeRow }> {
  const before = await db.selectFrom('dictCodes').select(['type', 'codeId', 'codeCnDesc', 'sort', 'enabled']).where('codeId', '=', codeId).executeTakeFirst();
  if (!before) throw new ApiError('notFound', `代码不存在：${codeId}`);
  const after = await db
    .updateTable('dictCodes')
    .set({ codeCnDesc: input.codeCnDesc, sort: input.sort, enabled: input.enabled })
    .where('codeId', '=', codeId)
    .returning(['type', 'codeId', 'codeCnDesc', 'sort', 'enabled'])
    .executeTakeFirstOrThrow();
  return { before, after };
}

/** The first model whose records hold the code in a field of its type (a list field holds it among others). */
async function modelUsing(db: Kysely<Database>, type: string, codeId: string, models: readonly LoadedModel[]): Promise<LoadedModel | undefined> {
  for (const loaded of models) {
    for (const field of loaded.fields.values()) {
      if (field.type !== 'dict' || field.dict !== type) continue;
      const column = sql.ref(snake(field.name));
      const holds = field.multiple ? sql`${column} @> ${JSON.stringify([codeId])}::jsonb` : sql`${column} = ${codeId}`;
      const found = await sql`select 1 from ${sql.table(snake(loaded.table))} where ${holds} limit 1`.execute(db);
      if (found.rows.length > 0) return loaded;
    }
  }
  return undefined;
}

/** Deletes a code no record holds; refused, naming the model, while records of a published model do. */
export async function deleteDictCode(db: Kysely<Database>, codeId: string, models: readonly LoadedModel[]): Promise<DictCodeRow> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('dictCodes').select(['type', 'codeId', 'codeCnDesc', 'sort', 'enabled']).where('codeId', '=', codeId).forUpdate().executeTakeFirst();
    if (!row) throw new ApiError('notFound', `代码不存在：${codeId}`);
    const user = await modelUsing(tx, row.type, codeId, models);
    if (user) throw new ApiError('invalidInput', `代码 ${codeId}（${row.codeCnDesc}）正被${user.model.title}的记录使用，不能删除；可停用该代码`);
    await tx.deleteFrom('dictCodes').where('codeId', '=', codeId).execute();
    return row;
  });
}

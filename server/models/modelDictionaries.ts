// The dictionaries a model brings (its `dictionaries`): added to 字典管理 at every start and when the model is published,
// so a new kind of record needs no seed code for its option lists, and a database seeded before the model existed gets
// them too. Only what is missing is added: a type or code already there, perhaps renamed or switched off in 字典管理,
// is left as it is.
import type { Kysely } from 'kysely';
import type { Model } from '../../schemas/model/model.types';
import type { Database } from '../db/schema';

export async function addModelDictionaries(db: Kysely<Database>, models: readonly Pick<Model, 'dictionaries'>[]): Promise<void> {
  const dictionaries = models.flatMap((model) => model.dictionaries ?? []);
  if (dictionaries.length === 0) return;
  await db
    .insertInto('dictTypes')
    .values(dictionaries.map(({ type, name }) => ({ type, name })))
    .onConflict((oc) => oc.column('type').doNothing())
    .execute();
  const codes = dictionaries.flatMap(({ type, codes }) => codes.map((code, i) => ({ type, codeId: code.code, codeCnDesc: code.name, codeEnDesc: code.enName ?? null, sort: i + 1 })));
  await db.insertInto('dictCodes').values(codes).onConflict((oc) => oc.column('codeId').doNothing()).execute();
}

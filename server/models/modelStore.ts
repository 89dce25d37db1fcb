// Models stored on the server (issue 21), as screens are (server/data/screenStore.ts): every save is a version (author,
// time, comment); one version is published, which is what the engine serves. Models are first imported from the models/
// files, and a changed file is imported again as long as nobody edited that model on the server since; otherwise the
// list shows the conflict and nothing is overwritten.
//
// Publishing is one transaction under the same advisory lock as the start's migration: the whole catalogue with the new
// version is checked (schemas/model/modelChecks.ts), the additive migration is planned and, if nothing would narrow,
// applied, the host that will serve the new catalogue is built (modelHost.ts), and the catalogue version is raised so
// every other instance reloads. A refusal rolls all of it back.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ModelPreview, ModelSummary, ModelVersionEntry } from '../../schemas/api/models';
import { checkModels, type ModelCheckContext, type ModelProblem } from '../../schemas/model/modelChecks';
import type { Model } from '../../schemas/model/model.types';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { listJsonFiles } from '../data/screens';
import { snake, sqlType } from './columns';
import { loadedModel, MODELS_DIR, type LoadedModel } from './modelCatalogue';
import { planModelMigrations, tablesOf, MIGRATION_LOCK } from './modelMigrations';
import { ensureCounterTable } from './namingSeries';
import { addModelDictionaries } from './modelDictionaries';

export interface ModelAuthor {
  code: string;
  name: string;
}

type Source = 'file' | 'editor' | 'rollback';

const FILE_AUTHOR: ModelAuthor = { code: 'system', name: '系统' };

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const fileOf = (dir: string, area: string, name: string) => join(dir, area, `${name}.json`);

function areaOf(dir: string, file: string): string {
  const parts = relative(dir, file).split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : '';
}

/** Imports models/ files the database does not hold yet, and files changed since their last import (see above). */
export async function importModelFiles(db: Kysely<Database>, dir = MODELS_DIR): Promise<string[]> {
  const imported: string[] = [];
  for (const file of listJsonFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const model = JSON.parse(text) as { name?: unknown; title?: unknown };
    if (typeof model.name !== 'string') continue;
    const name = model.name;
    const hash = hashOf(text);
    const stored = JSON.stringify(model);
    const title = typeof model.title === 'string' ? model.title : name;
    const area = areaOf(dir, file);
    await db.transaction().execute(async (tx) => {
      const row = await lockModel(tx, name);
      if (!row) {
        await tx.insertInto('models').values({ name, title, area, latestVersion: 1, publishedVersion: 1, publishedBy: FILE_AUTHOR.name, publishedAt: new Date(), fileHash: hash }).execute();
        await insertVersion(tx, name, 1, stored, 'file', '从 models/ 导入', FILE_AUTHOR);
        imported.push(name);
        return;
      }
      if (row.fileHash === hash || !(await untouchedSinceImport(tx, row))) return;
      const version = row.latestVersion + 1;
      await insertVersion(tx, name, version, stored, 'file', '从 models/ 导入（文件已更新）', FILE_AUTHOR);
      await tx.updateTable('models').set({ title, area, latestVersion: version, publishedVersion: version, publishedAt: new Date(), fileHash: hash, updatedAt: new Date() }).where('name', '=', name).execute();
      imported.push(name);
    });
  }
  return imported;
}

/** The latest version came from the file and is the one published: nobody edited the model on the server since. */
async function untouchedSinceImport(db: Kysely<Database>, row: { name: string; latestVersion: number; publishedVersion: number | null }): Promise<boolean> {
  const latest = await db.selectFrom('modelVersions').select('source').where('modelName', '=', row.name).where('version', '=', row.latestVersion).executeTakeFirst();
  return latest?.source === 'file' && row.publishedVersion === row.latestVersion;
}

function lockModel(tx: Transaction<Database>, name: string) {
  return tx.selectFrom('models').selectAll().where('name', '=', name).forUpdate().executeTakeFirst();
}

async function insertVersion(tx: Transaction<Database>, name: string, version: number, definition: string, source: Source, comment: string, author: ModelAuthor) {
  await tx.insertInto('modelVersions').values({ modelName: name, version, definition, source, comment, authorCode: author.code, authorName: author.name }).execute();
}

/** The published version of every model, as the engine serves them. */
export async function publishedModels(db: Kysely<Database>, dir = MODELS_DIR): Promise<LoadedModel[]> {
  const rows = await db
    .selectFrom('models as m')
    .innerJoin('modelVersions as v', (join) => join.onRef('v.modelName', '=', 'm.name').onRef('v.version', '=', 'm.publishedVersion'))
    .select(['m.name', 'm.area', 'v.definition'])
    .orderBy('m.area')
    .orderBy('m.name')
    .execute();
  return rows.map((row) => loadedModel(JSON.parse(row.definition) as Model, fileOf(dir, row.area, row.name), row.area));
}

export async function catalogueVersion(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('modelCatalogue').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function listModels(db: Kysely<Database>, keyword = '', dir = MODELS_DIR): Promise<ModelSummary[]> {
  let query = db.selectFrom('models').selectAll().orderBy('area').orderBy('name');
  const word = keyword.trim();
  if (word) query = query.where((eb) => eb.or([eb('name', 'ilike', `%${word}%`), eb('title', 'ilike', `%${word}%`)]));
  const rows = await query.execute();
  return Promise.all(
    rows.map(async (row) => ({
      name: row.name,
      title: row.title,
      area: row.area,
      latestVersion: row.latestVersion,
      publishedVersion: row.publishedVersion,
      publishedAt: row.publishedAt ? formatDateTime(new Date(row.publishedAt)) : null,
      updatedAt: formatDateTime(new Date(row.updatedAt)),
      fileConflict: await fileConflict(db, row, dir),
    })),
  );
}

/** The repository file differs from the last import while the server's versions were edited since. */
async function fileConflict(db: Kysely<Database>, row: { name: string; area: string; fileHash: string | null; latestVersion: number; publishedVersion: number | null }, dir: string): Promise<boolean> {
  if (row.fileHash === null) return false;
  let text: string;
  try {
    text = readFileSync(fileOf(dir, row.area, row.name), 'utf8');
  } catch {
    return false;
  }
  return hashOf(text) !== row.fileHash && !(await untouchedSinceImport(db, row));
}

export async function listModelVersions(db: Kysely<Database>, name: string): Promise<ModelVersionEntry[]> {
  await requireModel(db, name);
  const rows = await db
    .selectFrom('modelVersions')
    .select(['version', 'source', 'comment', 'authorCode', 'authorName', 'createdAt'])
    .where('modelName', '=', name)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, createdAt: formatDateTime(new Date(row.createdAt)) }));
}

async function requireModel(db: Kysely<Database>, name: string) {
  const row = await db.selectFrom('models').selectAll().where('name', '=', name).executeTakeFirst();
  if (!row) throw new ApiError('notFound', `模型不存在：${name}`);
  return row;
}

/** A version's definition; the latest when `version` is omitted. */
export async function modelDefinition(db: Kysely<Database>, name: string, version?: number): Promise<Model> {
  const model = await requireModel(db, name);
  const row = await db
    .selectFrom('modelVersions')
    .select('definition')
    .where('modelName', '=', name)
    .where('version', '=', version ?? model.latestVersion)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound', `模型 ${name} 没有版本 ${version}`);
  return JSON.parse(row.definition) as Model;
}

/** Every problem of `definition` as the catalogue it would join (the other models as published), the model's own first. */
export async function modelProblems(db: Kysely<Database>, definition: unknown, context: ModelCheckContext): Promise<ModelProblem[]> {
  const name = (definition as { name?: unknown } | null)?.name;
  const others = (await publishedModels(db)).filter((m) => m.model.name !== name);
  const problems = checkModels([{ file: '', value: definition }, ...others.map((m) => ({ file: relative(MODELS_DIR, m.file), value: m.model }))], context);
  // Another model's own problem (a dictionary removed since it was published) is not this save's to fix.
  return problems.filter((p) => p.file === '');
}

/** Saves a checked definition as the next version of its model (`create`: the model must not exist yet). */
export async function saveModelVersion(
  db: Kysely<Database>,
  model: Model,
  options: { comment: string; author: ModelAuthor; create: boolean; area: string; source?: Source },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await lockModel(tx, model.name);
    if (options.create && row) throw new ApiError('invalidInput', `模型名已存在：${model.name}`);
    if (!options.create && !row) throw new ApiError('notFound', `模型不存在：${model.name}`);
    const version = (row?.latestVersion ?? 0) + 1;
    if (row) await tx.updateTable('models').set({ title: model.title, latestVersion: version, updatedAt: new Date() }).where('name', '=', model.name).execute();
    else await tx.insertInto('models').values({ name: model.name, title: model.title, area: options.area, latestVersion: version }).execute();
    await insertVersion(tx, model.name, version, JSON.stringify(model), options.source ?? 'editor', options.comment, options.author);
    return version;
  });
}

/** What publishing `model` would do to the database now: its tables' columns, the changes, the refusals. */
export async function previewModel(db: Kysely<Database>, model: Model, area: string): Promise<ModelPreview> {
  const loaded = loadedModel(model, fileOf(MODELS_DIR, area, model.name), area);
  const plan = await planModelMigrations(db, [loaded]);
  const columns = tablesOf([loaded]).flatMap((spec) =>
    spec.columns.map((c) => ({ table: snake(spec.table), column: snake(c.name), type: sqlType(c), notNull: c.notNull, label: c.label })),
  );
  return { columns, changes: plan.changes, refusals: plan.refusals };
}

export interface PublishOutcome {
  changes: string[];
  catalogueVersion: number;
}

/**
 * Publishes a version: `prepare` is handed the catalogue that would be served (the published models with this version)
 * inside the transaction, after the migration ran, and may refuse by throwing; the transaction then rolls back, tables
 * included. A change that would narrow a column is refused with the reasons before anything runs.
 */
export async function publishModel<T>(
  db: Kysely<Database>,
  name: string,
  version: number,
  author: ModelAuthor,
  context: ModelCheckContext,
  prepare: (catalogue: LoadedModel[], catalogueVersion: number) => Promise<T>,
): Promise<PublishOutcome & { prepared: T }> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${MIGRATION_LOCK}))`.execute(tx);
    const row = await lockModel(tx, name);
    if (!row) throw new ApiError('notFound', `模型不存在：${name}`);
    const source = await tx.selectFrom('modelVersions').select('definition').where('modelName', '=', name).where('version', '=', version).executeTakeFirst();
    if (!source) throw new ApiError('invalidInput', `模型 ${name} 没有版本 ${version}`);
    const model = JSON.parse(source.definition) as Model;
    const problems = await modelProblems(tx, model, context);
    if (problems.length > 0) throw new ApiError('invalidInput', `模型定义有误，未发布：${describeProblems(problems)}`);
    const loaded = loadedModel(model, fileOf(MODELS_DIR, row.area, name), row.area);
    await ensureCounterTable(tx as unknown as Kysely<unknown>);
    const plan = await planModelMigrations(tx as unknown as Kysely<unknown>, [loaded]);
    if (plan.refusals.length > 0) throw new ApiError('invalidInput', `发布被拒绝，数据库未做任何修改：${plan.refusals.join('；')}`);
    for (const statement of plan.statements) await statement.execute(tx);
    await addModelDictionaries(tx, [model]);
    await tx.updateTable('models').set({ title: model.title, publishedVersion: version, publishedBy: author.name, publishedAt: new Date(), updatedAt: new Date() }).where('name', '=', name).execute();
    const raised = await tx.updateTable('modelCatalogue').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).returning('version').executeTakeFirstOrThrow();
    const catalogue = (await publishedModels(tx)).map((m) => (m.model.name === name ? loaded : m));
    const prepared = await prepare(catalogue, Number(raised.version));
    return { changes: plan.changes, catalogueVersion: Number(raised.version), prepared };
  });
}

export function describeProblems(problems: ModelProblem[]): string {
  const shown = problems.slice(0, 3).map((p) => `${p.path || '/'} ${p.message}`).join('；');
  return `${shown}${problems.length > 3 ? `（共 ${problems.length} 处）` : ''}`;
}

/** Rolls back to an earlier version: its definition becomes the next version (history is never rewritten). */
export async function copyVersionForRollback(db: Kysely<Database>, name: string, version: number, author: ModelAuthor): Promise<number> {
  const model = await modelDefinition(db, name, version);
  const row = await requireModel(db, name);
  return saveModelVersion(db, model, { comment: `回滚到版本 ${version}`, author, create: false, area: row.area, source: 'rollback' });
}

/** Whether a model has ever been published (a rollback of a published model is published at once). */
export async function isPublished(db: Kysely<Database>, name: string): Promise<boolean> {
  return (await requireModel(db, name)).publishedVersion !== null;
}

/** The model's area (its models/ folder), for the file an export writes. */
export async function areaOfModel(db: Kysely<Database>, name: string): Promise<string> {
  return (await requireModel(db, name)).area;
}

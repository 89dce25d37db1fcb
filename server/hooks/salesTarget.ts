// 销售目标 needs a hook: a target is seen through the vehicle catalogue (its model a level-3 material under a series), which gives its series and model-name filters, the series its answers and sheets show, the catalogue's order, and the import's check that the model belongs to the series.
import { sql, type RawBuilder } from 'kysely';
import { MODEL_LEVEL, SERIES_LEVEL } from '../data/materials';
import type { ImportError } from '../imports/importRows';
import type { ModelHooks } from '../models/modelHooks';
import type { SalesTargetRecord } from './modelRecords';
import { containing } from '../data/likePatterns';

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map(String);

/** The target's model in the catalogue (alias m), a row without one is not seen. */
const model = (alias: string, condition: RawBuilder<unknown> = sql`true`) =>
  sql<boolean>`exists (select 1 from materials m where m.material_code = ${sql.ref(`${alias}.modelCode`)} and m.level = ${MODEL_LEVEL} and ${condition})`;

export const salesTargetHooks: ModelHooks<SalesTargetRecord> = {
  scope: (_context, alias) => model(alias),

  filter({ params }, alias) {
    const conditions = [model(alias)];
    const series = listOf(params.seriesCode);
    if (series.length > 0) conditions.push(model(alias, sql`exists (select 1 from materials s where s.id = m.parent_id and s.material_code in (${sql.join(series)}))`));
    if (typeof params.modelName === 'string' && params.modelName !== '') conditions.push(model(alias, sql`m.material_name_zh like ${containing(params.modelName)}`));
    return conditions;
  },

  // Within a month and a dealer, the catalogue's order of series and models.
  ties: (alias) => [
    sql.ref(`${alias}.ownerCode`),
    sql`(select s.sort from materials m join materials s on s.id = m.parent_id where m.material_code = ${sql.ref(`${alias}.modelCode`)} and m.level = ${MODEL_LEVEL})`,
    sql`(select m.sort from materials m where m.material_code = ${sql.ref(`${alias}.modelCode`)} and m.level = ${MODEL_LEVEL})`,
  ],

  async decorate(db, rows) {
    const codes = [...new Set(rows.map((r) => String(r.modelCode)))];
    if (codes.length === 0) return;
    const series = await db
      .selectFrom('materials as model')
      .innerJoin('materials as series', 'series.id', 'model.parentId')
      .select(['model.materialCode as modelCode', 'series.materialCode as seriesCode', 'series.materialNameZh as seriesName'])
      .where('model.level', '=', MODEL_LEVEL)
      .where('model.materialCode', 'in', codes)
      .execute();
    const byModel = new Map(series.map((s) => [s.modelCode, s]));
    for (const row of rows) {
      const found = byModel.get(String(row.modelCode));
      row.seriesCode = found?.seriesCode ?? null;
      row.seriesName = found?.seriesName ?? null;
    }
  },

  // 车系 is read by name to its code: not stored, but the model must belong to it.
  async importField(db, { header, field }) {
    if (field !== 'seriesName') return undefined;
    const series = await db.selectFrom('materials').select(['materialCode', 'materialNameZh']).where('level', '=', SERIES_LEVEL).execute();
    return { header, field: 'seriesCode', type: 'choice', required: true, choices: new Map(series.map((s) => [s.materialNameZh, s.materialCode])) };
  },

  async checkImport({ db }, rows) {
    const models = await db
      .selectFrom('materials as model')
      .innerJoin('materials as series', 'series.id', 'model.parentId')
      .select(['model.materialCode as modelCode', 'series.materialCode as seriesCode'])
      .where('model.level', '=', MODEL_LEVEL)
      .execute();
    const seriesOf = new Map(models.map((m) => [m.modelCode, m.seriesCode]));
    const firstRow = new Map<string, number>();
    const errors: ImportError[] = [];
    for (const { rowNO, values } of rows) {
      const problems: string[] = [];
      if (seriesOf.get(String(values.modelCode)) !== values.seriesCode) problems.push('车型不属于该车系');
      const key = `${String(values.ownerCode)}|${String(values.targetMonth)}|${String(values.modelCode)}`;
      const first = firstRow.get(key);
      if (first !== undefined) problems.push(`与第${first}行的经销商、月份与车型重复`);
      else firstRow.set(key, rowNO);
      if (problems.length > 0) errors.push({ rowNO, errorMsg: problems.join('；') });
    }
    return errors;
  },
};

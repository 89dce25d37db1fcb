// Each importable screen's import definition (the template's columns with their types, required flags, dictionaries by
// text and uniqueness) and how its checked rows are written: all in one transaction, or none.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LabourItemInput } from '../data/labourItems';
import { MODEL_LEVEL } from '../data/salesTargets';
import type { SessionUser } from '../http/session';
import type { SideRule } from '../permissions/accountSide';
import { SERIES } from '../seed/catalogue';
import type { ImportError, ImportField } from './importRows';

/** Who imports: the user (with the dealer code of a dealer's staff) and the owner codes of the user's data scope. */
export interface Importer<T = Record<string, unknown>> {
  /** The side of the network that imports here: the upload route declares it, so the other side is refused before the
   * upload is read and its menu leaves the key out. */
  onlyFor?: SideRule;
  fields(db: Kysely<Database>, ownerCodes: string[]): Promise<ImportField[]>;
  /** Checks against what is stored (e.g. codes already in use); answers error rows, or writes every row and answers [].
   * `tx` is the import job's transaction, which also finishes the job: the rows and the finish are written together. */
  write(tx: Transaction<Database>, user: SessionUser, records: { rowNO: number; values: T }[]): Promise<ImportError[]>;
}

/** A checked row: the fields of the table's own save, as the import definition reads them. */
type LabourRow = LabourItemInput;

const INSERT_BATCH = 1000;

const labourItems: Importer<LabourRow> = {
  onlyFor: { side: 'dealer', refusal: '只有经销商账号可以导入' },
  async fields(db) {
    const [types, standards] = await Promise.all([db.selectFrom('repairTypes').select(['code', 'name']).execute(), db.selectFrom('standardLabours').select('code').execute()]);
    return [
      { header: '工时代码', field: 'labourCode', type: 'text', required: true, pattern: /^[A-Z0-9-]{2,20}$/, patternMessage: '工时代码须为2到20位大写字母、数字或-', unique: true },
      { header: '工时名称', field: 'labourName', type: 'text', required: true, maxLength: 50 },
      { header: '标准工时代码', field: 'stdLabourCode', type: 'choice', choices: new Map(standards.map((s) => [s.code, s.code])) },
      { header: '维修类型', field: 'repairTypeCode', type: 'choice', required: true, choices: new Map(types.map((t) => [t.name, t.code])) },
      { header: '标准工时', field: 'stdHours', type: 'number', required: true, precision: 1, min: 0.1, max: 999 },
      { header: '工时单价', field: 'price', type: 'number', required: true, precision: 2, min: 0, max: 99999 },
      { header: '适用车系', field: 'series', type: 'choices', choices: new Map(SERIES.map((s) => [s.seriesName, s.seriesName])), fallback: [] },
      { header: '启用', field: 'enabled', type: 'choice', choices: new Map([['启用', '1'], ['停用', '0']]), fallback: '1' },
      { header: '生效日期', field: 'effectiveDate', type: 'date', required: true },
      { header: '备注', field: 'remark', type: 'text', maxLength: 200 },
    ];
  },
  async write(tx, user, records) {
    const ownerCode = user.ownerCode!;
    const userId = user.id;
    const taken = new Set((await tx.selectFrom('labourItems').select('labourCode').where('ownerCode', '=', ownerCode).execute()).map((r) => r.labourCode));
    const clashes = records.filter((r) => taken.has(r.values.labourCode)).map((r) => ({ rowNO: r.rowNO, errorMsg: `工时代码“${r.values.labourCode}”已存在` }));
    if (clashes.length > 0) return clashes;
    const now = new Date();
    for (let i = 0; i < records.length; i += INSERT_BATCH) {
      await tx
        .insertInto('labourItems')
        .values(
          records.slice(i, i + INSERT_BATCH).map(({ values }) => ({
            ...values,
            remark: values.remark || null,
            stdLabourCode: values.stdLabourCode || null,
            series: JSON.stringify(values.series ?? []),
            ownerCode,
            createdAt: now,
            updatedAt: now,
            createdBy: userId,
            updatedBy: userId,
          })),
        )
        .execute();
    }
    return [];
  },
};

interface TargetRow {
  ownerCode: string;
  targetMonth: string;
  seriesCode: string;
  modelCode: string;
  retailTarget: number;
  wholesaleTarget: number;
  remark: string | null;
}

const units = (header: string, field: string): ImportField => ({ header, field, type: 'number', required: true, precision: 0, min: 0, max: 99999 });

/**
 * 销售目标导入: the manufacturer's side sets its dealers' monthly targets. A dealer code outside the user's data scope reads
 * as unknown. A row for a dealer, month and model already stored replaces its figures (a corrected file is imported
 * again); the same key twice in one file is an error.
 */
const salesTargets: Importer<TargetRow> = {
  onlyFor: { side: 'manufacturer', refusal: '销售目标由厂端导入' },
  async fields(db, ownerCodes) {
    const materials = await db.selectFrom('materials').select(['materialCode', 'materialNameZh', 'level']).where('level', 'in', [MODEL_LEVEL - 1, MODEL_LEVEL]).execute();
    const named = (level: number) => new Map(materials.filter((m) => m.level === level).map((m) => [m.materialNameZh, m.materialCode]));
    return [
      { header: '经销商代码', field: 'ownerCode', type: 'choice', required: true, choices: new Map(ownerCodes.map((code) => [code, code])) },
      { header: '目标月份', field: 'targetMonth', type: 'month', required: true },
      { header: '车系', field: 'seriesCode', type: 'choice', required: true, choices: named(MODEL_LEVEL - 1) },
      { header: '车型', field: 'modelCode', type: 'choice', required: true, choices: named(MODEL_LEVEL) },
      units('零售目标（台）', 'retailTarget'),
      units('批发目标（台）', 'wholesaleTarget'),
      { header: '备注', field: 'remark', type: 'text', maxLength: 200 },
    ];
  },
  async write(tx, user, records) {
    const models = await tx
      .selectFrom('materials as model')
      .innerJoin('materials as series', 'series.id', 'model.parentId')
      .select(['model.materialCode as modelCode', 'series.materialCode as seriesCode'])
      .where('model.level', '=', MODEL_LEVEL)
      .execute();
    const seriesOf = new Map(models.map((m) => [m.modelCode, m.seriesCode]));
    const firstRow = new Map<string, number>();
    const errors: ImportError[] = [];
    for (const { rowNO, values } of records) {
      const problems: string[] = [];
      if (seriesOf.get(values.modelCode) !== values.seriesCode) problems.push('车型不属于该车系');
      const key = `${values.ownerCode}|${values.targetMonth}|${values.modelCode}`;
      const first = firstRow.get(key);
      if (first !== undefined) problems.push(`与第${first}行的经销商、月份与车型重复`);
      else firstRow.set(key, rowNO);
      if (problems.length > 0) errors.push({ rowNO, errorMsg: problems.join('；') });
    }
    if (errors.length > 0) return errors;
    const now = new Date();
    for (let i = 0; i < records.length; i += INSERT_BATCH) {
      await tx
        .insertInto('salesTargets')
        .values(
          records.slice(i, i + INSERT_BATCH).map(({ values }) => ({
            ownerCode: values.ownerCode,
            targetMonth: values.targetMonth,
            modelCode: values.modelCode,
            retailTarget: values.retailTarget,
            wholesaleTarget: values.wholesaleTarget,
            remark: values.remark || null,
            createdAt: now,
            updatedAt: now,
            createdBy: user.id,
            updatedBy: user.id,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['ownerCode', 'targetMonth', 'modelCode']).doUpdateSet((eb) => ({
            retailTarget: eb.ref('excluded.retailTarget'),
            wholesaleTarget: eb.ref('excluded.wholesaleTarget'),
            remark: eb.ref('excluded.remark'),
            updatedAt: now,
            updatedBy: user.id,
          })),
        )
        .execute();
    }
    return [];
  },
};

export const IMPORTERS: Record<string, Importer> = { labourItems: labourItems as unknown as Importer, salesTargets: salesTargets as unknown as Importer };

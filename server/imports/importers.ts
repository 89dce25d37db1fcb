// Each importable screen's import definition (the template's columns with their types, required flags, dictionaries by
// text and uniqueness) and how its checked rows are written: all in one transaction, or none.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LabourItemInput } from '../data/labourItems';
import { SERIES } from '../seed/catalogue';
import type { ImportError, ImportField } from './importRows';

export interface Importer<T = Record<string, unknown>> {
  fields(db: Kysely<Database>): Promise<ImportField[]>;
  /** Checks against what is stored (e.g. codes already in use); answers error rows, or writes every row and answers []. */
  write(db: Kysely<Database>, ownerCode: string, userId: number, records: { rowNO: number; values: T }[]): Promise<ImportError[]>;
}

/** A checked row: the fields of the table's own save, as the import definition reads them. */
type LabourRow = LabourItemInput;

const INSERT_BATCH = 1000;

const labourItems: Importer<LabourRow> = {
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
  async write(db, ownerCode, userId, records) {
    return db.transaction().execute(async (tx) => {
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
    });
  },
};

export const IMPORTERS: Record<string, Importer> = { labourItems: labourItems as unknown as Importer };

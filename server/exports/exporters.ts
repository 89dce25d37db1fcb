// What each exportable screen's download-centre export writes: its columns (coded values translated to text, as the
// page export does) and its rows, read from the database in batches within the job's data scope.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countLabourItems, labourItemBatches, type LabourItemFilter } from '../data/labourItems';
import { countSalesTargets, salesTargetBatches, type SalesTargetFilter } from '../data/salesTargets';
import type { CellValue, SheetColumn } from './xlsxStream';

export interface Exporter {
  /** The file's default name. */
  fileName: string;
  columns: SheetColumn[];
  count(db: Kysely<Database>, ownerCodes: string[], params: Record<string, unknown>): Promise<number>;
  /** Batches of rows, each row's values in column order. */
  rows(db: Kysely<Database>, ownerCodes: string[], params: Record<string, unknown>): AsyncIterable<CellValue[][]>;
}

const ENABLED_TEXT: Record<string, string> = { '1': '启用', '0': '停用' };

const labourItems: Exporter = {
  fileName: '工时项目.xlsx',
  columns: [
    { header: '工时代码', width: 14 },
    { header: '工时名称', width: 24 },
    { header: '标准工时代码', width: 14 },
    { header: '维修类型', width: 12 },
    { header: '标准工时', width: 10 },
    { header: '工时单价', width: 10 },
    { header: '适用车系', width: 24 },
    { header: '启用', width: 8 },
    { header: '生效日期', width: 12 },
    { header: '备注', width: 30 },
    { header: '经销商', width: 30 },
  ],
  count: (db, ownerCodes, params) => countLabourItems(db, ownerCodes, params as LabourItemFilter),
  async *rows(db, ownerCodes, params) {
    const types = new Map((await db.selectFrom('repairTypes').select(['code', 'name']).execute()).map((t) => [t.code, t.name]));
    for await (const batch of labourItemBatches(db, ownerCodes, params as LabourItemFilter, 2000)) {
      yield batch.map((row) => [
        row.labourCode,
        row.labourName,
        row.stdLabourCode,
        types.get(row.repairTypeCode) ?? row.repairTypeCode,
        row.stdHours,
        row.price,
        row.series.join('、'),
        ENABLED_TEXT[row.enabled] ?? row.enabled,
        row.effectiveDate,
        row.remark,
        row.dealerName,
      ]);
    }
  },
};

// The import template's columns come back under the same headers, so an exported file can be corrected and imported again.
const salesTargets: Exporter = {
  fileName: '销售目标.xlsx',
  columns: [
    { header: '经销商代码', width: 12 },
    { header: '经销商', width: 30 },
    { header: '目标月份', width: 10 },
    { header: '车系', width: 12 },
    { header: '车型', width: 20 },
    { header: '零售目标（台）', width: 14 },
    { header: '批发目标（台）', width: 14 },
    { header: '备注', width: 30 },
  ],
  count: (db, ownerCodes, params) => countSalesTargets(db, ownerCodes, params as SalesTargetFilter),
  async *rows(db, ownerCodes, params) {
    for await (const batch of salesTargetBatches(db, ownerCodes, params as SalesTargetFilter, 2000)) {
      yield batch.map((row) => [row.ownerCode, row.dealerName, row.targetMonth, row.seriesName, row.modelName, row.retailTarget, row.wholesaleTarget, row.remark]);
    }
  },
};

export const EXPORTERS: Record<string, Exporter> = { labourItems, salesTargets };

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportColumns, sheetData, type TextLookup } from '../../runtime/export/sheetData';
import { buildXlsx } from '../../runtime/export/xlsxBuild';
import type { Column } from '../../schemas/screen/screen.types';
import { safeCell } from '../../server/exports/xlsxStream';

const COLUMNS: Column[] = [
  { title: '工时代码', dataIndex: 'labourCode' },
  { title: '维修类型', dataIndex: 'repairTypeCode', editItems: [{ value: 'RT01', text: '一般维修' }] },
  { title: '适用车系', dataIndex: 'series', editItems: [{ value: 'A3', text: '华晟 A3' }, { value: 'A5', text: '华晟 A5' }] },
  { title: '工时单价', dataIndex: 'price', type: 'money' },
  { title: '更新时间', dataIndex: 'updatedAt', hidden: true },
];
const ROWS = [
  { labourCode: 'BP001', repairTypeCode: 'RT01', series: ['A3', 'A5'], price: 120.5, updatedAt: 'x' },
  { labourCode: '=1+1', repairTypeCode: 'RT99', series: [], price: 80, updatedAt: 'y' },
];
const lookup: TextLookup = (column, value) => {
  if (!column.editItems || value === null || value === undefined) return undefined;
  const texts = new Map(column.editItems.map((o) => [String(o.value), o.text]));
  return Array.isArray(value) ? value.map((v) => texts.get(String(v)) ?? String(v)).join('，') : (texts.get(String(value)) ?? String(value));
};

async function read(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

describe('page export: sheet data and workbook', () => {
  it('[BO-EXP-11] [BO-EXP-12] [BO-EXP-17] writes the shown columns after an index column, coded values as their text', () => {
    expect(exportColumns(COLUMNS).map((c) => c.dataIndex)).toEqual(['labourCode', 'repairTypeCode', 'series', 'price']);
    const data = sheetData(COLUMNS, ROWS, lookup);
    expect(data.headers).toEqual(['序号', '工时代码', '维修类型', '适用车系', '工时单价']);
    expect(data.rows).toEqual([
      [1, 'BP001', '一般维修', '华晟 A3，华晟 A5', 120.5],
      [2, '=1+1', 'RT99', '', 80],
    ]);
  });

  it('[BO-EXP-14] [BO-EXP-15] builds an xlsx workbook with the sheet named sheet, reporting progress', async () => {
    const seen: number[] = [];
    const bytes = await buildXlsx(sheetData(COLUMNS, ROWS, lookup), (p) => seen.push(p));
    expect(new Uint8Array(bytes).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const workbook = await read(bytes);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['sheet']);
    const sheet = workbook.getWorksheet('sheet')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['序号', '工时代码', '维修类型', '适用车系', '工时单价']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([1, 'BP001', '一般维修', '华晟 A3，华晟 A5', 120.5]);
    expect(seen.at(-1)).toBe(100);
  });

  it('writes a value beginning with = + - or @ as a text cell, never a formula (page export and server export)', async () => {
    const crafted = ['=HYPERLINK("http://x")', '+1', '-1+2', '@SUM(A1)'];
    const data = { sheetName: 'sheet', headers: ['备注'], rows: crafted.map((c) => [c]) };
    const sheet = (await read(await buildXlsx(data))).getWorksheet('sheet')!;
    for (let r = 2; r <= 5; r += 1) {
      const cell = sheet.getRow(r).getCell(1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    expect(crafted.map(safeCell)).toEqual(crafted);
    expect(safeCell({ formula: 'SUM(A1)' })).toBe('[object Object]');
  });
});

// Excel files for the import tests, made here rather than committed as binaries: good and bad templates, and the bad
// input the import must refuse with a clear message (not Excel, zip bomb, empty sheet, huge sheet...).
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PassThrough } from 'node:stream';

export const LABOUR_HEADERS = ['工时代码', '工时名称', '标准工时代码', '维修类型', '标准工时', '工时单价', '适用车系', '启用', '生效日期', '备注'];

const BOUNDARY = '----dms-import-test';

/** A multipart body with one file in field `file`, as the import dialog posts it. */
export const multipartFile = {
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  body(name: string, content: Buffer): Buffer {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
  },
};

export type Cell = string | number | Date | null | { formula: string; result?: number | string };

export async function xlsxOf(rows: Cell[][], configure?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('sheet');
  for (const row of rows) sheet.addRow(row);
  configure?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function xlsOf(rows: (string | number | Date | null)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'sheet');
  return XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

export const labourRow = (code: string, overrides: Partial<Record<(typeof LABOUR_HEADERS)[number], Cell>> = {}): Cell[] =>
  LABOUR_HEADERS.map(
    (h) =>
      (h in overrides
        ? overrides[h]
        : { 工时代码: code, 工时名称: `导入工时${code}`, 标准工时代码: null, 维修类型: '一般维修', 标准工时: 1.5, 工时单价: 120, 适用车系: '华晟 A3、华晟 A5', 启用: '启用', 生效日期: '2026-03-01', 备注: null }[h]) ?? null,
  );

export const TARGET_HEADERS = ['经销商代码', '目标月份', '车系', '车型', '零售目标（台）', '批发目标（台）', '备注'];

export const targetRow = (overrides: Partial<Record<(typeof TARGET_HEADERS)[number], Cell>> = {}): Cell[] =>
  TARGET_HEADERS.map(
    (h) =>
      (h in overrides
        ? overrides[h]
        : { 经销商代码: 'D11001', 目标月份: '2027-01', 车系: '华晟 A3', 车型: '1.5L 手动舒适版', '零售目标（台）': 12, '批发目标（台）': 15, 备注: null }[h]) ?? null,
  );

/** A valid xlsx with an extra entry of spaces that unpacks to `megabytes` MB: a small file, huge when unpacked. */
export async function zipBomb(megabytes: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await xlsxOf([LABOUR_HEADERS, labourRow('BOMB-1')]));
  zip.file('xl/worksheets/padding.xml', Buffer.alloc(megabytes * 1024 * 1024, 0x20));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A workbook with every row Excel allows (1,048,576), written by the streaming writer. */
export async function fullSheet(): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('sheet');
  sheet.addRow(LABOUR_HEADERS).commit();
  for (let i = 2; i <= 1_048_576; i += 1) sheet.addRow([i]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

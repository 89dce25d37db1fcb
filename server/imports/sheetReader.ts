// Reads the first sheet of an uploaded workbook row by row: xlsx through exceljs's streaming WorkbookReader, legacy xls
// through @e965/xlsx. Cells come out as plain values (a formula as its cached result, rich text as its text).
import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';

export type RawCell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The Excel row number (1 is the header row). */
  rowNO: number;
  /** 0-based by column. */
  cells: RawCell[];
}

export class SheetTooLarge extends Error {}

function plain(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return plain(v.result);
    if ('text' in v) return plain(v.text);
    if (v.error) return null;
  }
  return String(value);
}

/** Rows of the first sheet; throws SheetTooLarge past maxRows data rows (header excluded). */
export async function* readSheetRows(format: 'xlsx' | 'xls', bytes: Buffer, maxRows: number): AsyncGenerator<SheetRow> {
  if (format === 'xls') {
    const book = XLSX.read(bytes, { type: 'buffer', cellDates: true, sheetRows: maxRows + 2, dense: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    if (!sheet) return;
    const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1:A1');
    if (range.e.r - range.s.r > maxRows) throw new SheetTooLarge();
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
    for (let i = 0; i < rows.length; i += 1) yield { rowNO: range.s.r + i + 1, cells: (rows[i] ?? []).map(plain) };
    return;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      if (row.number > maxRows + 1) throw new SheetTooLarge();
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      yield { rowNO: row.number, cells: values.map(plain) };
    }
    // Only the first sheet is read.
    return;
  }
}

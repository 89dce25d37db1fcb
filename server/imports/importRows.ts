// Checks an import's rows against a screen's import definition (columns by header text, types, required, dictionaries
// by text, uniqueness within the file). Each bad row gives one error row: its Excel row number and every problem in it.
import type { RawCell, SheetRow } from './sheetReader';

export type FieldType = 'text' | 'number' | 'date' | 'month' | 'choice' | 'choices';

export interface ImportField {
  header: string;
  field: string;
  type: FieldType;
  required?: boolean;
  maxLength?: number;
  pattern?: RegExp;
  patternMessage?: string;
  /** Decimal places allowed (number). */
  precision?: number;
  min?: number;
  max?: number;
  /** choice / choices: the text shown in Excel -> the stored code. */
  choices?: Map<string, string>;
  /** The value must not repeat within the file. */
  unique?: boolean;
  /** Used when the cell is empty. */
  fallback?: unknown;
}

export interface ImportError {
  rowNO: number;
  errorMsg: string;
  /** The row was left out on purpose (a duplicate the model reports rather than refuses) and the others were written. */
  skipped?: boolean;
}

export class HeaderProblem extends Error {}

export const IMPORT_TEXT = {
  notExcel: '文件格式不正确，请上传 Excel 文件（xls、xlsx）',
  onlyExcel: '只能导入 xls 或 xlsx 格式的文件',
  zipBomb: '文件解压后过大，请检查文件内容',
  empty: '文件中没有数据',
  tooManyRows: (max: number) => `单次导入不能超过 ${max} 行`,
  missingHeaders: (names: string[]) => `缺少列：${names.join('、')}（请使用导入模板）`,
  duplicateHeaders: (names: string[]) => `列名重复：${names.join('、')}`,
  interrupted: '服务重启次数过多，导入已中断，请重新导入',
  failed: '导入失败，请检查文件后重试',
  required: (h: string) => `${h}不能为空`,
  tooLong: (h: string, n: number) => `${h}不能超过${n}个字符`,
  notNumber: (h: string) => `${h}必须是数字`,
  precision: (h: string, p: number) => (p === 0 ? `${h}必须是整数` : `${h}最多保留${p}位小数`),
  range: (h: string, min: number, max: number) => `${h}须在${min}到${max}之间`,
  notDate: (h: string) => `${h}不是有效日期（如 2026-01-31）`,
  notMonth: (h: string) => `${h}不是有效月份（如 2026-01）`,
  unknownChoice: (h: string, text: string) => `${h}“${text}”不存在`,
  repeated: (h: string, value: string, first: number) => `${h}“${value}”与第${first}行重复`,
} as const;

const clean = (header: RawCell): string => String(header ?? '').replace(/[\s\u3000]+/g, '');

/** Where each field's column is, by header text (spaces ignored, any order). */
export function columnIndexes(header: RawCell[], fields: ImportField[]): Map<string, number> {
  const at = new Map<string, number>();
  const seen = new Map<string, number>();
  const repeated: string[] = [];
  header.forEach((cell, index) => {
    const name = clean(cell);
    if (!name) return;
    if (seen.has(name)) repeated.push(name);
    seen.set(name, index);
  });
  if (repeated.length > 0) throw new HeaderProblem(IMPORT_TEXT.duplicateHeaders(repeated));
  const missing = fields.filter((f) => !seen.has(clean(f.header))).map((f) => f.header);
  if (missing.length > 0) throw new HeaderProblem(IMPORT_TEXT.missingHeaders(missing));
  for (const f of fields) at.set(f.field, seen.get(clean(f.header))!);
  return at;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell, an Excel serial number, or text like 2026-01-31, 2026/1/31 or 2026年1月31日 -> YYYY-MM-DD. */
export function toDay(cell: RawCell): string | undefined {
  let date: Date | undefined;
  if (cell instanceof Date) date = cell;
  else if (typeof cell === 'number' && cell > 0 && cell < 2_958_466) date = new Date(EXCEL_EPOCH + Math.round(cell) * 86_400_000);
  else if (typeof cell === 'string') {
    const m = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*$/.exec(cell);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const candidate = new Date(Date.UTC(y, mo - 1, d));
      if (candidate.getUTCMonth() === mo - 1 && candidate.getUTCDate() === d) date = candidate;
    }
  }
  if (!date || Number.isNaN(date.getTime())) return undefined;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A month as text (2026-01, 2026/1, 2026年1月) or any date form toDay reads (Excel turns a typed 2026-01 into a date) -> YYYY-MM. */
export function toMonth(cell: RawCell): string | undefined {
  if (typeof cell === 'string') {
    const m = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?\s*$/.exec(cell);
    if (m) return Number(m[2]) >= 1 && Number(m[2]) <= 12 ? `${m[1]}-${pad(Number(m[2]))}` : undefined;
  }
  return toDay(cell)?.slice(0, 7);
}

function readField(f: ImportField, cell: RawCell, problems: string[]): unknown {
  const text = cell === null ? '' : cell instanceof Date ? '' : String(cell).trim();
  const empty = cell === null || (!(cell instanceof Date) && text === '');
  if (empty) {
    if (f.required) problems.push(IMPORT_TEXT.required(f.header));
    return f.fallback ?? null;
  }
  switch (f.type) {
    case 'number': {
      const n = typeof cell === 'number' ? cell : Number(text.replace(/,/g, ''));
      if (!Number.isFinite(n) || cell instanceof Date || typeof cell === 'boolean') return void problems.push(IMPORT_TEXT.notNumber(f.header));
      if (f.precision !== undefined && Math.abs(Math.round(n * 10 ** f.precision) - n * 10 ** f.precision) > 1e-6) problems.push(IMPORT_TEXT.precision(f.header, f.precision));
      if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) problems.push(IMPORT_TEXT.range(f.header, f.min ?? -Infinity, f.max ?? Infinity));
      return n;
    }
    case 'date': {
      const day = toDay(cell);
      if (!day) problems.push(IMPORT_TEXT.notDate(f.header));
      return day;
    }
    case 'month': {
      const month = toMonth(cell);
      if (!month) problems.push(IMPORT_TEXT.notMonth(f.header));
      return month;
    }
    case 'choice': {
      const code = f.choices!.get(text);
      if (code === undefined) problems.push(IMPORT_TEXT.unknownChoice(f.header, text));
      return code;
    }
    case 'choices': {
      const codes: string[] = [];
      for (const part of text.split(/[、，,;；]/).map((p) => p.trim()).filter(Boolean)) {
        const code = f.choices!.get(part);
        if (code === undefined) problems.push(IMPORT_TEXT.unknownChoice(f.header, part));
        else if (!codes.includes(code)) codes.push(code);
      }
      return codes;
    }
    default: {
      if (f.maxLength !== undefined && text.length > f.maxLength) problems.push(IMPORT_TEXT.tooLong(f.header, f.maxLength));
      if (f.pattern && !f.pattern.test(text)) problems.push(f.patternMessage ?? `${f.header}格式不正确`);
      return text;
    }
  }
}

export interface CheckedRows<T> {
  records: { rowNO: number; values: T }[];
  errors: ImportError[];
}

/** Reads every data row (blank rows skipped) into records, collecting every row's problems. */
export async function checkRows<T>(rows: AsyncIterable<SheetRow>, fields: ImportField[]): Promise<CheckedRows<T>> {
  let indexes: Map<string, number> | undefined;
  const records: { rowNO: number; values: T }[] = [];
  const errors: ImportError[] = [];
  const firstSeen = new Map<string, Map<string, number>>();
  for await (const row of rows) {
    if (!indexes) {
      indexes = columnIndexes(row.cells, fields);
      continue;
    }
    const cells = fields.map((f) => row.cells[indexes!.get(f.field)!] ?? null);
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    const problems: string[] = [];
    const values: Record<string, unknown> = {};
    fields.forEach((f, i) => {
      values[f.field] = readField(f, cells[i]!, problems);
      if (f.unique && values[f.field]) {
        const key = String(values[f.field]);
        const seen = firstSeen.get(f.field) ?? new Map<string, number>();
        firstSeen.set(f.field, seen);
        const first = seen.get(key);
        if (first !== undefined) problems.push(IMPORT_TEXT.repeated(f.header, key, first));
        else seen.set(key, row.rowNO);
      }
    });
    if (problems.length > 0) errors.push({ rowNO: row.rowNO, errorMsg: problems.join('；') });
    else records.push({ rowNO: row.rowNO, values: values as T });
  }
  if (!indexes) throw new HeaderProblem(IMPORT_TEXT.empty);
  if (records.length === 0 && errors.length === 0) throw new HeaderProblem(IMPORT_TEXT.empty);
  return { records, errors };
}

// How cell values read in the table (building-blocks §9): numbers grouped in thousands, sums to two decimals,
// percentages to one decimal, dates in the column's format.
import dayjs from 'dayjs';

const grouped = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 8 });
const twoDecimals = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const asNumber = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
};

const fixed = new Map<number, Intl.NumberFormat>();

/** Thousands grouped by three: 1234567.5 reads 1,234,567.5; with a precision, always that many decimals. */
export function formatGrouped(value: unknown, precision?: number): string {
  const n = asNumber(value);
  if (n === undefined) return '';
  if (precision === undefined) return grouped.format(n);
  let format = fixed.get(precision);
  if (!format) fixed.set(precision, (format = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: precision, maximumFractionDigits: precision })));
  return format.format(n);
}

/** Money and sums: grouped, two decimals. */
export function formatTwoDecimals(value: unknown): string {
  const n = asNumber(value);
  return n === undefined ? '' : twoDecimals.format(n);
}

/** A ratio as a percentage with one decimal: 0.1234 reads 12.3%. */
export function formatPercent(value: unknown): string {
  const n = asNumber(value);
  return n === undefined ? '' : `${oneDecimal.format(n * 100)}%`;
}

/** A sum rounded to two decimals, computed in hundredths so 0.1 + 0.2 is 0.3. */
export function sumTwoDecimals(values: Iterable<unknown>): number {
  let cents = 0;
  for (const value of values) {
    const n = asNumber(value);
    if (n !== undefined) cents += Math.round(n * 100);
  }
  return cents / 100;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Dates in the column's format; the server's 'YYYY-MM-DD HH:mm:ss' text needs no parsing for the default formats. */
export function formatDate(value: unknown, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  if (format === DATE_FORMAT && /^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  if (format === DATETIME_FORMAT && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return text;
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed.format(format) : text;
}

/** Width when a column gives none: 14 px per title character plus 65 (building-blocks §9). */
export function estimatedWidth(title: string): number {
  return title.length * 14 + 65;
}

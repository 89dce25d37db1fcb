// Date and time formats, shortcuts and bounds of the date widgets (back-office §9, building-blocks §5).
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/zh-cn';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { TEXT } from '../../schemas/text/zh';

// The app's date locale; set here too so a form works wherever it is mounted (tests, the bench page).
export const DATE_LOCALE = 'zh-cn';
dayjs.locale(DATE_LOCALE);
dayjs.extend(customParseFormat);

/** Display formats (back-office §9). */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const MONTH_FORMAT = 'YYYY-MM';
const YEAR_FORMAT = 'YYYY';
export const TIME_FORMAT = 'HH:mm:ss';

export type DateKind = 'date' | 'datetime' | 'exactdate' | 'month' | 'year';

/**
 * Per field type: the picker, what it shows, and the value the form holds and submits. Date and datetime fields hold
 * yyyy-MM-dd HH:mm:ss, exact dates yyyy-MM-dd, months yyyy-MM and years yyyy (back-office §9).
 */
export const DATE_KINDS: Record<DateKind, { picker: 'date' | 'month' | 'year'; display: string; value: string; showTime: boolean }> = {
  date: { picker: 'date', display: DATE_FORMAT, value: DATETIME_FORMAT, showTime: false },
  datetime: { picker: 'date', display: DATETIME_FORMAT, value: DATETIME_FORMAT, showTime: true },
  exactdate: { picker: 'date', display: DATE_FORMAT, value: DATE_FORMAT, showTime: false },
  month: { picker: 'month', display: MONTH_FORMAT, value: MONTH_FORMAT, showTime: false },
  year: { picker: 'year', display: YEAR_FORMAT, value: YEAR_FORMAT, showTime: false },
};

export type RangeKind = 'date-range' | 'datetime-range' | 'month-range';

/** Date range values: yyyy-MM-dd HH:mm:ss, yyyy-MM-dd or yyyy-MM (building-blocks §5). */
export const RANGE_KINDS: Record<RangeKind, { picker: 'date' | 'month'; format: string; showTime: boolean }> = {
  'datetime-range': { picker: 'date', format: DATETIME_FORMAT, showTime: true },
  'date-range': { picker: 'date', format: DATE_FORMAT, showTime: false },
  'month-range': { picker: 'month', format: MONTH_FORMAT, showTime: false },
};

export const VALUE_PATTERNS: Record<string, string> = {
  [DATETIME_FORMAT]: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  [DATE_FORMAT]: '^\\d{4}-\\d{2}-\\d{2}$',
  [MONTH_FORMAT]: '^\\d{4}-\\d{2}$',
  [YEAR_FORMAT]: '^\\d{4}$',
  [TIME_FORMAT]: '^\\d{2}:\\d{2}:\\d{2}$',
};

export function parseValue(value: unknown, format: string): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value, format);
  return parsed.isValid() ? parsed : null;
}

/** A bound of a screen (today, now, YYYY-MM-DD, YYYY-MM-DD HH:mm:ss) as a moment; today is its start. */
export function resolveBound(bound: string | undefined, now: Dayjs = dayjs()): Dayjs | undefined {
  if (!bound) return undefined;
  if (bound === 'now') return now;
  if (bound === 'today') return now.startOf('day');
  return dayjs(bound);
}

/** A value outside the field's min/max date-time answers a message (without the label). */
export function boundProblem(value: Dayjs, minDate: string | undefined, maxDate: string | undefined, display: string): string | undefined {
  const min = resolveBound(minDate);
  const max = resolveBound(maxDate);
  if (min && value.isBefore(min)) return TEXT.form.notBefore(min.format(display));
  if (max && value.isAfter(max)) return TEXT.form.notAfter(max.format(display));
  return undefined;
}

interface RangePreset {
  label: string;
  value: [Dayjs, Dayjs];
}

/**
 * The shortcuts of both specs: the last 1, 2, 7 (a week), 30, 60 and 90 days, this month, the year to date, and one,
 * three and six months back. "The last N days" ends today and counts today among them.
 */
export function rangePresets(now: Dayjs = dayjs()): RangePreset[] {
  const today = now.startOf('day');
  const end = now.endOf('day');
  const days = (n: number) => [today.subtract(n - 1, 'day'), end] as [Dayjs, Dayjs];
  const months = (n: number) => [today.subtract(n, 'month'), end] as [Dayjs, Dayjs];
  const p = TEXT.form.presets;
  return [
    { label: p.lastDays(1), value: days(1) },
    { label: p.lastDays(2), value: days(2) },
    { label: p.lastWeek, value: days(7) },
    { label: p.lastDays(30), value: days(30) },
    { label: p.lastMonth, value: months(1) },
    { label: p.lastDays(60), value: days(60) },
    { label: p.lastDays(90), value: days(90) },
    { label: p.lastThreeMonths, value: months(3) },
    { label: p.lastSixMonths, value: months(6) },
    { label: p.thisMonth, value: [today.startOf('month'), end] },
    { label: p.yearToDate, value: [today.startOf('year'), end] },
  ];
}

/**
 * A date range never ends before it starts: when the end just chosen (or typed) lies before the start, the start is
 * cleared, and when the start lies after the end, the end is cleared (back-office §5).
 */
export function orderRange<T extends string | null>(previous: [T, T], next: [T, T]): [T | null, T | null] {
  const [start, end] = next;
  if (start === null || end === null || start <= end) return next;
  return end !== previous[1] && start === previous[0] ? [null, end] : [start, null];
}

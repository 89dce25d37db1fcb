// Dates for the expression library. Business days are Beijing days whatever the machine's zone (the server may run in
// UTC, a browser anywhere): a date is 'YYYY-MM-DD', a moment 'YYYY-MM-DD HH:mm:ss', both Beijing wall time.
const BEIJING_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

export type DateUnit = 'day' | 'hour' | 'minute';
const UNIT_MS: Record<DateUnit, number> = { day: DAY_MS, hour: 3600_000, minute: 60_000 };

export function isDateUnit(value: unknown): value is DateUnit {
  return value === 'day' || value === 'hour' || value === 'minute';
}

/** Beijing wall time as milliseconds of a UTC clock (so getUTC* reads the wall time); undefined when not a date text. */
export function wallTime(value: unknown): { ms: number; withTime: boolean } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DATE_TEXT.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  return Number.isNaN(ms) ? undefined : { ms, withTime: h !== undefined };
}

export function wallTimeOf(instant: Date): number {
  return instant.getTime() + BEIJING_OFFSET_MS;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Wall time formatted with YYYY MM DD HH mm ss. */
export function formatWallTime(ms: number, pattern: string): string {
  const d = new Date(ms);
  const parts: Record<string, string> = {
    YYYY: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]!);
}

export const DATE_PATTERN = 'YYYY-MM-DD';
export const DATETIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** Whole units from `from` to `to` (negative when `to` is earlier), cut toward zero. */
export function dateDifference(from: unknown, to: unknown, unit: DateUnit): number | null {
  const a = wallTime(from);
  const b = wallTime(to);
  if (!a || !b) return null;
  return Math.trunc((b.ms - a.ms) / UNIT_MS[unit]);
}

/** The date (or moment) `days` days later, in the form it was given. */
export function addDaysTo(value: unknown, days: number): string | null {
  const start = wallTime(value);
  if (!start || !Number.isInteger(days)) return null;
  return formatWallTime(start.ms + days * DAY_MS, start.withTime ? DATETIME_PATTERN : DATE_PATTERN);
}

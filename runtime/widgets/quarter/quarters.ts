// The quarter picker's value (back-office §3, §9): a year plus quarter range string, and a start and end datetime pair.
// Quarters are 01-03, 04-06, 07-09, 10-12; the end day is 31 for months 03 and 12 and 30 otherwise; the day runs from
// 00:00:00 to 23:59:59.

export const QUARTERS = [
  { start: '01', end: '03' },
  { start: '04', end: '06' },
  { start: '07', end: '09' },
  { start: '10', end: '12' },
] as const;

export const QUARTER_TIMES = { start: '00:00:00', end: '23:59:59' } as const;

/** 31 for March and December, 30 for the other quarter-end months. */
export const quarterEndDay = (month: string): number => (month === '03' || month === '12' ? 31 : 30);

export interface QuarterValue {
  year: number;
  /** 1-4. */
  quarter: number;
  /** The year plus quarter range string, e.g. 2026 04-06. */
  text: string;
  start: string;
  end: string;
}

export function quarterValue(year: number, quarter: number): QuarterValue {
  const q = QUARTERS[quarter - 1]!;
  return {
    year,
    quarter,
    text: `${year} ${q.start}-${q.end}`,
    start: `${year}-${q.start}-01 ${QUARTER_TIMES.start}`,
    end: `${year}-${q.end}-${quarterEndDay(q.end)} ${QUARTER_TIMES.end}`,
  };
}

/** The quarter a start datetime opens, or undefined for anything that is not a quarter's first moment. */
export function quarterOf(start: unknown): { year: number; quarter: number } | undefined {
  const m = typeof start === 'string' ? /^(\d{4})-(\d{2})-01 00:00:00$/.exec(start) : null;
  if (!m) return undefined;
  const index = QUARTERS.findIndex((q) => q.start === m[2]);
  return index < 0 ? undefined : { year: Number(m[1]), quarter: index + 1 };
}

/** Whether quarter 1-4 is disabled by the flags (true at index quarter - 1). */
export const isQuarterDisabled = (flags: readonly boolean[] | undefined, quarter: number): boolean => flags?.[quarter - 1] === true;

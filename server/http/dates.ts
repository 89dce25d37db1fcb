// Dates travel as text in Beijing time, in the spec's formats: YYYY-MM-DD and YYYY-MM-DD HH:mm:ss.

const DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** From 1992 on, Beijing time is UTC+8 all year (China's summer time ended in 1991): the offset is added directly, far
 * cheaper than the time-zone database for the many rows a list or export formats. Earlier instants go through it. */
const FIXED_OFFSET_FROM = Date.UTC(1992, 0, 1);
const FIXED_OFFSET_UNTIL = Date.UTC(9999, 0, 1);

export function formatDateTime(value: Date): string {
  const time = value.getTime();
  if (time >= FIXED_OFFSET_FROM && time < FIXED_OFFSET_UNTIL) {
    const iso = new Date(time + 8 * 3_600_000).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  const parts = Object.fromEntries(DATE_TIME.formatToParts(value).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The instant a Beijing-time day starts, for `created_at >= ...` filters; `dayOffset` 1 gives the next day's start. */
export function startOfBeijingDay(day: string, dayOffset = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + dayOffset) - 8 * 3600_000);
}

/** YYMMDD of an instant in Beijing time, used in document numbers. */
export function beijingYymmdd(value: Date): string {
  return formatDateTime(value).slice(2, 10).replaceAll('-', '');
}

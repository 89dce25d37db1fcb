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

export function formatDateTime(value: Date): string {
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

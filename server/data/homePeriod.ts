// The periods the home page's figures count in: today and this month, in Beijing time (as the workshop figures of
// homeCounts.ts), each a half-open range so that a figure asked about a past day counts nothing after it.
import { formatDateTime, startOfBeijingDay } from '../http/dates';

export interface HomePeriods {
  dayStart: Date;
  dayEnd: Date;
  monthStart: Date;
  monthEnd: Date;
}

export function homePeriods(now: Date): HomePeriods {
  const day = formatDateTime(now).slice(0, 10);
  const [year, month] = day.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { dayStart: startOfBeijingDay(day), dayEnd: startOfBeijingDay(day, 1), monthStart: startOfBeijingDay(`${day.slice(0, 8)}01`), monthEnd: startOfBeijingDay(next) };
}

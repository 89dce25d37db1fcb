// What a charging session costs (domain.md §7): the tariff's periods must cover the day, 00:00 to 24:00, end to end
// without overlap; a session's energy is shared among the periods it ran through in proportion to the time spent in
// each (Beijing time; a session may run past midnight), and totalFee = Σ per-period kWh × (electricity + service price)
// − discount, in exact decimals, rounded half-up to the fen once, on the sum.
import { addDecimal, decimalText, multiplyDecimal, roundDecimal, subtractDecimal, toDecimal, type Decimal } from '../../schemas/expression/decimal';

export interface TariffPeriod {
  start: string;
  end: string;
  kind: string;
  electricityPrice: string;
  servicePrice: string;
}

export interface ChargingSegment {
  kind: string;
  startAt: Date;
  endAt: Date;
  /** kWh, 3 decimals. */
  energyKwh: string;
  electricityPrice: string;
  servicePrice: string;
}

export interface ChargingFees {
  segments: ChargingSegment[];
  energyKwh: string;
  durationMinutes: number;
  electricityFee: string;
  serviceFee: string;
  discount: string;
  totalFee: string;
}

export const DAY_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;
const DAY_MS = DAY_MINUTES * MINUTE_MS;
/** Beijing is UTC+8 all year (no daylight saving). */
const BEIJING_MS = 8 * 60 * MINUTE_MS;
const CLOCK = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

export const TARIFF_TEXT = {
  clock: (row: number) => `时段第${row}行：时刻应为 时:分（00:00 至 24:00）`,
  order: (row: number) => `时段第${row}行：结束时刻应晚于开始时刻`,
  first: '时段应从 00:00 开始',
  gap: (from: string, to: string) => `时段之间有空档：${from} 至 ${to}`,
  overlap: (from: string, to: string) => `时段重叠：${from} 至 ${to}`,
  last: '时段应到 24:00 结束',
} as const;

/** Minutes of the day a clock text names (24:00 is 1440); undefined when it is not one. */
export function clockMinutes(text: string): number | undefined {
  const match = CLOCK.exec(text);
  if (!match) return undefined;
  return match[3] ? DAY_MINUTES : Number(match[1]) * 60 + Number(match[2]);
}

const clockText = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every way the periods fail to cover the day once: bad clocks, empty periods, a gap or an overlap, a short end. */
export function periodProblems(periods: readonly Pick<TariffPeriod, 'start' | 'end'>[]): string[] {
  const problems: string[] = [];
  const spans: { from: number; to: number }[] = [];
  periods.forEach((period, i) => {
    const from = clockMinutes(period.start);
    const to = clockMinutes(period.end);
    if (from === undefined || to === undefined || from === DAY_MINUTES) problems.push(TARIFF_TEXT.clock(i + 1));
    else if (to <= from) problems.push(TARIFF_TEXT.order(i + 1));
    else spans.push({ from, to });
  });
  if (problems.length > 0) return problems;
  spans.sort((a, b) => a.from - b.from || a.to - b.to);
  if (spans[0] && spans[0].from !== 0) problems.push(TARIFF_TEXT.first);
  for (let i = 1; i < spans.length; i++) {
    const before = spans[i - 1]!;
    const span = spans[i]!;
    if (span.from > before.to) problems.push(TARIFF_TEXT.gap(clockText(before.to), clockText(span.from)));
    if (span.from < before.to) problems.push(TARIFF_TEXT.overlap(clockText(span.from), clockText(Math.min(before.to, span.to))));
  }
  const last = spans.reduce((end, s) => Math.max(end, s.to), 0);
  if (spans.length > 0 && last !== DAY_MINUTES) problems.push(TARIFF_TEXT.last);
  return problems;
}

/** The stretches of [startAt, endAt) in each period, day by day in Beijing time, in order. */
function stretches(startAt: Date, endAt: Date, periods: readonly TariffPeriod[]): { period: TariffPeriod; from: number; to: number }[] {
  const sorted = [...periods].sort((a, b) => clockMinutes(a.start)! - clockMinutes(b.start)!);
  const out: { period: TariffPeriod; from: number; to: number }[] = [];
  const start = startAt.getTime();
  const end = endAt.getTime();
  for (let dayStart = Math.floor((start + BEIJING_MS) / DAY_MS) * DAY_MS - BEIJING_MS; dayStart < end; dayStart += DAY_MS) {
    for (const period of sorted) {
      const from = Math.max(start, dayStart + clockMinutes(period.start)! * MINUTE_MS);
      const to = Math.min(end, dayStart + clockMinutes(period.end)! * MINUTE_MS);
      if (to > from) out.push({ period, from, to });
    }
  }
  return out;
}

const price = (text: string): Decimal => toDecimal(text) ?? { units: 0n, scale: 4 };

/**
 * The session's fees: its energy (3 decimals) split over the periods by time, the last stretch taking what rounding
 * leaves so the parts add up to the whole; the electricity part and the total rounded to the fen, the service part the
 * difference; the discount (`serviceFree`: the whole service part) taken off the total.
 */
export function chargingFees(input: { startAt: Date; endAt: Date; energyKwh: Decimal; periods: readonly TariffPeriod[]; serviceFree: boolean }): ChargingFees {
  const parts = stretches(input.startAt, input.endAt, input.periods);
  const totalMs = BigInt(Math.max(0, input.endAt.getTime() - input.startAt.getTime()));
  const milli = roundDecimal(input.energyKwh, 3).units;
  let shared = 0n;
  let electricity: Decimal = { units: 0n, scale: 0 };
  let gross: Decimal = { units: 0n, scale: 0 };
  const segments = parts.map((part, i): ChargingSegment => {
    const share = i === parts.length - 1 ? milli - shared : (milli * BigInt(part.to - part.from)) / (totalMs === 0n ? 1n : totalMs);
    shared += share;
    const kwh: Decimal = { units: share, scale: 3 };
    const e = price(part.period.electricityPrice);
    const s = price(part.period.servicePrice);
    electricity = addDecimal(electricity, multiplyDecimal(kwh, e));
    gross = addDecimal(gross, multiplyDecimal(kwh, addDecimal(e, s)));
    return {
      kind: part.period.kind,
      startAt: new Date(part.from),
      endAt: new Date(part.to),
      energyKwh: decimalText(kwh, 3),
      electricityPrice: decimalText(e, 4),
      servicePrice: decimalText(s, 4),
    };
  });
  const electricityFee = roundDecimal(electricity, 2);
  const grossFee = roundDecimal(gross, 2);
  const serviceFee = subtractDecimal(grossFee, electricityFee);
  const discount = input.serviceFree ? serviceFee : { units: 0n, scale: 2 };
  return {
    segments,
    energyKwh: decimalText({ units: milli, scale: 3 }, 3),
    durationMinutes: Math.round(Number(totalMs) / MINUTE_MS),
    electricityFee: decimalText(electricityFee, 2),
    serviceFee: decimalText(serviceFee, 2),
    discount: decimalText(discount, 2),
    totalFee: decimalText(subtractDecimal(grossFee, discount), 2),
  };
}

/** The Beijing date (YYYY-MM-DD) of an instant. */
export function beijingDate(at: Date): string {
  return new Date(at.getTime() + BEIJING_MS).toISOString().slice(0, 10);
}

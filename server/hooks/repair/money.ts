// Exact money for the after-sales hooks: values arrive as decimal text (the engine's answer form) and leave as text
// with two places; never a float (domain.md §0).
import { addDecimal, compareDecimal, decimalText, divideDecimal, multiplyDecimal, roundDecimal, subtractDecimal, toDecimal, type Decimal } from '../../../schemas/expression/decimal';

export type { Decimal };

export const ZERO: Decimal = { units: 0n, scale: 0 };

export const dec = (value: unknown): Decimal => toDecimal(value) ?? ZERO;
export const plus = (...values: Decimal[]): Decimal => values.reduce(addDecimal, ZERO);
export const minus = subtractDecimal;
export const times = multiplyDecimal;
export const cmp = compareDecimal;
export const round2 = (value: Decimal): Decimal => roundDecimal(value, 2);
export const text2 = (value: Decimal): string => decimalText(roundDecimal(value, 2), 2);
export const text4 = (value: Decimal): string => decimalText(roundDecimal(value, 4), 4);
export const isZero = (value: Decimal): boolean => value.units === 0n;
export const divide = (a: Decimal, b: Decimal, scale = 10): Decimal | undefined => divideDecimal(a, b, scale);

/** Σ of a field over rows. */
export const sumOf = (rows: readonly Record<string, unknown>[], field: string): Decimal => plus(...rows.map((row) => dec(row[field])));

/** The tax in a tax-inclusive amount at the rate: incl − round(incl / (1 + rate), 2). */
export function taxIn(inclusive: Decimal, rate: Decimal): Decimal {
  const exTax = divide(inclusive, plus({ units: 1n, scale: 0 }, rate), 2) ?? ZERO;
  return minus(round2(inclusive), exTax);
}

/**
 * An amount spread over weights pro rata, each share rounded half-up to fen and the remainder put on the largest
 * share, so the shares add up to the amount exactly (a package's price over its lines).
 */
export function spread(amount: Decimal, weights: readonly Decimal[]): Decimal[] {
  const total = plus(...weights);
  if (weights.length === 0) return [];
  const shares = weights.map((w) => (isZero(total) ? ZERO : round2(divide(times(amount, w), total, 4) ?? ZERO)));
  const rest = minus(round2(amount), plus(...shares));
  if (isZero(total)) shares[0] = round2(amount);
  else if (!isZero(rest)) {
    const largest = shares.reduce((at, share, i) => (cmp(share, shares[at]!) > 0 ? i : at), 0);
    shares[largest] = plus(shares[largest]!, rest);
  }
  return shares;
}

/**
 * Whole fen of a money or quantity text with at most `places` decimals (12.3 → 1230 at 2 places): the header's sums are
 * taken in integers, exact far beyond any order (an order's amounts are < 10^12 fen), and much cheaper than decimals
 * for the thousands of orders a seed sums. Blank or malformed values count as 0.
 */
export function units(value: unknown, places: number): number {
  if (value === null || value === undefined || value === '') return 0;
  const text = typeof value === 'number' ? value.toFixed(places) : String(value).trim();
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = (dot < 0 ? '' : body.slice(dot + 1)).padEnd(places, '0').slice(0, places);
  const digits = `${whole || '0'}${fraction}`;
  if (!/^\d+$/.test(digits)) return 0;
  const n = Number(digits);
  return negative ? -n : n;
}

/** Fen as money text: 12345 → "123.45". */
export function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** x / y rounded half up, for x ≥ 0 and y > 0 (integers). */
export const divideHalfUp = (x: number, y: number): number => Math.floor((2 * x + y) / (2 * y));

/**
 * A line's amount in fen: round(a × b × (1 − rate), 2) half up, with a and b of 2 places and the rate of 4 (hours × rate,
 * quantity × price): exact in integers (BigInt only past 2^53).
 */
export function lineFen(a: unknown, b: unknown, rate: unknown): number {
  const product = units(a, 2) * units(b, 2);
  const keep = 10_000 - units(rate, 4);
  if (Number.isSafeInteger(product * keep)) return divideHalfUp(product * keep, 1_000_000);
  const big = BigInt(product) * BigInt(keep);
  return Number((2n * big + 1_000_000n) / 2_000_000n);
}

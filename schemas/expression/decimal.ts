// Exact decimal arithmetic for money and quantities: a value is a bigint of units and a scale (12.30 = 1230n at scale
// 2). The server computes totals and checks amounts with it, so 0.1 + 0.2 is 0.3 and a total always equals its lines.
// Small on purpose: add, subtract, multiply, divide rounded half-up, compare, and text in and out.

export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** A number or numeric text as an exact decimal; undefined for anything else (empty text, NaN, objects). */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'bigint') return { units: value, scale: 0 };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // A number's shortest round-trip text is the decimal the author wrote (0.1 stays 0.1).
    return toDecimal(Math.abs(value) < 1e21 ? String(value) : undefined);
  }
  if (typeof value !== 'string') return undefined;
  const match = DECIMAL_TEXT.exec(value.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

export function isDecimalText(value: string): boolean {
  return DECIMAL_TEXT.test(value.trim());
}

function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return { units: x + y, scale };
}

export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return { units: x - y, scale };
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** a / b rounded half-up to `scale` places (default 10); undefined when b is zero. */
export function divideDecimal(a: Decimal, b: Decimal, scale = 10): Decimal | undefined {
  if (b.units === 0n) return undefined;
  // a.units/10^a.scale ÷ b.units/10^b.scale, kept at scale+1 places, then rounded.
  const numerator = a.units * 10n ** BigInt(scale + 1 + b.scale);
  const denominator = b.units * 10n ** BigInt(a.scale);
  return roundDecimal({ units: numerator / denominator, scale: scale + 1 }, scale);
}

/** Rounded half-up (away from zero on .5) to `places` decimals. */
export function roundDecimal(value: Decimal, places: number): Decimal {
  if (value.scale <= places) return { units: value.units * 10n ** BigInt(places - value.scale), scale: places };
  const factor = 10n ** BigInt(value.scale - places);
  const quotient = value.units / factor;
  const remainder = value.units % factor;
  const half = remainder < 0n ? -remainder * 2n >= factor : remainder * 2n >= factor;
  return { units: half ? quotient + (value.units < 0n ? -1n : 1n) : quotient, scale: places };
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The digits before the point (a sign not counted): what a numeric(p, s) column's p - s limits. */
export function integerDigits(value: Decimal): number {
  const whole = (value.units < 0n ? -value.units : value.units) / 10n ** BigInt(value.scale);
  return whole === 0n ? 0 : whole.toString().length;
}

/** Places after the point that are not trailing zeros (12.50 has 1). */
export function significantScale(value: Decimal): number {
  let { units, scale } = value;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return scale;
}

/** Text with exactly `places` decimals when given (money: 2), else as many as the value holds. */
export function decimalText(value: Decimal, places?: number): string {
  const { units, scale } = places === undefined ? value : roundDecimal(value, places);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

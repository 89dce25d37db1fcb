// The monthly payment of a car loan in equal instalments (等额本息), as the quotation's finance plan shows it:
// M = P·r / (1 − (1 + r)^−n), r the monthly rate (the annual percentage ÷ 1200), rounded half-up to the cent.
// Computed as one exact fraction of bigints, never in floats or a rounded power: r = A / D with A the rate's units and
// D = 1200·10^scale, so M = P·A·(D + A)^n / (D·((D + A)^n − D^n)), and only the final division rounds. A zero rate
// is the principal over the months.
import type { Decimal } from '../../schemas/expression/decimal';

/** Half-up division of two bigints (the numerator and denominator are positive here, a sign is kept anyway). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/**
 * The monthly instalment, in yuan with two places, of `principal` yuan over `months` at `annualRatePercent` % a year
 * (e.g. 3.85 for 3.85%).
 */
export function monthlyInstalment(principal: Decimal, annualRatePercent: Decimal, months: number): Decimal {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError(`months must be a positive integer: ${months}`);
  // The principal in fen, at an exact scale of 2 (a third decimal place would not be money).
  const fen = principal.scale <= 2 ? principal.units * 10n ** BigInt(2 - principal.scale) : divideHalfUp(principal.units, 10n ** BigInt(principal.scale - 2));
  const n = BigInt(months);
  if (annualRatePercent.units === 0n) return { units: divideHalfUp(fen, n), scale: 2 };
  const a = annualRatePercent.units;
  const d = 1200n * 10n ** BigInt(annualRatePercent.scale);
  const grown = (d + a) ** n;
  return { units: divideHalfUp(fen * a * grown, d * (grown - d ** n)), scale: 2 };
}

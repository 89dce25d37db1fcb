// Money as the finance hooks handle it: exact decimals from the drivers' numeric text (never a JS float), yuan with two
// places on the way out.
import { decimalText, toDecimal, type Decimal } from '../../schemas/expression/decimal';

export const ZERO: Decimal = { units: 0n, scale: 2 };

/** A stored or sent amount as an exact decimal; blank or unreadable is zero (callers check presence first). */
export const money = (value: unknown): Decimal => toDecimal(value) ?? ZERO;

/** Yuan with two places: what a numeric(14,2) parameter and a message take. */
export const yuan = (value: Decimal): string => decimalText(value, 2);

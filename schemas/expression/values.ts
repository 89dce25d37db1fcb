// How the expression language treats values: arithmetic on numbers (screens) or exact decimals (the server's computed
// fields and guards), loose equality of codes, ordering. Shared by the evaluator and the function library.
import { addDecimal, compareDecimal, decimalText, divideDecimal, multiplyDecimal, subtractDecimal, toDecimal } from './decimal';

export type ArithmeticOperator = '+' | '-' | '*' | '/';
export type OrderOperator = '>' | '>=' | '<' | '<=';

// Arithmetic on something that is not a number (an empty field, text) answers null, never NaN or a concatenation.
export function arithmetic(operator: ArithmeticOperator, left: unknown, right: unknown, exact: boolean): unknown {
  if (exact) {
    const a = toDecimal(left);
    const b = toDecimal(right);
    if (!a || !b) return null;
    const result = operator === '+' ? addDecimal(a, b) : operator === '-' ? subtractDecimal(a, b) : operator === '*' ? multiplyDecimal(a, b) : divideDecimal(a, b);
    return result ? decimalText(result) : null;
  }
  const a = numeric(left);
  const b = numeric(right);
  if (a === undefined || b === undefined) return null;
  if (operator === '/') return b === 0 ? null : a / b;
  return operator === '+' ? a + b : operator === '-' ? a - b : a * b;
}

export function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** -1, 0 or 1; undefined when the two cannot be ordered (an empty value, text against a number that is not one). */
export function order(left: unknown, right: unknown, exact: boolean): -1 | 0 | 1 | undefined {
  // Exact mode orders numbers and numeric text as decimals: '12.50' > '9' holds, unlike as text.
  if (exact) {
    const a = toDecimal(left);
    const b = toDecimal(right);
    if (a && b) return compareDecimal(a, b);
  }
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  if (left === null || right === null) return undefined;
  const a = Number(left);
  const b = Number(right);
  if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compare(operator: OrderOperator, left: unknown, right: unknown, exact: boolean): boolean {
  const result = order(left, right, exact);
  if (result === undefined) return false;
  return operator === '>' ? result > 0 : operator === '>=' ? result >= 0 : operator === '<' ? result < 0 : result <= 0;
}

// Codes travel as text but may be typed as numbers in a screen: '80211001' == 80211001 holds.
export function looselyEqual(left: unknown, right: unknown): boolean {
  if (typeof left === 'number' && typeof right === 'string') return right.trim() !== '' && left === Number(right);
  if (typeof left === 'string' && typeof right === 'number') return left.trim() !== '' && Number(left) === right;
  if (left === undefined) return right === undefined || right === null;
  if (right === undefined) return left === null;
  return left === right;
}

// Only an object's own data is reachable: row.constructor or form.__proto__ read as undefined.
export function ownProperty(target: unknown, key: unknown): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const name = String(key);
  return Object.hasOwn(target, name) ? (target as Record<string, unknown>)[name] : undefined;
}

/** A value as it reads inside a text: nothing for an empty value, lists joined with 、. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join('、');
  if (typeof value === 'object') return '';
  return String(value);
}

// The expression language's fixed function library: nothing else can be called from a screen or a model. Each
// function takes already-evaluated arguments (`if` is the exception: the evaluator evaluates only the branch it takes).
import { decimalText, roundDecimal, toDecimal } from './decimal';
import { addDaysTo, dateDifference, DATE_PATTERN, DATETIME_PATTERN, formatWallTime, isDateUnit, wallTime, wallTimeOf } from './dates';
import { arithmetic, numeric, order, ownProperty, textOf } from './values';

/** Each function's [fewest, most] arguments; Infinity for a list of any length. */
export const FUNCTIONS = {
  if: [3, 3],
  sum: [1, 2],
  count: [1, 1],
  round: [1, 2],
  abs: [1, 1],
  min: [1, Infinity],
  max: [1, Infinity],
  len: [1, 1],
  contains: [2, 2],
  today: [0, 0],
  now: [0, 0],
  dateDiff: [2, 3],
  addDays: [2, 2],
  format: [2, 2],
} as const satisfies Record<string, readonly [number, number]>;

export type FunctionName = keyof typeof FUNCTIONS;

export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as FunctionName[];

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(FUNCTIONS, name);
}

/** The arity in words for a parse error: 2 个参数, 1 到 2 个参数, 至少 1 个参数. */
export function arityText(name: FunctionName): string {
  const [fewest, most] = FUNCTIONS[name];
  if (fewest === most) return `${fewest} 个参数`;
  if (most === Infinity) return `至少 ${fewest} 个参数`;
  return `${fewest} 到 ${most} 个参数`;
}

export interface CallContext {
  exact: boolean;
  /** The clock of today() and now(); tests and the server pass theirs. */
  now: () => Date;
}

export function callFunction(name: Exclude<FunctionName, 'if'>, args: unknown[], context: CallContext): unknown {
  const { exact } = context;
  switch (name) {
    case 'count':
      return Array.isArray(args[0]) ? args[0].length : 0;
    case 'sum': {
      const [list, field] = args;
      const zero = exact ? '0' : 0;
      if (!Array.isArray(list)) return zero;
      // An empty amount on a line counts as nothing, so a half-typed line does not blank the total.
      return list.reduce<unknown>((total, item) => arithmetic('+', total, (typeof field === 'string' ? ownProperty(item, field) : item) ?? 0, exact) ?? total, zero);
    }
    case 'round': {
      const [value, places] = args;
      const digits = typeof places === 'number' && Number.isInteger(places) && places >= 0 && places <= 12 ? places : 0;
      const d = toDecimal(exact ? value : numeric(value));
      if (!d) return null;
      const text = decimalText(roundDecimal(d, digits));
      return exact ? text : Number(text);
    }
    case 'abs': {
      const d = toDecimal(exact ? args[0] : numeric(args[0]));
      if (!d) return null;
      const text = decimalText({ units: d.units < 0n ? -d.units : d.units, scale: d.scale });
      return exact ? text : Number(text);
    }
    case 'min':
    case 'max':
      return extreme(name, args.length === 1 && Array.isArray(args[0]) ? args[0] : args, exact);
    case 'len':
      return typeof args[0] === 'string' || Array.isArray(args[0]) ? args[0].length : 0;
    case 'contains': {
      const [haystack, needle] = args;
      if (typeof haystack === 'string') return needle !== null && needle !== undefined && haystack.includes(textOf(needle));
      return Array.isArray(haystack) && haystack.some((item) => item === needle || textOf(item) === textOf(needle));
    }
    case 'today':
      return formatWallTime(wallTimeOf(context.now()), DATE_PATTERN);
    case 'now':
      return formatWallTime(wallTimeOf(context.now()), DATETIME_PATTERN);
    case 'dateDiff': {
      const [from, to, unit] = args;
      return dateDifference(from, to, unit === undefined ? 'day' : isDateUnit(unit) ? unit : 'day');
    }
    case 'addDays': {
      const days = numeric(args[1]);
      return days === undefined ? null : addDaysTo(args[0], days);
    }
    case 'format':
      return format(args[0], args[1]);
  }
}

// Empty values are skipped: the least of the lines typed so far.
function extreme(name: 'min' | 'max', values: unknown[], exact: boolean): unknown {
  let best: unknown = null;
  for (const value of values) {
    if (value === null || value === undefined || value === '') continue;
    const ordered = best === null ? undefined : order(value, best, exact);
    if (best === null || (ordered !== undefined && (name === 'min' ? ordered < 0 : ordered > 0))) best = value;
  }
  return best;
}

/**
 * Numbers by a pattern of 0s (fixed places) with an optional thousands comma ('#,##0.00'); dates and moments by
 * YYYY MM DD HH mm ss; anything else as its text.
 */
function format(value: unknown, pattern: unknown): string {
  if (typeof pattern !== 'string') return textOf(value);
  if (/YYYY|MM|DD|HH|mm|ss/.test(pattern)) {
    const time = wallTime(value);
    return time ? formatWallTime(time.ms, pattern) : textOf(value);
  }
  const places = /\.(0+)$/.exec(pattern)?.[1]?.length ?? 0;
  if (!/^[#0,]*0(\.0+)?$/.test(pattern)) return textOf(value);
  const d = toDecimal(typeof value === 'number' ? value : numeric(value) === undefined ? undefined : value);
  if (!d) return textOf(value);
  const text = decimalText(roundDecimal(d, places));
  if (!pattern.includes(',')) return text;
  const [whole = '', fraction] = text.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

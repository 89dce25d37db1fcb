// What may be typed into a number: the editable number cell (building-blocks §5) and the number-range header filter.
// Typing is checked keystroke by keystroke, so the intermediate states on the way to a valid number ('', '-', '12.')
// must pass; the final value is settled when the edit is committed.

export interface NumberRules {
  /** Decimal places allowed; 0 forbids the decimal point. */
  precision?: number;
  min?: number;
  max?: number;
}

const CELL_NUMBER = /^(-)?\d+(\.(\d*))?$/;

/** Whether an editable number cell may show this text: an optional minus, digits and optional decimals within the rules. */
export function acceptsNumberCellInput(text: string, rules: NumberRules): boolean {
  if (text === '') return true;
  const minusAllowed = rules.min === undefined || rules.min < 0;
  if (text === '-') return minusAllowed;
  const match = CELL_NUMBER.exec(text);
  if (!match) return false;
  if (match[1] && !minusAllowed) return false;
  if (match[2] !== undefined) {
    if (rules.precision === 0) return false;
    if (rules.precision !== undefined && match[3]!.length > rules.precision) return false;
  }
  const value = Number(text);
  // More digits move a number away from zero: a positive number above max (or a negative one below min) can only get
  // worse, while a small positive number may still grow past a positive min (typing 50 passes through 5).
  if (rules.max !== undefined && value > rules.max && value >= 0) return false;
  if (rules.min !== undefined && value < rules.min && value < 0) return false;
  return true;
}

/** The committed value of a number cell: empty is null, and a value still outside min or max is brought to the bound. */
export function settleNumberCell(text: string, rules: NumberRules): number | null {
  if (text === '' || text === '-') return null;
  let value = Number(text);
  if (!Number.isFinite(value)) return null;
  if (rules.min !== undefined && value < rules.min) value = rules.min;
  if (rules.max !== undefined && value > rules.max) value = rules.max;
  return value;
}

const RANGE_NUMBER = /^-?(0|[1-9]\d*)(\.\d*)?$/;

/** The number-range filter accepts empty, a lone '-', or an optional minus, an integer without leading zeros and decimals. */
export function acceptsRangeFilterInput(text: string): boolean {
  return text === '' || text === '-' || RANGE_NUMBER.test(text);
}

export type NumberRange = [number | undefined, number | undefined];

/** A start above the end (or an end below the start) swaps the two, so the range always reads low to high. */
export function orderedRange([start, end]: NumberRange): NumberRange {
  return start !== undefined && end !== undefined && start > end ? [end, start] : [start, end];
}

/** Filter text to a number: empty, '-' and an unfinished '12.' read as nothing or as the number so far. */
export function rangeBound(text: string): number | undefined {
  if (text === '' || text === '-') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

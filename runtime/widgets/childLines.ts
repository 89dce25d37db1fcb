// The child lines of a form (field type child-lines): what a line shows beside what was typed (its computed columns),
// the totals under the table, and the per-cell checks. The form holds the lines as typed; computed values are for
// display only: the server computes and saves its own (the model's compute). Both evaluate in exact decimals, so the
// figure shown while typing is the figure saved (0.3 × 33.33 is 10.00 on both sides, never a float's 9.99).
import { decimalText, roundDecimal, toDecimal } from '../../schemas/expression/decimal';
import { evaluateExpression } from '../../schemas/expression/expression';
import { TEXT } from '../../schemas/text/zh';
import type { ChildLines, LineColumn } from '../../schemas/screen/screen.types';
import { NUMBER_DEFAULTS } from './NumberInput';

export type Line = Record<string, unknown>;

const computedCache = new WeakMap<Line, Line>();

/**
 * The line with its computed columns filled in. Cached per line object: a keystroke makes a new object for the one
 * line it changes, so the other lines are not evaluated again.
 */
export function computedLine(line: Line, columns: LineColumn[]): Line {
  let done = computedCache.get(line);
  if (!done) {
    done = { ...line };
    for (const column of columns) {
      if (column.compute === undefined) continue;
      done[column.name] = evaluateExpression(column.compute, done, { exact: true });
    }
    computedCache.set(line, done);
  }
  return done;
}

export function totalValue(expression: string, lines: Line[], columns: LineColumn[], form: Record<string, unknown>): unknown {
  return evaluateExpression(expression, { lines: lines.map((line) => computedLine(line, columns)), form }, { exact: true });
}

/** A computed value or total as shown: decimals to `precision` places (grouped by thousands in totals), the rest as is. */
export function displayValue(value: unknown, precision: number | undefined, grouped = false): string {
  if (value === null || value === undefined || value === '') return '';
  const decimal = precision === undefined ? undefined : toDecimal(value);
  if (!decimal || precision === undefined) return String(value);
  const text = decimalText(roundDecimal(decimal, precision));
  if (!grouped) return text;
  const [whole = '', fraction] = text.split('.');
  const grouping = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouping : `${grouping}.${fraction}`;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** What a cell shows as text: a choice's text (select and read-only columns with options), else the value. */
export function cellText(column: LineColumn, value: unknown): string {
  const option = column.options?.find((o) => String(o.value) === String(value));
  return option ? option.text : displayValue(value, undefined);
}

/** The problem of one cell, without the row number; undefined when it is fine. Computed and read-only cells are never wrong. */
export function cellProblem(column: LineColumn, value: unknown): string | undefined {
  if (column.compute !== undefined || column.readOnly) return undefined;
  if (blank(value)) return column.required ? TEXT.lines.required(column.title) : undefined;
  if (column.type === 'number') {
    const text = String(value);
    if (!/^-?\d+(\.\d+)?$/.test(text)) return TEXT.lines.notNumber(column.title);
    const n = Number(text);
    const min = column.min ?? NUMBER_DEFAULTS.min;
    const max = column.max ?? NUMBER_DEFAULTS.max;
    if (n < min) return TEXT.lines.belowMin(column.title, min);
    if (n > max) return TEXT.lines.aboveMax(column.title, max);
    const places = text.split('.')[1]?.length ?? 0;
    if (column.precision !== undefined && places > column.precision) return TEXT.lines.tooManyPlaces(column.title, column.precision);
    return undefined;
  }
  // A column whose options come from a request (a dealer's technicians) has none here: the server checks its value.
  if (column.type === 'select' && column.request === undefined && !(column.options ?? []).some((o) => String(o.value) === String(value))) return TEXT.lines.notAnOption(column.title);
  if (column.maxlength !== undefined && String(value).length > column.maxlength) return TEXT.lines.tooLong(column.title, column.maxlength);
  return undefined;
}

/** The first problem of the lines as one message (第2行：工时不能为空), for the form's error under the field. */
export function linesProblem(lines: unknown, spec: ChildLines): string | undefined {
  if (!Array.isArray(lines)) return undefined;
  const max = spec.maxRows ?? 1000;
  if (lines.length > max) return TEXT.lines.tooMany(max);
  for (const [i, line] of lines.entries()) {
    for (const column of spec.columns) {
      const problem = cellProblem(column, (line as Line)[column.name]);
      if (problem) return TEXT.lines.atLine(i + 1, problem);
    }
  }
  return undefined;
}

/** A copy to add as a new line: the stored line's identity (id, number, parent) stays behind. */
export function copyOfLine(line: Line): Line {
  const { id: _id, lineNo: _lineNo, parentId: _parentId, ...rest } = line;
  return rest;
}

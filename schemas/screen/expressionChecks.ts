// Every expression and text template a screen holds, checked where it is written: a parse error is reported in Chinese
// at its JSON path (/dialogs/edit/form/fields/3/required); a column's editable condition is checked with the table (./tableChecks.ts), so an author never meets it at run time.
import { namesRead, parseExpression } from '../expression/expression';
import { parseTemplate } from '../expression/template';
import type { Action, Field } from './screen.types';

export type ReportProblem = (path: string, message: string) => void;

export function checkExpressionAt(path: string, source: unknown, report: ReportProblem): void {
  if (typeof source !== 'string') return;
  try {
    parseExpression(source);
  } catch (error) {
    report(path, `表达式有误：${(error as Error).message}`);
  }
}

export function checkTemplateAt(path: string, text: unknown, report: ReportProblem): void {
  if (typeof text !== 'string') return;
  try {
    parseTemplate(text);
  } catch (error) {
    report(path, `文字模板有误：${(error as Error).message}`);
  }
}

/** A field's conditions (hidden, disabled, required), its change effects, and a child-lines field's computed columns and totals. */
export function checkFieldExpressions(path: string, field: Field, report: ReportProblem): void {
  checkExpressionAt(`${path}/hidden`, field.hidden, report);
  checkExpressionAt(`${path}/disabled`, field.disabled, report);
  checkExpressionAt(`${path}/required`, field.required, report);
  field.change?.forEach((effect, i) => {
    checkExpressionAt(`${path}/change/${i}/when`, effect.when, report);
    for (const [name, source] of Object.entries(effect.set ?? {})) checkExpressionAt(`${path}/change/${i}/set/${name}`, source, report);
  });
  field.lines?.columns.forEach((column, i) => checkExpressionAt(`${path}/lines/columns/${i}/compute`, column.compute, report));
  field.lines?.totals?.forEach((total, i) => checkExpressionAt(`${path}/lines/totals/${i}/value`, total.value, report));
}

/** The messages an action shows (templates) and a navigation's parameters (expressions), down its `then` chain. */
export function checkActionTemplates(path: string, action: Action, report: ReportProblem): void {
  checkTemplateAt(`${path}/message`, action.message, report);
  checkTemplateAt(`${path}/successMessage`, action.successMessage, report);
  checkTemplateAt(`${path}/rowLabel`, action.rowLabel, report);
  for (const [name, source] of Object.entries(action.params ?? {})) checkExpressionAt(`${path}/params/${name}`, source, report);
  if (action.then) checkActionTemplates(`${path}/then`, action.then, report);
}

/**
 * What a screen-level condition (a column's, a block's or a tab's visible, a tab's disabled) may read: the submitted
 * filter values, the signed-in user and the parameters the screen was opened with. Rows and forms are not there.
 */
export const SCREEN_CONTEXT_NAMES: readonly string[] = ['filter', 'user', 'params'];

/** What a record page tab's visible and disabled conditions read: the record shown, the user and the page's parameters. */
export const RECORD_TAB_CONTEXT_NAMES: readonly string[] = ['record', 'user', 'params'];

/**
 * Where a button sits decides what its disabled condition and reason read besides the screen's context: a toolbar
 * button the table's selection, a row action its row, a record page's header button the record (as `row`, the name its
 * visible condition already uses there).
 */
export type ButtonPlace = 'toolbar' | 'row' | 'record';
export const BUTTON_CONTEXT_NAMES: Readonly<Record<ButtonPlace, readonly string[]>> = {
  toolbar: ['selection', ...SCREEN_CONTEXT_NAMES],
  row: ['row', ...SCREEN_CONTEXT_NAMES],
  record: ['row', ...SCREEN_CONTEXT_NAMES],
};

export function checkContextConditionAt(path: string, source: unknown, report: ReportProblem): void {
  checkConditionReadingAt(path, source, SCREEN_CONTEXT_NAMES, report);
}

/** A condition that parses and reads only the given names (a name it reads that is not there would always be empty). */
export function checkConditionReadingAt(path: string, source: unknown, names: readonly string[], report: ReportProblem): void {
  if (typeof source !== 'string') return;
  let node;
  try {
    node = parseExpression(source);
  } catch (error) {
    report(path, `表达式有误：${(error as Error).message}`);
    return;
  }
  reportUnknownNames(path, namesRead(node), names, report);
}

/** A text template that parses and whose ${} parts read only the given names. */
export function checkTemplateReadingAt(path: string, text: unknown, names: readonly string[], report: ReportProblem): void {
  if (typeof text !== 'string') return;
  let parts;
  try {
    parts = parseTemplate(text);
  } catch (error) {
    report(path, `文字模板有误：${(error as Error).message}`);
    return;
  }
  reportUnknownNames(path, parts.flatMap((part) => (typeof part === 'string' ? [] : namesRead(part))), names, report);
}

function reportUnknownNames(path: string, read: readonly string[], names: readonly string[], report: ReportProblem): void {
  const unknown = [...new Set(read)].filter((name) => !names.includes(name));
  if (unknown.length > 0) report(path, `表达式只能读取 ${names.join('、')}，不能读取：${unknown.join('、')}`);
}

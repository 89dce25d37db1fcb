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

export function checkContextConditionAt(path: string, source: unknown, report: ReportProblem): void {
  if (typeof source !== 'string') return;
  let node;
  try {
    node = parseExpression(source);
  } catch (error) {
    report(path, `表达式有误：${(error as Error).message}`);
    return;
  }
  const unknown = [...new Set(namesRead(node))].filter((name) => !SCREEN_CONTEXT_NAMES.includes(name));
  if (unknown.length > 0) report(path, `表达式只能读取 ${SCREEN_CONTEXT_NAMES.join('、')}，不能读取：${unknown.join('、')}`);
}

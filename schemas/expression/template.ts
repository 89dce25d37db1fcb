// Messages and titles with ${} parts ('已选择 ${count(selection)} 条', '工单 ${roNo}'): the same language as
// expressions, parsed once per distinct text; text without ${ is returned as it is.
import { evaluateNode, ExpressionError, templateParts, type EvaluateOptions, type ExpressionNode, type ExpressionScope } from './expression';
import { textOf } from './values';

const cache = new Map<string, (string | ExpressionNode)[]>();

/** Throws ExpressionError (Chinese, with the position in the text) when a ${} part does not parse. */
export function parseTemplate(text: string): (string | ExpressionNode)[] {
  let parts = cache.get(text);
  if (!parts) {
    parts = text.includes('${') ? templateParts(text) : [text];
    cache.set(text, parts);
  }
  return parts;
}

export function renderTemplate(text: string, scope: ExpressionScope, options: EvaluateOptions = {}): string {
  return parseTemplate(text)
    .map((part) => (typeof part === 'string' ? part : textOf(evaluateNode(part, scope, options))))
    .join('');
}

export { ExpressionError };

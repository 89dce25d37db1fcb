// Completion of the expression library's function names inside the strings of a screen that are expressions (a
// condition, a computed column) or text templates (inside their ${}), which the screen schema's own completion cannot
// offer: to JSON a condition is any string. Which strings those are is read from the schema (./expressionPositions.ts);
// the names and their arity from the library (schemas/expression/functions.ts), so a function added there is offered.
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../schemas/expression/functions';
import { expressionKindAt } from './expressionPositions';
import { jsonStringAt } from './jsonLocations';
import { EDITOR_TEXT } from './text';

export interface FunctionSuggestion {
  name: FunctionName;
  /** A snippet: the name and its parentheses, the cursor between them ($0) when it takes arguments. */
  snippet: string;
  signature: string;
  description: string;
}

export interface ExpressionCompletion {
  /** The offsets of the name being typed, which a suggestion replaces. */
  from: number;
  to: number;
  suggestions: FunctionSuggestion[];
}

const NAME_BEFORE = /[A-Za-z_][A-Za-z0-9_]*$/;

/** The expression text before the cursor, or undefined when the cursor is not where an expression is written. */
function expressionBefore(raw: string, kind: 'expression' | 'template'): string | undefined {
  if (kind === 'expression') return raw;
  // In a template only inside a ${ } not yet closed.
  const open = raw.lastIndexOf('${');
  if (open < 0 || raw.indexOf('}', open) >= 0) return undefined;
  return raw.slice(open + 2);
}

/** Whether the cursor is inside a quoted text of the expression ('80211003', or \"…\" as JSON escapes it). */
function insideText(expression: string): boolean {
  const single = (expression.match(/'/g) ?? []).length;
  const double = (expression.match(/\\"/g) ?? []).length;
  return single % 2 === 1 || double % 2 === 1;
}

export function suggestion(name: FunctionName): FunctionSuggestion {
  const [signature, description] = EDITOR_TEXT.expressionFunctions[name];
  return { name, snippet: FUNCTIONS[name][1] === 0 ? `${name}()` : `${name}($0)`, signature, description };
}

/** The function names to offer at the offset of a screen's JSON text, or undefined when the cursor is in no expression. */
export function expressionCompletionAt(text: string, offset: number, schema: object): ExpressionCompletion | undefined {
  const string = jsonStringAt(text, offset);
  if (!string) return undefined;
  const kind = expressionKindAt(schema, string.pointer);
  if (!kind) return undefined;
  const expression = expressionBefore(text.slice(string.span.start + 1, offset), kind);
  if (expression === undefined || insideText(expression)) return undefined;
  const typed = NAME_BEFORE.exec(expression)?.[0] ?? '';
  const before = expression.slice(0, expression.length - typed.length);
  // After a dot the name is a member (row.status), and right after a digit it is no name at all.
  if (/[.\d]$/.test(before)) return undefined;
  const suggestions = FUNCTION_NAMES.filter((name) => name.startsWith(typed)).map(suggestion);
  return { from: offset - typed.length, to: offset, suggestions };
}

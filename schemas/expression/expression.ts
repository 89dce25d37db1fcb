// A small expression language for screens (visible, disabled, required, computed columns, messages) and models
// (computed fields, transition guards), evaluated by walking a parsed tree: no eval and no new Function, so screens run
// under a strict Content-Security-Policy and a screen author cannot run code. Grammar: literals ('text', "text", 12.5,
// true, false, null, [a, b]), string templates (`工单 ${roNo}`), names with member access (row.status, form['vin']),
// arithmetic (+ - * / and unary -), comparison (== != > >= < <=), membership (x in [a, b]), logic (! && ||),
// parentheses, and the fixed library of ./functions.ts (if, sum, count, round, abs, min, max, len, contains, today, now,
// dateDiff, addDays, format).
// Models' computed fields and transition guards use the same language on the server in exact mode: numbers and numeric
// text are decimals there (schemas/expression/decimal.ts), so a computed total is exact; screens evaluate with numbers.
import { arityText, callFunction, FUNCTION_NAMES, FUNCTIONS, isFunctionName, type FunctionName } from './functions';
import { arithmetic, compare, looselyEqual, ownProperty, textOf } from './values';

export class ExpressionError extends Error {}

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: Node; property: Node }
  | { kind: 'list'; items: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { kind: 'call'; name: FunctionName; args: Node[] }
  | { kind: 'template'; parts: (string | Node)[] };

type BinaryOperator = '||' | '&&' | '==' | '!=' | '>' | '>=' | '<' | '<=' | 'in' | '+' | '-' | '*' | '/';

/** The parsed form of an expression, for checks that walk it (which names a model's expression reads). */
export type ExpressionNode = Node;

interface Token {
  type: 'number' | 'string' | 'name' | 'punct' | 'template';
  value: string;
  at: number;
  /** A template's parts: text, or an embedded expression already parsed. */
  parts?: (string | Node)[];
}

const PUNCTUATION = ['==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '(', ')', '[', ']', '.', ',', '+', '-', '*', '/'];

// `base` is where the source starts in the text the author wrote, so positions inside a template's ${} are theirs.
function tokenize(source: string, base = 0): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '`') {
      const end = templateEnd(source, i + 1, base);
      tokens.push({ type: 'template', value: '`', at: base + i, parts: templateParts(source.slice(i + 1, end), base + i + 1) });
      i = end + 1;
      continue;
    }
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== ch) {
        if (source[j] === '\\' && j + 1 < source.length) j++;
        text += source[j];
        j++;
      }
      if (j >= source.length) throw new ExpressionError(`字符串未结束（位置 ${base + i + 1}）`);
      tokens.push({ type: 'string', value: text, at: base + i });
      i = j + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(i));
    if (number && (ch !== '-' || !isOperand(tokens[tokens.length - 1]))) {
      tokens.push({ type: 'number', value: number[0], at: base + i });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(i));
    if (name) {
      tokens.push({ type: 'name', value: name[0], at: base + i });
      i += name[0].length;
      continue;
    }
    const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
    if (!punct) throw new ExpressionError(`无法识别的字符 ${ch}（位置 ${base + i + 1}）`);
    tokens.push({ type: 'punct', value: punct, at: base + i });
    i += punct.length;
  }
  return tokens;
}

// The closing backtick of a template opened before `from`: backticks inside ${} (in nested strings) do not close it.
function templateEnd(source: string, from: number, base: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let j = from; j < source.length; j++) {
    const ch = source[j]!;
    if (quote) {
      if (ch === '\\') j++;
      else if (ch === quote) quote = undefined;
    } else if (depth > 0 && (ch === "'" || ch === '"')) quote = ch;
    else if (ch === '\\') j++;
    else if (ch === '$' && source[j + 1] === '{') {
      depth++;
      j++;
    } else if (ch === '{' && depth > 0) depth++;
    else if (ch === '}' && depth > 0) depth--;
    else if (ch === '`' && depth === 0) return j;
  }
  throw new ExpressionError(`模板字符串未结束（位置 ${base + from}）`);
}

/** Splits template text (a message, or what is between backticks) into literal text and parsed ${} expressions. */
export function templateParts(text: string, base = 0): (string | Node)[] {
  const parts: (string | Node)[] = [];
  let literal = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      literal += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '$' && text[i + 1] === '{') {
      const close = closingBrace(text, i + 2);
      if (close < 0) throw new ExpressionError(`\${ 未闭合（位置 ${base + i + 1}）`);
      if (literal) parts.push(literal);
      literal = '';
      const inner = text.slice(i + 2, close);
      if (inner.trim() === '') throw new ExpressionError(`\${} 中缺少表达式（位置 ${base + i + 1}）`);
      parts.push(new Parser(tokenize(inner, base + i + 2), inner).parse());
      i = close + 1;
      continue;
    }
    literal += ch;
    i++;
  }
  if (literal) parts.push(literal);
  return parts;
}

function closingBrace(text: string, from: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let j = from; j < text.length; j++) {
    const ch = text[j]!;
    if (quote) {
      if (ch === '\\') j++;
      else if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') {
      if (depth === 0) return j;
      depth--;
    }
  }
  return -1;
}

function isOperand(token: Token | undefined): boolean {
  return !!token && (token.type !== 'punct' || token.value === ')' || token.value === ']');
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[], private readonly source: string) {}

  parse(): Node {
    if (this.tokens.length === 0) throw new ExpressionError('表达式为空');
    const node = this.or();
    const rest = this.peek();
    if (rest) throw new ExpressionError(`多余的内容 ${rest.value}（位置 ${rest.at + 1}）`);
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private accept(value: string): boolean {
    const token = this.peek();
    if (token && (token.type === 'punct' || token.type === 'name') && token.value === value) {
      this.position++;
      return true;
    }
    return false;
  }

  private expect(value: string): void {
    if (!this.accept(value)) {
      const token = this.peek();
      throw new ExpressionError(token ? `此处应为 ${value}（位置 ${token.at + 1}）` : `表达式不完整，缺少 ${value}`);
    }
  }

  private or(): Node {
    let left = this.and();
    while (this.accept('||')) left = { kind: 'binary', operator: '||', left, right: this.and() };
    return left;
  }

  private and(): Node {
    let left = this.comparison();
    while (this.accept('&&')) left = { kind: 'binary', operator: '&&', left, right: this.comparison() };
    return left;
  }

  private comparison(): Node {
    const left = this.additive();
    for (const operator of ['==', '!=', '>=', '<=', '>', '<', 'in'] as const) {
      if (this.accept(operator)) return { kind: 'binary', operator, left, right: this.additive() };
    }
    return left;
  }

  private additive(): Node {
    let left = this.multiplicative();
    for (;;) {
      const operator = this.accept('+') ? '+' : this.accept('-') ? '-' : undefined;
      if (!operator) return left;
      left = { kind: 'binary', operator, left, right: this.multiplicative() };
    }
  }

  private multiplicative(): Node {
    let left = this.unary();
    for (;;) {
      const operator = this.accept('*') ? '*' : this.accept('/') ? '/' : undefined;
      if (!operator) return left;
      left = { kind: 'binary', operator, left, right: this.unary() };
    }
  }

  private unary(): Node {
    if (this.accept('!')) return { kind: 'not', operand: this.unary() };
    if (this.accept('-')) return { kind: 'binary', operator: '-', left: { kind: 'literal', value: 0 }, right: this.unary() };
    return this.postfix(this.primary());
  }

  private postfix(start: Node): Node {
    let node = start;
    for (;;) {
      if (this.accept('.')) {
        const token = this.peek();
        if (token?.type !== 'name') throw new ExpressionError(`. 之后应为属性名（位置 ${(token?.at ?? this.source.length) + 1}）`);
        this.position++;
        node = { kind: 'member', object: node, property: { kind: 'literal', value: token.value } };
      } else if (this.accept('[')) {
        const property = this.or();
        this.expect(']');
        node = { kind: 'member', object: node, property };
      } else {
        return node;
      }
    }
  }

  private primary(): Node {
    const token = this.peek();
    if (!token) throw new ExpressionError('表达式不完整');
    this.position++;
    if (token.type === 'number') return { kind: 'literal', value: Number(token.value) };
    if (token.type === 'string') return { kind: 'literal', value: token.value };
    if (token.type === 'template') return { kind: 'template', parts: token.parts ?? [] };
    if (token.type === 'name') {
      if (token.value === 'true') return { kind: 'literal', value: true };
      if (token.value === 'false') return { kind: 'literal', value: false };
      if (token.value === 'null') return { kind: 'literal', value: null };
      if (this.peek()?.value === '(' && this.peek()?.type === 'punct') return this.call(token);
      return { kind: 'name', name: token.value };
    }
    if (token.value === '(') {
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    if (token.value === '[') {
      const items: Node[] = [];
      if (!this.accept(']')) {
        do items.push(this.or());
        while (this.accept(','));
        this.expect(']');
      }
      return { kind: 'list', items };
    }
    throw new ExpressionError(`此处不应出现 ${token.value}（位置 ${token.at + 1}）`);
  }

  private call(token: Token): Node {
    if (!isFunctionName(token.value)) throw new ExpressionError(`未知的函数 ${token.value}（位置 ${token.at + 1}），可用：${FUNCTION_NAMES.join('、')}`);
    const name = token.value;
    this.expect('(');
    const args: Node[] = [];
    if (!this.accept(')')) {
      do args.push(this.or());
      while (this.accept(','));
      this.expect(')');
    }
    const [fewest, most] = FUNCTIONS[name];
    if (args.length < fewest || args.length > most) throw new ExpressionError(`函数 ${name} 需要 ${arityText(name)}（位置 ${token.at + 1}）`);
    return { kind: 'call', name, args };
  }
}

const cache = new Map<string, Node>();

/** Parses once per distinct source; throws ExpressionError with a Chinese message on bad syntax. */
export function parseExpression(source: string): Node {
  let node = cache.get(source);
  if (!node) {
    node = new Parser(tokenize(source), source).parse();
    cache.set(source, node);
  }
  return node;
}

export type ExpressionScope = Record<string, unknown>;

export interface EvaluateOptions {
  /** Numbers and numeric text are exact decimals: arithmetic answers decimal text (the server's computed fields). */
  exact?: boolean;
  /** The clock of today() and now() (default: the machine's). */
  now?: () => Date;
}

interface Context {
  scope: ExpressionScope;
  exact: boolean;
  now: () => Date;
}

const systemClock = () => new Date();

export function evaluateExpression(source: string, scope: ExpressionScope, options: EvaluateOptions = {}): unknown {
  return evaluateNode(parseExpression(source), scope, options);
}

/** Evaluates an already parsed tree (a template's part, a tree a caller keeps). */
export function evaluateNode(node: Node, scope: ExpressionScope, options: EvaluateOptions = {}): unknown {
  return evaluate(node, { scope, exact: options.exact === true, now: options.now ?? systemClock });
}

/** The nodes directly under a node: for checks that walk a whole tree. */
export function childNodes(node: Node): Node[] {
  switch (node.kind) {
    case 'literal':
    case 'name':
      return [];
    case 'member':
      return [node.object, node.property];
    case 'list':
      return node.items;
    case 'not':
      return [node.operand];
    case 'binary':
      return [node.left, node.right];
    case 'call':
      return node.args;
    case 'template':
      return node.parts.filter((part): part is Node => typeof part !== 'string');
  }
}

/** Every name an expression reads at its top level (row.status reads row): what a model check compares to its fields. */
export function namesRead(node: Node): string[] {
  if (node.kind === 'name') return [node.name];
  // row['status'] reads row, and whatever the key expression reads; row.status's key is a literal.
  return childNodes(node).flatMap(namesRead);
}

/** Conditions in screens: a boolean, or an expression whose result is taken as true or false. */
export function evaluateCondition(condition: boolean | string | undefined, scope: ExpressionScope, fallback: boolean): boolean {
  if (condition === undefined) return fallback;
  if (typeof condition === 'boolean') return condition;
  return Boolean(evaluateExpression(condition, scope));
}

function evaluate(node: Node, context: Context): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name':
      return ownProperty(context.scope, node.name);
    case 'member':
      return ownProperty(evaluate(node.object, context), evaluate(node.property, context));
    case 'list':
      return node.items.map((item) => evaluate(item, context));
    case 'not':
      return !evaluate(node.operand, context);
    case 'binary':
      return binary(node.operator, node.left, node.right, context);
    case 'template':
      return node.parts.map((part) => (typeof part === 'string' ? part : textOf(evaluate(part, context)))).join('');
    case 'call':
      // Only the branch taken is evaluated: if(count(lines) > 0, total / count(lines), 0) never divides by zero.
      if (node.name === 'if') return evaluate(node.args[evaluate(node.args[0]!, context) ? 1 : 2]!, context);
      return callFunction(node.name, node.args.map((arg) => evaluate(arg, context)), context);
  }
}

function binary(operator: BinaryOperator, leftNode: Node, rightNode: Node, context: Context): unknown {
  if (operator === '&&') return evaluate(leftNode, context) && evaluate(rightNode, context);
  if (operator === '||') return evaluate(leftNode, context) || evaluate(rightNode, context);
  const left = evaluate(leftNode, context);
  const right = evaluate(rightNode, context);
  switch (operator) {
    case '+':
    case '-':
    case '*':
    case '/':
      return arithmetic(operator, left, right, context.exact);
    case '==':
      return looselyEqual(left, right);
    case '!=':
      return !looselyEqual(left, right);
    case 'in':
      return Array.isArray(right) && right.some((item) => looselyEqual(left, item));
    default:
      return compare(operator, left, right, context.exact);
  }
}

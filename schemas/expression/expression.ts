// A small expression language for screen conditions (visible, disabled), evaluated by walking a parsed tree:
// no eval and no new Function, so screens run under a strict Content-Security-Policy and a screen author cannot run
// code. Grammar: literals ('text', "text", 12.5, true, false, null, [a, b]), names with member access (row.status,
// form['vin']), arithmetic (+ - * /), the functions sum(list, 'field'), count(list) and round(x, places), comparison
// (== != > >= < <=), membership (x in [a, b]), logic (! && ||) and parentheses.
// Models' computed fields and transition guards use the same language on the server in exact mode: numbers and numeric
// text are decimals there (schemas/expression/decimal.ts), so a computed total is exact; screens evaluate with numbers.
import { addDecimal, compareDecimal, decimalText, divideDecimal, multiplyDecimal, roundDecimal, subtractDecimal, toDecimal, type Decimal } from './decimal';

export class ExpressionError extends Error {}

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: Node; property: Node }
  | { kind: 'list'; items: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node }
  | { kind: 'call'; name: FunctionName; args: Node[] };

type BinaryOperator = '||' | '&&' | '==' | '!=' | '>' | '>=' | '<' | '<=' | 'in' | '+' | '-' | '*' | '/';

const FUNCTIONS = { sum: 2, count: 1, round: 2 } as const;
type FunctionName = keyof typeof FUNCTIONS;

/** The parsed form of an expression, for checks that walk it (which names a model's expression reads). */
export type ExpressionNode = Node;

interface Token {
  type: 'number' | 'string' | 'name' | 'punct';
  value: string;
  at: number;
}

const PUNCTUATION = ['==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '(', ')', '[', ']', '.', ',', '+', '-', '*', '/'];

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
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
      if (j >= source.length) throw new ExpressionError(`字符串未结束（位置 ${i + 1}）`);
      tokens.push({ type: 'string', value: text, at: i });
      i = j + 1;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(i));
    if (number && (ch !== '-' || !isOperand(tokens[tokens.length - 1]))) {
      tokens.push({ type: 'number', value: number[0], at: i });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(i));
    if (name) {
      tokens.push({ type: 'name', value: name[0], at: i });
      i += name[0].length;
      continue;
    }
    const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
    if (!punct) throw new ExpressionError(`无法识别的字符 ${ch}（位置 ${i + 1}）`);
    tokens.push({ type: 'punct', value: punct, at: i });
    i += punct.length;
  }
  return tokens;
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
    if (!Object.hasOwn(FUNCTIONS, token.value)) throw new ExpressionError(`未知的函数 ${token.value}（位置 ${token.at + 1}），可用：sum、count、round`);
    const name = token.value as FunctionName;
    this.expect('(');
    const args: Node[] = [];
    if (!this.accept(')')) {
      do args.push(this.or());
      while (this.accept(','));
      this.expect(')');
    }
    if (args.length !== FUNCTIONS[name]) throw new ExpressionError(`函数 ${name} 需要 ${FUNCTIONS[name]} 个参数（位置 ${token.at + 1}）`);
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
}

export function evaluateExpression(source: string, scope: ExpressionScope, options: EvaluateOptions = {}): unknown {
  return evaluate(parseExpression(source), scope, options.exact === true);
}

/** Every name an expression reads at its top level (row.status reads row): what a model check compares to its fields. */
export function namesRead(node: Node): string[] {
  switch (node.kind) {
    case 'literal':
      return [];
    case 'name':
      return [node.name];
    case 'member':
      return namesRead(node.object);
    case 'list':
      return node.items.flatMap(namesRead);
    case 'not':
      return namesRead(node.operand);
    case 'binary':
      return [...namesRead(node.left), ...namesRead(node.right)];
    case 'call':
      return node.args.flatMap(namesRead);
  }
}

/** Conditions in screens: a boolean, or an expression whose result is taken as true or false. */
export function evaluateCondition(condition: boolean | string | undefined, scope: ExpressionScope, fallback: boolean): boolean {
  if (condition === undefined) return fallback;
  if (typeof condition === 'boolean') return condition;
  return Boolean(evaluateExpression(condition, scope));
}

function evaluate(node: Node, scope: ExpressionScope, exact: boolean): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name':
      return ownProperty(scope, node.name);
    case 'member':
      return ownProperty(evaluate(node.object, scope, exact), evaluate(node.property, scope, exact));
    case 'list':
      return node.items.map((item) => evaluate(item, scope, exact));
    case 'not':
      return !evaluate(node.operand, scope, exact);
    case 'binary':
      return binary(node.operator, node.left, node.right, scope, exact);
    case 'call':
      return call(node.name, node.args.map((arg) => evaluate(arg, scope, exact)), exact);
  }
}

// Arithmetic on something that is not a number (an empty field, text) answers null, never NaN or a concatenation.
function arithmetic(operator: '+' | '-' | '*' | '/', left: unknown, right: unknown, exact: boolean): unknown {
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

function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function call(name: FunctionName, args: unknown[], exact: boolean): unknown {
  switch (name) {
    case 'count':
      return Array.isArray(args[0]) ? args[0].length : 0;
    case 'sum': {
      const [list, field] = args;
      if (!Array.isArray(list)) return exact ? '0' : 0;
      return list.reduce<unknown>((total, item) => arithmetic('+', total, (typeof field === 'string' ? ownProperty(item, field) : item) ?? 0, exact) ?? total, exact ? '0' : 0);
    }
    case 'round': {
      const [value, places] = args;
      const digits = typeof places === 'number' && Number.isInteger(places) && places >= 0 && places <= 12 ? places : 0;
      if (exact) {
        const d = toDecimal(value);
        return d ? decimalText(roundDecimal(d, digits)) : null;
      }
      const n = numeric(value);
      if (n === undefined) return null;
      const d = toDecimal(n);
      return d ? Number(decimalText(roundDecimal(d, digits))) : null;
    }
  }
}

// Only an object's own data is reachable: row.constructor or form.__proto__ read as undefined.
function ownProperty(target: unknown, key: unknown): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const name = String(key);
  return Object.hasOwn(target, name) ? (target as Record<string, unknown>)[name] : undefined;
}

function binary(operator: BinaryOperator, leftNode: Node, rightNode: Node, scope: ExpressionScope, exact: boolean): unknown {
  if (operator === '&&') return evaluate(leftNode, scope, exact) && evaluate(rightNode, scope, exact);
  if (operator === '||') return evaluate(leftNode, scope, exact) || evaluate(rightNode, scope, exact);
  const left = evaluate(leftNode, scope, exact);
  const right = evaluate(rightNode, scope, exact);
  switch (operator) {
    case '+':
    case '-':
    case '*':
    case '/':
      return arithmetic(operator, left, right, exact);
    case '==':
      return looselyEqual(left, right);
    case '!=':
      return !looselyEqual(left, right);
    case 'in':
      return Array.isArray(right) && right.some((item) => looselyEqual(left, item));
    default:
      return exact ? compareExact(operator, left, right) : compare(operator, left, right);
  }
}

// Exact mode compares two numbers (or numeric texts) as decimals: '12.50' > '9' holds, unlike as text.
function compareExact(operator: '>' | '>=' | '<' | '<=', left: unknown, right: unknown): boolean {
  const a: Decimal | undefined = toDecimal(left);
  const b: Decimal | undefined = toDecimal(right);
  if (!a || !b) return compare(operator, left, right);
  const order = compareDecimal(a, b);
  return operator === '>' ? order > 0 : operator === '>=' ? order >= 0 : operator === '<' ? order < 0 : order <= 0;
}

// Codes travel as text but may be typed as numbers in a screen: '80211001' == 80211001 holds.
function looselyEqual(left: unknown, right: unknown): boolean {
  if (typeof left === 'number' && typeof right === 'string') return right.trim() !== '' && left === Number(right);
  if (typeof left === 'string' && typeof right === 'number') return left.trim() !== '' && Number(left) === right;
  if (left === undefined) return right === undefined || right === null;
  if (right === undefined) return left === null;
  return left === right;
}

function compare(operator: '>' | '>=' | '<' | '<=', left: unknown, right: unknown): boolean {
  const bothText = typeof left === 'string' && typeof right === 'string';
  const a = bothText ? left : Number(left);
  const b = bothText ? right : Number(right);
  if (!bothText && (Number.isNaN(a) || Number.isNaN(b) || left === null || right === null)) return false;
  switch (operator) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
  }
}

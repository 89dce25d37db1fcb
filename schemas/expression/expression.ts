// A small expression language for screen conditions (visible, disabled), evaluated by walking a parsed tree:
// no eval and no new Function, so screens run under a strict Content-Security-Policy and a screen author cannot run
// code. Grammar: literals ('text', "text", 12.5, true, false, null, [a, b]), names with member access (row.status,
// form['vin']), comparison (== != > >= < <=), membership (x in [a, b]), logic (! && ||) and parentheses.

export class ExpressionError extends Error {}

type Node =
  | { kind: 'literal'; value: unknown }
  | { kind: 'name'; name: string }
  | { kind: 'member'; object: Node; property: Node }
  | { kind: 'list'; items: Node[] }
  | { kind: 'not'; operand: Node }
  | { kind: 'binary'; operator: BinaryOperator; left: Node; right: Node };

type BinaryOperator = '||' | '&&' | '==' | '!=' | '>' | '>=' | '<' | '<=' | 'in';

interface Token {
  type: 'number' | 'string' | 'name' | 'punct';
  value: string;
  at: number;
}

const PUNCTUATION = ['==', '!=', '>=', '<=', '&&', '||', '>', '<', '!', '(', ')', '[', ']', '.', ','];

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
    const left = this.unary();
    for (const operator of ['==', '!=', '>=', '<=', '>', '<', 'in'] as const) {
      if (this.accept(operator)) return { kind: 'binary', operator, left, right: this.unary() };
    }
    return left;
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

export function evaluateExpression(source: string, scope: ExpressionScope): unknown {
  return evaluate(parseExpression(source), scope);
}

/** Conditions in screens: a boolean, or an expression whose result is taken as true or false. */
export function evaluateCondition(condition: boolean | string | undefined, scope: ExpressionScope, fallback: boolean): boolean {
  if (condition === undefined) return fallback;
  if (typeof condition === 'boolean') return condition;
  return Boolean(evaluateExpression(condition, scope));
}

function evaluate(node: Node, scope: ExpressionScope): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'name':
      return ownProperty(scope, node.name);
    case 'member':
      return ownProperty(evaluate(node.object, scope), evaluate(node.property, scope));
    case 'list':
      return node.items.map((item) => evaluate(item, scope));
    case 'not':
      return !evaluate(node.operand, scope);
    case 'binary':
      return binary(node.operator, node.left, node.right, scope);
  }
}

// Only an object's own data is reachable: row.constructor or form.__proto__ read as undefined.
function ownProperty(target: unknown, key: unknown): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const name = String(key);
  return Object.hasOwn(target, name) ? (target as Record<string, unknown>)[name] : undefined;
}

function binary(operator: BinaryOperator, leftNode: Node, rightNode: Node, scope: ExpressionScope): unknown {
  if (operator === '&&') return evaluate(leftNode, scope) && evaluate(rightNode, scope);
  if (operator === '||') return evaluate(leftNode, scope) || evaluate(rightNode, scope);
  const left = evaluate(leftNode, scope);
  const right = evaluate(rightNode, scope);
  switch (operator) {
    case '==':
      return looselyEqual(left, right);
    case '!=':
      return !looselyEqual(left, right);
    case 'in':
      return Array.isArray(right) && right.some((item) => looselyEqual(left, item));
    default:
      return compare(operator, left, right);
  }
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

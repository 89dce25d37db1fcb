// Which strings of a screen are written in the expression language, read from the screen schema itself (so a new
// condition property is known as soon as the schema has it): a string whose schema is $defs/expression (a condition,
// a computed column), $defs/template (a message with ${} parts), or a string or boolean whose description says it
// takes an expression (a field's hidden, disabled, required).

type SchemaNode = { [key: string]: unknown };

export type ExpressionKind = 'expression' | 'template';

const EXPRESSION_REF = '#/$defs/expression';
const TEMPLATE_REF = '#/$defs/template';

function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A local reference #/$defs/name, resolved in the root schema. */
function resolve(root: SchemaNode, ref: string): SchemaNode | undefined {
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  const defs = root.$defs;
  return match && isNode(defs) && isNode(defs[match[1]!]) ? (defs[match[1]!] as SchemaNode) : undefined;
}

/** The node and the branches it is joined with (allOf, anyOf, oneOf, if/then/else), references followed. */
function alternatives(root: SchemaNode, node: SchemaNode, seen = new Set<SchemaNode>()): SchemaNode[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const out = [node];
  if (typeof node.$ref === 'string') {
    const target = resolve(root, node.$ref);
    if (target) out.push(...alternatives(root, target, seen));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const branch of list) if (isNode(branch)) out.push(...alternatives(root, branch, seen));
  }
  for (const key of ['then', 'else'] as const) if (isNode(node[key])) out.push(...alternatives(root, node[key] as SchemaNode, seen));
  return out;
}

/** The schema nodes a JSON Pointer segment leads to from a node. */
function step(root: SchemaNode, node: SchemaNode, segment: string): SchemaNode[] {
  return alternatives(root, node).flatMap((branch) => {
    const found: SchemaNode[] = [];
    const properties = branch.properties;
    if (isNode(properties) && isNode(properties[segment])) found.push(properties[segment] as SchemaNode);
    else {
      const patterns = branch.patternProperties;
      if (isNode(patterns)) for (const [pattern, sub] of Object.entries(patterns)) if (isNode(sub) && new RegExp(pattern, 'u').test(segment)) found.push(sub);
      if (found.length === 0 && isNode(branch.additionalProperties)) found.push(branch.additionalProperties);
    }
    if (/^\d+$/.test(segment) && isNode(branch.items)) found.push(branch.items);
    return found;
  });
}

function kindOf(root: SchemaNode, node: SchemaNode): ExpressionKind | undefined {
  for (const branch of alternatives(root, node)) {
    if (branch.$ref === EXPRESSION_REF) return 'expression';
    if (branch.$ref === TEMPLATE_REF) return 'template';
    const type = branch.type;
    const takesString = type === 'string' || (Array.isArray(type) && type.includes('string'));
    if (takesString && typeof branch.description === 'string' && branch.description.includes('表达式')) return 'expression';
  }
  return undefined;
}

const unescape = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** Whether the string at the pointer is an expression, a text template, or neither, by the schema. */
export function expressionKindAt(schema: object, pointer: string): ExpressionKind | undefined {
  const root = schema as SchemaNode;
  let nodes: SchemaNode[] = [root];
  for (const segment of pointer.split('/').slice(1).map(unescape)) {
    nodes = [...new Set(nodes.flatMap((node) => step(root, node, segment)))];
    if (nodes.length === 0) return undefined;
  }
  for (const node of nodes) {
    const kind = kindOf(root, node);
    if (kind) return kind;
  }
  return undefined;
}

// Which form values a condition reads, so a field re-renders when those change and not on every keystroke elsewhere.
import { childNodes, parseExpression } from '../../schemas/expression/expression';

type Node = ReturnType<typeof parseExpression>;

/** The names read as form.x or form['x']; '*' when the expression reads form as a whole or by a computed key. */
export function formDependencies(sources: (string | boolean | undefined)[]): string[] | '*' {
  const names = new Set<string>();
  let all = false;
  const walk = (node: Node, parent?: Node): void => {
    switch (node.kind) {
      case 'name':
        if (node.name === 'form' && !(parent?.kind === 'member' && parent.object === node)) all = true;
        return;
      case 'member':
        if (node.object.kind === 'name' && node.object.name === 'form') {
          if (node.property.kind === 'literal') names.add(String(node.property.value));
          else all = true;
        } else walk(node.object, node);
        walk(node.property, node);
        return;
      default:
        // Lists, operators, function calls and templates: whatever their parts read.
        for (const child of childNodes(node)) walk(child, node);
        return;
    }
  };
  for (const source of sources) if (typeof source === 'string') walk(parseExpression(source));
  return all ? '*' : [...names];
}

// Where each value of a JSON text is, by JSON Pointer: the editor turns a screen problem's path into a marker range.
// A small scanner rather than a parser library: it only needs offsets, and it runs on every check of a 3,000-line
// screen (a few milliseconds). Text that is not valid JSON answers an empty map (the JSON language service marks it).

export interface Span {
  start: number;
  end: number;
}

/**
 * `strings`, when given, also receives every string value with the span of the string itself (quotes included): the
 * expression completion (./expressionCompletion.ts) asks which string the cursor is in.
 */
export function jsonLocations(text: string, strings?: (pointer: string, span: Span) => void): Map<string, Span> {
  const spans = new Map<string, Span>();
  let i = 0;
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) throw new Error('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
  // `key`: a property's scalar value is marked from its key, so the configurator sees which property is meant; an object
  // or array only by its key (or its opening bracket), not its whole body.
  const value = (pointer: string, key: Span | null): void => {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') i++;
      else
        for (;;) {
          space();
          if (text[i] !== '"') throw new Error('expected key');
          const at = i;
          const name = string();
          const keySpan = { start: at, end: i };
          space();
          if (text[i] !== ':') throw new Error('expected colon');
          i++;
          value(`${pointer}/${escape(name)}`, keySpan);
          space();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] !== '}') throw new Error('expected }');
          i++;
          break;
        }
    } else if (c === '[') {
      i++;
      space();
      if (text[i] === ']') i++;
      else
        for (let index = 0; ; index++) {
          value(`${pointer}/${index}`, null);
          space();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] !== ']') throw new Error('expected ]');
          i++;
          break;
        }
    } else if (c === '"') {
      string();
      strings?.(pointer, { start, end: i });
    }
    else {
      const match = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
      if (!match) throw new Error('unexpected token');
      i += match[0].length;
    }
    const container = c === '{' || c === '[';
    spans.set(pointer, container ? (key ?? { start, end: start + 1 }) : { start: key?.start ?? start, end: i });
  };
  try {
    value('', null);
    space();
    if (i !== text.length) return new Map();
  } catch {
    return new Map();
  }
  return spans;
}

/** The span of the pointer, or of its nearest ancestor present (a missing property marks the object that lacks it). */
export function spanOf(spans: Map<string, Span>, pointer: string): Span | undefined {
  let at = pointer;
  for (;;) {
    const span = spans.get(at);
    if (span) return span;
    if (at === '') return undefined;
    at = at.slice(0, at.lastIndexOf('/'));
  }
}

/** The string value the offset is inside (between its quotes), with its pointer; undefined elsewhere or in invalid JSON. */
export function jsonStringAt(text: string, offset: number): { pointer: string; span: Span } | undefined {
  let found: { pointer: string; span: Span } | undefined;
  const spans = jsonLocations(text, (pointer, span) => {
    if (offset > span.start && offset < span.end) found = { pointer, span };
  });
  return spans.size > 0 ? found : undefined;
}

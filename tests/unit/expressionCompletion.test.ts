// Issue 22: the screen editor offers the expression library's function names inside a screen's expressions (the
// schema's $defs/expression, a field's "布尔值或表达式") and inside the ${} of its text templates, and nowhere else.
import { describe, expect, it } from 'vitest';
import { expressionCompletionAt } from '../../editor/expressionCompletion';
import { expressionCompletionProvider, type MonacoApi } from '../../editor/expressionCompletionProvider';
import { expressionKindAt } from '../../editor/expressionPositions';
import { FUNCTION_NAMES } from '../../schemas/expression/functions';
import screenSchema from '../../schemas/screen.schema.json';

/** The text with the cursor at `|`. */
const at = (marked: string) => ({ text: marked.replace('|', ''), offset: marked.indexOf('|') });
const namesAt = (marked: string) => {
  const { text, offset } = at(marked);
  return expressionCompletionAt(text, offset, screenSchema)?.suggestions.map((s) => s.name);
};
const screen = (inner: string) => `{"id": "repair.orders", "title": "工单", "service": "repair", ${inner}}`;

describe('where a screen’s strings are expressions, by the schema', () => {
  it('knows conditions, computed columns, templates and a field’s boolean-or-expression properties, and not labels', () => {
    expect(expressionKindAt(screenSchema, '/rowActions/0/visible')).toBe('expression');
    expect(expressionKindAt(screenSchema, '/toolbar/1/disabled')).toBe('expression');
    expect(expressionKindAt(screenSchema, '/record/tabs/2/visible')).toBe('expression');
    expect(expressionKindAt(screenSchema, '/dialogs/edit/form/fields/0/required')).toBe('expression');
    expect(expressionKindAt(screenSchema, '/rowActions/0/action/message')).toBe('template');
    expect(expressionKindAt(screenSchema, '/rowActions/0/disabledReason')).toBe('template');
    expect(expressionKindAt(screenSchema, '/rowActions/0/label')).toBeUndefined();
    expect(expressionKindAt(screenSchema, '/table/columns/0/title')).toBeUndefined();
    expect(expressionKindAt(screenSchema, '/nowhere/0')).toBeUndefined();
  });
});

describe('the expression function completion (issue 22)', () => {
  it('offers the functions that start with the name typed in a condition, replacing that name', () => {
    expect(namesAt(screen(`"rowActions": [{"label": "结算", "visible": "co|", "action": {"type": "reload"}}]`))).toEqual(['count', 'contains']);
    const { text, offset } = at(screen(`"toolbar": [{"label": "删除", "disabled": "len(selection) == 0 && da|", "action": {"type": "reload"}}]`));
    const found = expressionCompletionAt(text, offset, screenSchema)!;
    expect(found.suggestions.map((s) => s.name)).toEqual(['dateDiff']);
    expect([found.from, found.to]).toEqual([offset - 2, offset]);
    expect(found.suggestions[0]).toMatchObject({ snippet: 'dateDiff($0)', signature: 'dateDiff(起, 止, 单位?)' });
  });

  it('offers every function where a name may start, and a function without arguments with its parentheses closed', () => {
    expect(namesAt(screen(`"rowActions": [{"label": "结算", "visible": "round(|", "action": {"type": "reload"}}]`))).toEqual(FUNCTION_NAMES);
    const { text, offset } = at(screen(`"rowActions": [{"label": "结算", "visible": "row.day < tod|", "action": {"type": "reload"}}]`));
    expect(expressionCompletionAt(text, offset, screenSchema)!.suggestions).toEqual([{ name: 'today', snippet: 'today()', signature: 'today()', description: '今天（北京时间），YYYY-MM-DD。' }]);
  });

  it('offers nothing after a dot, inside a quoted text, outside a template’s ${}, or in a string that is no expression', () => {
    expect(namesAt(screen(`"rowActions": [{"label": "结算", "visible": "row.co|", "action": {"type": "reload"}}]`))).toBeUndefined();
    expect(namesAt(screen(`"rowActions": [{"label": "结算", "visible": "row.status == 'co|'", "action": {"type": "reload"}}]`))).toBeUndefined();
    expect(namesAt(screen(`"rowActions": [{"label": "co|", "action": {"type": "reload"}}]`))).toBeUndefined();
    expect(namesAt(screen(`"rowActions": [{"label": "删除", "action": {"type": "confirm", "message": "删除 co|"}}]`))).toBeUndefined();
    expect(namesAt(screen(`"rowActions": [{"label": "删除", "action": {"type": "confirm", "message": "已选 \${co|"}}]`))).toEqual(['count', 'contains']);
    // Not JSON (yet): nothing, rather than a guess.
    expect(namesAt(`{"rowActions": [{"visible": "co|"`)).toBeUndefined();
  });
});

describe('the Monaco completion provider', () => {
  class Range {
    constructor(
      readonly startLineNumber: number,
      readonly startColumn: number,
      readonly endLineNumber: number,
      readonly endColumn: number,
    ) {}
  }
  const api = { Range, languages: { CompletionItemKind: { Function: 1 }, CompletionItemInsertTextRule: { InsertAsSnippet: 4 } } } as unknown as MonacoApi;
  /** A one-line model: offsets are columns less one. */
  const model = (uri: string, text: string) => ({
    uri: { toString: () => uri },
    getValue: () => text,
    getOffsetAt: (position: { column: number }) => position.column - 1,
    getPositionAt: (offset: number) => ({ lineNumber: 1, column: offset + 1 }),
  });
  const provide = (uri: string, marked: string) => {
    const { text, offset } = at(marked);
    const provider = expressionCompletionProvider(api, screenSchema);
    return provider.provideCompletionItems(model(uri, text) as never, { lineNumber: 1, column: offset + 1 } as never, {} as never, {} as never) as unknown as { suggestions: Record<string, unknown>[] };
  };

  it('answers in a screen definition with snippets over the typed name, and nothing in a model definition', () => {
    const marked = screen(`"rowActions": [{"label": "结算", "visible": "su|", "action": {"type": "reload"}}]`);
    const column = marked.indexOf('|') + 1;
    const { suggestions } = provide('file:///screens/editor/repair.orders.json', marked);
    expect(suggestions).toEqual([
      {
        label: { label: 'sum', description: 'sum(列表, 字段?)' },
        kind: 1,
        insertText: 'sum($0)',
        insertTextRules: 4,
        detail: 'sum(列表, 字段?)',
        documentation: '合计：列表各项（或各项的该字段）之和，空值按 0 计。',
        range: new Range(1, column - 2, 1, column),
        sortText: '0sum',
      },
    ]);
    expect(provide('file:///models/editor/repairOrder.json', marked).suggestions).toEqual([]);
  });
});

// The Monaco side of the expression completion (./expressionCompletion.ts): a completion provider for the JSON
// language that answers only in screen definitions (file:///screens/...), with the functions as snippets. It is
// handed the Monaco API rather than importing it, so a unit test can drive it without the editor's bundle.
import type * as Monaco from 'monaco-editor/editor/editor.api.js';
import { expressionCompletionAt } from './expressionCompletion';

export type MonacoApi = {
  Range: typeof Monaco.Range;
  languages: Pick<typeof Monaco.languages, 'CompletionItemKind' | 'CompletionItemInsertTextRule'>;
};

export function expressionCompletionProvider(api: MonacoApi, screenSchema: object): Monaco.languages.CompletionItemProvider {
  return {
    provideCompletionItems(model, position) {
      if (!model.uri.toString().startsWith('file:///screens/')) return { suggestions: [] };
      const found = expressionCompletionAt(model.getValue(), model.getOffsetAt(position), screenSchema);
      if (!found) return { suggestions: [] };
      const start = model.getPositionAt(found.from);
      const end = model.getPositionAt(found.to);
      const range = new api.Range(start.lineNumber, start.column, end.lineNumber, end.column);
      return {
        suggestions: found.suggestions.map((s) => ({
          label: { label: s.name, description: s.signature },
          kind: api.languages.CompletionItemKind.Function,
          insertText: s.snippet,
          insertTextRules: api.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          detail: s.signature,
          documentation: s.description,
          range,
          // Before the JSON schema's own suggestions (there are none inside a condition, but the word-based ones are).
          sortText: `0${s.name}`,
        })),
      };
    },
  };
}

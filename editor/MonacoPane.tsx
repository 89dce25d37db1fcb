// The JSON editor: one Monaco model per screen or model definition (its URI ties it to the screen or model schema),
// reporting every change, and showing the semantic markers it is given.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Span } from './jsonLocations';
import { modelDefinitionUri, modelUri, monaco } from './monacoSetup';

export const SEMANTIC_OWNER = 'screen-checks';

/** A semantic problem placed at its JSON path's span in the text. */
export interface MarkedProblem {
  problem: { path: string; message: string };
  span: Span;
}

export interface MonacoPaneHandle {
  setText(text: string): void;
  getText(): string;
  /** The semantic markers (none when the text is not valid JSON or fails the schema: the JSON language service marks those). */
  showMarkers(marked: readonly MarkedProblem[]): void;
}

interface MonacoPaneProps {
  name: string;
  /** Which schema the text follows: a screen (default) or a model definition. */
  schema?: 'screen' | 'model';
  initialText: string;
  onChange: (text: string) => void;
}

function showSemanticMarkers(model: monaco.editor.ITextModel, marked: readonly MarkedProblem[]): void {
  const markers = marked.map(({ problem, span }) => {
    const start = model.getPositionAt(span.start);
    const end = model.getPositionAt(span.end);
    return {
      severity: monaco.MarkerSeverity.Error,
      message: problem.message,
      source: problem.path,
      startLineNumber: start.lineNumber,
      startColumn: start.column,
      endLineNumber: end.lineNumber,
      endColumn: end.column,
    };
  });
  monaco.editor.setModelMarkers(model, SEMANTIC_OWNER, markers);
}

export const MonacoPane = forwardRef<MonacoPaneHandle, MonacoPaneProps>(function MonacoPane({ name, schema = 'screen', initialText, onChange }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const uri = schema === 'model' ? modelDefinitionUri(name) : modelUri(name);
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(initialText, 'json', uri);
    const instance = monaco.editor.create(host.current!, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      stickyScroll: { enabled: false },
      // Chinese labels and messages are written with full-width punctuation（，：）by rule; Monaco would box each one
      // as a character easily confused with an ASCII one.
      unicodeHighlight: { ambiguousCharacters: false },
      // Suggestions as one types inside strings too: a screen's conditions are strings, and the expression functions
      // are offered there (./expressionCompletionProvider.ts).
      quickSuggestions: { other: true, comments: false, strings: schema === 'screen' },
    });
    editor.current = instance;
    const subscription = model.onDidChangeContent(() => changed.current(model.getValue()));
    return () => {
      subscription.dispose();
      instance.dispose();
      model.dispose();
      editor.current = null;
    };
    // The model is made once per screen; later text comes through setText.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, schema]);

  useImperativeHandle(ref, () => ({
    setText: (text: string) => editor.current?.getModel()?.setValue(text),
    getText: () => editor.current?.getModel()?.getValue() ?? '',
    showMarkers: (marked: readonly MarkedProblem[]) => {
      const model = editor.current?.getModel();
      if (model) showSemanticMarkers(model, marked);
    },
  }));

  return <div ref={host} className="dms-editor-monaco" data-testid={schema === 'model' ? 'model-json-editor' : 'screen-json-editor'} />;
});

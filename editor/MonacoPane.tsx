// The JSON editor: one Monaco model per screen (its URI ties it to the screen schema), reporting every change, and
// showing the semantic markers it is given.
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { modelUri, monaco } from './monacoSetup';
import type { TextCheck } from './screenCheck';

export const SEMANTIC_OWNER = 'screen-checks';

export interface MonacoPaneHandle {
  setText(text: string): void;
  getText(): string;
  showMarkers(check: TextCheck): void;
}

interface MonacoPaneProps {
  name: string;
  initialText: string;
  onChange: (text: string) => void;
}

/** Markers for the semantic problems of a check (none for other outcomes: the JSON language service marks those). */
function showSemanticMarkers(model: monaco.editor.ITextModel, check: TextCheck): void {
  const markers =
    check.kind === 'problems'
      ? check.marked.map(({ problem, span }) => {
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
        })
      : [];
  monaco.editor.setModelMarkers(model, SEMANTIC_OWNER, markers);
}

export const MonacoPane = forwardRef<MonacoPaneHandle, MonacoPaneProps>(function MonacoPane({ name, initialText, onChange }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const uri = modelUri(name);
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
  }, [name]);

  useImperativeHandle(ref, () => ({
    setText: (text: string) => editor.current?.getModel()?.setValue(text),
    getText: () => editor.current?.getModel()?.getValue() ?? '',
    showMarkers: (check: TextCheck) => {
      const model = editor.current?.getModel();
      if (model) showSemanticMarkers(model, check);
    },
  }));

  return <div ref={host} className="dms-editor-monaco" data-testid="screen-json-editor" />;
});

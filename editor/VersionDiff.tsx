// Two versions side by side in Monaco's diff editor, opened at the first change (a long definition would otherwise
// open at its top, the change somewhere below).
import { useEffect, useRef } from 'react';
import { monaco } from './monacoSetup';

export function VersionDiff({ load, testId }: { load: () => Promise<[older: string, newer: string]>; testId: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let cleanup = () => undefined as void;
    void load().then(([older, newer]) => {
      if (disposed || !host.current) return;
      const original = monaco.editor.createModel(older, 'json');
      const modified = monaco.editor.createModel(newer, 'json');
      // No gutter menu: its revert arrows mean nothing in a read-only diff, and its debounced toolbar update fires after
      // the drawer disposes the editor ("AbstractContextKeyService has been disposed", monaco-editor#4581).
      const diff = monaco.editor.createDiffEditor(host.current, { readOnly: true, automaticLayout: true, renderSideBySide: true, renderGutterMenu: false, minimap: { enabled: false }, maxComputationTime: 0 });
      diff.setModel({ original, modified });
      // The diff is computed in the worker after setModel; the first result brings the first change into view once.
      let revealed = false;
      const updated = diff.onDidUpdateDiff(() => {
        const first = diff.getLineChanges()?.[0];
        if (revealed || !first) return;
        revealed = true;
        const line = Math.max(1, first.modifiedStartLineNumber || first.modifiedEndLineNumber || 1);
        diff.getModifiedEditor().revealLineInCenter(line);
        diff.getModifiedEditor().setPosition({ lineNumber: line, column: 1 });
        host.current?.setAttribute('data-first-change', String(line));
      });
      cleanup = () => {
        updated.dispose();
        diff.dispose();
        original.dispose();
        modified.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [load]);
  return <div ref={host} className="dms-editor-diff" data-testid={testId} />;
}

// Leaving an editor with unsaved text (issue 21). The app's HashRouter is not a data router, so a navigation (a menu,
// a tab, the back button) cannot be held before it happens. Instead nothing is lost: the editor's unsaved text is kept
// here when it closes, and the configurator is asked at once whether to go back to it (the editor reopens with that
// text) or to discard it. Reloading or closing the browser tab is asked before, by the browser (beforeunload), and the
// editor's own 返回列表 asks before it navigates.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { askConfirm } from '../runtime/app/feedback';
import { EDITOR_TEXT } from './text';

const T = EDITOR_TEXT.unsaved;

/** Unsaved texts of editors that were left, by editor key (screen:<id>, model:<name>). */
const drafts = new Map<string, string>();

/** The unsaved text left in this editor, taken (the editor shows it as unsaved). */
export function takeDraft(key: string): string | undefined {
  const text = drafts.get(key);
  drafts.delete(key);
  return text;
}

/** Keeps a text as the editor's unsaved draft (a new model before its first save). */
export function keepDraft(key: string, text: string): void {
  drafts.set(key, text);
}

export interface UnsavedGuard {
  /** Call with every change of the text (it is what is kept if the editor closes unsaved). */
  changed(text: string): void;
  /** The text is saved (or reloaded): nothing to keep. */
  clean(): void;
  /** Navigates away after asking when there are unsaved changes. */
  leave(go: () => void): Promise<void>;
}

/**
 * The guard of one editor: `what` names it in the questions ("模型 vehicleInsurance"), `path` is where "返回编辑"
 * goes back to (the editor's own address).
 */
export function useUnsavedGuard(key: string, what: string, path: string): UnsavedGuard {
  const unsaved = useRef<string | null>(null);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (unsaved.current === null) return;
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      const text = unsaved.current;
      if (text === null) return;
      // Closed with unsaved text by a navigation elsewhere: keep it and ask.
      drafts.set(key, text);
      void askConfirm({ title: T.title, content: T.left(what), okText: T.back, cancelText: T.discard }).then((back) => {
        if (back) window.location.hash = `#${path}`;
        else drafts.delete(key);
      });
    };
  }, [key, what, path]);

  const changed = useCallback((text: string) => {
    unsaved.current = text;
  }, []);
  const clean = useCallback(() => {
    unsaved.current = null;
  }, []);
  const leave = useCallback(
    async (go: () => void) => {
      if (unsaved.current !== null && !(await askConfirm({ title: T.title, content: T.beforeLeave(what), okText: T.leave, cancelText: T.stay }))) return;
      unsaved.current = null;
      go();
    },
    [what],
  );
  return useMemo(() => ({ changed, clean, leave }), [changed, clean, leave]);
}

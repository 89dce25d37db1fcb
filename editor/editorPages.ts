// The editor's pages as the app shell opens them, each its own lazy chunk; runtime/app/boot.tsx installs them
// (runtime/app/pages/builtinPages.tsx), so the runtime itself imports nothing of the editor.
import { lazy } from 'react';
import type { BuiltinPages } from '../runtime/app/pages/builtinPages';

// The model editor's two pages come in one chunk: one dynamic import in the first screen's code, not two.
const modelPages = () => import('./modelPages');

export const editorPages: BuiltinPages = {
  pages: { 'lowcode.screens': lazy(() => import('./ScreenListPage')), 'lowcode.models': lazy(() => modelPages().then((m) => ({ default: m.ModelListPage }))) },
  editors: { editor: lazy(() => import('./ScreenEditorPage')), model: lazy(() => modelPages().then((m) => ({ default: m.ModelEditorPage }))) },
};

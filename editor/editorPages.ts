// The editor's pages as the app shell opens them, each its own lazy chunk; runtime/app/boot.tsx installs them
// (runtime/app/pages/builtinPages.tsx), so the runtime itself imports nothing of the editor.
import { lazy } from 'react';
import type { BuiltinPages } from '../runtime/app/pages/builtinPages';

// Monaco's Chinese messages are set before any Monaco module runs: Monaco reads them as its modules evaluate, and the
// chunk the two editors share runs its modules in one order the bundler picks, so an import at the top of
// monacoSetup.ts is not enough (the find widget came up in English). Their own chunk, loaded first, is.
const chinese = () => import('./monacoChinese');
// The model editor's two pages come in one chunk: one dynamic import in the first screen's code, not two.
const modelPages = () => chinese().then(() => import('./modelPages'));

export const editorPages: BuiltinPages = {
  pages: { 'lowcode.screens': lazy(() => import('./ScreenListPage')), 'lowcode.models': lazy(() => modelPages().then((m) => ({ default: m.ModelListPage }))) },
  editors: { editor: lazy(() => chinese().then(() => import('./ScreenEditorPage'))), model: lazy(() => modelPages().then((m) => ({ default: m.ModelEditorPage }))) },
};

// The editor's pages as the app shell opens them, each its own lazy chunk; runtime/app/boot.tsx installs them
// (runtime/app/pages/builtinPages.tsx), so the runtime itself imports nothing of the editor.
import { lazy } from 'react';
import type { BuiltinPages } from '../runtime/app/pages/builtinPages';

export const editorPages: BuiltinPages = {
  pages: { 'lowcode.screens': lazy(() => import('./ScreenListPage')) },
  screenEditor: lazy(() => import('./ScreenEditorPage')),
};

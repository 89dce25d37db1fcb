// Monaco's entry points without declarations of their own: imported only for their side effects.
declare module 'monaco-editor/internal/common/workers.js';

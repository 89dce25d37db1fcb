// 模型管理's two pages, one lazy chunk (editorPages.ts).
export { default as ModelEditorPage } from './ModelEditorPage';
export { default as ModelListPage } from './ModelListPage';

// The names a screen may use for a field `type`, an action `type`, a block `type` and a column `render`. The screen
// check reads these lists (so the server and `npm run screens:check` need no React to check a screen), and the
// runtime's registries are typed against them: a registry that lacks a name, or has one not listed, fails to compile.

export const WIDGET_TYPES = [
  'input', 'textarea', 'number', 'number-range', 'select', 'select-input', 'tree-select', 'cascader', 'cascader-group',
  'material-cascade', 'region', 'date', 'datetime', 'exactdate', 'month', 'year', 'date-range', 'datetime-range',
  'month-range', 'time', 'time-range', 'time-select', 'time-select-range', 'checkbox', 'checkbox-group', 'radio',
  'consultant', 'user', 'dealer-picker', 'consultant-picker', 'quarter', 'rich-text', 'divider', 'image-upload',
  'file-upload', 'upload-button', 'oss-upload', 'child-lines',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const ACTION_TYPES = [
  'dialog', 'api', 'confirm', 'reload', 'download', 'addRow', 'deleteRows', 'saveRows', 'drawer', 'print', 'exportExcel',
  'exportJob', 'importExcel', 'bulk', 'navigate', 'postSelection',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Action types that act on the table's selected rows when pressed in the toolbar: a table shows its selection boxes
 * only when such a button is offered to the user (runtime/table/selectionUse.ts). */
export const SELECTION_ACTION_TYPES: ReadonlySet<string> = new Set<ActionType>(['deleteRows', 'bulk', 'postSelection']);

export const BLOCK_TYPES = [
  'workflow-designer', 'chart', 'anchor', 'tabs', 'dashboard', 'processHistory', 'descriptions', 'table', 'welcome', 'figures',
  'bars', 'list', 'menus',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const CELL_RENDERER_TYPES = ['tag', 'progress', 'signed'] as const;
export type CellRendererType = (typeof CELL_RENDERER_TYPES)[number];

/** The four lists as sets, as the screen check takes them. */
export const SCREEN_TYPE_NAMES = {
  widgetTypes: new Set<string>(WIDGET_TYPES),
  actionTypes: new Set<string>(ACTION_TYPES),
  blockTypes: new Set<string>(BLOCK_TYPES),
  cellRenderers: new Set<string>(CELL_RENDERER_TYPES),
} as const;

// The screen interpreter's chunk (ScreenPage with the registries, blocks, widgets, ag-grid and the form engine), loaded
// once: by the first menu page that shows a screen, or earlier by the menu prefetch (issue 20).
let loading: Promise<typeof import('./ScreenPage')> | undefined;

export function loadScreenPage(): Promise<typeof import('./ScreenPage')> {
  loading ??= import('./ScreenPage');
  return loading;
}

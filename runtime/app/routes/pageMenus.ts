// The menu a page outside the menu tree works in (its requests' menuId header): the screen editor, whose preview calls
// the previewed screen's apis under the menu that grants them.
const pageMenus = new Map<string, string>();

export function setPageMenu(path: string, menuId: string | undefined): void {
  if (menuId) pageMenus.set(path, menuId);
  else pageMenus.delete(path);
}

export function pageMenuOf(path: string): string | undefined {
  return pageMenus.get(path);
}

// The tag-management permission marker (back-office §6, building-blocks §6): a page whose menu item lists the marketing
// key ALL_customer-marketing_<page path> may manage customer tags; the marker in session storage says so to the tag
// components (and to other apps of the tab). Opening any page sets or clears it from that page's list.

export const TAG_MARKER_KEY = 'tagManagePermission';
const MARKETING_PREFIX = 'ALL_customer-marketing_';

export function marketingKeyOf(path: string): string {
  return `${MARKETING_PREFIX}${path}`;
}

export function syncTagMarker(menu: { path: string; permission: readonly string[] }, storage: Storage = window.sessionStorage): boolean {
  const allowed = menu.permission.includes(marketingKeyOf(menu.path));
  if (allowed) storage.setItem(TAG_MARKER_KEY, '1');
  else storage.removeItem(TAG_MARKER_KEY);
  return allowed;
}

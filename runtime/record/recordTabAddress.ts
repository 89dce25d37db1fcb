// Which tab of a record page is open, kept in the page's address (#/<menu path>/<id>?from=…&tab=2): a reload, a copied
// link or a 返回 to the record reopens that tab. The address is rewritten in place, not pushed: switching tabs is not a
// step the browser's back button should walk through.
export const TAB_PARAM = 'tab';

/** The tab an address names, when it is one of the page's `count` tabs (tab keys are their positions). */
export function tabOfAddress(params: Readonly<Record<string, string | string[]>>, count: number): string | undefined {
  const value = params[TAB_PARAM];
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value)) return undefined;
  const index = Number(value);
  return index < count ? String(index) : undefined;
}

/**
 * Writes the open tab into the address while it is this page's (`pagePath`, #/<menu path>/<id>); a page kept alive behind
 * another tab leaves the address alone. The first tab is the address without `tab`; other parameters keep their order.
 */
export function keepTabInAddress(pagePath: string, tab: string): void {
  const hash = window.location.hash.replace(/^#/, '');
  const at = hash.indexOf('?');
  const path = at < 0 ? hash : hash.slice(0, at);
  if (path !== pagePath) return;
  const query = new URLSearchParams(at < 0 ? '' : hash.slice(at + 1));
  if ((query.get(TAB_PARAM) ?? '0') === tab) return;
  if (tab === '0') query.delete(TAB_PARAM);
  else query.set(TAB_PARAM, tab);
  const text = query.toString();
  // The router's own state (its history index) is kept: only the address changes.
  window.history.replaceState(window.history.state, '', `#${path}${text ? `?${text}` : ''}`);
}

// Filter values handed to a list screen in its address (a dashboard's drill-down: #/<menu path>?status=80211001&...):
// the screen's first query adds them to its filter bar's defaults. A name given more than once is a list.
import type { Row } from '../table/rows';

export function addressFilters(hash: string = typeof window === 'undefined' ? '' : window.location.hash): Row {
  const at = hash.indexOf('?');
  if (at < 0) return {};
  const query = new URLSearchParams(hash.slice(at + 1));
  const values: Row = {};
  for (const name of new Set(query.keys())) {
    const all = query.getAll(name);
    values[name] = all.length > 1 ? all : all[0];
  }
  return values;
}

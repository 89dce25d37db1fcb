// The stores of record pages being opened. The record is asked for as its store is made, before the page first commits
// (its frame renders while the data is on its way). But React may render a page several times before that commit: a
// navigation's transition restarted by another update, or the record arriving mid-render and restarting it. Each of
// those renders runs the page's state initialisers again, so each would make a store and ask again; with the arriving
// record restarting the render, it never committed and asked without end (seen on a loaded machine: ~50 requests a
// second). A render of the same page within a moment therefore takes the store already made.

/** Long enough for any render to reach its commit; a page opened again later asks afresh. */
const REUSE_MS = 10_000;

const opening = new Map<string, { store: unknown; madeAt: number }>();

/** The store of page `key` (screen and record) made in the last moment, else a new one from `make`. */
export function openingStore<T>(key: string, make: () => T, now = Date.now()): T {
  const known = opening.get(key);
  if (known && now - known.madeAt < REUSE_MS) return known.store as T;
  const store = make();
  opening.set(key, { store, madeAt: now });
  return store;
}

/** The page has committed (or closed): a later opening makes its own store. */
export function openedStore(key: string, store: unknown): void {
  if (opening.get(key)?.store === store) opening.delete(key);
}

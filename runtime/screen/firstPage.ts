// The first page of a screen's table, asked for while the screen renders for the first time (issue 20: menu click to
// rows in 200 ms). Building the filter bar and the grid is the longest part of a menu click; the request is on its way
// meanwhile instead of after. A first render React starts over (a concurrent render it threw away) asks again for the
// same page while the first request is still out: both share it, so a screen opening costs one request.
import { callApi, type CallOptions } from '../http/client';
import type { Row } from '../table/rows';

interface Page {
  total: number;
  items: Row[];
}

const onTheirWay = new Map<string, Promise<Page>>();

/** The page `api` answers for `options`, shared with an identical request still out; each caller gets its own rows. */
export async function sharedFirstPage(api: string, options: CallOptions): Promise<Page> {
  const key = JSON.stringify([api, options]);
  let asking = onTheirWay.get(key);
  if (!asking) {
    asking = callApi<Page>(api, options).finally(() => onTheirWay.delete(key));
    onTheirWay.set(key, asking);
  }
  const page = await asking;
  // The store marks its rows (ids, positions): a second taker must not renumber the first one's.
  return { ...page, items: (page.items ?? []).map((row) => ({ ...row })) };
}

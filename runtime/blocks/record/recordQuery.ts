// The record a descriptions block shows: its api asked with the screen's submitted filters and the block's params.
// Blocks of one screen that name the same api and parameters (a vehicle card and its owner's card, both parts of one
// answer) share one request: the last query of each screen is remembered until its filters change.
import { callApi } from '../../http/client';
import type { Block } from '../../../schemas/screen/screen.types';
import type { Row, ScreenStore } from '../../screen/ScreenStore';

const isGiven = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The query of a block: the submitted filters that have a value, then its own params; null when a required one is missing. */
export function recordParams(block: Block, filters: Row): Record<string, unknown> | null {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => isGiven(value)));
  if (block.requires && !block.requires.some((name) => name in given)) return null;
  return { ...given, ...block.params };
}

/** The value at a dotted path of an answer (`vehicle`, `page.owner`); the answer itself without a path. */
export function atPath(answer: unknown, path: string | undefined): Row | null {
  let value = answer;
  for (const part of path ? path.split('.') : []) value = value && typeof value === 'object' ? (value as Row)[part] : undefined;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null;
}

const lastQuery = new WeakMap<ScreenStore, { key: string; answer: Promise<unknown> }>();

/** The answer of `api` for these params, asked once per screen and query. */
export function queryRecord(store: ScreenStore, api: string, params: Record<string, unknown>): Promise<unknown> {
  const key = JSON.stringify([api, params]);
  const known = lastQuery.get(store);
  if (known?.key === key) return known.answer;
  const answer = callApi<unknown>(api, { params });
  lastQuery.set(store, { key, answer });
  // A failed query is asked again next time (the http client has reported it).
  answer.catch(() => lastQuery.get(store)?.key === key && lastQuery.delete(store));
  return answer;
}

import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../../http/client';
import type { OverviewBlockProps } from './overviewBlock';

export interface Answer<T> {
  /** The last answer; undefined until the first one arrives, or when the call failed (the http client said why). */
  data: T | undefined;
  /** Whether the call has answered (or failed) since the block showed. */
  done: boolean;
  reload(): void;
}

/** The answer of `api` with `params`, asked for when the block shows and again on reload(). */
export function useAnswer<T>(store: OverviewBlockProps['store'], api: string | undefined, params: object | undefined): Answer<T> {
  const [state, setState] = useState<{ data: T | undefined; done: boolean }>({ data: undefined, done: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!api) return undefined;
    let alive = true;
    const options = { params: { ...params } };
    callApi<T>(api, store.calling ? store.calling(options) : options).then(
      (data) => alive && setState({ data, done: true }),
      () => alive && setState({ data: undefined, done: true }),
    );
    return () => {
      alive = false;
    };
  }, [store, api, params, round]);
  return { ...state, reload: useCallback(() => setRound((n) => n + 1), []) };
}

// Answers the runtime's http client in component tests without a network: each route is "METHOD /path".
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../../runtime/http/client';

export interface FakeCall {
  method: string;
  url: string;
  params: unknown;
  data: unknown;
  /** The headers the client sent (identity and signature headers included). */
  headers: Record<string, string>;
  /** How the client asked to read the answer (json by default; arraybuffer, blob). */
  responseType: string | undefined;
  /** How long the client lets the transport wait for the answer, in ms (0: for ever). */
  timeout: number | undefined;
}

type Handler = (call: FakeCall) => unknown;

const HEADERS = Symbol('headers');

/** An answer with response headers (a file's content-type or content-disposition). */
export const withHeaders = (body: unknown, headers: Record<string, string>) => ({ [HEADERS]: headers, body });

export interface FakeServerOptions {
  /**
   * Yield to timers when the runtime calls again and again without a timer ever running. Every fake answer is a
   * resolved promise, so a runtime that retries a failing call forever (a broken navigation guard) would keep the event
   * loop on microtasks: vitest's timeout and waitFor could not fire and the file would hang instead of failing. A real
   * network always answers in a later task; yielding only past a streak keeps the ordinary timing of the tests.
   * Leave it off where a test uses fake timers (the yield would wait for a timer that never runs).
   */
  yieldOnRunaway?: boolean;
}

/** Calls answered without a timer running in between before the fake server yields (a session start makes ~10). */
const RUNAWAY_STREAK = 50;

export function fakeServer(routes: Record<string, Handler | object>, options: FakeServerOptions = {}) {
  const calls: FakeCall[] = [];
  let streak = 0;
  let resetQueued = false;
  /** Counts a call; true once a streak of calls has gone by without a timer running. */
  const runaway = () => {
    streak += 1;
    if (!resetQueued) {
      resetQueued = true;
      setTimeout(() => {
        streak = 0;
        resetQueued = false;
      }, 0);
    }
    return streak > RUNAWAY_STREAK;
  };
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    if (options.yieldOnRunaway && runaway()) await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON(true) as Record<string, string>,
      responseType: config.responseType,
      timeout: config.timeout,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    if (route === undefined) return { data: { resultCode: 404, errMsg: `未模拟的接口 ${call.method} ${call.url}`, data: null }, status: 200, statusText: 'OK', headers: {}, config };
    const answer = typeof route === 'function' ? (route as Handler)(call) : route;
    if (answer && typeof answer === 'object' && HEADERS in answer) {
      const { [HEADERS]: headers, body } = answer as ReturnType<typeof withHeaders>;
      return { data: body, status: 200, statusText: 'OK', headers, config };
    }
    return { data: answer, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return { calls };
}

export const ok = (data: unknown) => ({ resultCode: 200, data, errMsg: '' });

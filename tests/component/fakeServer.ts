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
}

type Handler = (call: FakeCall) => unknown;

export function fakeServer(routes: Record<string, Handler | object>) {
  const calls: FakeCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: config.headers.toJSON(true) as Record<string, string>,
      responseType: config.responseType,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    if (route === undefined) return { data: { resultCode: 404, errMsg: `未模拟的接口 ${call.method} ${call.url}`, data: null }, status: 200, statusText: 'OK', headers: {}, config };
    const body = typeof route === 'function' ? (route as Handler)(call) : route;
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return { calls };
}

export const ok = (data: unknown) => ({ resultCode: 200, data, errMsg: '' });

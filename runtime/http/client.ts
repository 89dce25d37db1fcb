import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { notification } from 'antd';
import { runtimeConfig } from '../config/runtimeConfig';
import { TEXT } from '../i18n/zh';
import { serviceBasePath } from '../registries/services';
import { fillPath, parseApiRef } from '../screen/apiRef';
import { currentMenuId, getToken, sessionExpired } from './credentials';
import { isEnvelope, isSessionExpired, isSuccess, messageOf, type ResponseEnvelope } from './envelope';

/** A call the server answered with a failure envelope; the user has already been told. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly body: ResponseEnvelope | undefined,
  ) {
    super(message);
  }
}

export const http = axios.create({
  timeout: 1_800_000,
  withCredentials: true,
  // Arrays repeat their name: status=1&status=2.
  paramsSerializer: { indexes: null },
});

/** What every request carries about its caller: the bearer token, the client id and the menu the user works in. */
export function withCredentials(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('clientId', runtimeConfig().clientId);
  const menuId = currentMenuId();
  if (menuId) config.headers.set('menuId', menuId);
  return config;
}

http.interceptors.request.use(withCredentials);

let sessionNoticeShown = false;

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const body: unknown = response.data;
    if (!isEnvelope(body) || isSuccess(body)) return response;
    const message = messageOf(body) ?? TEXT.common.systemError;
    if (isSessionExpired(body)) {
      // Several calls fail at once when a session ends; the user hears about it once.
      if (!sessionNoticeShown) {
        sessionNoticeShown = true;
        notification.warning({ title: TEXT.common.tipTitle, description: message });
        sessionExpired();
      }
    } else if (body.resultCode === 500) {
      notification.error({ title: TEXT.common.tipTitle, description: message });
    } else {
      notification.warning({ title: TEXT.common.tipTitle, description: message });
    }
    return Promise.reject(new ApiFailure(message, body));
  },
  (error: AxiosError) => {
    const body = error.response?.data;
    const message =
      (isEnvelope(body) && messageOf(body)) || (typeof body === 'string' && body) || error.message || TEXT.common.systemError;
    notification.error({ title: TEXT.common.tipTitle, description: message });
    return Promise.reject(new ApiFailure(message, isEnvelope(body) ? body : undefined));
  },
);

/** A new login starts a new session: its expiry may be announced again. */
export function resetSessionNotice(): void {
  sessionNoticeShown = false;
}

export interface CallOptions {
  /** Values for {name} placeholders in the path. */
  values?: Record<string, unknown>;
  params?: Record<string, unknown>;
  data?: unknown;
}

/** Calls "service:METHOD path" and answers the envelope's data. */
export async function callApi<T>(ref: string, options: CallOptions = {}): Promise<T> {
  const api = parseApiRef(ref);
  const url = `${serviceBasePath(api.service)}/${fillPath(api.path, options.values ?? {})}`;
  const response = await http.request<ResponseEnvelope<T>>({ method: api.method, url, params: options.params, data: options.data });
  return response.data.data as T;
}

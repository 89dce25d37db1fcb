// The one http client of the runtime (back-office §7-§8): every call carries the caller's headers and a signature,
// runs under the busy indicator, and its answer goes through the error catalogue before the caller sees it.
import axios, { type AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { runtimeConfig } from '../config/runtimeConfig';
import { serviceBasePath } from '../config/services';
import { fillPath, parseApiRef } from '../../schemas/screen/apiRef';
import { busy } from './busy';
import { learnServerTime } from './clock';
import { currentMenuId, getGrayId, getToken, sessionExpired } from './credentials';
import { isEnvelope, type ResponseEnvelope } from './envelope';
import { notify } from './notify';
import { signAxiosRequest } from './requestSigning';
import { judgeAnswer, judgeHttpFailure, type Refusal } from './responseRules';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: the busy indicator ignores this request (background polls). */
    busy?: boolean;
    /** true: a failure is not shown to the user (the caller handles it, e.g. lookups that fail quietly); a session
     * expiry is still announced and leads to the login page. */
    silent?: boolean;
  }
}

/** A call that failed; the user has been told unless the catalogue says to stay silent. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly body: ResponseEnvelope | undefined,
  ) {
    super(message);
  }
}

export const HTTP_TIMEOUT_MS = 1_800_000;

export const http = axios.create({
  timeout: HTTP_TIMEOUT_MS,
  withCredentials: true,
  // Arrays repeat their name: status=1&status=2.
  paramsSerializer: { indexes: null },
  // No XSRF cookie here (calls carry a bearer token): axios would read it through Chromium's asynchronous cookie store
  // and send each request only once the page's current task has ended (after a whole render, for a screen's first page).
  xsrfCookieName: '',
});

/** The validate-one-click-delivery call reads its own failures: it gets the body instead of a notification. */
export function returnsBodyOnFailure(url: string | undefined): boolean {
  return /(^|\/)validateOneClickDelivery\/?(\?|$)/.test(url ?? '');
}

/** The home page stays quiet (back-office §8): #/home, and #/ which redirects there. */
export function isHomePage(hash: string = globalThis.location?.hash ?? ''): boolean {
  const path = hash.replace(/^#/, '').split('?')[0];
  return path === '' || path === '/' || path === '/home';
}

function knownBasePath(service: string): string | undefined {
  try {
    return serviceBasePath(service);
  } catch {
    return undefined;
  }
}

const countedAsBusy = new WeakSet<InternalAxiosRequestConfig>();

function endBusy(config: InternalAxiosRequestConfig | undefined): void {
  if (config && countedAsBusy.delete(config)) busy.end();
}

// Synchronous: the request leaves within http.request(), not a few promise turns later (after the whole render, for a
// screen's first page).
http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  const settings = runtimeConfig();
  config.headers.set('clientId', settings.clientId);
  const grayId = getGrayId();
  if (grayId) config.headers.set('grayid', grayId);
  const menuId = currentMenuId();
  if (menuId && !config.headers.has('menuId')) config.headers.set('menuId', menuId);
  signAxiosRequest(config, settings.signing, knownBasePath);
  if (config.busy !== false) {
    countedAsBusy.add(config);
    // Counted after the code that made the call: a screen's first page is asked for while React renders the screen
    // (screen/firstPage.ts), and what observes the count (the navigation bar) must not change in another's render.
    queueMicrotask(() => busy.start());
  }
  return config;
}, undefined, { synchronous: true });

// FileReader rather than Blob.text(): older embedded browsers of dealership PCs lack the latter.
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('blob read failed'));
    reader.readAsText(blob);
  });
}

// A download that fails answers a JSON envelope where a file was expected (a blob, or an arraybuffer): read it so the
// catalogue sees it.
async function readBlobEnvelope(data: unknown, contentType: unknown): Promise<unknown> {
  const json = String(contentType ?? '').includes('json');
  let text: string;
  try {
    if (typeof Blob !== 'undefined' && data instanceof Blob && data.type.includes('json')) text = await blobText(data);
    // (Tag rather than instanceof: an ArrayBuffer from another realm, e.g. a test's, is one too.)
    else if (json && Object.prototype.toString.call(data) === '[object ArrayBuffer]') text = new TextDecoder().decode(data as ArrayBuffer);
    else return data;
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed : data;
  } catch {
    return data;
  }
}

let sessionNoticeShown = false;

function carryOut(verdict: Refusal, body: unknown, silent: boolean): Promise<never> {
  const envelope = isEnvelope(body) ? body : undefined;
  if (verdict.outcome === 'sessionExpired') {
    // Several calls fail at once when a session ends; the user hears about it once until the page reloads.
    if (!sessionNoticeShown) {
      sessionNoticeShown = true;
      notify('warning', verdict.message, { force: true });
      sessionExpired();
    }
  } else if (verdict.notice && !silent) {
    notify(verdict.notice, verdict.message);
  }
  return Promise.reject(new ApiFailure(verdict.message, envelope));
}

http.interceptors.response.use(
  async (response: AxiosResponse) => {
    endBusy(response.config);
    learnServerTime(response.headers.date as string | undefined);
    const body = await readBlobEnvelope(response.data, response.headers['content-type']);
    const verdict = judgeAnswer(body, { onHomePage: isHomePage() });
    if (verdict.outcome === 'success' || verdict.outcome === 'body') return response;
    return carryOut(verdict, body, response.config.silent === true);
  },
  async (error: AxiosError) => {
    if (!axios.isAxiosError(error)) throw error;
    endBusy(error.config);
    const response = error.response;
    if (response) learnServerTime(response.headers.date as string | undefined);
    const body = response ? await readBlobEnvelope(response.data, response.headers['content-type']) : undefined;
    const verdict = judgeHttpFailure(
      {
        response: response ? { status: response.status, body } : undefined,
        errorMessage: error.message,
        code: error.code,
        returnsBody: returnsBodyOnFailure(error.config?.url),
      },
      { onHomePage: isHomePage() },
    );
    if (verdict.outcome === 'body') return { ...response!, data: body };
    return carryOut(verdict, body, error.config?.silent === true);
  },
);

/** A new sign-in counts as a reload: the next session's expiry is announced again. */
export function resetSessionNotice(): void {
  sessionNoticeShown = false;
}

export interface CallOptions {
  /** Values for {name} placeholders in the path. */
  values?: Record<string, unknown>;
  params?: Record<string, unknown>;
  data?: unknown;
  /** Failures are not shown to the user; the caller handles them. */
  silent?: boolean;
  /** The menu the call is made from, when it is not the page's own (the screen editor's calls beside its preview). */
  menuId?: string;
  /** false: the busy indicator ignores this call (work in the background, such as prefetching). */
  busy?: boolean;
  /** Headers a service asks for besides the ones every call carries (the message service's app id). */
  headers?: Record<string, string>;
}

/** Calls "service:METHOD path" and answers the envelope's data (the whole body for the validate-one-click-delivery
 * call, which reads its own failures). */
export async function callApi<T>(ref: string, options: CallOptions = {}): Promise<T> {
  return (await callApiTagged<T>(ref, options)).data;
}

/** callApi, with the answer's ETag (the version of what was answered, where the server tags it). */
export async function callApiTagged<T>(ref: string, options: CallOptions = {}): Promise<{ data: T; etag: string | undefined }> {
  const api = parseApiRef(ref);
  const url = `${serviceBasePath(api.service)}/${fillPath(api.path, options.values ?? {})}`;
  const headers = options.menuId ? { ...options.headers, menuId: options.menuId } : options.headers;
  const response = await http.request<ResponseEnvelope<T>>({ method: api.method, url, params: options.params, data: options.data, silent: options.silent, busy: options.busy, headers });
  const etag = response.headers?.etag as string | undefined;
  return { data: (returnsBodyOnFailure(url) ? response.data : response.data.data) as T, etag };
}

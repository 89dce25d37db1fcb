// Signs an outgoing axios request with the scheme its service uses: the signed-date scheme for the open api, the
// timestamp-nonce-signature scheme for everything else. Keys come from the runtime config; without a key the request
// goes unsigned and a server that checks signatures refuses it with a clear message.
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { serverNow } from './clock';
import { randomNonce, sha256Hex, signRequest, signWithDate, splitUrl, UNSIGNED_PAYLOAD } from '../../schemas/signing/signature';
import type { SigningSettings } from '../../schemas/config/runtimeConfigFile';

const DEFAULT_SIGNED_DATE_SERVICES = ['openapi'];

/** The content hash the signed-date scheme sends for the body about to go out; plain objects are serialised here
 * so the bytes hashed are the bytes sent. */
function contentHash(config: InternalAxiosRequestConfig): string {
  const data: unknown = config.data;
  if (data === undefined || data === null) return sha256Hex('');
  if (typeof data === 'string') return sha256Hex(data);
  if (data instanceof ArrayBuffer) return sha256Hex(new Uint8Array(data));
  const plain = Array.isArray(data) || Object.getPrototypeOf(data) === Object.prototype;
  if (!plain) return UNSIGNED_PAYLOAD;
  const text = JSON.stringify(data);
  config.data = text;
  config.headers.setContentType('application/json');
  return sha256Hex(text);
}

export function signAxiosRequest(config: InternalAxiosRequestConfig, settings: SigningSettings | undefined, basePathOf: (service: string) => string | undefined): void {
  if (!settings) return;
  const { path, search } = splitUrl(axios.getUri(config));
  const url = search ? `${path}?${search}` : path;
  const method = (config.method ?? 'get').toUpperCase();
  const signedDateBases = (settings.signedDateServices ?? DEFAULT_SIGNED_DATE_SERVICES).map(basePathOf).filter((base): base is string => Boolean(base));
  const openApi = settings.openApi;
  if (signedDateBases.some((base) => path === base || path.startsWith(`${base}/`))) {
    if (!openApi?.accessKey || !openApi.secret) return;
    const headers = signWithDate({ accessKey: openApi.accessKey, secret: openApi.secret }, { method, url, contentHash: contentHash(config) }, serverNow());
    for (const [name, value] of Object.entries(headers)) config.headers.set(name, value);
    return;
  }
  if (!settings.key) return;
  for (const [name, value] of Object.entries(signRequest(settings.key, { method, url }, serverNow(), randomNonce()))) config.headers.set(name, value);
}

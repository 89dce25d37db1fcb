// Upload, download and authenticated preview through the runtime's one http client, so every transfer carries the
// bearer token, the credentials and the request signature (building-blocks §7). Failures come back to the caller
// silently: the widgets show the server's errMsg or their own default text (back-office §8).
import { ApiFailure, http } from '../http/client';
import type { ResponseEnvelope } from '../http/envelope';
import { transferFailureMessage } from '../http/transferMessages';
import { serviceBasePath } from '../config/services';
import { parseApiRef } from '../../schemas/screen/apiRef';
import { extensionOf, uploadSucceeded } from '../../schemas/upload/uploadRules';

export const FILE_SERVICE = 'file';
export const OPEN_API_SERVICE = 'openapi';
const UID = /^[0-9a-f]{32}$/;

/** "service:POST path" -> the address to post to. */
export function actionUrl(ref: string): string {
  const api = parseApiRef(ref);
  return `${serviceBasePath(api.service)}/${api.path.replace(/^\/+/, '')}`;
}

export interface UploadPart {
  field: string;
  file: Blob;
  name: string;
}

/** Posts the files (and params as form fields) as multipart; answers the envelope, or throws the failure's envelope
 * (an ApiFailure) when the answer is neither resultCode 200 nor returnCode '0'. */
export async function postFiles(url: string, parts: UploadPart[], params: Record<string, string | number | boolean> = {}, query?: Record<string, unknown>): Promise<ResponseEnvelope> {
  const form = new FormData();
  for (const [name, value] of Object.entries(params)) form.append(name, String(value));
  for (const part of parts) form.append(part.field, part.file, part.name);
  const response = await http.post<ResponseEnvelope>(url, form, { silent: true, params: query, withCredentials: true });
  if (!uploadSucceeded(response.data)) throw new ApiFailure(response.data?.errMsg ?? '', response.data);
  return response.data;
}

/** A stored value's address: a uid downloads through the file service; a path or URL is used as it is. */
export function fileAddress(url: string): string {
  return UID.test(url) ? `${serviceBasePath(FILE_SERVICE)}/download/${url}` : url;
}

/** jpg and png are fetched through preview rather than download (back-office §7). */
export function downloadAddress(url: string, name: string = url): string {
  const address = fileAddress(url);
  return ['jpg', 'png'].includes(extensionOf(name)) ? address.replace(/\/download(\/|$)/, '/preview$1') : address;
}

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function fileNameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim());
    } catch {
      // A malformed escape falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  return plain ? (plain[2] ?? plain[1]!).trim() : undefined;
}

export interface DownloadedFile {
  blob: Blob;
  name: string | undefined;
}

/** GET as a blob; the name from content-disposition. */
export async function fetchFile(address: string): Promise<DownloadedFile> {
  const response = await http.get<Blob>(address, { responseType: 'blob', silent: true });
  return { blob: response.data, name: fileNameFromDisposition(response.headers['content-disposition'] as string | undefined) };
}

/** A file answered by "service:METHOD path", read as an arraybuffer (GET sends `params` as the query, other methods as
 * the body); the name from content-disposition when the server gives one. Failures are shown by the http client. */
export async function fetchArrayBuffer(ref: string, params: Record<string, unknown> = {}): Promise<{ bytes: ArrayBuffer; name: string | undefined }> {
  const { method } = parseApiRef(ref);
  const get = method === 'GET';
  const response = await http.request<ArrayBuffer>({ method, url: actionUrl(ref), params: get ? params : undefined, data: get ? undefined : params, responseType: 'arraybuffer' });
  return { bytes: response.data, name: fileNameFromDisposition(response.headers['content-disposition'] as string | undefined) };
}

/** Hands the blob to the browser as a download under the given name. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** Downloads a stored file; answers the failure message (the server's errMsg or 文件下载失败！/图片下载失败！) or undefined. */
export async function downloadFile(url: string, name?: string): Promise<string | undefined> {
  const image = ['jpg', 'jpeg', 'png', 'bmp', 'gif'].includes(extensionOf(name ?? url));
  try {
    const file = await fetchFile(downloadAddress(url, name));
    saveBlob(file.blob, file.name ?? name ?? 'file');
    return undefined;
  } catch (failure) {
    return transferFailureMessage(image ? 'imageDownload' : 'fileDownload', failure);
  }
}

/** The uid inside a stored value ('/api/file/preview/<uid>', a bare uid...), when it has one. */
export function uidOf(url: string): string | undefined {
  return /(?:^|\/)([0-9a-f]{32})$/.exec(url)?.[1];
}

/** GET {open api}/file/preview/{uid} as a blob, with the bearer token and the signed-date headers. */
export async function fetchPreview(uid: string): Promise<Blob> {
  const response = await http.get<Blob>(`${serviceBasePath(OPEN_API_SERVICE)}/file/preview/${uid}`, { responseType: 'blob', silent: true, busy: false });
  return response.data;
}

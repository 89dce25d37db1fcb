// The two request-signing schemes of back-office §7, as pure functions shared by the browser client, the server's
// verification and the test harness, so both ends compute the same canonical text by construction.
// HMAC-SHA256 comes from @noble/hashes (synchronous, no secure context needed): Web Crypto is missing on plain-HTTP
// intranet addresses, where dealerships often run back offices.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Scheme 1 (every /api call): headers added to the request. */
export const SIGNATURE_HEADERS = { timestamp: 'timestamp', nonce: 'nonce', signature: 'signature' } as const;

/** Scheme 2 (signed date, for the open api): headers added to the request; Authorization keeps the bearer token. */
export const SIGNED_DATE_HEADERS = { date: 'X-Sdk-Date', contentHash: 'X-Sdk-Content-Sha256', authorization: 'X-Sdk-Authorization' } as const;
export const SIGNED_DATE_ALGORITHM = 'SDK-HMAC-SHA256';
/** The content hash of a body that cannot be hashed before it is sent (multipart, blobs). */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export function sha256Hex(text: string | Uint8Array): string {
  return bytesToHex(sha256(typeof text === 'string' ? utf8ToBytes(text) : text));
}

export function hmacHex(key: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed escape is signed as sent; the other side sees the same bytes.
    return text;
  }
}

/** The path as both ends see it after decoding, so browsers' and proxies' re-encoding cannot break a signature. */
export function canonicalPath(pathname: string): string {
  return decode(pathname) || '/';
}

/** The query sorted by name, then value, each part encoded the same way: `a=1&a=2&b=x%20y`. */
export function canonicalQuery(search: string): string {
  const pairs = [...new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)];
  pairs.sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** Splits "/path?query" (or an absolute URL) into its path and query. */
export function splitUrl(url: string): { path: string; search: string } {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const hash = withoutOrigin.indexOf('#');
  const bare = hash >= 0 ? withoutOrigin.slice(0, hash) : withoutOrigin;
  const question = bare.indexOf('?');
  return question >= 0 ? { path: bare.slice(0, question) || '/', search: bare.slice(question + 1) } : { path: bare || '/', search: '' };
}

export interface SigningInput {
  method: string;
  /** Path and query as sent, e.g. "/api/repair/orders?current=1&status=1&status=2". */
  url: string;
  timestamp: string;
  nonce: string;
}

/** The text scheme 1 signs: method, path and sorted query, timestamp and nonce, one per line. */
export function stringToSign({ method, url, timestamp, nonce }: SigningInput): string {
  const { path, search } = splitUrl(url);
  return [method.toUpperCase(), canonicalPath(path), canonicalQuery(search), timestamp, nonce].join('\n');
}

export function requestSignature(key: string, input: SigningInput): string {
  return hmacHex(key, stringToSign(input));
}

/** The headers of scheme 1 for one request. */
export function signRequest(key: string, request: { method: string; url: string }, now: number, nonce: string): Record<string, string> {
  const timestamp = String(now);
  return {
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.signature]: requestSignature(key, { ...request, timestamp, nonce }),
  };
}

const HEX = '0123456789abcdef';

/** 32 random hex characters from the platform's CSPRNG (getRandomValues works without a secure context). */
export function randomNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let out = '';
  for (const byte of bytes) out += HEX[byte >> 4]! + HEX[byte & 15]!;
  return out;
}

/** 20260630T101500Z: the basic ISO 8601 form of X-Sdk-Date, always UTC. */
export function sdkDate(now: number): string {
  return new Date(now).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The instant of an X-Sdk-Date value, or NaN when it is not one. */
export function parseSdkDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

export interface SignedDateInput {
  method: string;
  url: string;
  /** Lower-case header name -> value, for every header listed in `signedHeaders`. */
  headers: Record<string, string>;
  signedHeaders: string[];
}

/** The canonical request of scheme 2: method, path, sorted query, signed headers and the content hash. */
export function canonicalSignedDateRequest({ method, url, headers, signedHeaders }: SignedDateInput): string {
  const { path, search } = splitUrl(url);
  const names = signedHeaders.map((h) => h.toLowerCase()).sort();
  return [
    method.toUpperCase(),
    canonicalPath(path),
    canonicalQuery(search),
    names.map((name) => `${name}:${(headers[name] ?? '').trim()}\n`).join(''),
    names.join(';'),
    headers[SIGNED_DATE_HEADERS.contentHash.toLowerCase()] ?? '',
  ].join('\n');
}

export function signedDateSignature(secret: string, input: SignedDateInput): string {
  const date = input.headers[SIGNED_DATE_HEADERS.date.toLowerCase()] ?? '';
  return hmacHex(secret, [SIGNED_DATE_ALGORITHM, date, sha256Hex(canonicalSignedDateRequest(input))].join('\n'));
}

/** The headers of scheme 2 for one request; `contentHash` is the hex SHA-256 of the body, or UNSIGNED_PAYLOAD. */
export function signWithDate(
  credentials: { accessKey: string; secret: string },
  request: { method: string; url: string; contentHash: string },
  now: number,
): Record<string, string> {
  const headers = {
    [SIGNED_DATE_HEADERS.date.toLowerCase()]: sdkDate(now),
    [SIGNED_DATE_HEADERS.contentHash.toLowerCase()]: request.contentHash,
  };
  const signedHeaders = Object.keys(headers).sort();
  const signature = signedDateSignature(credentials.secret, { method: request.method, url: request.url, headers, signedHeaders });
  return {
    [SIGNED_DATE_HEADERS.date]: headers[SIGNED_DATE_HEADERS.date.toLowerCase()]!,
    [SIGNED_DATE_HEADERS.contentHash]: request.contentHash,
    [SIGNED_DATE_HEADERS.authorization]: `${SIGNED_DATE_ALGORITHM} Access=${credentials.accessKey}, SignedHeaders=${signedHeaders.join(';')}, Signature=${signature}`,
  };
}

export interface SignedDateAuthorization {
  accessKey: string;
  signedHeaders: string[];
  signature: string;
}

export function parseSignedDateAuthorization(value: string): SignedDateAuthorization | undefined {
  const m = /^SDK-HMAC-SHA256 Access=([^,\s]+), SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(value.trim());
  if (!m) return undefined;
  return { accessKey: m[1]!, signedHeaders: m[2]!.split(';'), signature: m[3]! };
}

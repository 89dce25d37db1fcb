// Verifies the signed-date scheme of back-office §7 on the open api (/openapi, e.g. the authenticated file preview):
// X-Sdk-Date within the window, X-Sdk-Content-Sha256 equal to the body's hash, and X-Sdk-Authorization's HMAC-SHA256
// signature over the canonical request (schemas/signing/signature.ts). Authorization keeps the bearer token.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  parseSdkDate,
  parseSignedDateAuthorization,
  SIGNED_DATE_HEADERS,
  signedDateSignature,
  UNSIGNED_PAYLOAD,
} from '../../schemas/signing/signature';
import type { RequestSigningConfig } from '../config';
import { ApiError } from './errors';
import { checkWindow, sameText } from './requestSignature';

const DATE = SIGNED_DATE_HEADERS.date.toLowerCase();
const CONTENT_HASH = SIGNED_DATE_HEADERS.contentHash.toLowerCase();
const AUTHORIZATION = SIGNED_DATE_HEADERS.authorization.toLowerCase();
const EMPTY_HASH = createHash('sha256').update('').digest('hex');
/** Bodies read as a stream by their handler (uploads) cannot be hashed before the check; they may be sent unsigned. */
const STREAMED_TYPES = /^(multipart\/form-data|application\/octet-stream)\b/i;

const bodyHashes = new WeakMap<FastifyRequest, string>();

/**
 * Registers, in the open-api scope, body parsers that keep the hash of the bytes received, and the check itself
 * (preValidation: after the body is read, before any handler).
 */
export function registerSignedDateCheck(scope: FastifyInstance, settings: RequestSigningConfig, clock: () => number = Date.now): void {
  const hashed =
    (parse: (text: string) => unknown) =>
    (request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void) => {
      bodyHashes.set(request, createHash('sha256').update(body).digest('hex'));
      try {
        done(null, body === '' ? undefined : parse(body));
      } catch {
        done(new ApiError('invalidInput'));
      }
    };
  scope.removeContentTypeParser(['application/json', 'text/plain']);
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, hashed((text) => JSON.parse(text) as unknown));
  scope.addContentTypeParser('text/plain', { parseAs: 'string' }, hashed((text) => text));

  scope.addHook('preValidation', async (request) => {
    const date = request.headers[DATE];
    const declaredHash = request.headers[CONTENT_HASH];
    const authorization = request.headers[AUTHORIZATION];
    if (typeof date !== 'string' || typeof declaredHash !== 'string' || typeof authorization !== 'string') throw new ApiError('signatureMissing');
    checkWindow(parseSdkDate(date), clock(), settings.windowSeconds);
    const parsed = parseSignedDateAuthorization(authorization);
    if (!parsed || parsed.accessKey !== settings.openApiAccessKey || !parsed.signedHeaders.includes(DATE) || !parsed.signedHeaders.includes(CONTENT_HASH)) {
      throw new ApiError('signatureInvalid');
    }
    const headers: Record<string, string> = {};
    for (const name of parsed.signedHeaders) {
      const value = request.headers[name];
      headers[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
    }
    const expected = signedDateSignature(settings.openApiSecret, { method: request.method, url: request.url, headers, signedHeaders: parsed.signedHeaders });
    if (!sameText(expected, parsed.signature)) throw new ApiError('signatureInvalid');
    if (declaredHash === UNSIGNED_PAYLOAD) {
      if (!STREAMED_TYPES.test(request.headers['content-type'] ?? '')) throw new ApiError('signatureInvalid');
    } else if (!sameText(declaredHash, bodyHashes.get(request) ?? EMPTY_HASH)) {
      throw new ApiError('signatureInvalid');
    }
  });
}

import { describe, expect, it } from 'vitest';
import { learnServerTime, serverNow } from '../../runtime/http/clock';
import {
  canonicalPath,
  canonicalQuery,
  canonicalSignedDateRequest,
  hmacHex,
  parseSdkDate,
  parseSignedDateAuthorization,
  randomNonce,
  requestSignature,
  sdkDate,
  sha256Hex,
  signedDateSignature,
  signRequest,
  signWithDate,
  stringToSign,
  UNSIGNED_PAYLOAD,
} from '../../schemas/signing/signature';

const NOW = Date.UTC(2026, 5, 30, 2, 15, 0);

describe('request signing, scheme 1 (timestamp, nonce, signature)', () => {
  it('[BB-API-24] computes HMAC-SHA256 as RFC 4231 specifies', () => {
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('[BO-HTTP-05] adds the timestamp of the moment the request is signed, in milliseconds', () => {
    expect(signRequest('k', { method: 'GET', url: '/api/x' }, NOW, 'n'.repeat(32)).timestamp).toBe(String(NOW));
  });

  it('[BO-HTTP-06] adds a random nonce: 32 hex characters, different on every request', () => {
    const nonces = new Set(Array.from({ length: 1000 }, randomNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
  });

  it('[BO-HTTP-07] signs the method, the path and the query sorted by name and value, with the timestamp and nonce', () => {
    const text = stringToSign({ method: 'get', url: '/api/repair/orders?status=2&b=x%20y&status=1&a=%E4%BA%AC', timestamp: '1', nonce: 'abc' });
    expect(text).toBe('GET\n/api/repair/orders\na=%E4%BA%AC&b=x%20y&status=1&status=2\n1\nabc');
    const headers = signRequest('secret', { method: 'GET', url: '/api/repair/orders?status=1&a=1' }, NOW, 'f'.repeat(32));
    expect(headers.signature).toBe(hmacHex('secret', `GET\n/api/repair/orders\na=1&status=1\n${NOW}\n${'f'.repeat(32)}`));
  });

  it('[BO-HTTP-07] gives the same signature however the browser or a proxy encodes the same query', () => {
    const sign = (url: string) => requestSignature('k', { method: 'GET', url, timestamp: '1', nonce: 'n' });
    expect(sign('/api/x?sort=createdAt|desc&q=a+b')).toBe(sign('/api/x?q=a%20b&sort=createdAt%7Cdesc'));
    expect(sign('/api/%E7%BB%B4%E4%BF%AE?a=1')).toBe(sign('/api/维修?a=1'));
    expect(sign('http://127.0.0.1:3000/api/x?a=1#frag')).toBe(sign('/api/x?a=1'));
  });

  it('[BO-HTTP-07] changes the signature when the query, the path, the method or the key changes', () => {
    const base = { method: 'GET', url: '/api/x?pageSize=50', timestamp: '1', nonce: 'n' };
    const signature = requestSignature('k', base);
    expect(requestSignature('k', { ...base, url: '/api/x?pageSize=500' })).not.toBe(signature);
    expect(requestSignature('k', { ...base, url: '/api/y?pageSize=50' })).not.toBe(signature);
    expect(requestSignature('k', { ...base, method: 'DELETE' })).not.toBe(signature);
    expect(requestSignature('other', base)).not.toBe(signature);
    expect(requestSignature('k', { ...base, timestamp: '2' })).not.toBe(signature);
  });

  it('canonicalises an empty path and query', () => {
    expect(canonicalPath('')).toBe('/');
    expect(canonicalQuery('')).toBe('');
    expect(canonicalQuery('?b=2&a=1')).toBe('a=1&b=2');
    expect(canonicalPath('/api/%E0%A4%A')).toBe('/api/%E0%A4%A');
  });
});

describe('request signing, scheme 2 (signed date)', () => {
  const credentials = { accessKey: 'dms-web', secret: 'open-secret' };

  it('[BO-HTTP-08] [BB-API-25] adds X-Sdk-Date, a content-hash header and an authorization signature header', () => {
    const headers = signWithDate(credentials, { method: 'GET', url: '/openapi/file/preview/u1', contentHash: sha256Hex('') }, NOW);
    expect(headers['X-Sdk-Date']).toBe('20260630T021500Z');
    expect(headers['X-Sdk-Content-Sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const authorization = parseSignedDateAuthorization(headers['X-Sdk-Authorization']!);
    expect(authorization).toMatchObject({ accessKey: 'dms-web', signedHeaders: ['x-sdk-content-sha256', 'x-sdk-date'] });
    const lower = { 'x-sdk-date': headers['X-Sdk-Date']!, 'x-sdk-content-sha256': headers['X-Sdk-Content-Sha256']! };
    const canonical = canonicalSignedDateRequest({ method: 'GET', url: '/openapi/file/preview/u1', headers: lower, signedHeaders: authorization!.signedHeaders });
    expect(canonical).toBe(`GET\n/openapi/file/preview/u1\n\nx-sdk-content-sha256:${lower['x-sdk-content-sha256']}\nx-sdk-date:20260630T021500Z\n\nx-sdk-content-sha256;x-sdk-date\n${lower['x-sdk-content-sha256']}`);
    expect(authorization!.signature).toBe(hmacHex('open-secret', `SDK-HMAC-SHA256\n20260630T021500Z\n${sha256Hex(canonical)}`));
  });

  it('[BO-HTTP-08] binds the body through its hash, and says when a streamed body is not hashed', () => {
    const sign = (contentHash: string) => signWithDate(credentials, { method: 'POST', url: '/openapi/file/publish/u1', contentHash }, NOW)['X-Sdk-Authorization'];
    expect(sign(sha256Hex('{"a":1}'))).not.toBe(sign(sha256Hex('{"a":2}')));
    expect(sign(UNSIGNED_PAYLOAD)).toContain('Signature=');
    const headers = { 'x-sdk-date': '20260630T021500Z', 'x-sdk-content-sha256': UNSIGNED_PAYLOAD };
    expect(signedDateSignature('s', { method: 'POST', url: '/openapi/a', headers, signedHeaders: ['x-sdk-date', 'x-sdk-content-sha256'] })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads X-Sdk-Date back and refuses what is not one', () => {
    expect(parseSdkDate(sdkDate(NOW))).toBe(NOW);
    expect(parseSdkDate('2026-06-30T02:15:00Z')).toBeNaN();
    expect(parseSignedDateAuthorization('Bearer abc')).toBeUndefined();
  });
});

describe('the clock signatures are dated by', () => {
  it('follows the server clock when the local clock is off by more than 30 seconds, and ignores smaller skew', () => {
    const local = Date.now();
    learnServerTime(new Date(local + 3_600_000).toUTCString(), local);
    expect(Math.abs(serverNow() - (local + 3_600_000))).toBeLessThan(2_000);
    learnServerTime(new Date(local + 5_000).toUTCString(), local);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
    learnServerTime('not a date', local);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });
});

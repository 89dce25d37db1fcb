// A real S3-compatible server inside the test process: @20minutes/s3rver keeps the objects in a temporary folder, behind
// a plain HTTP server that checks every request's SigV4 signature against the key pair S3RVER/S3RVER and records it,
// so a test can see which S3 calls the store made (multipart parts, list pages, aborts). The signature is checked here
// rather than by s3rver, whose own check gets the canonical path of bucket-level calls (`/bucket/?list-type=2`) wrong;
// an implementation written apart from the SDK's signer also proves the SDK signs what AWS specifies.
import S3rver from '@20minutes/s3rver';
import crypto, { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3StoreSettings } from '../../server/files/s3FileStore';

export interface S3Request {
  method: string;
  url: string;
  status?: number;
}

export interface TestS3 {
  /** Settings of a store on this server's bucket, signed with the server's key pair, path-style. */
  settings: S3StoreSettings;
  /** FILE_STORE=s3 and the S3_* variables that point the app at the same bucket. */
  env: Record<string, string>;
  requests: S3Request[];
  close(): Promise<void>;
}

const BUCKET = 'dms-files';
const SECRETS: Record<string, string> = { S3RVER: 'S3RVER' };

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Why the request's AWS4-HMAC-SHA256 Authorization header is not valid, or undefined when it is (AWS SigV4: the
 * canonical request, the string to sign, the derived signing key). */
export function signatureProblem(request: IncomingMessage): { code: string; message: string } | undefined {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(request.headers.authorization ?? '');
  if (!match) return { code: 'AccessDenied', message: 'missing or malformed AWS4-HMAC-SHA256 authorization' };
  const [, accessKey, day, region, signedHeaders, signature] = match as unknown as string[];
  const secret = SECRETS[accessKey!];
  if (!secret) return { code: 'InvalidAccessKeyId', message: `unknown access key ${accessKey}` };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(day!) || !payloadHash) return { code: 'AccessDenied', message: 'x-amz-date or x-amz-content-sha256 missing' };
  const [path = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => pair.split('=', 2).map((part) => rfc3986(decodeURIComponent(part ?? ''))) as [string, string])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value = '']) => `${name}=${value}`)
    .join('&');
  const headerNames = signedHeaders!.split(';');
  if (!headerNames.includes('host')) return { code: 'AccessDenied', message: 'host is not signed' };
  const headers = headerNames.map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, path, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), 's3'), 'aws4_request');
  const expected = hmac(key, toSign);
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) return { code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  return undefined;
}

/** s3rver seals ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 only has in its legacy provider;
 * two-key triple DES with both keys equal is the same cipher (encrypt, decrypt, encrypt with one key). */
let tokenCipherAllowed = false;
function allowS3rverTokenCipher(): void {
  if (tokenCipherAllowed) return;
  tokenCipherAllowed = true;
  const cipheriv = crypto.createCipheriv;
  const decipheriv = crypto.createDecipheriv;
  const asEde = (algorithm: string, key: crypto.CipherKey) => (algorithm === 'des' ? ['des-ede-cbc', Buffer.concat([key as Buffer, key as Buffer])] : [algorithm, key]) as [string, Buffer];
  crypto.createCipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) => cipheriv(...asEde(algorithm, key), iv)) as unknown as typeof cipheriv;
  crypto.createDecipheriv = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) => decipheriv(...asEde(algorithm, key), iv)) as unknown as typeof decipheriv;
}

export async function startTestS3(): Promise<TestS3> {
  allowS3rverTokenCipher();
  const directory = mkdtempSync(join(tmpdir(), 'dms-s3-'));
  const fake = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET }], vhostBuckets: false, allowMismatchedSignatures: true });
  await fake.configureBuckets();
  const handle = fake.callback();
  const requests: S3Request[] = [];
  const server = createServer((request, response) => {
    const entry: S3Request = { method: request.method ?? '', url: request.url ?? '' };
    requests.push(entry);
    response.on('finish', () => (entry.status = response.statusCode));
    const problem = signatureProblem(request);
    if (!problem) return handle(request, response);
    request.resume();
    response.writeHead(403, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${problem.code}</Code><Message>${problem.message}</Message></Error>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    settings: { endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    env: { FILE_STORE: 's3', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fake.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

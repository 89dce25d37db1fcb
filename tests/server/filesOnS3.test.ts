// The real file routes with FILE_STORE=s3 pointing at an S3-compatible server started here: what is uploaded is in the
// bucket (not on disk) and downloads byte for byte; chunked uploads assemble and clean up in the bucket too.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { cleanUpFiles, type UploadState } from '../../server/files/chunkedUploads';
import type { FileStore } from '../../server/files/fileStore';
import { createFileStore } from '../../server/files/fileStores';
import { withFileTables } from '../../server/files/fileTables';
import type { FileInfo } from '../../server/files/storedFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { startTestS3, type TestS3 } from './s3TestServer';
import { BOUNDARY, FILE_MENU, MB, MP4_HEAD, multipartBody, PDF_HEAD, sha } from './uploadBodies';

describe(`files on an S3-compatible store (${DB_KIND})`, () => {
  let s3: TestS3;
  let t: TestServer;
  let store: FileStore;
  let advisor: string;
  let advisorId: number;
  const scratch = mkdtempSync(join(tmpdir(), 'dms-s3-config-'));

  const post = async (url: string, body: Buffer) =>
    (await t.app.inject({ method: 'POST', url, payload: body, headers: { ...t.signatureHeaders('POST', url), authorization: `Bearer ${advisor}`, menuId: FILE_MENU, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } })).json();
  const download = (uid: string) => t.app.inject({ method: 'GET', url: `/api/file/download/${uid}`, headers: { ...t.signatureHeaders('GET', `/api/file/download/${uid}`), authorization: `Bearer ${advisor}`, menuId: FILE_MENU } });

  beforeAll(async () => {
    s3 = await startTestS3();
    // The app's file settings as the environment gives them: FILE_STORE=s3 and the S3_* variables.
    const { files } = loadConfig(s3.env, { dataDir: scratch });
    t = await startTestServer({ files });
    store = createFileStore(t.config);
    advisor = await t.login('d11001fwgw');
    advisorId = (await t.call<{ userId: number }>({ method: 'GET', url: '/api/auth/userinfo', token: advisor })).data?.userId ?? 0;
  });
  afterAll(async () => {
    store?.close?.();
    await t?.close();
    await s3?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('[BO-UP-19][BO-DL-01] an upload through the route lands in the bucket in parts and downloads byte-identical', async () => {
    const content = Buffer.concat([PDF_HEAD, randomBytes(9 * MB)]);
    const before = s3.requests.length;
    const answer = await post('/api/file/upload', multipartBody([{ field: 'file', name: '维修合同.pdf', content }]));
    expect(answer.resultCode).toBe(200);
    const uid = (answer.data as FileInfo).uid;
    const calls = s3.requests.slice(before);
    // Over the 8 MB part size: streamed as a multipart upload, never as one request holding the file.
    expect(calls.filter((c) => c.method === 'PUT' && /[?&]partNumber=/.test(c.url) && c.status === 200)).toHaveLength(2);
    expect((await store.list('files')).map((o) => o.key)).toContain(`files/${uid.slice(0, 2)}/${uid}`);
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);
    const response = await download(uid);
    expect(response.statusCode).toBe(200);
    expect(sha(response.rawPayload)).toBe(sha(content));
  });

  it('[BO-UP-06] a file refused by its content leaves nothing in the bucket', async () => {
    const answer = await post('/api/file/upload', multipartBody([{ field: 'file', name: 'photo.jpg', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]) }]));
    expect(answer).toMatchObject({ resultCode: 400 });
    const keys = (await store.list('files')).map((o) => o.key);
    const rows = await withFileTables(t.server.database.db).selectFrom('storedFiles').select('storageKey').execute();
    expect(keys.sort()).toEqual(rows.map((r) => r.storageKey).sort());
  });

  it('[BO-BPU-03][BO-BPU-04] a chunked upload is assembled from the bucket, checked by sha256, and its chunks removed', async () => {
    const chunkSize = 512 * 1024;
    const content = Buffer.concat([MP4_HEAD, randomBytes(3 * chunkSize - 100)]);
    const chunks = [0, 1, 2].map((i) => content.subarray(i * chunkSize, (i + 1) * chunkSize));
    const open = await t.call<UploadState>({ method: 'POST', url: '/api/file/chunked/open', token: advisor, payload: { fileName: '试驾视频.mp4', size: content.length, chunkSize, fingerprint: 's3|1', bucketType: 'video' } });
    const { uploadId } = open.data!;
    for (const index of [0, 1, 2]) {
      const sent = await post(`/api/file/chunked/chunk?userId=${advisorId}&timestamp=${Date.now()}&bucketType=video&uploadId=${uploadId}&index=${index}`, multipartBody([{ field: 'file', name: 'blob', content: chunks[index]! }]));
      expect(sent.resultCode).toBe(200);
    }
    expect(await store.list(`chunks/${uploadId}`)).toHaveLength(3);
    const done = await t.call<FileInfo>({ method: 'POST', url: '/api/file/chunked/complete', token: advisor, payload: { uploadId, sha256: sha(content) } });
    expect(done.resultCode).toBe(200);
    expect(await store.list(`chunks/${uploadId}`)).toEqual([]);
    expect(sha((await download(done.data!.uid)).rawPayload)).toBe(sha(content));
  });

  it('the cleanup job removes an abandoned upload’s chunks from the bucket', async () => {
    const open = await t.call<UploadState>({ method: 'POST', url: '/api/file/chunked/open', token: advisor, payload: { fileName: '试驾视频.mp4', size: 2 * MB, chunkSize: MB, fingerprint: 's3|abandoned', bucketType: 'video' } });
    const { uploadId } = open.data!;
    const url = `/api/file/chunked/chunk?userId=${advisorId}&timestamp=${Date.now()}&bucketType=video&uploadId=${uploadId}&index=0`;
    expect((await post(url, multipartBody([{ field: 'file', name: 'blob', content: Buffer.concat([MP4_HEAD, Buffer.alloc(MB - MP4_HEAD.length)]) }]))).resultCode).toBe(200);
    expect(await store.list(`chunks/${uploadId}`)).toHaveLength(1);
    const cleaned = await cleanUpFiles(t.server.database.db, store, 3600_000, Date.now() + 2 * 3600_000);
    expect(cleaned.uploads).toBeGreaterThanOrEqual(1);
    expect(await store.list(`chunks/${uploadId}`)).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadState } from '../../server/files/chunkedUploads';
import { cleanUpFiles } from '../../server/files/chunkedUploads';
import type { FileInfo } from '../../server/files/storedFiles';
import { createFileStore } from '../../server/files/fileStores';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { BOUNDARY, FILE_MENU, JPEG_HEAD, lazyBytes, MB, MP4_HEAD, multipartBody, multipartStream, PDF_HEAD, sha } from './uploadBodies';

describe(`files: upload, download, preview, chunked upload (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherDealer: string;
  let admin: string;
  let advisorId: number;

  const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: Buffer | Readable, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...t.signatureHeaders(method, url), authorization: `Bearer ${token}`, menuId: FILE_MENU, ...(payload ? { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } : {}), ...headers },
    });

  const upload = async (name: string, content: Buffer, token = advisor, url = '/api/file/upload') => (await inject('POST', url, token, multipartBody([{ field: 'file', name, content }]))).json();

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherDealer, admin] = await Promise.all([t.login('d11001fwgw'), t.login('d31001fwgw'), t.login('admin')]);
    advisorId = (await t.call<{ userId: number }>({ method: 'GET', url: '/api/auth/userinfo', token: advisor })).data?.userId ?? 0;
  });
  afterAll(async () => t?.close());

  it('[BO-UP-19][BO-UP-21][BB-UP-23][BO-DL-01][BO-DL-03][BO-DL-04] a file posted in the field file answers its uid and downloads byte for byte under its Chinese name', async () => {
    const content = Buffer.concat([PDF_HEAD, Buffer.from('维修合同内容')]);
    const answer = await upload('维修合同 2026.pdf', content);
    expect(answer.resultCode).toBe(200);
    const info = answer.data as FileInfo;
    expect(info.uid).toMatch(/^[0-9a-f]{32}$/);
    const download = await inject('GET', `/api/file/download/${info.uid}`, advisor);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('维修合同 2026.pdf')}`);
  });

  it('[BO-UP-20][BO-UP-22][BB-UP-23] several files go in the field files and answer a list whose first entry has the url', async () => {
    const body = multipartBody([
      { field: 'files', name: 'a.pdf', content: Buffer.concat([PDF_HEAD, Buffer.from('a')]) },
      { field: 'files', name: 'b.jpg', content: Buffer.concat([JPEG_HEAD, Buffer.from('b')]) },
    ]);
    const answer = (await inject('POST', '/api/file/uploads', advisor, body)).json();
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toHaveLength(2);
    expect(answer.data[0].url).toBe(`/api/file/download/${answer.data[0].uid}`);
  });

  it('[BO-UP-01] a file over 50 MB is refused while streaming with 上传文件大小不能超过50MB!', async () => {
    const answer = (await inject('POST', '/api/file/upload', advisor, multipartStream('file', 'big.txt', lazyBytes(Buffer.from('text'), 51 * MB)))).json();
    expect(answer).toMatchObject({ resultCode: 413, errMsg: '上传文件大小不能超过50MB!' });
  });

  it('[BO-UP-02] a configured smaller size replaces the 50 MB limit', async () => {
    const answer = (await inject('POST', '/api/file/upload?maxSizeMb=2', advisor, multipartStream('file', 'notes.txt', lazyBytes(Buffer.from('text'), 3 * MB)))).json();
    expect(answer).toMatchObject({ resultCode: 413, errMsg: '上传文件大小不能超过2MB!' });
  });

  it('[BO-UP-03][BO-UP-04][BO-UP-05] photos over 10 MB, videos over 50 MB and PDFs over 10 MB each have their message', async () => {
    const send = async (name: string, head: Buffer, size: number) => (await inject('POST', '/api/file/upload', advisor, multipartStream('file', name, lazyBytes(head, size)))).json();
    expect((await send('photo.jpg', JPEG_HEAD, 10 * MB + 1)).errMsg).toBe('照片不能超过10MB');
    expect((await send('clip.mp4', MP4_HEAD, 50 * MB + 1)).errMsg).toBe('视频不能超过50MB');
    expect((await send('scan.pdf', PDF_HEAD, 10 * MB + 1)).errMsg).toBe('PDF不能超过10MB');
    expect((await send('photo.jpg', JPEG_HEAD, 2 * MB)).resultCode).toBe(200);
  });

  it('[BO-UP-06] an extension the server does not take, and an .exe renamed .jpg, are refused with 上传文件类型不支持!', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    expect(await upload('setup.exe', exe)).toMatchObject({ resultCode: 400, errMsg: '上传文件类型不支持!' });
    expect(await upload('a.constructor', exe)).toMatchObject({ resultCode: 400, errMsg: '上传文件类型不支持!' });
    const renamed = await upload('photo.jpg', exe);
    expect(renamed.resultCode).toBe(400);
    expect(renamed.errMsg).toContain('上传文件类型不支持!');
    const stored = await createFileStore(t.config).list('files');
    expect(stored.every((o) => !o.key.endsWith('.jpg'))).toBe(true);
  });

  it('[BO-UP-01] a 60 MB upload is refused with the server memory flat (RSS measured)', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const answer = (await inject('POST', '/api/file/upload', advisor, multipartStream('file', 'huge.txt', lazyBytes(Buffer.from('text'), 60 * MB)))).json();
    clearInterval(sampler);
    expect(answer.resultCode).toBe(413);
    const growthMb = (peak - before) / MB;
    console.log(`60 MB upload: RSS before ${(before / MB).toFixed(1)} MB, peak growth ${growthMb.toFixed(1)} MB`);
    expect(growthMb).toBeLessThan(30);
  });

  it('[BO-IMG-14][BO-IMG-19] the image upload takes the field file and answers the image URL in data; a PDF is not an image', async () => {
    const answer = await upload('front.jpg', Buffer.concat([JPEG_HEAD, Buffer.alloc(100, 1)]), advisor, '/api/file/image');
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toMatch(/^\/api\/file\/preview\/[0-9a-f]{32}$/);
    const preview = await inject('GET', answer.data as string, advisor);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);
    expect((await upload('scan.pdf', Buffer.concat([PDF_HEAD, Buffer.from('x')]), advisor, '/api/file/image')).errMsg).toBe('只能上传图片');
  });

  it('[BO-DL-04] a dealer user cannot download another dealer’s file by id; the manufacturer can', async () => {
    const { data } = await upload('报价单.pdf', Buffer.concat([PDF_HEAD, Buffer.from('quote')]));
    const uid = (data as FileInfo).uid;
    expect((await inject('GET', `/api/file/download/${uid}`, otherDealer)).json()).toMatchObject({ resultCode: 404 });
    expect((await inject('GET', `/api/file/preview/${uid}`, otherDealer)).json()).toMatchObject({ resultCode: 404 });
    expect((await inject('GET', `/api/file/download/${uid}`, admin)).statusCode).toBe(200);
    expect((await inject('GET', '/api/file/download/..%2F..%2Fjwt-secret.key', advisor)).json()).toMatchObject({ resultCode: 400 });
  });

  it('[BO-DL-05][BO-DL-06][BO-DL-07][BO-DL-08] the open-api preview needs the bearer token, X-Sdk-Date and the signature', async () => {
    const { data } = await upload('vin.png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(50, 2)]));
    const url = `/openapi/file/preview/${(data as FileInfo).uid}`;
    const signed = await inject('GET', url, advisor);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    const unsigned = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${advisor}`, menuId: FILE_MENU } });
    expect(unsigned.json()).toMatchObject({ resultCode: 40110 });
    const headers = t.signatureHeaders('GET', url);
    const noBearer = await t.app.inject({ method: 'GET', url, headers: { ...headers, menuId: FILE_MENU } });
    expect(noBearer.json()).toMatchObject({ resultCode: 40105 });
  });

  it('publishing a file makes it readable by anyone signed in (file/publish/{uid})', async () => {
    const { data } = await upload('公告.pdf', Buffer.concat([PDF_HEAD, Buffer.from('notice')]));
    const uid = (data as FileInfo).uid;
    expect((await t.call({ method: 'POST', url: `/openapi/file/publish/${uid}`, token: advisor })).resultCode).toBe(200);
    expect((await inject('GET', `/api/file/download/${uid}`, otherDealer)).statusCode).toBe(200);
  });

  describe('chunked upload (breakpoint uploader)', () => {
    const chunkSize = 256 * 1024;
    const content = Buffer.concat([MP4_HEAD, Buffer.from(Array.from({ length: 4 * chunkSize - 1000 }, (_, i) => (i * 7) % 251))]);
    const chunks = Array.from({ length: Math.ceil(content.length / chunkSize) }, (_, i) => content.subarray(i * chunkSize, (i + 1) * chunkSize));
    const open = async (fingerprint: string) =>
      (await t.call<UploadState>({ method: 'POST', url: '/api/file/chunked/open', token: advisor, payload: { fileName: '试驾视频.mp4', size: content.length, chunkSize, fingerprint, bucketType: 'video' } })).data!;
    const sendChunk = async (uploadId: string, index: number, userId = advisorId) =>
      (await inject('POST', `/api/file/chunked/chunk?userId=${userId}&timestamp=${Date.now()}&bucketType=video&uploadId=${uploadId}&index=${index}`, advisor, multipartBody([{ field: 'file', name: 'blob', content: chunks[index]! }]))).json();

    it('[BO-BPU-03][BO-BPU-04] a chunked upload cut off half-way and resumed gives a byte-identical file (sha256)', async () => {
      const first = await open('试驾视频.mp4|resume|1');
      expect(first.chunkCount).toBe(4);
      expect(first.received).toEqual([]);
      expect((await sendChunk(first.uploadId, 0)).data).toEqual({ index: 0, received: 1 });
      expect((await sendChunk(first.uploadId, 1)).resultCode).toBe(200);
      // The page is reloaded: opening the same file again tells which chunks the server has.
      const resumed = await open('试驾视频.mp4|resume|1');
      expect(resumed).toMatchObject({ uploadId: first.uploadId, received: [0, 1] });
      const early = await t.call({ method: 'POST', url: '/api/file/chunked/complete', token: advisor, payload: { uploadId: first.uploadId, sha256: sha(content) } });
      expect(early.errMsg).toBe('分片不完整，请继续上传');
      for (const index of [2, 3]) expect((await sendChunk(resumed.uploadId, index)).resultCode).toBe(200);
      const done = await t.call<FileInfo>({ method: 'POST', url: '/api/file/chunked/complete', token: advisor, payload: { uploadId: first.uploadId, sha256: sha(content) } });
      expect(done.resultCode).toBe(200);
      const download = await inject('GET', `/api/file/download/${done.data!.uid}`, advisor);
      expect(sha(download.rawPayload)).toBe(sha(content));
      expect(existsSync(join(t.config.dataDir, 'files', 'chunks', first.uploadId))).toBe(false);
    });

    it('[BO-BPU-04] a chunk for another user id is refused; a wrong whole-file hash is refused', async () => {
      const state = await open('试驾视频.mp4|hash|2');
      expect((await sendChunk(state.uploadId, 0, advisorId + 1)).resultCode).toBe(403);
      for (const index of [0, 1, 2, 3]) await sendChunk(state.uploadId, index);
      const wrong = await t.call({ method: 'POST', url: '/api/file/chunked/complete', token: advisor, payload: { uploadId: state.uploadId, sha256: '0'.repeat(64) } });
      expect(wrong.errMsg).toBe('分片合并后的文件校验失败，请重新上传');
    });

    it('orphaned chunks are cleaned up after the configured time', async () => {
      const state = await open('试驾视频.mp4|orphan|3');
      await sendChunk(state.uploadId, 0);
      const store = createFileStore(t.config);
      expect((await store.list(`chunks/${state.uploadId}`)).length).toBe(1);
      const cleaned = await cleanUpFiles(t.server.database.db, store, 3600_000, Date.now() + 2 * 3600_000);
      expect(cleaned.uploads).toBeGreaterThanOrEqual(1);
      expect(await store.list(`chunks/${state.uploadId}`)).toEqual([]);
      expect((await t.call({ method: 'GET', url: `/api/file/chunked/${state.uploadId}`, token: advisor })).resultCode).toBe(404);
    });
  });
});

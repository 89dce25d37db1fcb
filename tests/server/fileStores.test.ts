// One contract for every file store: the local disk store and the S3 store (against a real S3-compatible server started
// here, which checks each request's SigV4 signature) must behave the same for everything the file service relies on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { LocalFileStore, type FileStore } from '../../server/files/fileStore';
import { createFileStore } from '../../server/files/fileStores';
import { S3FileStore } from '../../server/files/s3FileStore';
import { startTestS3, type TestS3 } from './s3TestServer';
import { MB, sha } from './uploadBodies';

const PART = 5 * MB;

/** The bytes in 256 KB pieces, as an upload arrives. */
const pieces = (bytes: Buffer) => Readable.from((function* () {
  for (let at = 0; at < bytes.length; at += 256 * 1024) yield bytes.subarray(at, at + 256 * 1024);
})());

async function readAll(store: FileStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

class StreamBroke extends Error {}

/** `before` bytes, then the stream fails as a cut-off upload does. */
function failingAfter(before: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= before) return this.destroy(new StreamBroke('connection reset'));
      const piece = randomBytes(Math.min(256 * 1024, before - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

interface Subject {
  store: FileStore;
  s3?: TestS3;
  close(): Promise<void>;
}

const subjects: [string, () => Promise<Subject>][] = [
  [
    'LocalFileStore',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'dms-store-'));
      return { store: new LocalFileStore(root), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3FileStore',
    async () => {
      const s3 = await startTestS3();
      // Small list pages so the listing below really follows continuation tokens.
      const store = new S3FileStore(s3.settings, { partSize: PART, listPageSize: 3 });
      return { store, s3, close: async () => (store.close(), s3.close()) };
    },
  ],
];

describe.each(subjects)('file store contract: %s', (name, start) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(async () => {
    subject = await start();
    store = subject.store;
  });
  afterAll(async () => subject?.close());

  it('a multi-MB body reads back byte-identical (sha256)', async () => {
    const body = randomBytes(3 * MB);
    await store.write('files/aa/roundtrip', pieces(body));
    expect(sha(await readAll(store, 'files/aa/roundtrip'))).toBe(sha(body));
  });

  it('a body larger than the multipart part size reads back byte-identical', async () => {
    const body = randomBytes(2 * PART + 1234);
    const before = subject.s3?.requests.length ?? 0;
    await store.write('files/bb/large', pieces(body));
    expect(sha(await readAll(store, 'files/bb/large'))).toBe(sha(body));
    if (subject.s3) {
      const calls = subject.s3.requests.slice(before);
      // Three parts streamed through a multipart upload, not one PutObject of the whole body.
      expect(calls.filter((c) => c.method === 'PUT' && /[?&]partNumber=/.test(c.url)).map((c) => c.status)).toEqual([200, 200, 200]);
      expect(calls.some((c) => c.method === 'POST' && /[?&]uploadId=/.test(c.url) && c.status === 200)).toBe(true);
    }
  });

  it('writing the same key again replaces the object', async () => {
    await store.write('files/cc/again', pieces(Buffer.from('first version')));
    await store.write('files/cc/again', pieces(Buffer.from('second')));
    expect((await readAll(store, 'files/cc/again')).toString()).toBe('second');
  });

  it.each([
    ['before the first part is full', 1 * MB],
    ['after parts were uploaded', PART + MB],
  ])('a stream failing %s rejects with its own error and leaves nothing behind', async (_when, before) => {
    const key = `files/dd/broken${before}`;
    const sent = subject.s3?.requests.length ?? 0;
    await expect(store.write(key, failingAfter(before))).rejects.toBeInstanceOf(StreamBroke);
    await expect(store.read(key).then((s) => s.resume())).rejects.toThrow();
    expect((await store.list('files/dd')).map((o) => o.key)).toEqual([]);
    const started = subject.s3?.requests.slice(sent).find((c) => c.method === 'POST' && /[?&]uploads/.test(c.url));
    if (started) {
      // The multipart upload that had begun is aborted (DELETE ?uploadId=…); the fake answers 405 to it (it keeps
      // no list of uploads to abort), a real server discards the parts.
      expect(subject.s3?.requests.slice(sent).some((c) => c.method === 'DELETE' && /[?&]uploadId=/.test(c.url))).toBe(true);
    } else if (subject.s3) {
      expect(before).toBeLessThan(PART);
    }
  });

  it('remove takes an object, or everything under a folder, and nothing beside it', async () => {
    for (const index of [0, 1, 2, 3, 4]) await store.write(`chunks/up1/${index}`, pieces(Buffer.from(`chunk ${index}`)));
    await store.write('chunks/up10/0', pieces(Buffer.from('a neighbour whose name starts the same')));
    await store.write('files/ee/gone', pieces(Buffer.from('bytes')));
    await store.remove('files/ee/gone');
    await expect(store.read('files/ee/gone').then((s) => s.resume())).rejects.toThrow();
    await store.remove('chunks/up1');
    expect(await store.list('chunks/up1')).toEqual([]);
    expect((await store.list('chunks/up10')).map((o) => o.key)).toEqual(['chunks/up10/0']);
    await expect(store.remove('files/ee/never-written')).resolves.toBeUndefined();
  });

  it('list answers every object under a prefix across several pages, with its time', async () => {
    const since = Date.now() - 2000;
    for (const index of [0, 1, 2, 3, 4, 5, 6, 7]) await store.write(`chunks/many/${index}`, pieces(Buffer.from(String(index))));
    await store.write('chunks/manyother/0', pieces(Buffer.from('not under the prefix')));
    const before = subject.s3?.requests.length ?? 0;
    const listed = await store.list('chunks/many');
    expect(listed.map((o) => o.key).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => `chunks/many/${i}`));
    for (const object of listed) expect(object.modifiedAt.getTime()).toBeGreaterThanOrEqual(since);
    if (subject.s3) expect(subject.s3.requests.slice(before).filter((c) => c.method === 'GET' && /list-type=2/.test(c.url)).length).toBe(3);
    expect(await store.list('chunks/none')).toEqual([]);
  });

  it.each(['../outside', 'files/../../etc/passwd', '/files/aa/x', 'files/aa/', 'files//x', 'Files/AA/x', 'files/aa/x.jpg', 'files\\aa'])(
    'the key %s is refused by every call (no path traversal)',
    async (key) => {
      await expect(store.write(key, pieces(Buffer.from('x')))).rejects.toThrow('非法的存储键');
      await expect(store.read(key)).rejects.toThrow('非法的存储键');
      await expect(store.remove(key)).rejects.toThrow('非法的存储键');
      await expect(store.list(key)).rejects.toThrow('非法的存储键');
    },
  );

  if (name === 'S3FileStore') {
    it('a request signed with the wrong secret is refused by the server', async () => {
      const wrong = new S3FileStore({ ...subject.s3!.settings, secretAccessKey: 'not-the-secret' });
      await expect(wrong.write('files/ff/unsigned', pieces(Buffer.from('x')))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      await expect(wrong.list('files')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
      wrong.close();
    });
  }
});

describe('file store configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-store-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const configOf = (env: Record<string, string>) => loadConfig(env, { dataDir });

  it('local disk under the data directory is the default', () => {
    const config = configOf({});
    expect(config.files.store).toEqual({ kind: 'local' });
    const store = createFileStore(config);
    expect(store).toBeInstanceOf(LocalFileStore);
    expect((store as LocalFileStore).root).toBe(join(dataDir, 'files'));
  });

  it('FILE_STORE=s3 reads the S3_* variables', () => {
    const config = configOf({ FILE_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'dms', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.files.store).toEqual({ kind: 's3', endpoint: 'http://minio:9000', region: 'us-east-1', bucket: 'dms', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    const store = createFileStore(config);
    expect(store).toBeInstanceOf(S3FileStore);
    store.close?.();
  });

  it('a wrong or incomplete S3 configuration stops the start with its reason', () => {
    expect(() => configOf({ FILE_STORE: 'ftp' })).toThrow('配置 FILE_STORE 应为 local 或 s3，当前为 ftp');
    expect(() => configOf({ FILE_STORE: 's3' })).toThrow('配置 FILE_STORE=s3 时还需配置 S3_BUCKET');
    expect(() => configOf({ FILE_STORE: 's3', S3_BUCKET: 'dms', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 应同时配置');
  });
});

import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { TEXT } from '../../schemas/text/zh';
import type { AppContext } from '../appContext';
import { cleanUpFiles, completeUpload, MAX_CHUNK_MB, openUpload, receiveChunk, uploadState } from '../files/chunkedUploads';
import type { FileStore } from '../files/fileStore';
import { createFileStore } from '../files/fileStores';
import { UID_PATTERN } from '../files/storageKeys';
import { findReadableFile, previewUrl, publishFile, storeUpload } from '../files/storedFiles';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';

const MB = 1024 * 1024;
/** Types the browser shows inline; anything else is only ever downloaded. */
const INLINE_TYPES = /^(image\/(jpeg|png|gif|bmp)|application\/pdf|text\/plain)/;

/** Content-Disposition with an ASCII fallback and the real (Chinese) name as RFC 5987 filename*. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const uidParams = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', title: '文件编号', pattern: UID_PATTERN } },
} as const;

const sizeQuery = {
  type: 'object',
  properties: { maxSizeMb: { type: 'number', title: '文件大小上限（MB）', exclusiveMinimum: 0 } },
} as const;

async function sendFile(store: FileStore, reply: FastifyReply, file: { storageKey: string; fileName: string; contentType: string; size: string | number }, kind: 'attachment' | 'inline') {
  const inline = kind === 'inline' && INLINE_TYPES.test(file.contentType);
  reply.header('content-type', inline ? file.contentType : 'application/octet-stream');
  reply.header('content-length', String(file.size));
  reply.header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', 'private, no-store');
  return reply.send(await store.read(file.storageKey));
}

/** Files under the /api scope (service `file`): upload, several-file upload, image upload, download, preview, publish,
 * and the breakpoint uploader's chunked upload. */
export const fileRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const store = createFileStore(config);
  const limits = { maxMb: config.files.maxMb };
  // Parts are streams: nothing is buffered, and busboy stops reading a part past the ceiling.
  await app.register(multipart, { limits: { fileSize: Math.max(limits.maxMb, MAX_CHUNK_MB) * MB + 1, files: 20, fields: 20, fieldSize: 4096 }, throwFileSizeLimit: false });

  const cleanup = setInterval(() => {
    void cleanUpFiles(db, store, config.files.cleanupAfterHours * 3600_000).catch((error: unknown) => app.log.error({ err: error }, 'file cleanup failed'));
  }, 3600_000);
  cleanup.unref();
  app.addHook('onClose', async () => {
    clearInterval(cleanup);
    store.close?.();
  });

  const oneFile = async (request: FastifyRequest, field: string) => {
    const part = await request.file();
    if (!part || part.fieldname !== field) throw new ApiError('invalidInput', TEXT.upload.noFile);
    return part;
  };

  app.post<{ Querystring: { maxSizeMb?: number } }>('/upload', { schema: { querystring: sizeQuery } }, async (request) => {
    const part = await oneFile(request, 'file');
    return ok(await storeUpload(db, store, request.user, limits, { fileName: part.filename, stream: part.file, maxSizeMb: request.query.maxSizeMb }));
  });

  app.post<{ Querystring: { maxSizeMb?: number } }>('/uploads', { schema: { querystring: sizeQuery } }, async (request) => {
    const stored = [];
    for await (const part of request.files()) {
      if (part.fieldname !== 'files') throw new ApiError('invalidInput', TEXT.upload.noFile);
      stored.push(await storeUpload(db, store, request.user, limits, { fileName: part.filename, stream: part.file, maxSizeMb: request.query.maxSizeMb }));
    }
    if (stored.length === 0) throw new ApiError('invalidInput', TEXT.upload.noFile);
    return ok(stored);
  });

  // The image upload answers the image's URL itself (back-office §7).
  app.post('/image', async (request) => {
    const part = await oneFile(request, 'file');
    const info = await storeUpload(db, store, request.user, limits, { fileName: part.filename, stream: part.file, imageOnly: true });
    return ok(previewUrl(info.uid));
  });

  app.get<{ Params: { uid: string } }>('/download/:uid', { schema: { params: uidParams } }, async (request, reply) =>
    sendFile(store, reply, await findReadableFile(db, request.user, request.params.uid), 'attachment'),
  );

  app.get<{ Params: { uid: string } }>('/preview/:uid', { schema: { params: uidParams } }, async (request, reply) =>
    sendFile(store, reply, await findReadableFile(db, request.user, request.params.uid), 'inline'),
  );

  app.post<{ Params: { uid: string } }>('/publish/:uid', { schema: { params: uidParams } }, async (request) => ok(await publishFile(db, request.user, request.params.uid)));

  app.post<{ Body: { fileName: string; size: number; chunkSize: number; fingerprint: string; bucketType: string } }>(
    '/chunked/open',
    {
      schema: {
        body: {
          type: 'object',
          required: ['fileName', 'size', 'chunkSize', 'fingerprint', 'bucketType'],
          properties: {
            fileName: { type: 'string', title: '文件名', minLength: 1, maxLength: 255 },
            size: { type: 'integer', title: '文件大小', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
            chunkSize: { type: 'integer', title: '分片大小', minimum: 1 },
            fingerprint: { type: 'string', title: '文件标识', minLength: 1, maxLength: 200 },
            bucketType: { type: 'string', title: '存储桶类型', minLength: 1, maxLength: 32 },
          },
        },
      },
    },
    async (request) => ok(await openUpload(db, request.user, limits, request.body)),
  );

  app.get<{ Params: { uploadId: string } }>(
    '/chunked/:uploadId',
    { schema: { params: { type: 'object', required: ['uploadId'], properties: { uploadId: { type: 'string', title: '上传编号', pattern: UID_PATTERN } } } } },
    async (request) => ok(await uploadState(db, request.user, request.params.uploadId)),
  );

  app.post<{ Querystring: { userId: number; timestamp: number; bucketType: string; uploadId: string; index: number } }>(
    '/chunked/chunk',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['userId', 'timestamp', 'bucketType', 'uploadId', 'index'],
          properties: {
            userId: { type: 'integer', title: '用户编号' },
            timestamp: { type: 'integer', title: '时间戳', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
            bucketType: { type: 'string', title: '存储桶类型', minLength: 1, maxLength: 32 },
            uploadId: { type: 'string', title: '上传编号', pattern: UID_PATTERN },
            index: { type: 'integer', title: '分片序号', minimum: 0 },
          },
        },
      },
    },
    async (request) => {
      if (request.query.userId !== request.user.id) throw new ApiError('forbidden');
      const part = await oneFile(request, 'file');
      return ok(await receiveChunk(db, store, request.user, request.query.uploadId, request.query.index, part.file));
    },
  );

  app.post<{ Body: { uploadId: string; sha256: string } }>(
    '/chunked/complete',
    {
      schema: {
        body: {
          type: 'object',
          required: ['uploadId', 'sha256'],
          properties: {
            uploadId: { type: 'string', title: '上传编号', pattern: UID_PATTERN },
            sha256: { type: 'string', title: '文件校验值', pattern: '^[0-9a-fA-F]{64}$' },
          },
        },
      },
    },
    async (request) => ok(await completeUpload(db, store, request.user, request.body.uploadId, request.body.sha256)),
  );
};

/** The authenticated preview of the open api: GET {open api}/file/preview/{uid} (bearer, X-Sdk-Date, signature). */
export const openApiFileRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const store = createFileStore(config);
  app.addHook('onClose', async () => store.close?.());
  app.get<{ Params: { uid: string } }>('/preview/:uid', { schema: { params: uidParams } }, async (request, reply) =>
    sendFile(store, reply, await findReadableFile(db, request.user, request.params.uid), 'inline'),
  );
  app.post<{ Params: { uid: string } }>('/publish/:uid', { schema: { params: uidParams } }, async (request) => ok(await publishFile(db, request.user, request.params.uid)));
};

/** The digital-estate service's call (back-office §7, other services): POST {digital estate}/file/publish/{uid}, the same
 * publish as the file service's, under that service's base and permission key. */
export const digitalEstateRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.post<{ Params: { uid: string } }>('/file/publish/:uid', { schema: { params: uidParams } }, async (request) => ok(await publishFile(db, request.user, request.params.uid)));
};

// The breakpoint uploader's server side: an upload is opened once per file (found again by the browser's fingerprint
// of the file, so a reloaded page resumes), chunks arrive one at a time in any order and may be sent again, and the
// file is assembled only when every chunk is there and the whole matches the sha256 the browser computed.
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { TEXT } from '../../schemas/text/zh';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { withFileTables } from './fileTables';
import type { FileStore } from './fileStore';
import { receive, SizeLimitExceeded } from './intake';
import { chunkKey, chunkPrefix, displayName, fileKey, newId } from './storageKeys';
import { admissibleLimit, concatenate, saveChecked, sizeMessage, type FileInfo, type FileLimits } from './storedFiles';

/** Largest chunk the server takes (MB): the configured chunk size must stay below it. */
export const MAX_CHUNK_MB = 20;
const MB = 1024 * 1024;

export interface OpenRequest {
  fileName: string;
  size: number;
  chunkSize: number;
  fingerprint: string;
  bucketType: string;
}

export interface UploadState {
  uploadId: string;
  chunkSize: number;
  chunkCount: number;
  /** Indices the server already holds: the browser sends only the others. */
  received: number[];
}

const chunkCountOf = (size: number, chunkSize: number) => Math.max(1, Math.ceil(size / chunkSize));

/** Opens the upload, or finds the one this user started for the same file (same fingerprint, size and chunk size). */
export async function openUpload(db: Kysely<Database>, user: SessionUser, limits: FileLimits, request: OpenRequest): Promise<UploadState> {
  const name = displayName(request.fileName);
  const { limit, ext, generalMb } = admissibleLimit(name, limits);
  if (request.size > limit) throw new ApiError('payloadTooLarge', sizeMessage(ext, generalMb, request.size));
  if (request.chunkSize <= 0 || request.chunkSize > MAX_CHUNK_MB * MB) throw new ApiError('invalidInput');
  const files = withFileTables(db);
  const existing = await files.selectFrom('chunkedUploads').selectAll().where('userId', '=', user.id).where('fingerprint', '=', request.fingerprint).executeTakeFirst();
  if (existing && Number(existing.size) === request.size && existing.chunkSize === request.chunkSize) return stateOf(db, existing.id, request.size, request.chunkSize);
  if (existing) await files.deleteFrom('chunkedUploads').where('id', '=', existing.id).execute();
  const id = newId();
  await files
    .insertInto('chunkedUploads')
    .values({ id, userId: user.id, fingerprint: request.fingerprint, fileName: name, size: request.size, chunkSize: request.chunkSize, bucketType: request.bucketType })
    .execute();
  return { uploadId: id, chunkSize: request.chunkSize, chunkCount: chunkCountOf(request.size, request.chunkSize), received: [] };
}

async function stateOf(db: Kysely<Database>, uploadId: string, size: number, chunkSize: number): Promise<UploadState> {
  const rows = await withFileTables(db).selectFrom('uploadChunks').select('chunkIndex').where('uploadId', '=', uploadId).orderBy('chunkIndex').execute();
  return { uploadId, chunkSize, chunkCount: chunkCountOf(size, chunkSize), received: rows.map((r) => r.chunkIndex) };
}

async function ownUpload(db: Kysely<Database>, user: SessionUser, uploadId: string) {
  const upload = await withFileTables(db).selectFrom('chunkedUploads').selectAll().where('id', '=', uploadId).where('userId', '=', user.id).executeTakeFirst();
  if (!upload) throw new ApiError('notFound');
  return upload;
}

/** Stores one chunk; its size must be exactly what its place in the file says. Sending a chunk again replaces it. */
export async function receiveChunk(db: Kysely<Database>, store: FileStore, user: SessionUser, uploadId: string, index: number, stream: Readable): Promise<{ index: number; received: number }> {
  const upload = await ownUpload(db, user, uploadId);
  const size = Number(upload.size);
  const count = chunkCountOf(size, upload.chunkSize);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new ApiError('invalidInput');
  const expected = index === count - 1 ? size - upload.chunkSize * (count - 1) : upload.chunkSize;
  let got;
  try {
    got = await receive(store, chunkKey(uploadId, index), stream, expected);
  } catch (error) {
    if (error instanceof SizeLimitExceeded) throw new ApiError('invalidInput', TEXT.upload.chunkMissing);
    throw error;
  }
  if (got.size !== expected) {
    await store.remove(chunkKey(uploadId, index));
    throw new ApiError('invalidInput', TEXT.upload.chunkMissing);
  }
  const files = withFileTables(db);
  await files.deleteFrom('uploadChunks').where('uploadId', '=', uploadId).where('chunkIndex', '=', index).execute();
  await files.insertInto('uploadChunks').values({ uploadId, chunkIndex: index, size: got.size }).execute();
  await files.updateTable('chunkedUploads').set({ updatedAt: new Date() }).where('id', '=', uploadId).execute();
  const received = await files.selectFrom('uploadChunks').select((eb) => eb.fn.countAll<string>().as('n')).where('uploadId', '=', uploadId).executeTakeFirstOrThrow();
  return { index, received: Number(received.n) };
}

export async function uploadState(db: Kysely<Database>, user: SessionUser, uploadId: string): Promise<UploadState> {
  const upload = await ownUpload(db, user, uploadId);
  return stateOf(db, uploadId, Number(upload.size), upload.chunkSize);
}

/** Assembles the chunks in order into a stored file, checked against the browser's sha256 and by content. */
export async function completeUpload(db: Kysely<Database>, store: FileStore, user: SessionUser, uploadId: string, sha256: string): Promise<FileInfo> {
  const upload = await ownUpload(db, user, uploadId);
  const size = Number(upload.size);
  const state = await stateOf(db, uploadId, size, upload.chunkSize);
  if (state.received.length !== state.chunkCount) throw new ApiError('invalidInput', TEXT.upload.chunkMissing);
  const uid = newId();
  const key = fileKey(uid);
  const keys = state.received.map((index) => chunkKey(uploadId, index));
  const received = await receive(store, key, concatenate(store, keys), size);
  if (received.size !== size || received.sha256 !== sha256.toLowerCase()) {
    await store.remove(key);
    throw new ApiError('invalidInput', TEXT.upload.chunkHashMismatch);
  }
  const info = await saveChecked(db, store, user, { uid, key, name: upload.fileName, ext: admissibleLimit(upload.fileName, { maxMb: Infinity }).ext, imageOnly: false, ...received });
  await withFileTables(db).deleteFrom('chunkedUploads').where('id', '=', uploadId).execute();
  await store.remove(chunkPrefix(uploadId));
  return info;
}

/** Removes chunked uploads left unfinished for longer than `maxAgeMs`, and stored bytes no file row refers to
 * (an upload cut off mid-way or refused after storing). */
export async function cleanUpFiles(db: Kysely<Database>, store: FileStore, maxAgeMs: number, now = Date.now()): Promise<{ uploads: number; objects: number }> {
  const files = withFileTables(db);
  const cutoff = new Date(now - maxAgeMs);
  const stale = await files.selectFrom('chunkedUploads').select('id').where('updatedAt', '<', cutoff).execute();
  for (const { id } of stale) {
    await files.deleteFrom('chunkedUploads').where('id', '=', id).execute();
    await store.remove(chunkPrefix(id));
  }
  const live = new Set((await files.selectFrom('chunkedUploads').select('id').execute()).map((r) => r.id));
  let objects = 0;
  for (const object of await store.list('chunks')) {
    const uploadId = object.key.split('/')[1] ?? '';
    if (!live.has(uploadId) && object.modifiedAt < cutoff) {
      await store.remove(object.key);
      objects += 1;
    }
  }
  for (const object of await store.list('files')) {
    if (object.modifiedAt >= cutoff) continue;
    const uid = object.key.split('/').pop() ?? '';
    const row = await files.selectFrom('storedFiles').select('uid').where('uid', '=', uid).executeTakeFirst();
    if (!row) {
      await store.remove(object.key);
      objects += 1;
    }
  }
  return { uploads: stale.length, objects };
}

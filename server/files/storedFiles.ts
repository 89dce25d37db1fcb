// Uploaded files: storing an upload after the server's own checks, finding a file under the reader's data scope, and
// assembling a chunked upload. The routes (server/routes/files.ts) only translate HTTP to these calls.
import { PassThrough, type Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { TEXT } from '../../schemas/text/zh';
import { categoryProblem, extensionOf, sizeCeiling } from '../../schemas/upload/uploadRules';
import type { Database } from '../db/schema';
import { visibleOwnerCodes } from '../data/scope';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { contentMatches, contentTypeOf, IMAGE_KINDS, isAcceptedExtension, sniff } from './contentSniff';
import { withFileTables } from './fileTables';
import type { FileStore } from './fileStore';
import { receive, SizeLimitExceeded } from './intake';
import { displayName, fileKey, newId } from './storageKeys';

export interface FileLimits {
  /** The general ceiling in MB (50 by default); a field's smaller configured size is asked for per upload. */
  maxMb: number;
}

export interface UploadRequest {
  fileName: string;
  stream: Readable;
  /** A smaller size a field configures (MB); never above the server's ceiling. */
  maxSizeMb?: number | undefined;
  /** The image upload: only images. */
  imageOnly?: boolean;
}

export interface FileInfo {
  uid: string;
  name: string;
  size: number;
  url: string;
}

/** The url a file is read back from: its download address (images are previewed through the same uid). */
export const downloadUrl = (uid: string, base = '/api/file'): string => `${base}/download/${uid}`;
export const previewUrl = (uid: string, base = '/api/file'): string => `${base}/preview/${uid}`;

export function sizeMessage(ext: string, generalMb: number, size: number): string {
  return categoryProblem(ext, size) ?? TEXT.upload.fileTooLarge(generalMb);
}

/** Checks the name's extension and the limit before any byte is stored. */
export function admissibleLimit(fileName: string, limits: FileLimits, maxSizeMb?: number): { ext: string; limit: number; generalMb: number } {
  const ext = extensionOf(fileName);
  if (!isAcceptedExtension(ext)) throw new ApiError('invalidInput', TEXT.upload.typeNotSupported);
  const generalMb = maxSizeMb && maxSizeMb > 0 ? Math.min(maxSizeMb, limits.maxMb) : limits.maxMb;
  return { ext, limit: sizeCeiling(ext, generalMb), generalMb };
}

export async function storeUpload(db: Kysely<Database>, store: FileStore, user: SessionUser, limits: FileLimits, request: UploadRequest): Promise<FileInfo> {
  const name = displayName(request.fileName);
  const { ext, limit, generalMb } = admissibleLimit(name, limits, request.maxSizeMb);
  const uid = newId();
  const key = fileKey(uid);
  let received;
  try {
    received = await receive(store, key, request.stream, limit);
  } catch (error) {
    if (error instanceof SizeLimitExceeded) throw new ApiError('payloadTooLarge', sizeMessage(ext, generalMb, limit + 1));
    throw error;
  }
  return saveChecked(db, store, user, { uid, key, name, ext, imageOnly: request.imageOnly ?? false, ...received });
}

/** The content check after the bytes are stored: the row is written only for a file whose bytes match its name. */
export async function saveChecked(
  db: Kysely<Database>,
  store: FileStore,
  user: SessionUser,
  file: { uid: string; key: string; name: string; ext: string; imageOnly: boolean; size: number; sha256: string; head: Uint8Array },
): Promise<FileInfo> {
  const kind = sniff(file.head);
  const refused = file.size === 0 || !contentMatches(file.ext, kind) ? TEXT.upload.contentMismatch : file.imageOnly && !IMAGE_KINDS.includes(kind) ? TEXT.upload.serverImageOnly : undefined;
  if (refused) {
    await store.remove(file.key);
    throw new ApiError('invalidInput', refused);
  }
  await withFileTables(db)
    .insertInto('storedFiles')
    .values({
      uid: file.uid,
      storageKey: file.key,
      fileName: file.name,
      ext: file.ext,
      contentType: contentTypeOf(kind),
      size: file.size,
      sha256: file.sha256,
      ownerCode: user.ownerCode,
      uploadedBy: user.id,
    })
    .execute();
  return { uid: file.uid, name: file.name, size: file.size, url: downloadUrl(file.uid) };
}

/** A file the user may read: their own, a published one, or one of a dealer within their data scope (a manufacturer
 * user's own side's files when the uploader had no dealer). Anything else reads as not found. */
export async function findReadableFile(db: Kysely<Database>, user: SessionUser, uid: string) {
  const row = await withFileTables(db).selectFrom('storedFiles').selectAll().where('uid', '=', uid).executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  if (row.uploadedBy === user.id || row.publishedAt !== null) return row;
  if (row.ownerCode === null ? user.ownerCode === null : (await visibleOwnerCodes(db, user)).includes(row.ownerCode)) return row;
  throw new ApiError('notFound');
}

/** What publishing a file answers: its uid and when it was first published (Beijing time, as every answer's times). */
export interface PublishedFile {
  uid: string;
  publishedAt: string;
}

/**
 * Makes a file readable by anyone signed in. Only a reader of the file may publish it (another dealer's unpublished file
 * answers as not found); publishing it again keeps the first time.
 */
export async function publishFile(db: Kysely<Database>, user: SessionUser, uid: string): Promise<PublishedFile> {
  await findReadableFile(db, user, uid);
  const row = await withFileTables(db)
    .updateTable('storedFiles')
    .set((eb) => ({ publishedAt: eb.fn.coalesce('publishedAt', eb.val(new Date())) }))
    .where('uid', '=', uid)
    .returning('publishedAt')
    .executeTakeFirstOrThrow();
  return { uid, publishedAt: formatDateTime(new Date(row.publishedAt!)) };
}

/** The stored bytes of chunks, one after the other, as one stream. */
export function concatenate(store: FileStore, keys: string[]): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      for (const key of keys) {
        const part = await store.read(key);
        for await (const chunk of part) if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}


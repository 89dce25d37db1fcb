// The breakpoint uploader (back-office §4, §7): a file sent in chunks of the configured size, one upload at a time,
// each chunk retried up to three times, with the query userId, timestamp and bucketType. Beyond the spec it resumes:
// the server is asked which chunks it already holds for this file (found again by name, size and modification time),
// so after a page reload only the missing chunks are sent. The whole file's sha256 is checked by the server.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export const BREAKPOINT_DEFAULTS = { chunkSizeMb: 5, retries: 3, bucketType: 'file' } as const;
const MB = 1024 * 1024;

export interface UploadState {
  uploadId: string;
  chunkSize: number;
  chunkCount: number;
  received: number[];
}

export interface ChunkQuery {
  userId: number;
  timestamp: number;
  bucketType: string;
  uploadId: string;
  index: number;
}

/** How the uploader talks to the server (server/routes/files.ts; a fake in tests). */
export interface ChunkTransport {
  open(request: { fileName: string; size: number; chunkSize: number; fingerprint: string; bucketType: string }): Promise<UploadState>;
  sendChunk(query: ChunkQuery, chunk: Blob): Promise<unknown>;
  complete(uploadId: string, sha256: string): Promise<{ uid: string; name: string; url: string }>;
}

export interface BreakpointOptions {
  userId: number;
  chunkSizeMb?: number | undefined;
  bucketType?: string | undefined;
  retries?: number;
  transport: ChunkTransport;
  /** Each chunk's JSON answer, handed to the parent. */
  onChunk?(response: unknown, index: number): void;
  onProgress?(progress: { done: number; total: number; resumed: number }): void;
}

export class ChunkUploadFailed extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`chunk ${index} failed`);
  }
}

export const fingerprintOf = (file: File): string => `${file.name}|${file.size}|${file.lastModified}`;

// FileReader where Blob.arrayBuffer is missing (older embedded browsers of dealership PCs).
async function bytesOf(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('blob read failed'));
    reader.readAsArrayBuffer(blob);
  });
}

export async function uploadInChunks(file: File, options: BreakpointOptions): Promise<{ uid: string; name: string; url: string }> {
  const chunkSize = Math.round((options.chunkSizeMb ?? BREAKPOINT_DEFAULTS.chunkSizeMb) * MB);
  const bucketType = options.bucketType ?? BREAKPOINT_DEFAULTS.bucketType;
  const retries = options.retries ?? BREAKPOINT_DEFAULTS.retries;
  const state = await options.transport.open({ fileName: file.name, size: file.size, chunkSize, fingerprint: fingerprintOf(file), bucketType });
  const have = new Set(state.received);
  const hash = sha256.create();
  let done = have.size;
  options.onProgress?.({ done, total: state.chunkCount, resumed: have.size });
  for (let index = 0; index < state.chunkCount; index++) {
    const chunk = file.slice(index * chunkSize, Math.min(file.size, (index + 1) * chunkSize));
    hash.update(await bytesOf(chunk));
    if (have.has(index)) continue;
    let attempt = 0;
    for (;;) {
      try {
        const response = await options.transport.sendChunk({ userId: options.userId, timestamp: Date.now(), bucketType, uploadId: state.uploadId, index }, chunk);
        options.onChunk?.(response, index);
        break;
      } catch (error) {
        if (attempt >= retries) throw new ChunkUploadFailed(index, error);
        attempt += 1;
      }
    }
    done += 1;
    options.onProgress?.({ done, total: state.chunkCount, resumed: have.size });
  }
  return options.transport.complete(state.uploadId, bytesToHex(hash.digest()));
}

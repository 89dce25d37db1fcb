// The breakpoint uploader's calls to the file service (server/routes/files.ts).
import { http } from '../http/client';
import type { ResponseEnvelope } from '../http/envelope';
import { serviceBasePath } from '../config/services';
import type { ChunkTransport, UploadState } from './breakpointUploader';
import { FILE_SERVICE, postFiles } from './transfer';

export function fileServiceTransport(): ChunkTransport {
  const base = `${serviceBasePath(FILE_SERVICE)}/chunked`;
  return {
    open: async (request) => (await http.post<ResponseEnvelope<UploadState>>(`${base}/open`, request, { silent: true })).data.data!,
    sendChunk: async (query, chunk) => postFiles(`${base}/chunk`, [{ field: 'file', file: chunk, name: 'chunk' }], {}, { ...query }),
    complete: async (uploadId, sha256) => (await http.post<ResponseEnvelope<{ uid: string; name: string; url: string }>>(`${base}/complete`, { uploadId, sha256 }, { silent: true })).data.data!,
  };
}

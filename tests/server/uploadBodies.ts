// Request bodies of the upload tests: file heads the content check recognises, and multipart/form-data bodies built
// whole or streamed piece by piece.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

export const MB = 1024 * 1024;
/** 车辆照片: the menu whose list holds the file service's keys (its screen is the one with upload fields). */
export const FILE_MENU = '1109';
export const BOUNDARY = '----dmsUploadBoundary7f3a';
export const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
export const PDF_HEAD = Buffer.from('%PDF-1.4\n');
export const MP4_HEAD = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]);

export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A body of `size` bytes starting with `head`, produced piece by piece (never held whole). */
export function lazyBytes(head: Buffer, size: number): Readable {
  const block = Buffer.alloc(64 * 1024, 0x41);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const piece = sent === 0 ? Buffer.concat([head, block]).subarray(0, Math.min(size, block.length)) : block.subarray(0, Math.min(block.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

function partHead(field: string, name: string): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
}
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

export function multipartBody(parts: { field: string; name: string; content: Buffer }[]): Buffer {
  return Buffer.concat([...parts.flatMap((p, i) => [i > 0 ? Buffer.from('\r\n') : Buffer.alloc(0), partHead(p.field, p.name), p.content]), TAIL]);
}

export function multipartStream(field: string, name: string, content: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield partHead(field, name);
      for await (const chunk of content) yield chunk as Buffer;
      yield TAIL;
    })(),
  );
}

// Receives an upload stream into the store while counting, hashing and keeping its first bytes: the size limit is
// enforced as the bytes arrive, so an oversize upload is cut off without ever being held in memory.
import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { FileStore } from './fileStore';
import { SNIFF_BYTES } from './contentSniff';

export class SizeLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`upload over ${limit} bytes`);
  }
}

export interface Received {
  size: number;
  sha256: string;
  head: Uint8Array;
}

class Inspector extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  head = Buffer.alloc(0);

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) return done(new SizeLimitExceeded(this.limit));
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    this.hash.update(chunk);
    done(null, chunk);
  }
}

/** Streams `source` into the store under `key`; rejects (leaving nothing stored) past `limit` bytes. */
export async function receive(store: FileStore, key: string, source: Readable, limit: number): Promise<Received> {
  const inspector = new Inspector(limit);
  // Bytes flow as soon as the source is piped, before the store has attached its own listeners (it may first create a
  // folder or open a connection): the first chunk can already be over the limit. The failure is kept here, so it is
  // never an unhandled 'error' event (which ends the process), and the source is stopped with it.
  let failure: Error | undefined;
  inspector.on('error', (error) => {
    failure ??= error;
    source.unpipe(inspector);
    source.resume();
  });
  source.on('error', (error) => inspector.destroy(error));
  try {
    await store.write(key, source.pipe(inspector));
  } catch (error) {
    throw failure ?? error;
  }
  if (failure) {
    await store.remove(key);
    throw failure;
  }
  return { size: inspector.size, sha256: inspector.hash.digest('hex'), head: new Uint8Array(inspector.head) };
}

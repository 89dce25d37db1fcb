// The file store on any S3-compatible endpoint (AWS S3, MinIO, Ceph RGW, Aliyun OSS's S3 API), through the official
// SDK. Keys are the same generated, checked keys as on local disk; a "folder" is the keys under `<key>/`.
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { checkKey, type FileStore, type StoredObject } from './fileStore';

const MB = 1024 * 1024;

/** Where the bucket is and how to sign in to it (FILE_STORE=s3 and the S3_* variables, see server/config.ts). */
export interface S3StoreSettings {
  /** Unset: AWS itself, from the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Both unset: the SDK's own credential chain (AWS_* variables, instance or task role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, Ceph and most private endpoints). */
  forcePathStyle: boolean;
}

export interface S3StoreTuning {
  /** Bytes per multipart part, 5 MB at least (the S3 minimum); a body within one part is a single PutObject. */
  partSize?: number;
  /** Keys per ListObjectsV2 page (S3 answers at most 1000). */
  listPageSize?: number;
}

/** Parts in flight per upload: the memory an upload holds is about (this + 1) × part size, whatever the file's size. */
const PARTS_IN_FLIGHT = 2;
/** Deletes in flight when a folder is removed. */
const DELETES_IN_FLIGHT = 4;

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly listPageSize: number;

  constructor(settings: S3StoreSettings, tuning: S3StoreTuning = {}) {
    this.bucket = settings.bucket;
    this.partSize = Math.max(tuning.partSize ?? 8 * MB, 5 * MB);
    this.listPageSize = tuning.listPageSize ?? 1000;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // The SDK's default CRC32 checksums (and the aws-chunked trailer encoding that carries them on streamed bodies)
      // are refused by many S3-compatible servers; the file row keeps its own sha256, checked where it matters.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Streams the body up in parts of `partSize` (a single PutObject when it fits in one); on a stream or network error
   * the multipart upload is aborted, so no object and no stray parts remain. */
  async write(key: string, source: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      // A plain stream of the same bytes: lib-storage takes a `size`, `length` or `path` property of the body it is given
      // for its byte count (the intake's counting stream has a `size` that starts at 0).
      params: { Bucket: this.bucket, Key: checkKey(key), Body: Readable.from(source, { objectMode: false }) },
      partSize: this.partSize,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The caller tells a refused stream (SizeLimitExceeded) from a store failure by the stream's own error.
      const cause = source.errored ?? error;
      source.destroy();
      throw cause;
    }
  }

  async read(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
    // In Node the body is the response stream itself (an IncomingMessage): nothing is buffered here.
    return answer.Body as Readable;
  }

  /** Removes the object and, as on local disk, everything under it as a folder (`chunks/<upload id>`). */
  async remove(key: string): Promise<void> {
    checkKey(key);
    const keys = [key, ...(await this.list(key)).map((object) => object.key)];
    for (let i = 0; i < keys.length; i += DELETES_IN_FLIGHT) {
      // One DeleteObject per key rather than DeleteObjects: the batch call needs a Content-MD5 or checksum header that
      // S3-compatible servers do not agree on, and a folder here is an upload's few chunks.
      await Promise.all(keys.slice(i, i + DELETES_IN_FLIGHT).map((one) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: one }))));
    }
  }

  /** Every object under `<prefix>/`, following ListObjectsV2's continuation tokens page by page. */
  async list(prefix: string): Promise<StoredObject[]> {
    const folder = `${checkKey(prefix)}/`;
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, MaxKeys: this.listPageSize, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) found.push({ key: object.Key, modifiedAt: object.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }
}

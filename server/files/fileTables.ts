// Table shapes of migration 0008 (uploaded files and chunked uploads), beside their migration as the app shell's are:
// the file modules widen the database type with `withFileTables(db)`.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back as strings from PostgreSQL; always written as numbers. */
type BigCount = ColumnType<string | number, number, number>;

export interface StoredFileTable {
  uid: string;
  storageKey: string;
  fileName: string;
  ext: string;
  contentType: string;
  size: BigCount;
  sha256: string;
  /** The uploader's dealer code; null when the uploader is on the manufacturer side. */
  ownerCode: string | null;
  uploadedBy: number;
  publishedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface ChunkedUploadTable {
  id: string;
  userId: number;
  /** What the browser knows of the file before reading it (name, size, last-modified): finds the upload again after a reload. */
  fingerprint: string;
  fileName: string;
  size: BigCount;
  chunkSize: number;
  bucketType: string;
  updatedAt: Timestamp;
}

export interface UploadChunkTable {
  uploadId: string;
  chunkIndex: number;
  size: number;
}

export interface VehiclePhotoTable {
  id: Generated<number>;
  ownerCode: string;
  plateNo: string;
  remark: string | null;
  /** The photo's URL (as the image upload answered it). */
  photo: string;
  /** JSON: [{name, url}] */
  attachments: string;
  /** JSON: {name, url} or null */
  video: string | null;
  createdBy: number;
  createdAt: Timestamp;
}

export interface FileTables {
  vehiclePhotos: VehiclePhotoTable;
  storedFiles: StoredFileTable;
  chunkedUploads: ChunkedUploadTable;
  uploadChunks: UploadChunkTable;
}

export function withFileTables(db: Kysely<Database>): Kysely<Database & FileTables> {
  return db as unknown as Kysely<Database & FileTables>;
}

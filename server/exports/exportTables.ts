// Table shape of migration 0010 (the download centre's export jobs), beside its modules as the file tables are:
// `withExportTables(db)` widens the database type.
import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint comes back as a string from PostgreSQL; always written as a number. */
type BigCount = ColumnType<string | number, number | undefined, number>;

/** 0 排队中, 1 导出中, 2 已完成, 3 失败, 4 已过期. */
export const JOB_STATUS = { queued: '0', running: '1', done: '2', failed: '3', expired: '4' } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];

export interface ExportJobTable {
  id: string;
  userId: number;
  kind: string;
  /** JSON: the filter the export was asked with. */
  params: string;
  /** JSON: the requester's data scope (owner codes) when the export was asked for; the job exports within it. */
  ownerCodes: string;
  fileName: string;
  status: JobStatus;
  progress: ColumnType<number, number | undefined, number>;
  rowCount: ColumnType<number, number | undefined, number>;
  size: BigCount;
  attempts: ColumnType<number, number | undefined, number>;
  storageKey: string | null;
  errorMsg: string | null;
  createdAt: Timestamp;
  startedAt: NullableTimestamp;
  finishedAt: NullableTimestamp;
  expiresAt: NullableTimestamp;
}

/** importStatus: 0 running, 1 done, -1 failed. */
export interface ImportJobTable {
  id: string;
  userId: number;
  kind: string;
  fileName: string;
  status: number;
  errorMsg: string | null;
  /** JSON: { errorList, dataList, total } once done. */
  result: string | null;
  /** How many times a runner has claimed the job; the claim's number fences its writes (migration 0013). */
  attempts: ColumnType<number, number | undefined, number>;
  /** The uploaded workbook in the file store until the import has finished. */
  storageKey: string | null;
  /** JSON: the requester's session user, and the owner codes of its data scope, when the import was asked for. */
  requester: string | null;
  ownerCodes: string | null;
  createdAt: Timestamp;
  finishedAt: NullableTimestamp;
}

export interface ExportTables {
  exportJobs: ExportJobTable;
  importJobs: ImportJobTable;
}

export function withExportTables(db: Kysely<Database>): Kysely<Database & ExportTables> {
  return db as unknown as Kysely<Database & ExportTables>;
}

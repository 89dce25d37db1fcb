// The download centre's export jobs: asked for by a screen's export api, run one at a time in the background (rows
// streamed from the database into the xlsx writer and on into the file store), listed for their owner, and removed
// after the configured number of days. A restart never leaves a job "running": it is queued again, or failed once it
// has been tried too often.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FileStore } from '../files/fileStore';
import { displayName, newId } from '../files/storageKeys';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { ownerScope } from '../data/scope';
import { EXPORTERS } from './exporters';
import { JOB_STATUS, withExportTables, type JobStatus } from './exportTables';
import { exporterSheet } from './exportFile';

/** A job interrupted by this many restarts is failed rather than started again. */
export const MAX_ATTEMPTS = 3;
/** Progress is saved at most this often (rows), so a large export does not spend its time updating its own row. */
const PROGRESS_EVERY = 5000;

export const EXPORT_TEXT = {
  interrupted: '服务重启次数过多，导出已中断，请重新导出',
  failed: '导出失败，请重新导出',
  unknownKind: '不支持的导出类型',
  notReady: '文件尚未生成或已过期',
} as const;

export interface ExportJobView {
  id: string;
  fileName: string;
  status: JobStatus;
  progress: number;
  rowCount: number;
  size: number;
  errorMsg: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
}

const storageKeyOf = (id: string): string => `exports/${id.slice(0, 2)}/${id}`;

export interface ExportRunnerOptions {
  keepDays: number;
  onError?: (error: unknown, jobId: string) => void;
}

export class ExportRunner {
  private readonly queue: string[] = [];
  private current: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    private readonly options: ExportRunnerOptions,
  ) {}

  private get jobs() {
    return withExportTables(this.db);
  }

  /** Records the export within the user's data scope as it is now, and queues it. */
  async create(user: SessionUser, kind: string, params: Record<string, unknown>, fileName?: string): Promise<ExportJobView> {
    const exporter = EXPORTERS[kind];
    if (!exporter) throw new ApiError('invalidInput', EXPORT_TEXT.unknownKind);
    const id = newId();
    await this.jobs
      .insertInto('exportJobs')
      .values({
        id,
        userId: user.id,
        kind,
        params: JSON.stringify(params),
        ownerCodes: JSON.stringify(await ownerScope(this.db, user)),
        fileName: displayName(fileName ?? exporter.fileName),
        status: JOB_STATUS.queued,
      })
      .execute();
    this.enqueue(id);
    return (await this.find(user.id, id))!;
  }

  /** After a start: jobs left running by a stopped server are queued again (or failed past MAX_ATTEMPTS); queued ones start. */
  async resume(): Promise<{ requeued: number; failed: number }> {
    const failed = await this.jobs
      .updateTable('exportJobs')
      .set({ status: JOB_STATUS.failed, errorMsg: EXPORT_TEXT.interrupted, finishedAt: new Date() })
      .where('status', '=', JOB_STATUS.running)
      .where('attempts', '>=', MAX_ATTEMPTS)
      .executeTakeFirst();
    const requeued = await this.jobs.updateTable('exportJobs').set({ status: JOB_STATUS.queued, progress: 0 }).where('status', '=', JOB_STATUS.running).executeTakeFirst();
    const waiting = await this.jobs.selectFrom('exportJobs').select('id').where('status', '=', JOB_STATUS.queued).orderBy('createdAt').execute();
    for (const { id } of waiting) this.enqueue(id);
    return { requeued: Number(requeued.numUpdatedRows), failed: Number(failed.numUpdatedRows) };
  }

  /** Finished files older than the configured days: the bytes are removed, the row stays as 已过期. */
  async expire(now = new Date()): Promise<number> {
    const old = await this.jobs.selectFrom('exportJobs').select(['id', 'storageKey']).where('status', '=', JOB_STATUS.done).where('expiresAt', '<=', now).execute();
    for (const job of old) {
      if (job.storageKey) await this.store.remove(job.storageKey);
      await this.jobs.updateTable('exportJobs').set({ status: JOB_STATUS.expired, storageKey: null }).where('id', '=', job.id).execute();
    }
    return old.length;
  }

  /** The user's own jobs, newest first. */
  async list(userId: number, page: number, pageSize: number): Promise<{ total: number; items: ExportJobView[] }> {
    const { total } = await this.jobs.selectFrom('exportJobs').select((eb) => eb.fn.countAll<number>().as('total')).where('userId', '=', userId).executeTakeFirstOrThrow();
    const rows = await this.jobs
      .selectFrom('exportJobs')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(total), items: rows.map(viewOf) };
  }

  async find(userId: number, id: string): Promise<ExportJobView | undefined> {
    const row = await this.jobs.selectFrom('exportJobs').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
    return row ? viewOf(row) : undefined;
  }

  /** A finished file of the user's own, as a stream with its name and size; anything else reads as not found. */
  async open(userId: number, id: string) {
    const row = await this.jobs.selectFrom('exportJobs').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError('notFound');
    if (row.status !== JOB_STATUS.done || !row.storageKey) throw new ApiError('invalidInput', EXPORT_TEXT.notReady);
    return { fileName: row.fileName, size: Number(row.size), stream: await this.store.read(row.storageKey) };
  }

  /** Resolves when the queue is empty (tests, and a graceful stop). */
  async idle(): Promise<void> {
    while (this.current) await this.current;
  }

  /** Stops taking jobs; the one running finishes its current batch and is left to the next start's resume. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  private enqueue(id: string): void {
    if (!this.queue.includes(id)) this.queue.push(id);
    if (!this.current) this.current = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      for (let id = this.queue.shift(); id && !this.stopping; id = this.queue.shift()) {
        try {
          await this.run(id);
        } catch (error) {
          this.options.onError?.(error, id);
          await this.jobs.updateTable('exportJobs').set({ status: JOB_STATUS.failed, errorMsg: EXPORT_TEXT.failed, finishedAt: new Date() }).where('id', '=', id).execute().catch(() => undefined);
        }
      }
    } finally {
      this.current = null;
    }
  }

  private async run(id: string): Promise<void> {
    const claimed = await this.jobs
      .updateTable('exportJobs')
      .set((eb) => ({ status: JOB_STATUS.running, startedAt: new Date(), attempts: eb('attempts', '+', 1), progress: 0 }))
      .where('id', '=', id)
      .where('status', '=', JOB_STATUS.queued)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return;
    const exporter = EXPORTERS[claimed.kind];
    if (!exporter) throw new Error(`unknown export kind ${claimed.kind}`);
    const params = JSON.parse(claimed.params) as Record<string, unknown>;
    const ownerCodes = JSON.parse(claimed.ownerCodes) as string[];
    const total = await exporter.count(this.db, ownerCodes, params);
    const key = storageKeyOf(id);
    const xlsx = exporterSheet(exporter);
    const stored = this.store.write(key, xlsx.output);
    // Awaited below; a failure before then must not count as unhandled.
    stored.catch(() => undefined);
    let rows = 0;
    let savedAt = 0;
    try {
      for await (const batch of exporter.rows(this.db, ownerCodes, params)) {
        for (const values of batch) xlsx.add([++rows, ...values]);
        await xlsx.settle();
        if (this.stopping) throw new Error('export stopped by shutdown');
        if (rows - savedAt >= PROGRESS_EVERY) {
          savedAt = rows;
          await this.jobs.updateTable('exportJobs').set({ progress: Math.min(99, Math.floor((rows / Math.max(total, 1)) * 100)), rowCount: rows }).where('id', '=', id).execute();
        }
      }
      await xlsx.finish();
      await stored;
    } catch (error) {
      xlsx.output.destroy(error as Error);
      await stored.catch(() => undefined);
      await this.store.remove(key);
      // Stopped by a shutdown: left running, so the next start queues it again.
      if (this.stopping) return;
      throw error;
    }
    const finishedAt = new Date();
    await this.jobs
      .updateTable('exportJobs')
      .set({
        status: JOB_STATUS.done,
        progress: 100,
        rowCount: rows,
        size: xlsx.bytes(),
        storageKey: key,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + this.options.keepDays * 86_400_000),
      })
      .where('id', '=', id)
      .execute();
  }
}

function viewOf(row: {
  id: string;
  fileName: string;
  status: JobStatus;
  progress: number;
  rowCount: number;
  size: string | number;
  errorMsg: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
}): ExportJobView {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    progress: row.progress,
    rowCount: row.rowCount,
    size: Number(row.size),
    errorMsg: row.errorMsg,
    createdAt: formatDateTime(row.createdAt),
    finishedAt: row.finishedAt ? formatDateTime(row.finishedAt) : null,
    expiresAt: row.expiresAt ? formatDateTime(row.expiresAt) : null,
  };
}

const runners = new WeakMap<Kysely<Database>, ExportRunner>();

/** One runner per database (per server): the routes that ask for exports and the download centre share it. */
export function exportRunnerOf(db: Kysely<Database>, store: FileStore, options: ExportRunnerOptions): ExportRunner {
  let runner = runners.get(db);
  if (!runner) {
    runner = new ExportRunner(db, store, options);
    runners.set(db, runner);
  }
  return runner;
}

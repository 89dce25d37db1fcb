// The download centre's export jobs: asked for by a screen's export api and run through the job queue (pg-boss on
// PostgreSQL, in-process on PGlite; server/jobs/), rows streamed from the database into the xlsx writer and on into the
// file store, listed for their owner, and removed after the configured number of days. Each run claims the job's row
// (attempts + 1) and writes only while the row still carries its claim, so a job given to a second instance after the
// first one died is finished once; a job claimed MAX_ATTEMPTS times is failed, never left running.
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../db/schema';
import type { FileStore } from '../files/fileStore';
import { displayName, newId } from '../files/storageKeys';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { ownerScope } from '../data/scope';
import { JobHandedBack, type JobQueue } from '../jobs/jobQueue';
import { EXPORTERS } from './exporters';
import { JOB_STATUS, withExportTables, type JobStatus } from './exportTables';
import { exporterSheet } from './exportFile';

/** A job claimed this many times (each start after a crash or a restart) is failed rather than started again. */
export const MAX_ATTEMPTS = 3;
/** Progress is saved at most this often (rows), so a large export does not spend its time updating its own row. */
const PROGRESS_EVERY = 5000;
/** The queue's name. */
export const EXPORT_QUEUE = 'exports';

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

// One object per claim: a run that lost its claim never writes over the file of the run that holds it.
const storageKeyOf = (id: string, claim: number): string => `exports/${id.slice(0, 2)}/${id}-${claim}`;

export interface ExportRunnerOptions {
  keepDays: number;
  onError?: (error: unknown, jobId: string) => void;
}

export class ExportRunner {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    private readonly queue: JobQueue,
    private readonly options: ExportRunnerOptions,
  ) {}

  private get jobs() {
    return withExportTables(this.db);
  }

  /** Takes this process's share of the queue; on the in-process queue, first sends the jobs a stop left unfinished. */
  async start(): Promise<void> {
    await this.queue.work(EXPORT_QUEUE, (id, signal) => this.run(id, signal));
    if (this.queue.keeps === 'memory') await this.resume();
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
    const view = (await this.find(user.id, id))!;
    await this.queue.send(EXPORT_QUEUE, id);
    return view;
  }

  /** Jobs a stopped server left running are queued again (or failed past MAX_ATTEMPTS); every queued one is sent. */
  async resume(): Promise<{ requeued: number; failed: number }> {
    const failed = await this.jobs
      .updateTable('exportJobs')
      .set({ status: JOB_STATUS.failed, errorMsg: EXPORT_TEXT.interrupted, finishedAt: new Date() })
      .where('status', '=', JOB_STATUS.running)
      .where('attempts', '>=', MAX_ATTEMPTS)
      .executeTakeFirst();
    const requeued = await this.jobs.updateTable('exportJobs').set({ status: JOB_STATUS.queued, progress: 0 }).where('status', '=', JOB_STATUS.running).executeTakeFirst();
    const waiting = await this.jobs.selectFrom('exportJobs').select('id').where('status', '=', JOB_STATUS.queued).orderBy('createdAt').execute();
    for (const { id } of waiting) await this.queue.send(EXPORT_QUEUE, id);
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

  /** Resolves when every job this process sent or took has finished (tests). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** The queue's handler: claims the job, exports, finishes it under its claim; hands it back when `signal` aborts. */
  private async run(id: string, signal: AbortSignal): Promise<void> {
    const claimed = await this.claim(id);
    if (!claimed) return;
    const claim = claimed.attempts;
    try {
      await this.export(claimed, signal);
    } catch (error) {
      if (error instanceof JobHandedBack) throw error;
      this.options.onError?.(error, id);
      await this.jobs
        .updateTable('exportJobs')
        .set({ status: JOB_STATUS.failed, errorMsg: EXPORT_TEXT.failed, finishedAt: new Date() })
        .where('id', '=', id)
        .where('attempts', '=', claim)
        .execute()
        .catch(() => undefined);
    }
  }

  /** The row with its new claim number, or undefined when it needs no run (finished, or now failed as tried too often). */
  private async claim(id: string) {
    const claimed = await this.jobs
      .updateTable('exportJobs')
      .set((eb) => ({ status: JOB_STATUS.running, startedAt: new Date(), attempts: eb('attempts', '+', 1), progress: 0 }))
      .where('id', '=', id)
      .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
      .where('attempts', '<', MAX_ATTEMPTS)
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
    await this.jobs
      .updateTable('exportJobs')
      .set({ status: JOB_STATUS.failed, errorMsg: EXPORT_TEXT.interrupted, finishedAt: new Date() })
      .where('id', '=', id)
      .where('status', 'in', [JOB_STATUS.queued, JOB_STATUS.running])
      .execute();
    return undefined;
  }

  private async export(job: { id: string; kind: string; params: string; ownerCodes: string; attempts: number }, signal: AbortSignal): Promise<void> {
    const { id, attempts: claim } = job;
    const exporter = EXPORTERS[job.kind];
    if (!exporter) throw new Error(`unknown export kind ${job.kind}`);
    const params = JSON.parse(job.params) as Record<string, unknown>;
    const ownerCodes = JSON.parse(job.ownerCodes) as string[];
    // An earlier claim's run died part way (SIGKILL): its partial object goes.
    for (let earlier = 1; earlier < claim; earlier++) await this.store.remove(storageKeyOf(id, earlier));
    const total = await exporter.count(this.db, ownerCodes, params);
    const key = storageKeyOf(id, claim);
    const xlsx = exporterSheet(exporter);
    const stored = this.store.write(key, xlsx.output);
    // Awaited below; a failure before then must not count as unhandled.
    stored.catch(() => undefined);
    let rows = 0;
    let savedAt = 0;
    const mine = this.jobs.updateTable('exportJobs').where('id', '=', id).where('attempts', '=', claim).where('status', '=', JOB_STATUS.running);
    let outcome: 'done' | 'handedBack' | 'lost' = 'done';
    try {
      for await (const batch of exporter.rows(this.db, ownerCodes, params)) {
        for (const values of batch) xlsx.add([++rows, ...values]);
        await xlsx.settle();
        if (signal.aborted) {
          outcome = 'handedBack';
          break;
        }
        if (rows - savedAt >= PROGRESS_EVERY) {
          savedAt = rows;
          const saved = await mine.set({ progress: Math.min(99, Math.floor((rows / Math.max(total, 1)) * 100)), rowCount: rows }).executeTakeFirst();
          if (Number(saved.numUpdatedRows) === 0) {
            outcome = 'lost';
            break;
          }
        }
      }
      if (outcome === 'done') {
        await xlsx.finish();
        await stored;
      }
    } catch (error) {
      await this.discard(xlsx.output, stored, key, error as Error);
      throw error;
    }
    if (outcome !== 'done') {
      await this.discard(xlsx.output, stored, key, new Error(`export ${outcome}`));
      if (outcome === 'lost') return;
      // Handed back: queued again as if this claim had not happened, for another instance or the next start.
      await mine.set((eb) => ({ status: JOB_STATUS.queued, progress: 0, attempts: eb('attempts', '-', 1) })).execute();
      throw new JobHandedBack(id);
    }
    const finishedAt = new Date();
    const finished = await mine
      .set({
        status: JOB_STATUS.done,
        progress: 100,
        rowCount: rows,
        size: xlsx.bytes(),
        storageKey: key,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + this.options.keepDays * 86_400_000),
      })
      .executeTakeFirst();
    // Another run holds the job now: this run's file is not the one its row will name.
    if (Number(finished.numUpdatedRows) === 0) await this.store.remove(key);
  }

  private async discard(output: Readable, stored: Promise<void>, key: string, reason: Error): Promise<void> {
    output.destroy(reason);
    await stored.catch(() => undefined);
    await this.store.remove(key);
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

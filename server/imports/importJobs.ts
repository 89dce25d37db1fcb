// Excel import jobs: the upload is taken in whole (within the file size ceiling) and kept in the file store, then read,
// checked against the screen's import definition and written all-or-nothing by whichever instance the job queue gives
// it to (server/jobs/). The rows and the job's finish are one transaction under the job's claim, so an import taken
// over from an instance that died is written once. The dialog polls the user's last import of the screen (the
// target/import/last shape) while importStatus is 0.
import type { Kysely } from 'kysely';
import { Readable } from 'node:stream';
import type { Database } from '../db/schema';
import { sniff } from '../files/contentSniff';
import type { FileStore } from '../files/fileStore';
import { displayName, newId } from '../files/storageKeys';
import { ApiError } from '../http/errors';
import { sideRefusal } from '../permissions/accountSide';
import type { SessionUser } from '../http/session';
import { withExportTables } from '../exports/exportTables';
import { ownerScope } from '../data/scope';
import { JobHandedBack, type JobQueue } from '../jobs/jobQueue';
import { IMPORTERS } from './importers';
import { checkRows, HeaderProblem, IMPORT_TEXT, type ImportError } from './importRows';
import { readSheetRows, SheetTooLarge } from './sheetReader';
import { checkZip } from './zipGuard';

export const IMPORT_STATUS = { running: 0, done: 1, failed: -1 } as const;
/** The most rows one import takes (a full 1,048,576-row sheet is refused, not read to the end). */
export const MAX_IMPORT_ROWS = 100_000;
/** An import claimed this many times (each start after a crash or a restart) is failed rather than started again. */
export const MAX_IMPORT_ATTEMPTS = 3;
export const IMPORT_QUEUE = 'imports';
/** At most this many imported rows are echoed back in dataList. */
const DATA_LIST_MAX = 200;
const ZIP_LIMITS = { maxUnpackedBytes: 500 * 1024 * 1024, maxRatio: 200 };

/** GET .../import/last: importStatus 0 running, 1 done, -1 failed; result.errorList and result.dataList (BO-IMP-08). */
export interface ImportStatus {
  importStatus: number;
  errorMsg: string | null;
  fileName: string | null;
  result: { errorList: ImportError[]; dataList: Record<string, unknown>[]; total: number };
}

type ImportResult = ImportStatus['result'];

export function formatOf(fileName: string): 'xlsx' | 'xls' {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'xls') return ext;
  throw new ApiError('invalidInput', IMPORT_TEXT.onlyExcel);
}

const storageKeyOf = (id: string): string => `imports/${id.slice(0, 2)}/${id}`;

/** Thrown inside the write's transaction when the job's row no longer carries this run's claim: nothing is written. */
class LostClaim extends Error {}

export class ImportRunner {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    private readonly queue: JobQueue,
    private readonly onError: (error: unknown, jobId: string) => void = () => undefined,
  ) {}

  private get jobs() {
    return withExportTables(this.db);
  }

  /** Takes this process's share of the queue; on the in-process queue, first sends the imports a stop left unfinished. */
  async start(): Promise<void> {
    await this.removeLeftWorkbooks().catch((error: unknown) => this.onError(error, 'left workbooks'));
    await this.queue.work(IMPORT_QUEUE, (id, signal) => this.run(id, signal));
    if (this.queue.keeps === 'memory') {
      const waiting = await this.jobs.selectFrom('importJobs').select('id').where('status', '=', IMPORT_STATUS.running).orderBy('createdAt').execute();
      for (const { id } of waiting) await this.queue.send(IMPORT_QUEUE, id);
    }
  }

  /** Keeps the uploaded bytes and queues their import; answers at once with the job running. */
  async submit(user: SessionUser, kind: string, fileName: string, bytes: Buffer): Promise<ImportStatus> {
    const importer = IMPORTERS[kind];
    if (!importer) throw new ApiError('invalidInput', IMPORT_TEXT.failed);
    const refusal = sideRefusal(importer.onlyFor, user);
    if (refusal) throw new ApiError('forbidden', refusal);
    formatOf(fileName);
    const id = newId();
    const storageKey = storageKeyOf(id);
    await this.store.write(storageKey, Readable.from([bytes]));
    const ownerCodes = await ownerScope(this.db, user);
    await this.jobs
      .insertInto('importJobs')
      .values({ id, userId: user.id, kind, fileName: displayName(fileName), status: IMPORT_STATUS.running, storageKey, requester: JSON.stringify(user), ownerCodes: JSON.stringify(ownerCodes) })
      .execute();
    await this.queue.send(IMPORT_QUEUE, id);
    return { importStatus: IMPORT_STATUS.running, errorMsg: null, fileName: displayName(fileName), result: { errorList: [], dataList: [], total: 0 } };
  }

  /** Resolves when every import this process sent or took has finished (tests). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    const job = await this.claim(id);
    if (!job) return;
    const claim = job.attempts;
    const finishWith = (db: Kysely<Database>, status: number, errorMsg: string | null, result: ImportResult | null) =>
      withExportTables(db)
        .updateTable('importJobs')
        .set({ status, errorMsg, result: result ? JSON.stringify(result) : null, finishedAt: new Date() })
        .where('id', '=', id)
        .where('attempts', '=', claim)
        .where('status', '=', IMPORT_STATUS.running)
        .executeTakeFirst();
    let finished = false;
    try {
      const outcome = await this.importRows(job, signal);
      if (outcome === 'handedBack') {
        await this.jobs.updateTable('importJobs').set((eb) => ({ attempts: eb('attempts', '-', 1) })).where('id', '=', id).where('attempts', '=', claim).execute();
        throw new JobHandedBack(id);
      }
      if (outcome.kind === 'failed') finished = Number((await finishWith(this.db, IMPORT_STATUS.failed, outcome.message, null)).numUpdatedRows) > 0;
      else {
        const importer = IMPORTERS[job.kind]!;
        const user = JSON.parse(job.requester!) as SessionUser;
        finished = await this.db
          .transaction()
          .execute(async (tx) => {
            const errors = outcome.errors.length > 0 ? outcome.errors : await importer.write(tx, user, outcome.records);
            // Rows left out on purpose (skipped) are reported beside the rows written; any other error wrote nothing.
            const failed = errors.some((e) => !e.skipped);
            const left = new Set(errors.map((e) => e.rowNO));
            const written = failed ? [] : outcome.records.filter((r) => !left.has(r.rowNO));
            const dataList = written.slice(0, DATA_LIST_MAX).map((r) => ({ rowNO: r.rowNO, ...r.values }));
            const done = await finishWith(tx, IMPORT_STATUS.done, null, { errorList: errors, dataList, total: written.length });
            if (Number(done.numUpdatedRows) === 0) throw new LostClaim();
            return true;
          })
          .catch((error: unknown) => {
            if (error instanceof LostClaim) return false;
            throw error;
          });
      }
    } catch (error) {
      if (error instanceof JobHandedBack) throw error;
      this.onError(error, id);
      finished = Number((await finishWith(this.db, IMPORT_STATUS.failed, IMPORT_TEXT.failed, null).catch(() => ({ numUpdatedRows: 0n }))).numUpdatedRows) > 0;
    }
    // This run's workbook, and any another instance left when it was stopped between its finish and the removal.
    if (finished) await this.removeLeftWorkbooks().catch((error: unknown) => this.onError(error, id));
  }

  /** Removes the uploaded workbooks of finished imports that still name one, and forgets their keys (removing is
   * idempotent, so two instances sweeping at once do no harm). */
  private async removeLeftWorkbooks(): Promise<void> {
    const left = await this.jobs.selectFrom('importJobs').select(['id', 'storageKey']).where('status', '!=', IMPORT_STATUS.running).where('storageKey', 'is not', null).execute();
    for (const { id, storageKey } of left) {
      await this.store.remove(storageKey!);
      await this.jobs.updateTable('importJobs').set({ storageKey: null }).where('id', '=', id).execute();
    }
  }

  /** The row with its new claim number, or undefined when it needs no run (finished, or now failed as tried too often). */
  private async claim(id: string) {
    const claimed = await this.jobs
      .updateTable('importJobs')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', IMPORT_STATUS.running)
      .where('attempts', '<', MAX_IMPORT_ATTEMPTS)
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
    const failed = await this.jobs
      .updateTable('importJobs')
      .set({ status: IMPORT_STATUS.failed, errorMsg: IMPORT_TEXT.interrupted, finishedAt: new Date() })
      .where('id', '=', id)
      .where('status', '=', IMPORT_STATUS.running)
      .returning('storageKey')
      .executeTakeFirst();
    if (failed?.storageKey) await this.removeLeftWorkbooks();
    return undefined;
  }

  /** Reads and checks the stored upload: the records to write (or the bad rows), why it failed, or handed back. */
  private async importRows(job: { kind: string; fileName: string; storageKey: string | null; ownerCodes: string | null }, signal: AbortSignal) {
    const importer = IMPORTERS[job.kind];
    if (!importer || !job.storageKey) return { kind: 'failed' as const, message: IMPORT_TEXT.failed };
    const format = formatOf(job.fileName);
    const bytes = await readAll(await this.store.read(job.storageKey));
    const kindOfBytes = sniff(bytes.subarray(0, 64));
    if ((format === 'xlsx' && kindOfBytes !== 'zip') || (format === 'xls' && kindOfBytes !== 'ole')) return { kind: 'failed' as const, message: IMPORT_TEXT.notExcel };
    if (format === 'xlsx') {
      const verdict = checkZip(bytes, ZIP_LIMITS);
      if (verdict !== 'ok') return { kind: 'failed' as const, message: verdict === 'bomb' ? IMPORT_TEXT.zipBomb : IMPORT_TEXT.notExcel };
    }
    const fields = await importer.fields(this.db, JSON.parse(job.ownerCodes ?? '[]') as string[]);
    let checked;
    try {
      checked = await checkRows<Record<string, unknown>>(readSheetRows(format, bytes, MAX_IMPORT_ROWS), fields);
    } catch (error) {
      const message = error instanceof HeaderProblem ? error.message : error instanceof SheetTooLarge ? IMPORT_TEXT.tooManyRows(MAX_IMPORT_ROWS) : IMPORT_TEXT.notExcel;
      return { kind: 'failed' as const, message };
    }
    if (signal.aborted) return 'handedBack' as const;
    return { kind: 'checked' as const, errors: checked.errors, records: checked.records };
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function lastImport(db: Kysely<Database>, userId: number, kind: string): Promise<ImportStatus> {
  const row = await withExportTables(db).selectFrom('importJobs').selectAll().where('userId', '=', userId).where('kind', '=', kind).orderBy('createdAt', 'desc').orderBy('id').limit(1).executeTakeFirst();
  const result = row?.result ? (JSON.parse(row.result) as ImportResult) : { errorList: [], dataList: [], total: 0 };
  return { importStatus: row?.status ?? IMPORT_STATUS.done, errorMsg: row?.errorMsg ?? null, fileName: row?.fileName ?? null, result };
}

// Excel import jobs: the upload is taken in whole (within the file size ceiling), checked for what it really is, then
// read, checked against the screen's import definition and written all-or-nothing in the background. The dialog polls
// the user's last import of the screen (the target/import/last shape) while importStatus is 0.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sniff } from '../files/contentSniff';
import { displayName, newId } from '../files/storageKeys';
import { ApiError } from '../http/errors';
import { sideRefusal } from '../permissions/accountSide';
import type { SessionUser } from '../http/session';
import { withExportTables } from '../exports/exportTables';
import { ownerScope } from '../data/scope';
import { IMPORTERS } from './importers';
import { checkRows, HeaderProblem, IMPORT_TEXT, type ImportError } from './importRows';
import { readSheetRows, SheetTooLarge } from './sheetReader';
import { checkZip } from './zipGuard';

export const IMPORT_STATUS = { running: 0, done: 1, failed: -1 } as const;
/** The most rows one import takes (a full 1,048,576-row sheet is refused, not read to the end). */
export const MAX_IMPORT_ROWS = 100_000;
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

const running = new Set<Promise<void>>();

/** Resolves when every import in progress has finished (tests). */
export async function importsIdle(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

export function formatOf(fileName: string): 'xlsx' | 'xls' {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx' || ext === 'xls') return ext;
  throw new ApiError('invalidInput', IMPORT_TEXT.onlyExcel);
}

/** Starts an import of the uploaded bytes; answers at once with the job running. */
export async function startImport(db: Kysely<Database>, user: SessionUser, kind: string, fileName: string, bytes: Buffer): Promise<ImportStatus> {
  const importer = IMPORTERS[kind];
  if (!importer) throw new ApiError('invalidInput', IMPORT_TEXT.failed);
  const refusal = sideRefusal(importer.onlyFor, user);
  if (refusal) throw new ApiError('forbidden', refusal);
  const format = formatOf(fileName);
  const ownerCodes = await ownerScope(db, user);
  const id = newId();
  const jobs = withExportTables(db);
  await jobs.insertInto('importJobs').values({ id, userId: user.id, kind, fileName: displayName(fileName), status: IMPORT_STATUS.running }).execute();
  const finish = (status: number, errorMsg: string | null, result: ImportStatus['result'] | null) =>
    jobs
      .updateTable('importJobs')
      .set({ status, errorMsg, result: result ? JSON.stringify(result) : null, finishedAt: new Date() })
      .where('id', '=', id)
      .execute();
  const work = (async () => {
    try {
      const kindOfBytes = sniff(bytes.subarray(0, 64));
      if ((format === 'xlsx' && kindOfBytes !== 'zip') || (format === 'xls' && kindOfBytes !== 'ole')) return void (await finish(IMPORT_STATUS.failed, IMPORT_TEXT.notExcel, null));
      if (format === 'xlsx') {
        const verdict = checkZip(bytes, ZIP_LIMITS);
        if (verdict !== 'ok') return void (await finish(IMPORT_STATUS.failed, verdict === 'bomb' ? IMPORT_TEXT.zipBomb : IMPORT_TEXT.notExcel, null));
      }
      const fields = await importer.fields(db, ownerCodes);
      let checked;
      try {
        checked = await checkRows<Record<string, unknown>>(readSheetRows(format, bytes, MAX_IMPORT_ROWS), fields);
      } catch (error) {
        const message = error instanceof HeaderProblem ? error.message : error instanceof SheetTooLarge ? IMPORT_TEXT.tooManyRows(MAX_IMPORT_ROWS) : IMPORT_TEXT.notExcel;
        return void (await finish(IMPORT_STATUS.failed, message, null));
      }
      const errors = checked.errors.length > 0 ? checked.errors : await importer.write(db, user, checked.records);
      const dataList = errors.length > 0 ? [] : checked.records.slice(0, DATA_LIST_MAX).map((r) => ({ rowNO: r.rowNO, ...r.values }));
      await finish(IMPORT_STATUS.done, null, { errorList: errors, dataList, total: errors.length > 0 ? 0 : checked.records.length });
    } catch {
      await finish(IMPORT_STATUS.failed, IMPORT_TEXT.failed, null).catch(() => undefined);
    }
  })();
  running.add(work);
  void work.finally(() => running.delete(work));
  return { importStatus: IMPORT_STATUS.running, errorMsg: null, fileName: displayName(fileName), result: { errorList: [], dataList: [], total: 0 } };
}

export async function lastImport(db: Kysely<Database>, userId: number, kind: string): Promise<ImportStatus> {
  const row = await withExportTables(db).selectFrom('importJobs').selectAll().where('userId', '=', userId).where('kind', '=', kind).orderBy('createdAt', 'desc').orderBy('id').limit(1).executeTakeFirst();
  const result = row?.result ? (JSON.parse(row.result) as ImportStatus['result']) : { errorList: [], dataList: [], total: 0 };
  return { importStatus: row?.status ?? IMPORT_STATUS.done, errorMsg: row?.errorMsg ?? null, fileName: row?.fileName ?? null, result };
}

/** After a start: an import cut off by the stop is failed, never left running for the dialog to poll forever. */
export async function failInterruptedImports(db: Kysely<Database>): Promise<number> {
  const answer = await withExportTables(db)
    .updateTable('importJobs')
    .set({ status: IMPORT_STATUS.failed, errorMsg: IMPORT_TEXT.interrupted, finishedAt: new Date() })
    .where('status', '=', IMPORT_STATUS.running)
    .executeTakeFirst();
  return Number(answer.numUpdatedRows);
}

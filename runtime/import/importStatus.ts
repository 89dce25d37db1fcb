// The import status (back-office §3, §7 target/import/last): importStatus 0 running, 1 done, -1 failed, with
// result.errorList and result.dataList; some servers instead answer errorList and a success flag in the url object.
export const IMPORT_POLL_MS = 10_000;

export interface ImportErrorRow {
  rowNO: number;
  errorMsg: string;
}

export type ImportOutcome =
  | { kind: 'running' }
  | { kind: 'done'; errors: ImportErrorRow[]; success: boolean }
  | { kind: 'failed'; message: string };

interface StatusShape {
  importStatus?: number;
  errorMsg?: string | null;
  result?: { errorList?: ImportErrorRow[]; dataList?: unknown[] };
  url?: { errorList?: ImportErrorRow[]; success?: boolean };
}

/** Reads either shape; an answer without importStatus but with the url object is a finished import. */
export function readImportStatus(data: unknown, fallbackMessage: string): ImportOutcome {
  const status = (data ?? {}) as StatusShape;
  if (status.url && status.importStatus === undefined) {
    const errors = status.url.errorList ?? [];
    return { kind: 'done', errors, success: status.url.success ?? errors.length === 0 };
  }
  if (status.importStatus === 0) return { kind: 'running' };
  if (status.importStatus === 1) {
    const errors = status.result?.errorList ?? [];
    return { kind: 'done', errors, success: errors.length === 0 };
  }
  return { kind: 'failed', message: status.errorMsg || fallbackMessage };
}

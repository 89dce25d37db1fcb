// Writes rows into an xlsx file as they come, through exceljs's streaming WorkbookWriter: each row is committed (and
// its XML zipped out) at once, so memory stays flat however many rows an export has.
import ExcelJS from 'exceljs';
import { PassThrough, Transform, type Readable } from 'node:stream';

/** Bytes of sheet XML allowed to wait for the zip writer. */
const MAX_BACKLOG = 1024 * 1024;

export type CellValue = string | number | Date | null | undefined;

export interface SheetColumn {
  header: string;
  width?: number;
}

/**
 * The formula-injection guard: what goes into a cell is only ever a number, a date or a string; an object (exceljs's
 * { formula }) is never passed through, and a string that begins with = + - or @ stays a string (a text cell), so a
 * crafted value is shown as typed rather than evaluated in the user's Excel.
 */
export function safeCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value;
  return String(value);
}

export interface XlsxStream {
  /** The xlsx bytes, to be piped to the file store. */
  output: Readable;
  /** Adds one row (values in column order). */
  add(values: CellValue[]): void;
  /** Resolves once the zip writer has caught up with the rows added (call between batches): exceljs writes each
   * committed row to it without waiting, so without this the whole sheet's XML can pile up in memory. */
  settle(): Promise<void>;
  /** Ends the sheet and the workbook; resolves when every byte has been handed to `output`. */
  finish(): Promise<void>;
  /** Bytes written so far. */
  bytes(): number;
}

export function xlsxStream(sheetName: string, columns: SheetColumn[]): XlsxStream {
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
    },
  });
  const sink = new PassThrough();
  sink.pipe(counter);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(10, c.header.length * 2 + 2) }));
  return {
    output: counter,
    add(values) {
      sheet.addRow(values.map(safeCell)).commit();
    },
    async settle() {
      // The sheet's stream (an exceljs StreamBuf) feeds the zip writer's input; its backlog is that input's buffer.
      // (readable-stream's PassThrough: the backlog is _writableState.length.)
      const zipInput = (sheet as unknown as { stream?: { pipes?: { _writableState?: { length: number } }[] } }).stream?.pipes?.[0];
      while ((zipInput?._writableState?.length ?? 0) > MAX_BACKLOG) await new Promise((resolve) => setTimeout(resolve, 1));
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    bytes: () => written,
  };
}

// An exporter's rows as one xlsx (序号 first, then the exporter's columns): written into the download centre's store by
// a job, or streamed straight to the caller of a direct export (a GET answered with the file itself, read by the
// browser as an arraybuffer: exportType 'arraybuffer', building-blocks §7).
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { EXPORTERS, type Exporter } from './exporters';
import { xlsxStream, type XlsxStream } from './xlsxStream';

export const SHEET_NAME = 'sheet';
/** A direct export answers at most this many rows; larger exports go through the download centre. */
export const DIRECT_EXPORT_MAX_ROWS = 100_000;

export const exporterSheet = (exporter: Exporter): XlsxStream => xlsxStream(SHEET_NAME, [{ header: '序号', width: 8 }, ...exporter.columns]);

export interface DirectExport {
  fileName: string;
  output: Readable;
}

/** Streams the rows as they are read (nothing is held in memory but the batch being written). */
export async function directExport(db: Kysely<Database>, kind: string, ownerCodes: string[], params: Record<string, unknown>): Promise<DirectExport> {
  const exporter = EXPORTERS[kind]!;
  if ((await exporter.count(db, ownerCodes, params)) > DIRECT_EXPORT_MAX_ROWS) {
    throw new ApiError('invalidInput', `导出超过 ${DIRECT_EXPORT_MAX_ROWS} 行，请使用导出到下载中心`);
  }
  const xlsx = exporterSheet(exporter);
  void (async () => {
    let rows = 0;
    for await (const batch of exporter.rows(db, ownerCodes, params)) {
      for (const values of batch) xlsx.add([++rows, ...values]);
      await xlsx.settle();
    }
    await xlsx.finish();
  })().catch((error: unknown) => xlsx.output.destroy(error as Error));
  return { fileName: exporter.fileName, output: xlsx.output };
}

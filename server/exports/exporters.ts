// What each exportable screen's download-centre export writes: its columns (coded values translated to text, as the
// page export does) and its rows, read from the database in batches within the job's data scope. The models' exporters
// (server/models/modelSheets.ts, kind `model:<name>`) are registered here by their routes.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CellValue, SheetColumn } from './xlsxStream';

export interface Exporter {
  /** The file's default name. */
  fileName: string;
  columns: SheetColumn[];
  count(db: Kysely<Database>, ownerCodes: string[], params: Record<string, unknown>): Promise<number>;
  /** Batches of rows, each row's values in column order. */
  rows(db: Kysely<Database>, ownerCodes: string[], params: Record<string, unknown>): AsyncIterable<CellValue[][]>;
}

export const EXPORTERS: Record<string, Exporter> = {};

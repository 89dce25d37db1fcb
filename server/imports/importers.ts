// Each importable screen's import definition (the template's columns with their types, required flags, dictionaries by
// text and uniqueness) and how its checked rows are written: all in one transaction, or none. The models' importers
// (server/models/modelSheets.ts, kind `model:<name>`) are registered here by their routes.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import type { SideRule } from '../permissions/accountSide';
import type { ImportError, ImportField } from './importRows';

/** Who imports: the user (with the dealer code of a dealer's staff) and the owner codes of the user's data scope. */
export interface Importer<T = Record<string, unknown>> {
  /** The side of the network that imports here: the upload route declares it, so the other side is refused before the
   * upload is read and its menu leaves the key out. */
  onlyFor?: SideRule;
  fields(db: Kysely<Database>, ownerCodes: string[]): Promise<ImportField[]>;
  /** Checks against what is stored (e.g. codes already in use); answers error rows, or writes every row and answers [].
   * `tx` is the import job's transaction, which also finishes the job: the rows and the finish are written together. */
  write(tx: Transaction<Database>, user: SessionUser, records: { rowNO: number; values: T }[]): Promise<ImportError[]>;
}

export const IMPORTERS: Record<string, Importer> = {};

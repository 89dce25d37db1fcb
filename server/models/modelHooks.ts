// What a model's hook may do: the exception for logic JSON cannot say (a check against another table, a value the
// server sets, a number posted elsewhere in the same transaction). Hooks live in server/hooks/<model>.ts and are
// listed in server/hooks/index.ts; each runs inside the write's transaction, so what it writes commits or rolls back
// with the record. A hook is typed from its model: `ModelHooks<RepairOrderRecord>`, the record types generated from
// models/*.json into server/hooks/modelRecords.ts by `npm run schema:types`.
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import type { ImportError, ImportField } from '../imports/importRows';
import type { LoadedModel } from './modelCatalogue';
import type { Page } from '../../schemas/api/page';

/** A record as the engine holds it: field name -> value (column values on write, answer values on read). */
export type RecordValues = Record<string, unknown>;

export interface HookContext {
  /** The write's transaction (a read's database on reads). */
  db: Kysely<Database>;
  user: SessionUser;
  model: LoadedModel;
}

export interface WriteChange<R extends RecordValues = RecordValues> {
  op: 'create' | 'update';
  /** The values about to be written (checked, defaults and computed fields applied); a hook may change them. */
  values: R;
  /** The record as it is before an update (an answer, as get returns it). */
  current?: RecordValues;
  /** What the request sent, unchecked: for hooks that read a value the model does not store. */
  input: RecordValues;
  /** Problems found so far; a hook adds its own, and all are reported together. */
  problems: string[];
  /** What this record's problems begin with (a batch row named by `rowName`: "工时代码 BY006："), else ''. */
  prefix: string;
  /** Where the write comes from: a form (undefined), a table's batch save, or an Excel import (whose rows the engine
   * checks together: references and unique fields once for the whole file). */
  via?: 'batch' | 'import';
}

export interface ReadRequest {
  /** The list's query parameters as the route received them. */
  params: RecordValues;
}

export interface CallRequest {
  params: Record<string, string>;
  query: RecordValues;
  body: unknown;
  /** The model's own list and get as the calling user (data scope, the hook's scope and decorate applied). */
  reads: {
    list(request: { page: number; pageSize: number; sort?: string | undefined; params: RecordValues }): Promise<Page<RecordValues>>;
    /** Not found (404) outside the scope. */
    get(id: number): Promise<RecordValues>;
  };
}

export interface ModelHooks<R extends RecordValues = RecordValues> {
  /** Conditions every read and write of the model adds to the data scope (e.g. a service advisor's own reminders).
   * `alias` is the model table's alias in the query. */
  scope?(context: Omit<HookContext, 'db'> & { db: Kysely<Database> }, alias: string): RawBuilder<boolean> | undefined;
  /** What orders a list's rows after its sort column and before id (e.g. dealer, then the catalogue's order). */
  ties?(alias: string): RawBuilder<unknown>[];
  /** List filters JSON cannot say: conditions from the list's parameters. */
  filter?(request: ReadRequest, alias: string): RawBuilder<boolean>[];
  /** Adds what an answer shows beside the stored values (names looked up once for a whole page). */
  decorate?(db: Kysely<Database>, rows: RecordValues[]): Promise<void>;
  /** Checks and completes a create or update before it is written. */
  beforeWrite?(context: HookContext, change: WriteChange<R>): Promise<void> | void;
  /** After the record and its lines are written, in the same transaction. */
  afterWrite?(context: HookContext, record: RecordValues & { id: number }, op: 'create' | 'update'): Promise<void> | void;
  beforeDelete?(context: HookContext, record: RecordValues): Promise<void> | void;
  /** Before a transition is written (the state and required fields already checked). */
  beforeTransition?(context: HookContext, transition: string, record: RecordValues, values: RecordValues): Promise<void> | void;
  afterTransition?(context: HookContext, transition: string, record: RecordValues): Promise<void> | void;
  /** Names a record in a batch save's messages ("工时代码 BY006"): each problem of the row begins `<name>：`, and a row
   * changed since it was listed is refused as `<name> 已被他人修改，请刷新后重试`. Unnamed rows are 修改第N行 / 新增第N行. */
  rowName?(row: RecordValues): string;
  /** Values a field takes that no dictionary lists ('1' 启用, '0' 停用; a fixed list of names): sheets write and read the
   * text, an import refuses any other. */
  options?: Record<string, { value: string; text: string }[]>;
  /** An import column the JSON cannot define (a name in `answers`, or a field read another way); undefined: the
   * engine's own. `ownerCodes` is the importer's data scope. */
  importField?(db: Kysely<Database>, column: { header: string; field: string }, ownerCodes: string[]): Promise<ImportField | undefined> | ImportField | undefined;
  /** Whole-file checks of an import once every row's own cells are right (e.g. the same key twice in one file). */
  checkImport?(context: HookContext, rows: { rowNO: number; values: RecordValues }[]): Promise<ImportError[]> | ImportError[];
  /** The model's declared queries and actions (`queries`/`actions` in its JSON), by name. */
  calls?: Record<string, (context: HookContext, request: CallRequest) => Promise<unknown>>;
}

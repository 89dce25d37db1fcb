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
  /**
   * Another model's records, written by the engine inside this transaction as this user (its checks, numbering,
   * computed fields, lines and hooks included): how one area posts to another (a settlement's receivable, a part
   * line's stock movement) without touching its tables. `ownerCode` acts for that dealer (an allocation's receiving
   * dealer): its records are read and created as that dealer's. Absent where the caller has no catalogue (a bare read).
   */
  records?(model: string, options?: { ownerCode?: string }): ModelRecords;
}

/** What a hook may do with another model's records (`HookContext.records`). */
export interface ModelRecords {
  /** One record with its lines, locked for this transaction; undefined outside the scope. */
  find(id: number): Promise<RecordValues | undefined>;
  /** The ids of the records whose fields equal the given values (within the scope), in id order. */
  idsWhere(values: RecordValues): Promise<number[]>;
  create(input: RecordValues): Promise<RecordValues & { id: number }>;
  update(id: number, input: RecordValues): Promise<void>;
  /** A transition's checks and writes (from-states, required fields, guard, its hooks); a process transition is refused. */
  transition(id: number, name: string, input?: RecordValues): Promise<void>;
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
  /** The dealer the record belongs to (owner-scoped models): the one a create is made for (a hook acting for another
   * dealer included), the stored one on an update; absent when a manufacturer user's create names none. */
  ownerCode?: string;
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
  /** Rows an import leaves out with a reason while the others are written (a clue whose phone is already the dealer's
   * clue or potential customer: reported per row, not inserted); the reasons go to the status's errorList. */
  importSkips?(context: HookContext, rows: { rowNO: number; values: RecordValues }[]): Promise<ImportError[]> | ImportError[];
  /** Whole-file checks of an import once every row's own cells are right (e.g. the same key twice in one file). */
  checkImport?(context: HookContext, rows: { rowNO: number; values: RecordValues }[]): Promise<ImportError[]> | ImportError[];
  /** The model's declared queries and actions (`queries`/`actions` in its JSON), by name. An action runs in one
   * transaction (`context.db`, the `reads` too) with `context.records`, so it may post to other models; a query reads. */
  calls?: Record<string, (context: HookContext, request: CallRequest) => Promise<unknown>>;
}

// Queries on PGlite in one exchange each, on statements prepared once (issue 19, load). PGlite's own `query` makes six
// calls into the database per query (parse, describe, bind, describe, execute, sync), plans it again each time, and
// copies every field of every row into an ArrayBuffer of its own before decoding it: on the embedded database that was
// a third of a list request's time. Here a statement is parsed and described once (its parameter and column types
// kept), then each run is one bind + execute + sync, and the answer is read in place. Values are serialised and parsed
// by PGlite's own serialisers and parsers by type, so rows and errors are exactly what `PGlite.query` gives.
//
// Every use of the PGlite instance goes through the dialect's one connection (pgliteDialect.ts), so these exchanges never
// interleave with others. A prepared statement keeps the columns it had: after a statement that may change a table
// (anything but reads, writes and transaction control) and after a rollback (which may undo such a change), every
// prepared statement is dropped and prepared again on its next use.
import { protocol, messages, type PGlite } from '@electric-sql/pglite';

export interface ProtocolResult {
  rows: Record<string, unknown>[];
  /** The command tag's first word (SELECT, INSERT...) and its row count for INSERT, UPDATE, DELETE, COPY and MERGE. */
  command: string;
  affectedRows: number;
}

interface Field {
  name: string;
  type: number;
}

interface Prepared {
  name: string;
  text: string;
  parameterTypes: number[];
  /** Null for a statement that answers no rows (an INSERT without RETURNING). */
  fields: Field[] | null;
}

type Parser = (text: string, type: number) => unknown;
type Serializer = (value: unknown) => string;

const serialize = protocol.serialize;
const MAX_PREPARED = 500;
/** Statements worth keeping prepared: reads and writes. Anything else runs unprepared. */
const KEEPABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that cannot change what a prepared statement answers. */
const HARMLESS = /^\s*(begin|start|commit|end|savepoint|release|set|show|reset|lock|checkpoint|explain|values)\b/i;
const ROLLBACK = /^\s*rollback\b/i;

const decoder = new TextDecoder();

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** A C string at `at`: its text and where the next value starts. */
function cString(bytes: Uint8Array, at: number): [string, number] {
  const end = bytes.indexOf(0, at);
  return [decoder.decode(bytes.subarray(at, end)), end + 1];
}

/** The ErrorResponse body at `at` as pg-protocol makes it, PGlite's DatabaseError with every field set. */
function databaseError(bytes: Uint8Array, at: number, length: number): messages.DatabaseError {
  const fields: Record<string, string> = {};
  while (bytes[at] !== 0) {
    const code = String.fromCharCode(bytes[at]!);
    const [value, next] = cString(bytes, at + 1);
    fields[code] = value;
    at = next;
  }
  const error = new messages.DatabaseError(fields.M ?? '', length, 'error');
  Object.assign(error, {
    severity: fields.S,
    code: fields.C,
    detail: fields.D,
    hint: fields.H,
    position: fields.P,
    internalPosition: fields.p,
    internalQuery: fields.q,
    where: fields.W,
    schema: fields.s,
    table: fields.t,
    column: fields.c,
    dataType: fields.d,
    constraint: fields.n,
    file: fields.F,
    line: fields.L,
    routine: fields.R,
  });
  return error;
}

interface Answer {
  rows: Record<string, unknown>[];
  command: string;
  affectedRows: number;
  parameterTypes: number[];
  fields: Field[] | null;
  error?: messages.DatabaseError;
}

export class PGliteProtocol {
  private readonly prepared = new Map<string, Prepared>();
  private named = 0;
  private readonly parsers: Record<number, Parser>;
  private readonly serializers: Record<number, Serializer>;

  constructor(private readonly pg: PGlite) {
    const typed = pg as unknown as { parsers: Record<number, Parser>; serializers: Record<number, Serializer> };
    this.parsers = typed.parsers;
    this.serializers = typed.serializers;
  }

  async query(text: string, parameters: readonly unknown[]): Promise<ProtocolResult> {
    try {
      if (!KEEPABLE.test(text)) return await this.unprepared(text, parameters);
      const kept = this.prepared.get(text);
      if (kept) {
        // Most recently used last: the first in the map is the one dropped when there are too many.
        this.prepared.delete(text);
        this.prepared.set(text, kept);
      }
      return await this.run(kept ?? (await this.prepare(text)), parameters);
    } finally {
      if (!this.pg.isInTransaction()) await this.pg.syncToFs();
    }
  }

  /** Parses and describes a statement once, keeping it under a name (the least recently used dropped beyond MAX_PREPARED). */
  private async prepare(text: string): Promise<Prepared> {
    const name = `dms_${++this.named}`;
    const answer = await this.exchange([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()], null);
    if (answer.error) throw withQuery(answer.error, text, undefined);
    const statement: Prepared = { name, text, parameterTypes: answer.parameterTypes, fields: answer.fields };
    if (this.prepared.size >= MAX_PREPARED) {
      const [oldestText, oldest] = this.prepared.entries().next().value as [string, Prepared];
      this.prepared.delete(oldestText);
      await this.exchange([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()], null);
    }
    this.prepared.set(text, statement);
    return statement;
  }

  private async run(statement: Prepared, parameters: readonly unknown[]): Promise<ProtocolResult> {
    const values = this.values(parameters, statement.parameterTypes);
    const answer = await this.exchange([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()], statement.fields);
    if (answer.error) throw withQuery(answer.error, statement.text, parameters);
    return answer;
  }

  /** A statement run as PGlite runs it, unnamed, in one exchange; the prepared ones are dropped after it when it may
   * have changed a table. */
  private async unprepared(text: string, parameters: readonly unknown[]): Promise<ProtocolResult> {
    try {
      // The parameter types are known only once the statement is described: a statement with parameters needs two exchanges.
      let types: number[] = [];
      if (parameters.length > 0) {
        const described = await this.exchange([serialize.parse({ text, types: [] }), serialize.describe({ type: 'S' }), serialize.sync()], null);
        if (described.error) throw withQuery(described.error, text, parameters);
        types = described.parameterTypes;
      }
      const parts = parameters.length > 0 ? [] : [serialize.parse({ text, types: [] })];
      const answer = await this.exchange([...parts, serialize.bind({ values: this.values(parameters, types) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()], null);
      if (answer.error) throw withQuery(answer.error, text, parameters);
      return answer;
    } finally {
      if (ROLLBACK.test(text) || !HARMLESS.test(text)) await this.forgetPrepared();
    }
  }

  /** Drops every prepared statement: the next use of each prepares it again against the tables as they are now. */
  private async forgetPrepared(): Promise<void> {
    if (this.prepared.size === 0) return;
    const closes = [...this.prepared.values()].map((s) => serialize.close({ type: 'S', name: s.name }));
    this.prepared.clear();
    await this.exchange([...closes, serialize.sync()], null);
  }

  /** Parameters as text, each by its type's serialiser (PGlite.query's own rule). */
  private values(parameters: readonly unknown[], types: number[]): (string | null)[] {
    return parameters.map((value, n) => {
      if (value === null || value === undefined) return null;
      const serializer = this.serializers[types[n]!];
      return serializer ? serializer(value) : String(value);
    });
  }

  /** Sends the messages in one call and reads the answer: the first error, the rows, the command, the descriptions. */
  private async exchange(parts: Uint8Array[], fields: Field[] | null): Promise<Answer> {
    // The raw stream hands over the answer as the database writes it, without PGlite parsing it into messages of its own.
    const chunks: Uint8Array[] = [];
    await this.pg.execProtocolRawStream(concat(parts), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const answer: Answer = { rows: [], command: '', affectedRows: 0, parameterTypes: [], fields };
    let columns = fields;
    for (let at = 0; at < bytes.length; ) {
      const code = bytes[at]!;
      const length = view.getInt32(at + 1);
      const body = at + 5;
      switch (code) {
        case 0x44: // D: a row
          if (!answer.error && columns) answer.rows.push(this.row(bytes, view, body, columns));
          break;
        case 0x54: {
          // T: the columns
          const count = view.getInt16(body);
          columns = [];
          let p = body + 2;
          for (let n = 0; n < count; n++) {
            const [name, next] = cString(bytes, p);
            columns.push({ name, type: view.getInt32(next + 6) });
            p = next + 18;
          }
          answer.fields = columns;
          break;
        }
        case 0x6e: // n: no rows
          answer.fields = null;
          break;
        case 0x74: {
          // t: the parameter types
          const count = view.getInt16(body);
          for (let n = 0; n < count; n++) answer.parameterTypes.push(view.getInt32(body + 2 + 4 * n));
          break;
        }
        case 0x43: {
          // C: done, with the command tag ("SELECT 2", "INSERT 0 5", "CREATE TABLE")
          if (answer.error) break;
          const [tag] = cString(bytes, body);
          const words = tag.split(' ');
          answer.command = words[0]!;
          const count = parseInt(words[words.length - 1]!, 10);
          if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(answer.command)) answer.affectedRows += count;
          break;
        }
        case 0x45: // E: the first error is the answer
          answer.error ??= databaseError(bytes, body, length);
          break;
      }
      at += 1 + length;
    }
    return answer;
  }

  /** One row, each value parsed by its type's parser (text when there is none), as an object by column name. */
  private row(bytes: Uint8Array, view: DataView, at: number, columns: Field[]): Record<string, unknown> {
    const count = view.getInt16(at);
    const row: Record<string, unknown> = {};
    let p = at + 2;
    for (let n = 0; n < count; n++) {
      const length = view.getInt32(p);
      p += 4;
      const column = columns[n]!;
      let value: unknown = null;
      if (length >= 0) {
        const text = decoder.decode(bytes.subarray(p, p + length));
        p += length;
        const parser = this.parsers[column.type];
        value = parser ? parser(text, column.type) : text;
      }
      if (column.name === '__proto__') Object.defineProperty(row, column.name, { value, enumerable: true, writable: true, configurable: true });
      else row[column.name] = value;
    }
    return row;
  }
}

/** The error as PGlite.query throws it: with the query and its parameters. */
function withQuery(error: messages.DatabaseError, query: string, params: readonly unknown[] | undefined): messages.DatabaseError {
  return Object.assign(error, { query, params, queryOptions: undefined });
}

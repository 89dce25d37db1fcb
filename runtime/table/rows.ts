// A table row as the table keeps it (building-blocks §3): the record's own fields plus its index on the page, a
// generated unique id (rows added in the browser have no key yet) and the isNewRow flag.
export type Row = Record<string, unknown>;

export const ROW_ID = '_uid';
export const ROW_INDEX = '_index';
export const ROW_NEW = 'isNewRow';
const META = [ROW_ID, ROW_INDEX, ROW_NEW] as const;

let sequence = 0;

/** A unique id for this page's lifetime: a counter is enough, and cheap for 100,000 rows. */
export function generateRowId(): string {
  sequence += 1;
  return `r${sequence}`;
}

export const rowId = (row: Row): string => row[ROW_ID] as string;

/** Gives rows fetched from the server their table fields, in place: the rows are fresh from the response. */
export function adoptRows(rows: Row[]): Row[] {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    row[ROW_ID] = generateRowId();
    row[ROW_INDEX] = i;
    row[ROW_NEW] = false;
  }
  return rows;
}

export function newRow(defaults: Row): Row {
  return { ...structuredClone(defaults), [ROW_ID]: generateRowId(), [ROW_INDEX]: -1, [ROW_NEW]: true };
}

/** The record as the server knows it: without the table's own fields. */
export function stripRowMeta(row: Row): Row {
  const copy = { ...row };
  for (const key of META) delete copy[key];
  return copy;
}

export interface ChangeSets {
  inserted: Row[];
  updated: Row[];
  deleted: Row[];
}

/**
 * The rows added, changed and removed since the last load or save (building-blocks §4): added rows are flagged new,
 * deleted rows are remembered, and adding then removing the same row leaves no trace.
 */
export class RowChanges {
  private readonly inserted = new Map<string, Row>();
  private readonly updated = new Map<string, Row>();
  private readonly deleted = new Map<string, Row>();

  insert(row: Row): void {
    row[ROW_NEW] = true;
    this.inserted.set(rowId(row), row);
  }

  /** A new row stays an insertion however often it is edited. */
  update(row: Row): void {
    if (row[ROW_NEW] === true) return;
    this.updated.set(rowId(row), row);
  }

  remove(row: Row): void {
    const id = rowId(row);
    if (this.inserted.delete(id)) return;
    this.updated.delete(id);
    this.deleted.set(id, row);
  }

  get dirty(): boolean {
    return this.inserted.size + this.updated.size + this.deleted.size > 0;
  }

  /** What a save sends: the three sets, each row without the table's own fields. */
  sets(): ChangeSets {
    return {
      inserted: [...this.inserted.values()].map(stripRowMeta),
      updated: [...this.updated.values()].map(stripRowMeta),
      deleted: [...this.deleted.values()].map(stripRowMeta),
    };
  }

  clear(): void {
    this.inserted.clear();
    this.updated.clear();
    this.deleted.clear();
  }
}

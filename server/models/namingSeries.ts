// Document numbers from a model's naming series, e.g. RO{ownerCode}{yyMMdd}{seq:4}: the prefix is built from the
// record, the sequence counts up per prefix. A counter row per prefix (model_naming_counters) is taken with
// INSERT ... ON CONFLICT DO UPDATE inside the record's own transaction: concurrent creates queue on that row, a create
// that fails gives its number back with its rollback, and a deleted record's number is never handed out again. The
// first number of a prefix continues after the highest one already in the table (records written before the counter).
import { sql, type Kysely } from 'kysely';
import { formatDateTime } from '../http/dates';
import type { LoadedModel } from './modelCatalogue';
import { escapeLike } from '../data/likePatterns';
import { snake } from './columns';

const TOKEN = /\{([^}]+)\}/g;
const DATE_TOKENS: Record<string, (d: string) => string> = {
  yyyy: (d) => d.slice(0, 4),
  yy: (d) => d.slice(2, 4),
  MM: (d) => d.slice(5, 7),
  dd: (d) => d.slice(8, 10),
  yyMMdd: (d) => `${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}`,
  yyyyMMdd: (d) => `${d.slice(0, 4)}${d.slice(5, 7)}${d.slice(8, 10)}`,
  yyyyMM: (d) => `${d.slice(0, 4)}${d.slice(5, 7)}`,
  yyMM: (d) => `${d.slice(2, 4)}${d.slice(5, 7)}`,
};

export interface SeriesParts {
  prefix: string;
  digits: number;
}

/** The series' text before {seq:N} for this record, and N. Dates are Beijing dates, of `now` or of a named field. */
export function seriesPrefix(series: string, record: Record<string, unknown>, now: Date): SeriesParts {
  let digits = 4;
  const today = formatDateTime(now);
  const prefix = series.replace(TOKEN, (_whole, token: string) => {
    const seq = /^seq:(\d)$/.exec(token);
    if (seq) {
      digits = Number(seq[1]);
      return '';
    }
    if (token === 'ownerCode') return String(record.ownerCode ?? '');
    const [fieldName, pattern] = token.includes('|') ? token.split('|') : [undefined, token];
    const format = DATE_TOKENS[pattern ?? ''];
    if (!format) return '';
    const value = fieldName ? record[fieldName] : undefined;
    const day = value instanceof Date ? formatDateTime(value) : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : today;
    return format(day);
  });
  return { prefix, digits };
}

/** The counters' own table, created with the models' tables (additive, in the same transaction). */
export async function ensureCounterTable<DB>(db: Kysely<DB>): Promise<void> {
  await sql`create table if not exists model_naming_counters (series_key varchar(200) primary key, last_value bigint not null)`.execute(db);
}

/**
 * The next number of the series for `record`, within transaction `tx`. The row lock taken here is held until the
 * transaction ends, so the number is the record's whether it commits, and nobody else's if it rolls back.
 */
export async function nextNumber<DB>(tx: Kysely<DB>, loaded: LoadedModel, record: Record<string, unknown>, now: Date): Promise<string> {
  const naming = loaded.model.naming!;
  const { prefix, digits } = seriesPrefix(naming.series, record, now);
  const key = `${loaded.model.name}:${prefix}`;
  const column = sql.ref(snake(naming.field));
  const pattern = `${escapeLike(prefix)}%`;
  // The first number of a prefix follows the table's highest (only read when the counter row does not exist yet).
  const { rows } = await sql<{ lastValue: number }>`
    insert into model_naming_counters (series_key, last_value)
    select ${key}, coalesce(max(case when substr(${column}, ${prefix.length + 1}) ~ '^[0-9]+$' then substr(${column}, ${prefix.length + 1})::bigint end), 0) + 1
      from ${sql.table(snake(loaded.table))} where ${column} like ${pattern}
    on conflict (series_key) do update set last_value = model_naming_counters.last_value + 1
    returning last_value`.execute(tx);
  const value = Number(rows[0]!.lastValue);
  return `${prefix}${String(value).padStart(digits, '0')}`;
}

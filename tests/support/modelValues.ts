// A valid record of any model, made from the model alone: for every field a create needs, a value its type, format and
// seed hint allow (a VIN with its check digit, a plate, a mobile, an ID number, the dictionary's first code, a key of
// the referenced table within the dealer). Generated tests use it so a new model is covered without a line of test code.
import { sql, type Kysely } from 'kysely';
import { withFileTables } from '../../server/files/fileTables';
import { creditCodeCheckChar, idCardCheckChar, vinCheckDigit } from '../../schemas/formats/formats';
import type { Field } from '../../schemas/model/model.types';
import type { Database } from '../../server/db/schema';
import { formatDateTime } from '../../server/http/dates';
import { refKey, snake } from '../../server/models/columns';
import type { LoadedChild, LoadedModel } from '../../server/models/modelCatalogue';
import type { RecordValues } from '../../server/models/modelHooks';

export interface ValueContext {
  db: Kysely<Database>;
  models: ReadonlyMap<string, LoadedModel>;
  /** The dealer the record is for: refs to users and to owner-scoped models are taken from it. */
  ownerCode: string;
  /** Makes unique values unique (a counter of the caller). */
  serial: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function validVin(serial: number): string {
  const draft = `LHSTD2${pad(serial % 100, 2)}0R${pad(serial % 1_000_000, 6)}0`.slice(0, 17);
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

export const validPlate = (serial: number): string => `京A${pad(serial % 100_000, 5)}`;
export const validMobile = (serial: number): string => `139${pad(serial % 100_000_000, 8)}`;

export function validIdCard(serial: number): string {
  const draft = `110101199001${pad((serial % 28) + 1, 2)}${pad(serial % 1000, 3)}`;
  return `${draft}${idCardCheckChar(draft)}`;
}

export function validCreditCode(serial: number): string {
  const draft = `91110000${pad(serial % 1_000_000_000, 9)}`;
  return `${draft}${creditCodeCheckChar(draft)}`;
}

/** A Beijing date `days` from today. */
const dayFromToday = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000)).slice(0, 10);

/** Fields a create takes from the request and cannot do without (no default, not computed or set by the server). */
function needed(owner: LoadedModel | LoadedChild, field: Field): boolean {
  if (!field.required || field.default !== undefined || field.readOnly || field.compute !== undefined) return false;
  if ('model' in owner) {
    if (owner.model.naming?.field === field.name) return false;
    if (owner.model.states?.field === field.name && !owner.model.states.clientSets) return false;
  }
  return true;
}

async function refValue(context: ValueContext, field: Field, staffPosition: string | undefined): Promise<unknown> {
  const ref = field.ref!;
  const target = ref.model ? context.models.get(ref.model) : undefined;
  const table = target?.table ?? ref.table;
  if (!table) throw new Error(`字段 ${field.name} 的引用没有表`);
  const key = refKey(field);
  const conditions = Object.entries(ref.where ?? {}).map(([column, value]) => sql`${sql.ref(`t.${column}`)} = ${value}`);
  if (target?.model.scope === 'owner') conditions.push(sql`${sql.ref('t.ownerCode')} = ${context.ownerCode}`);
  if (table === 'users') {
    // A member of the dealer's staff, of the position the seed hint names when it names one.
    conditions.push(sql`${sql.ref('t.orgId')} = (select id from organizations where org_code = ${context.ownerCode})`);
    if (staffPosition) conditions.push(sql`exists (select 1 from user_positions p where p.user_id = t.id and p.position_code = ${staffPosition})`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const { rows } = await sql<{ key: unknown }>`select ${sql.ref(`t.${key}`)} as key from ${sql.table(snake(table))} as ${sql.id('t')} ${where} order by 1 limit 1`.execute(context.db);
  if (rows.length === 0) throw new Error(`字段 ${field.label}（${field.name}）引用的 ${table} 中没有可用的记录`);
  return rows[0]!.key;
}

/** One value of `field` that its checks accept. */
export async function validValue(context: ValueContext, field: Field): Promise<unknown> {
  const one = await validOne(context, field);
  return field.multiple ? [one] : one;
}

async function validOne(context: ValueContext, field: Field): Promise<unknown> {
  const { serial } = context;
  const seed = field.seed;
  const hint = typeof seed === 'object' ? seed : undefined;
  if (field.type === 'ref') return refValue(context, field, hint?.staff);
  if (field.type === 'dict') {
    if (hint?.pick) return String(hint.pick[0]);
    const row = await context.db.selectFrom('dictCodes').select('codeId').where('type', '=', field.dict ?? '').orderBy('sort').orderBy('codeId').executeTakeFirst();
    if (!row) throw new Error(`字段 ${field.label}（${field.name}）的字典 ${field.dict} 没有代码`);
    return row.codeId;
  }
  if (hint?.pick && field.type !== 'json') return hint.pick[0];
  switch (field.format ?? (typeof seed === 'string' ? seed : undefined)) {
    case 'vin':
      return validVin(serial);
    case 'plate':
      return validPlate(serial);
    case 'mobile':
      return validMobile(serial);
    case 'idCard':
      return validIdCard(serial);
    case 'creditCode':
      return validCreditCode(serial);
    case 'clock':
      return '10:00';
    case 'year':
      return '2026';
    case 'personName':
      return '张三丰';
  }
  const low = Math.max(field.min ?? 1, hint?.range?.[0] ?? 1);
  const days = hint?.daysAgo ? -Math.max(0, hint.daysAgo[0]) : 3;
  switch (field.type) {
    case 'string':
    case 'text': {
      const base = field.unique ? `T${Date.now().toString(36)}${serial}` : `测试${serial}`;
      const text = base.padEnd(field.minLength ?? 0, '0');
      return field.length ? text.slice(-field.length) : text;
    }
    case 'html':
      return `<p>测试${serial}</p>`;
    case 'int':
      return Math.min(Math.ceil(low), field.max ?? Number.MAX_SAFE_INTEGER);
    case 'decimal':
    case 'money':
      return String(Math.min(Math.ceil(low), field.max ?? 1_000_000));
    case 'date':
      return dayFromToday(days);
    case 'datetime':
      return `${dayFromToday(days)} 10:00:00`;
    case 'month':
      return dayFromToday(0).slice(0, 7);
    case 'time':
      return '10:00:00';
    case 'boolean':
      return true;
    case 'file':
    case 'image': {
      // A file the dealer's staff may read: the engine refuses a url naming anyone else's upload.
      const uid = pad(serial, 32);
      const uploader = await context.db.selectFrom('users as u').innerJoin('organizations as o', 'o.id', 'u.orgId').select('u.id').where('o.orgCode', '=', context.ownerCode).orderBy('u.id').executeTakeFirstOrThrow();
      await withFileTables(context.db)
        .insertInto('storedFiles')
        .values({ uid, storageKey: `test/${uid}`, fileName: `测试${serial}.jpg`, ext: 'jpg', contentType: 'image/jpeg', size: 1, sha256: '0'.repeat(64), ownerCode: context.ownerCode, uploadedBy: uploader.id, createdAt: new Date() })
        .onConflict((oc) => oc.column('uid').doNothing())
        .execute();
      const url = `/api/file/download/${uid}`;
      return field.multiple ? { name: `测试${serial}.jpg`, url } : url;
    }
    case 'json':
      return {};
    default:
      throw new Error(`字段 ${field.name} 的类型 ${field.type} 没有可用的值`);
  }
}

/** The fields a create of `owner` needs, each with a valid value; a model's lines up to their minimum count. */
export async function validInput(context: ValueContext, owner: LoadedModel | LoadedChild): Promise<RecordValues> {
  const input: RecordValues = {};
  for (const field of owner.fields.values()) if (needed(owner, field)) input[field.name] = await validValue(context, field);
  if ('model' in owner) {
    for (const child of owner.children) {
      const rows = Math.max(child.child.minRows ?? 0, 0);
      input[child.child.name] = await Promise.all(Array.from({ length: rows }, (_, n) => validInput({ ...context, serial: context.serial * 100 + n }, child)));
    }
  }
  return input;
}

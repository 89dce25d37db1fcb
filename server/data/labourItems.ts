// A dealer's labour price list (工时项目), kept by the dealer's own staff: listed within the data scope, and changed by
// one call that inserts, updates and deletes rows in a single transaction (the editable table's save).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { SERIES } from '../seed/catalogue';
import { keysetBatches } from './keysetBatches';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';

export interface LabourItemFilter {
  keyword?: string;
  labourCode?: string;
  labourName?: string;
  stdLabourCode?: string;
  repairTypeCode?: string[];
  series?: string[];
  enabled?: string;
  stdHoursFrom?: number;
  stdHoursTo?: number;
  priceFrom?: number;
  priceTo?: number;
  effectiveDateFrom?: string;
  effectiveDateTo?: string;
}

export interface LabourItemInput {
  labourCode: string;
  labourName: string;
  stdLabourCode?: string | null;
  repairTypeCode: string;
  stdHours: number;
  price: number;
  series?: string[];
  enabled?: string;
  effectiveDate: string;
  remark?: string | null;
}

export interface LabourItemChange extends LabourItemInput {
  id: number;
  /** As listed: a row changed by someone else since then is refused. */
  updatedAt?: string;
}

export interface LabourItemBatch {
  inserted?: LabourItemInput[];
  updated?: LabourItemChange[];
  deleted?: { id: number }[];
}

export interface LabourItemView {
  id: number;
  ownerCode: string;
  dealerName: string;
  labourCode: string;
  labourName: string;
  stdLabourCode: string | null;
  repairTypeCode: string;
  stdHours: number;
  price: number;
  series: string[];
  enabled: string;
  effectiveDate: string;
  remark: string | null;
  updatedAt: string;
}

const SORTABLE = {
  labourCode: 'li.labourCode',
  labourName: 'li.labourName',
  stdHours: 'li.stdHours',
  price: 'li.price',
  effectiveDate: 'li.effectiveDate',
  updatedAt: 'li.updatedAt',
} as const;

const SERIES_NAMES = new Set(SERIES.map((s) => s.seriesName));
const LABOUR_CODE = /^[A-Z0-9-]{2,20}$/;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function scoped(db: Kysely<Database>, ownerCodes: string[]) {
  return db.selectFrom('labourItems as li').where('li.ownerCode', 'in', ownerCodes);
}

type ItemQuery = ReturnType<typeof scoped>;

function applyFilter(query: ItemQuery, filter: LabourItemFilter): ItemQuery {
  let q = query;
  if (filter.keyword) q = q.where((eb) => eb.or([eb('li.labourCode', 'ilike', like(filter.keyword!)), eb('li.labourName', 'like', like(filter.keyword!))]));
  if (filter.labourCode) q = q.where('li.labourCode', 'ilike', like(filter.labourCode));
  if (filter.labourName) q = q.where('li.labourName', 'like', like(filter.labourName));
  if (filter.stdLabourCode) q = q.where('li.stdLabourCode', 'ilike', like(filter.stdLabourCode));
  if (filter.repairTypeCode?.length) q = q.where('li.repairTypeCode', 'in', filter.repairTypeCode);
  if (filter.series?.length) q = q.where((eb) => eb.or(filter.series!.map((name) => sql<boolean>`${eb.ref('li.series')} @> ${JSON.stringify([name])}::jsonb`)));
  if (filter.enabled) q = q.where('li.enabled', '=', filter.enabled);
  if (filter.stdHoursFrom !== undefined) q = q.where('li.stdHours', '>=', filter.stdHoursFrom);
  if (filter.stdHoursTo !== undefined) q = q.where('li.stdHours', '<=', filter.stdHoursTo);
  if (filter.priceFrom !== undefined) q = q.where('li.price', '>=', filter.priceFrom);
  if (filter.priceTo !== undefined) q = q.where('li.price', '<=', filter.priceTo);
  if (filter.effectiveDateFrom) q = q.where('li.effectiveDate', '>=', filter.effectiveDateFrom);
  if (filter.effectiveDateTo) q = q.where('li.effectiveDate', '<=', filter.effectiveDateTo);
  return q;
}

function selectView(query: ItemQuery) {
  return query
    .innerJoin('organizations as o', 'o.orgCode', 'li.ownerCode')
    .select([
      'li.id',
      'li.ownerCode',
      'o.orgName as dealerName',
      'li.labourCode',
      'li.labourName',
      'li.stdLabourCode',
      'li.repairTypeCode',
      'li.stdHours',
      'li.price',
      'li.series',
      'li.enabled',
      'li.effectiveDate',
      'li.remark',
      'li.updatedAt',
    ]);
}

export async function listLabourItems(
  db: Kysely<Database>,
  user: SessionUser,
  request: { page: number; pageSize: number; sort?: string; filter: LabourItemFilter },
): Promise<Page<LabourItemView>> {
  const query = applyFilter(scoped(db, await ownerScope(db, user)), request.filter);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const [field, direction] = (request.sort ?? '').split('|');
  const column = SORTABLE[field as keyof typeof SORTABLE] ?? 'li.labourCode';
  const order = direction === 'desc' ? 'desc' : 'asc';
  const rows = await selectView(query)
    .orderBy(column, order)
    .orderBy('li.ownerCode')
    .orderBy('li.id')
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { total: Number(total), items: rows.map((row) => ({ ...row, updatedAt: formatDateTime(row.updatedAt) })) };
}

/** The export's count: the same filter within the given data scope (the owner codes from ownerScope). */
export async function countLabourItems(db: Kysely<Database>, ownerCodes: string[], filter: LabourItemFilter): Promise<number> {
  const { total } = await applyFilter(scoped(db, ownerCodes), filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/** The export's rows in id order, one batch at a time. */
export function labourItemBatches(db: Kysely<Database>, ownerCodes: string[], filter: LabourItemFilter, batchSize: number): AsyncGenerator<LabourItemView[]> {
  return keysetBatches(async (after, limit) => {
    const rows = await selectView(applyFilter(scoped(db, ownerCodes), filter).where('li.id', '>', after)).orderBy('li.id').limit(limit).execute();
    return rows.map((row) => ({ ...row, updatedAt: formatDateTime(row.updatedAt) }));
  }, batchSize);
}

export async function findStandardLabours(db: Kysely<Database>, keyword: string, limit: number) {
  return db
    .selectFrom('standardLabours')
    .select(['code', 'name', 'repairTypeCode', 'stdHours'])
    .where((eb) => eb.or([eb('code', 'ilike', like(keyword)), eb('name', 'like', like(keyword))]))
    .orderBy('sort')
    .limit(limit)
    .execute();
}

export interface BatchResult {
  inserted: number;
  updated: number;
  deleted: number;
}

/**
 * Saves the editable table's three sets in one transaction: deletions first, then updates, then insertions, so a code
 * freed by a deleted row may be reused in the same save. Only a dealer's own staff change its price list; a row outside
 * the user's scope answers like a row that does not exist.
 */
export async function saveLabourItems(db: Kysely<Database>, user: SessionUser, batch: LabourItemBatch): Promise<BatchResult> {
  if (!user.ownerCode) throw new ApiError('forbidden', '工时项目只能由经销商账号维护');
  const ownerCode = user.ownerCode;
  const inserted = (batch.inserted ?? []).map(normalise);
  const updated = (batch.updated ?? []).map((row) => ({ ...normalise(row), id: row.id, updatedAt: row.updatedAt }));
  const deleted = (batch.deleted ?? []).map((row) => row.id);
  await checkRows(db, [...inserted, ...updated]);

  return db.transaction().execute(async (tx) => {
    const touched = [...updated.map((r) => r.id), ...deleted];
    const current = touched.length === 0 ? [] : await tx.selectFrom('labourItems').select(['id', 'labourCode', 'updatedAt']).where('ownerCode', '=', ownerCode).where('id', 'in', touched).forUpdate().execute();
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const id of touched) if (!byId.has(id)) throw new ApiError('notFound');
    for (const row of updated) {
      if (row.updatedAt && formatDateTime(byId.get(row.id)!.updatedAt) !== row.updatedAt) {
        throw new ApiError('conflict', `工时代码 ${byId.get(row.id)!.labourCode} 已被他人修改，请刷新后重试`);
      }
    }
    await checkCodesUnique(tx, ownerCode, inserted, updated, deleted);

    const now = new Date();
    if (deleted.length > 0) await tx.deleteFrom('labourItems').where('ownerCode', '=', ownerCode).where('id', 'in', deleted).execute();
    for (const { id, updatedAt: _seen, ...values } of updated) {
      await tx
        .updateTable('labourItems')
        .set({ ...values, series: JSON.stringify(values.series), updatedAt: now, updatedBy: user.id })
        .where('ownerCode', '=', ownerCode)
        .where('id', '=', id)
        .execute();
    }
    if (inserted.length > 0) {
      await tx
        .insertInto('labourItems')
        .values(inserted.map((values) => ({ ...values, series: JSON.stringify(values.series), ownerCode, createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id })))
        .execute();
    }
    return { inserted: inserted.length, updated: updated.length, deleted: deleted.length };
  });
}

function normalise(input: LabourItemInput) {
  return {
    labourCode: input.labourCode.trim().toUpperCase(),
    labourName: input.labourName.trim(),
    stdLabourCode: input.stdLabourCode?.trim() || null,
    repairTypeCode: input.repairTypeCode,
    stdHours: input.stdHours,
    price: input.price,
    series: [...new Set(input.series ?? [])],
    enabled: input.enabled === '0' ? '0' : '1',
    effectiveDate: input.effectiveDate,
    remark: input.remark?.trim() || null,
  };
}

type Normalised = ReturnType<typeof normalise>;

/** The checks a JSON schema cannot make, each message naming the row by its labour code. */
async function checkRows(db: Kysely<Database>, rows: Normalised[]): Promise<void> {
  const problems: string[] = [];
  const [repairTypes, standards] = await Promise.all([
    db.selectFrom('repairTypes').select('code').execute(),
    rows.some((r) => r.stdLabourCode) ? db.selectFrom('standardLabours').select('code').execute() : Promise.resolve([]),
  ]);
  const typeCodes = new Set(repairTypes.map((t) => t.code));
  const standardCodes = new Set(standards.map((s) => s.code));
  for (const row of rows) {
    const at = `工时代码 ${row.labourCode || '（空）'}：`;
    if (!LABOUR_CODE.test(row.labourCode)) problems.push(`${at}工时代码格式不正确`);
    if (!row.labourName) problems.push(`${at}工时名称不能为空`);
    if (!typeCodes.has(row.repairTypeCode)) problems.push(`${at}维修类型不存在`);
    if (row.stdLabourCode && !standardCodes.has(row.stdLabourCode)) problems.push(`${at}标准工时代码不存在`);
    if (Math.round(row.stdHours * 10) !== row.stdHours * 10) problems.push(`${at}标准工时最多保留一位小数`);
    if (Math.round(row.price * 100) !== row.price * 100) problems.push(`${at}工时单价最多保留两位小数`);
    for (const name of row.series) if (!SERIES_NAMES.has(name)) problems.push(`${at}适用车系不存在：${name}`);
    if (Number.isNaN(Date.parse(`${row.effectiveDate}T00:00:00Z`))) problems.push(`${at}生效日期不正确`);
  }
  if (problems.length > 0) throw new ApiError('invalidInput', problems.join('；'));
}

/** Labour codes stay unique per dealer once the save is applied. */
async function checkCodesUnique(tx: Kysely<Database>, ownerCode: string, inserted: Normalised[], updated: (Normalised & { id: number })[], deleted: number[]) {
  const leaving = new Set([...deleted, ...updated.map((r) => r.id)]);
  const staying = await tx.selectFrom('labourItems').select(['id', 'labourCode']).where('ownerCode', '=', ownerCode).execute();
  const codes = [...staying.filter((r) => !leaving.has(r.id)).map((r) => r.labourCode), ...updated.map((r) => r.labourCode), ...inserted.map((r) => r.labourCode)];
  const seen = new Set<string>();
  const duplicates = new Set(codes.filter((code) => seen.size === seen.add(code).size));
  if (duplicates.size > 0) throw new ApiError('invalidInput', `工时代码重复：${[...duplicates].join('、')}`);
}

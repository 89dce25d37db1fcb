// 销售目标: each dealer's monthly retail and wholesale targets per vehicle model, set by the manufacturer (mostly by
// Excel import). Listed, changed and exported within the data scope: a dealer's staff see their own dealer's targets,
// a region or the manufacturer every dealer beneath it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { keysetBatches } from './keysetBatches';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';

export interface SalesTargetFilter {
  ownerCode?: string[];
  targetMonthFrom?: string;
  targetMonthTo?: string;
  seriesCode?: string[];
  modelName?: string;
}

export interface SalesTargetView {
  id: number;
  ownerCode: string;
  dealerName: string;
  targetMonth: string;
  seriesCode: string;
  seriesName: string;
  modelCode: string;
  modelName: string;
  retailTarget: number;
  wholesaleTarget: number;
  remark: string | null;
  updatedAt: string;
}

export interface SalesTargetChange {
  id: number;
  retailTarget: number;
  wholesaleTarget: number;
  remark?: string | null;
  /** As listed: a row changed by someone else since then is refused. */
  updatedAt?: string;
}

export interface SalesTargetBatch {
  updated?: SalesTargetChange[];
  deleted?: { id: number }[];
}

/** The model level of the vehicle material tree (brand 1, series 2, model 3). */
export const MODEL_LEVEL = 3;

const SORTABLE = {
  targetMonth: 'st.targetMonth',
  ownerCode: 'st.ownerCode',
  retailTarget: 'st.retailTarget',
  wholesaleTarget: 'st.wholesaleTarget',
  updatedAt: 'st.updatedAt',
} as const;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function scoped(db: Kysely<Database>, ownerCodes: string[]) {
  return db
    .selectFrom('salesTargets as st')
    .innerJoin('materials as model', (join) => join.onRef('model.materialCode', '=', 'st.modelCode').on('model.level', '=', MODEL_LEVEL))
    .innerJoin('materials as series', 'series.id', 'model.parentId')
    .where('st.ownerCode', 'in', ownerCodes);
}

type TargetQuery = ReturnType<typeof scoped>;

function applyFilter(query: TargetQuery, filter: SalesTargetFilter): TargetQuery {
  let q = query;
  if (filter.ownerCode?.length) q = q.where('st.ownerCode', 'in', filter.ownerCode);
  if (filter.targetMonthFrom) q = q.where('st.targetMonth', '>=', filter.targetMonthFrom);
  if (filter.targetMonthTo) q = q.where('st.targetMonth', '<=', filter.targetMonthTo);
  if (filter.seriesCode?.length) q = q.where('series.materialCode', 'in', filter.seriesCode);
  if (filter.modelName) q = q.where('model.materialNameZh', 'like', like(filter.modelName));
  return q;
}

function selectView(query: TargetQuery) {
  return query
    .innerJoin('organizations as o', 'o.orgCode', 'st.ownerCode')
    .select([
      'st.id',
      'st.ownerCode',
      'o.orgName as dealerName',
      'st.targetMonth',
      'series.materialCode as seriesCode',
      'series.materialNameZh as seriesName',
      'st.modelCode',
      'model.materialNameZh as modelName',
      'st.retailTarget',
      'st.wholesaleTarget',
      'st.remark',
      'st.updatedAt',
    ]);
}

const view = <T extends { updatedAt: Date }>(row: T) => ({ ...row, updatedAt: formatDateTime(row.updatedAt) });

export async function listSalesTargets(
  db: Kysely<Database>,
  user: SessionUser,
  request: { page: number; pageSize: number; sort?: string; filter: SalesTargetFilter },
): Promise<Page<SalesTargetView>> {
  const query = applyFilter(scoped(db, await ownerScope(db, user)), request.filter);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const [field, direction] = (request.sort ?? '').split('|');
  const column = SORTABLE[field as keyof typeof SORTABLE];
  // Unsorted: the latest month first.
  const order = column ? (direction === 'desc' ? 'desc' : 'asc') : 'desc';
  const rows = await selectView(query)
    .orderBy(column ?? 'st.targetMonth', order)
    .orderBy('st.ownerCode')
    .orderBy('series.sort')
    .orderBy('model.sort')
    .orderBy('st.id')
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { total: Number(total), items: rows.map(view) };
}

/** The export's count: the same filter within the given data scope (the owner codes from ownerScope). */
export async function countSalesTargets(db: Kysely<Database>, ownerCodes: string[], filter: SalesTargetFilter): Promise<number> {
  const { total } = await applyFilter(scoped(db, ownerCodes), filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/** The export's rows in id order, one batch at a time. */
export function salesTargetBatches(db: Kysely<Database>, ownerCodes: string[], filter: SalesTargetFilter, batchSize: number): AsyncGenerator<SalesTargetView[]> {
  return keysetBatches(async (after, limit) => (await selectView(applyFilter(scoped(db, ownerCodes), filter).where('st.id', '>', after)).orderBy('st.id').limit(limit).execute()).map(view), batchSize);
}

/**
 * Saves the table's changed and deleted rows in one transaction. Only the manufacturer's side (no dealer code of its
 * own) sets targets; a row outside the user's scope answers like a row that does not exist.
 */
export async function saveSalesTargets(db: Kysely<Database>, user: SessionUser, batch: SalesTargetBatch): Promise<{ updated: number; deleted: number }> {
  if (user.ownerCode) throw new ApiError('forbidden', '销售目标由厂端维护');
  const scope = await ownerScope(db, user);
  const updated = batch.updated ?? [];
  const deleted = (batch.deleted ?? []).map((row) => row.id);
  return db.transaction().execute(async (tx) => {
    const touched = [...updated.map((r) => r.id), ...deleted];
    const current = touched.length === 0 ? [] : await tx.selectFrom('salesTargets').select(['id', 'updatedAt']).where('ownerCode', 'in', scope).where('id', 'in', touched).forUpdate().execute();
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const id of touched) if (!byId.has(id)) throw new ApiError('notFound');
    for (const row of updated) {
      if (row.updatedAt && formatDateTime(byId.get(row.id)!.updatedAt) !== row.updatedAt) throw new ApiError('conflict', '销售目标已被他人修改，请刷新后重试');
    }
    const now = new Date();
    if (deleted.length > 0) await tx.deleteFrom('salesTargets').where('id', 'in', deleted).execute();
    for (const row of updated) {
      await tx
        .updateTable('salesTargets')
        .set({ retailTarget: row.retailTarget, wholesaleTarget: row.wholesaleTarget, remark: row.remark?.trim() || null, updatedAt: now, updatedBy: user.id })
        .where('id', '=', row.id)
        .execute();
    }
    return { updated: updated.length, deleted: deleted.length };
  });
}

// 配件库存 needs a hook: its quantities change only by postings (server/hooks/stockPostings.ts), so the one edit it takes
// (the shelf, the safety limits) must name a location of the row's warehouse and keep the upper limit above the lower;
// and the lists and reports ask for what JSON filters cannot say: rows in stock, slow movers (no movement for 180
// days, 呆滞件), rows below their safety stock (缺件), and a part by number or name at once.
import { sql } from 'kysely';
import { containing } from '../data/likePatterns';
import type { ModelHooks } from '../models/modelHooks';
import type { PartStockRecord } from './modelRecords';
import { exact } from './stockPostings';

/** Days without a movement after which a part in stock is 呆滞 (domain.md §3). */
export const SLOW_MOVING_DAYS = 180;

export const PART_STOCK_TEXT = {
  location: (code: string, warehouse: string) => `库位${code}不是仓库${warehouse}的可用库位`,
  limits: '安全库存上限不能小于下限',
} as const;

const flag = (value: unknown) => value === '1' || value === 1 || value === true || value === 'true';

export const partStockHooks: ModelHooks<PartStockRecord> = {
  filter({ params }, alias) {
    const column = (name: string) => sql.ref(`${alias}.${name}`);
    const conditions = [];
    const keyword = typeof params.keyword === 'string' ? params.keyword.trim() : '';
    if (keyword) conditions.push(sql<boolean>`(${column('partNo')} ilike ${containing(keyword)} or ${column('partName')} like ${containing(keyword)})`);
    if (flag(params.inStock)) conditions.push(sql<boolean>`${column('onHandQty')} > 0`);
    if (flag(params.slowMoving)) {
      conditions.push(sql<boolean>`${column('onHandQty')} > 0 and coalesce(${column('lastMovedAt')}, ${column('createdAt')}) < now() - make_interval(days => ${SLOW_MOVING_DAYS})`);
    }
    if (flag(params.short)) conditions.push(sql<boolean>`${column('minQty')} > 0 and ${column('onHandQty')} < ${column('minQty')}`);
    return conditions;
  },

  async beforeWrite({ db }, change) {
    const { values, problems, prefix, current } = change;
    if (change.op !== 'update' || !current) return;
    if (exact.isPositive(values.maxQty) && exact.compare(values.maxQty, values.minQty ?? '0') < 0) problems.push(`${prefix}${PART_STOCK_TEXT.limits}`);
    if (!values.locationCode || values.locationCode === current.locationCode) return;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from warehouse_locations l join warehouses w on w.id = l.parent_id
      where w.owner_code = ${String(current.ownerCode)} and w.warehouse_code = ${String(current.warehouseCode)} and l.location_code = ${values.locationCode} and coalesce(l.enabled, '1') <> '0'`.execute(db);
    if (!rows[0]?.n) problems.push(`${prefix}${PART_STOCK_TEXT.location(values.locationCode, String(current.warehouseCode))}`);
  },
};

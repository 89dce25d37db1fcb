// 仓库 needs a hook for what its JSON cannot say: location codes have the shelf-row form (A-01-02) and are unique in
// their warehouse, and a location that still holds stock cannot be removed (it may be switched off); 启用 is '1' or '0'.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { WarehouseRecord } from './modelRecords';

/** 区-架-层: a zone of one or two letters, a two-digit shelf and a two-digit row (A-01-02, JP-03-01). */
const LOCATION = /^[A-Z]{1,2}-\d{2}-\d{2}$/;
const ENABLED = [
  { value: '1', text: '启用' },
  { value: '0', text: '停用' },
];

export const WAREHOUSE_TEXT = {
  location: (n: number, code: string) => `库位第${n}行：库位代码${code}应为 区-架-层 格式，如 A-01-02`,
  duplicate: (code: string) => `库位${code}重复`,
  stocked: (code: string) => `库位${code}上还有库存，不能删除（可停用）`,
} as const;

export const warehouseHooks: ModelHooks<WarehouseRecord> = {
  options: { enabled: ENABLED },

  async beforeWrite({ db }, change) {
    const { values, problems, prefix } = change;
    values.enabled = values.enabled === '0' ? '0' : '1';
    const seen = new Set<string>();
    for (const [i, location] of (values.locations ?? []).entries()) {
      location.enabled = location.enabled === '0' ? '0' : '1';
      if (!LOCATION.test(location.locationCode)) problems.push(`${prefix}${WAREHOUSE_TEXT.location(i + 1, location.locationCode)}`);
      if (seen.has(location.locationCode)) problems.push(`${prefix}${WAREHOUSE_TEXT.duplicate(location.locationCode)}`);
      seen.add(location.locationCode);
    }
    if (change.op !== 'update' || !change.current) return;
    // Locations dropped from the list: refused while a stock row still sits there.
    const before = ((change.current.locations ?? []) as { locationCode: string }[]).map((l) => l.locationCode);
    const dropped = before.filter((code) => !seen.has(code));
    if (dropped.length === 0) return;
    const { rows } = await sql<{ locationCode: string }>`select distinct location_code as "locationCode" from part_stocks
      where owner_code = ${String(change.current.ownerCode)} and warehouse_code = ${String(change.current.warehouseCode)} and on_hand_qty > 0 and location_code in (${sql.join(dropped)})`.execute(db);
    for (const row of rows) problems.push(`${prefix}${WAREHOUSE_TEXT.stocked(row.locationCode)}`);
  },
};

// 盘点单 needs a hook: its lines are the warehouse's stock rows (a full count takes all of them, a spot count the parts
// named), their book quantities and costs come from stock, not from the request; starting a count freezes the
// warehouse (the warehouse row is locked while the open counts are checked, so two counts cannot both start and no
// posting slips in between); the approver is not the counter; and the approval posts each difference as 盘盈/盘亏 so
// that on-hand equals the count afterwards. JSON cannot say any of it.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { HookContext, ModelHooks } from '../models/modelHooks';
import type { StocktakeRecord } from './modelRecords';
import { exact, MOVE_TYPE, openStocktake, postStock, STOCK_TEXT, trimmed, warehouseOf, type Posting } from './stockPostings';

/** 盘点状态 (dictionary 8210) and 盘点范围 (8209). */
export const STOCKTAKE_STATUS = { counting: '82101001', review: '82101002', approved: '82101003', cancelled: '82101004' } as const;
export const STOCKTAKE_SCOPE = { full: '82091001', spot: '82091002' } as const;

export const STOCKTAKE_TEXT = {
  open: (warehouse: string, takeNo: string) => `仓库${warehouse}已有未完成的盘点单${takeNo}`,
  line: (n: number) => `盘点明细第${n}行：`,
  notStocked: (warehouse: string, partNo: string) => `仓库${warehouse}没有配件${partNo}的库存行，不能抽盘`,
  duplicate: (partNo: string) => `配件${partNo}重复`,
  spotEmpty: '抽盘请至少填写一个配件',
  uncounted: (n: number, partNo: string) => `盘点明细第${n}行（配件${partNo}）未填写实盘数量`,
  selfApprove: '盘点人不能审核自己的盘点单',
  belowLocked: (partNo: string, locked: string) => `配件${partNo}的实盘数量少于已预留数量${locked}，请先释放预留`,
} as const;

interface StockLine {
  partNo: string;
  partName: string | null;
  locationCode: string | null;
  onHandQty: string;
  lockedQty: string;
  avgCost: string;
}

interface Line {
  partNo: string;
  partName?: string | null;
  locationCode?: string | null;
  bookQty?: string | null;
  countQty?: string | null;
  diffQty?: string | null;
  costPrice?: string | null;
  diffAmount?: string | null;
}

async function stockLines(db: HookContext['db'], ownerCode: string, warehouseCode: string, partNos?: string[]): Promise<Map<string, StockLine>> {
  const only = partNos ? (partNos.length === 0 ? sql`and false` : sql`and part_no in (${sql.join(partNos)})`) : sql``;
  const { rows } = await sql<StockLine>`select part_no as "partNo", part_name as "partName", location_code as "locationCode", on_hand_qty::text as "onHandQty",
      locked_qty::text as "lockedQty", avg_cost::text as "avgCost"
    from part_stocks where owner_code = ${ownerCode} and warehouse_code = ${warehouseCode} ${only} order by location_code, part_no`.execute(db);
  return new Map(rows.map((r) => [r.partNo, r]));
}

/** A line as the stock row states it, with the count (if any) and its difference. */
function counted(stock: StockLine, countQty: string | null | undefined): Line {
  const count = countQty === undefined || countQty === null || countQty === '' ? null : countQty;
  const diffQty = count === null ? null : exact.minus(count, stock.onHandQty);
  return {
    partNo: stock.partNo,
    partName: stock.partName,
    locationCode: stock.locationCode,
    bookQty: stock.onHandQty,
    countQty: count,
    diffQty: diffQty === null ? null : exact.sum([diffQty], 2),
    costPrice: stock.avgCost,
    diffAmount: diffQty === null ? null : exact.times(diffQty, stock.avgCost, 2),
  };
}

export const stocktakeHooks: ModelHooks<StocktakeRecord> = {
  async beforeWrite({ db }, change) {
    const { values, problems, prefix, ownerCode } = change;
    if (!ownerCode) return;
    const warehouseCode = values.warehouseCode;
    if (change.op === 'create') {
      // The warehouse row is held until this count commits: postings (FOR SHARE) and other counts wait for it.
      if (!(await warehouseOf(db, ownerCode, warehouseCode, 'update'))) {
        problems.push(`${prefix}${STOCK_TEXT.warehouseMissing(warehouseCode)}`);
        return;
      }
      const open = await openStocktake(db, ownerCode, warehouseCode);
      if (open) problems.push(`${prefix}${STOCKTAKE_TEXT.open(warehouseCode, open)}`);
    }
    const given = (values.lines ?? []) as Line[];
    const counts = new Map(given.map((l) => [l.partNo, l.countQty]));
    const full = values.scope !== STOCKTAKE_SCOPE.spot;
    let lines: Line[];
    if (full) {
      lines = [...(await stockLines(db, ownerCode, warehouseCode)).values()].map((stock) => counted(stock, counts.get(stock.partNo)));
    } else {
      if (given.length === 0) problems.push(`${prefix}${STOCKTAKE_TEXT.spotEmpty}`);
      const stock = await stockLines(db, ownerCode, warehouseCode, given.map((l) => l.partNo));
      const seen = new Set<string>();
      lines = [];
      for (const [i, line] of given.entries()) {
        const row = stock.get(line.partNo);
        if (seen.has(line.partNo)) problems.push(`${prefix}${STOCKTAKE_TEXT.line(i + 1)}${STOCKTAKE_TEXT.duplicate(line.partNo)}`);
        seen.add(line.partNo);
        if (!row) problems.push(`${prefix}${STOCKTAKE_TEXT.line(i + 1)}${STOCKTAKE_TEXT.notStocked(warehouseCode, line.partNo)}`);
        else lines.push(counted(row, line.countQty));
      }
    }
    // The engine writes the lines array it handed over: it is refilled in place.
    given.splice(0, given.length, ...lines);
    values.lines = given as StocktakeRecord['lines'];
    values.lineCount = lines.length;
    values.diffLines = lines.filter((l) => l.diffQty !== null && exact.compare(l.diffQty, '0') !== 0).length;
    values.gainAmount = exact.sum(lines.filter((l) => exact.isPositive(l.diffAmount)).map((l) => l.diffAmount), 2);
    values.lossAmount = exact.minus('0', exact.sum(lines.filter((l) => exact.compare(l.diffAmount ?? '0', '0') < 0).map((l) => l.diffAmount), 2));
  },

  async beforeTransition({ db, user }, transition, record) {
    const take = record as unknown as StocktakeRecord;
    if (transition === 'submit') {
      (take.lines as Line[]).forEach((line, i) => {
        if (line.countQty === null || line.countQty === undefined) throw new ApiError('invalidInput', STOCKTAKE_TEXT.uncounted(i + 1, line.partNo));
      });
    }
    if (transition === 'approve') {
      const { rows } = await sql<{ createdBy: number | null }>`select created_by as "createdBy" from stocktakes where id = ${take.id}`.execute(db);
      if (rows[0]?.createdBy !== null && Number(rows[0]?.createdBy) === user.id) throw new ApiError('invalidInput', STOCKTAKE_TEXT.selfApprove);
    }
  },

  async afterTransition({ db, user }, transition, record) {
    if (transition !== 'approve') return;
    const take = record as unknown as StocktakeRecord;
    const lines = take.lines as Line[];
    // The count is of the frozen warehouse, so on-hand is the book; the difference is taken against on-hand anyway.
    const stock = await stockLines(db, take.ownerCode, take.warehouseCode, lines.map((l) => l.partNo));
    const postings: Posting[] = [];
    for (const line of lines) {
      const row = stock.get(line.partNo);
      if (!row || line.countQty === null || line.countQty === undefined) continue;
      if (exact.compare(line.countQty, row.lockedQty) < 0) throw new ApiError('invalidInput', STOCKTAKE_TEXT.belowLocked(line.partNo, trimmed(row.lockedQty)));
      const diff = exact.minus(line.countQty, row.onHandQty);
      if (exact.compare(diff, '0') === 0) continue;
      postings.push({
        ownerCode: take.ownerCode,
        warehouseCode: take.warehouseCode,
        partNo: line.partNo,
        qty: diff,
        moveType: exact.isPositive(diff) ? MOVE_TYPE.gain : MOVE_TYPE.loss,
        docNo: take.takeNo,
      });
    }
    await postStock(db, postings, { operatorId: user.id });
  },
};

// Stock postings, shared by the parts hooks (入库单, 出库单, 调拨, 盘点, 配件预留): the one place where a stock row's
// quantities change. Every change is one conditional statement on the row (the check and the update together, the row
// locked by the update itself), so two issues of the last part at once cannot both pass: the second waits for the
// first's lock, re-reads the row and finds too little. Each posting writes its ledger entry in the same transaction, so
// a stock row's onHandQty is the sum of its ledger's qty. Warehouses are locked FOR SHARE first: a stocktake's creation
// takes them FOR UPDATE, so no posting slips past the freeze it starts. Parts, stock and ledger are this area's tables.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addDecimal, compareDecimal, decimalText, divideDecimal, multiplyDecimal, roundDecimal, subtractDecimal, toDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

/** 出入库类型 (dictionary 8204, models/parts/stockLedger.json). */
export const MOVE_TYPE = {
  purchaseIn: '82041001',
  allocationIn: '82041002',
  returnIn: '82041003',
  gain: '82041004',
  repairIssue: '82041005',
  partSale: '82041006',
  allocationOut: '82041007',
  loss: '82041008',
  supplierReturn: '82041009',
  otherIn: '82041010',
} as const;

/** 盘点状态 that freeze a warehouse: 盘点中, 待审核 (models/parts/stocktake.json). */
export const FREEZING_STOCKTAKE = ['82101001', '82101002'] as const;

export const STOCK_TEXT = {
  warehouseMissing: (code: string) => `仓库${code}不存在或已停用`,
  frozen: (code: string, takeNo: string) => `仓库${code}正在盘点（${takeNo}），盘点审核或作废前不能出入库`,
  partMissing: (partNo: string) => `配件编号不存在或已停用：${partNo}`,
  noStock: (warehouse: string, partNo: string, name: string) => `仓库${warehouse}没有配件${partNo}（${name}）的库存`,
  short: (warehouse: string, partNo: string, name: string, available: string, wanted: string) =>
    `配件${partNo}（${name}）库存不足：仓库${warehouse}可用${available}，需${wanted}`,
  lockShort: (warehouse: string, partNo: string, name: string, available: string, wanted: string) =>
    `配件${partNo}（${name}）可用库存不足：仓库${warehouse}可用${available}，需预留${wanted}`,
  costMissing: (partNo: string) => `配件${partNo}在该仓库还没有库存，请填写成本价`,
  locationMissing: (warehouse: string) => `仓库${warehouse}还没有可用的库位，请先维护库位`,
} as const;

export interface PartRow {
  partNo: string;
  partName: string;
  unit: string;
  category: string;
  retailPrice: string;
  enabled: string;
}

/** The catalogue's rows of these part numbers (enabled or not), by number. */
export async function partsOf(db: Kysely<Database>, partNos: readonly string[]): Promise<Map<string, PartRow>> {
  const wanted = [...new Set(partNos.filter(Boolean))];
  if (wanted.length === 0) return new Map();
  const { rows } = await sql<PartRow>`select part_no as "partNo", part_name as "partName", unit, category, retail_price::text as "retailPrice", enabled
    from part_infos where part_no in (${sql.join(wanted)})`.execute(db);
  return new Map(rows.map((r) => [r.partNo, r]));
}

export interface WarehouseRow {
  id: number;
  warehouseCode: string;
  enabled: string;
  /** The first enabled location: where a part without a stock row is shelved when the document names none. */
  firstLocation: string | null;
}

/** The dealer's enabled warehouse, or undefined. */
export async function warehouseOf(db: Kysely<Database>, ownerCode: string, warehouseCode: string, lock: 'share' | 'update' | 'none' = 'none'): Promise<WarehouseRow | undefined> {
  const locking = lock === 'share' ? sql`for share` : lock === 'update' ? sql`for update` : sql``;
  const { rows } = await sql<{ id: number; warehouseCode: string; enabled: string }>`select id, warehouse_code as "warehouseCode", enabled from warehouses
    where owner_code = ${ownerCode} and warehouse_code = ${warehouseCode} ${locking}`.execute(db);
  const row = rows[0];
  if (!row || row.enabled === '0') return undefined;
  const { rows: locations } = await sql<{ locationCode: string }>`select location_code as "locationCode" from warehouse_locations
    where parent_id = ${row.id} and coalesce(enabled, '1') <> '0' order by line_no limit 1`.execute(db);
  return { ...row, id: Number(row.id), firstLocation: locations[0]?.locationCode ?? null };
}

/** The open stocktake of a warehouse (盘点中 or 待审核), if any. */
export async function openStocktake(db: Kysely<Database>, ownerCode: string, warehouseCode: string, exceptId = 0): Promise<string | undefined> {
  const { rows } = await sql<{ takeNo: string }>`select take_no as "takeNo" from stocktakes where owner_code = ${ownerCode} and warehouse_code = ${warehouseCode}
    and status in (${sql.join([...FREEZING_STOCKTAKE])}) and id <> ${exceptId} order by id limit 1`.execute(db);
  return rows[0]?.takeNo;
}

/** Locks each warehouse for the postings (FOR SHARE, in code order) and refuses a missing, disabled or frozen one. */
async function holdWarehouses(db: Kysely<Database>, ownerCode: string, codes: readonly string[]): Promise<Map<string, WarehouseRow>> {
  const held = new Map<string, WarehouseRow>();
  for (const code of [...new Set(codes)].sort()) {
    const warehouse = await warehouseOf(db, ownerCode, code, 'share');
    if (!warehouse) throw new ApiError('invalidInput', STOCK_TEXT.warehouseMissing(code));
    const frozenBy = await openStocktake(db, ownerCode, code);
    if (frozenBy) throw new ApiError('invalidInput', STOCK_TEXT.frozen(code, frozenBy));
    held.set(code, warehouse);
  }
  return held;
}

export interface Posting {
  ownerCode: string;
  warehouseCode: string;
  partNo: string;
  /** Signed: positive into stock, negative out of it. */
  qty: string;
  /** The cost the quantity moves at (an in-order's cost, a reversal's original cost); absent: the row's average. */
  costPrice?: string | null;
  /** Where a part without a stock row is shelved (absent: the warehouse's first location). */
  locationCode?: string | null;
  /** An issue that consumes a reservation: this much of the row's lockedQty goes with it. */
  releaseLocked?: string;
  moveType: string;
  docNo: string;
  refNo?: string | null;
  /** The ledger entry this posting reverses (作废). */
  reversalOf?: number | null;
}

export interface Posted {
  posting: Posting;
  ledgerId: number;
  /** The cost the quantity moved at, and the row's on-hand quantity and location after it. */
  costPrice: string;
  qtyAfter: string;
  locationCode: string | null;
}

export interface PostingOptions {
  operatorId: number;
  at?: Date;
  /** A stocktake's own approval posts while its warehouse is otherwise frozen. */
  ignoreFreeze?: boolean;
}

const ZERO: Decimal = { units: 0n, scale: 0 };
const decimal = (value: unknown): Decimal => toDecimal(value) ?? ZERO;
/** The quantity without its sign, and with the other sign, as exact text. */
const positive = (value: string): string => {
  const d = decimal(value);
  return decimalText({ ...d, units: d.units < 0n ? -d.units : d.units });
};
export const negated = (value: string): string => {
  const d = decimal(value);
  return decimalText({ ...d, units: -d.units });
};
const num = (value: string | null | undefined) => sql`${value ?? '0'}::numeric`;

interface StockRow {
  id: number;
  qtyAfter: string;
  avgCost: string;
  locationCode: string | null;
}

/** The moving average after `qty` at `cost` joins (or, negative, leaves) the row: floored at 0, unchanged once empty. */
const movedAverage = (qty: string, cost: RawBuilder<unknown>) =>
  sql`case when s.on_hand_qty + ${num(qty)} > 0 then greatest(round((s.on_hand_qty * s.avg_cost + ${num(qty)} * ${cost}) / (s.on_hand_qty + ${num(qty)}), 4), 0) else s.avg_cost end`;

/** A posting's time: the caller's (a seeded history), or the database clock read once the stock row is held. */
interface PostingClock {
  at: Date | RawBuilder<Date>;
  operatorId: number;
}

async function stockIn(db: Kysely<Database>, posting: Posting, part: PartRow | undefined, location: string | null, options: PostingClock): Promise<StockRow> {
  const { ownerCode, warehouseCode, partNo, qty } = posting;
  const { at, operatorId } = options;
  const cost = posting.costPrice === undefined || posting.costPrice === null ? sql`s.avg_cost` : num(posting.costPrice);
  const average = movedAverage(qty, cost);
  const update = sql`update part_stocks as s set avg_cost = ${average}, on_hand_qty = s.on_hand_qty + ${num(qty)}, available_qty = s.on_hand_qty + ${num(qty)} - s.locked_qty,
      stock_amount = round((s.on_hand_qty + ${num(qty)}) * ${average}, 2), location_code = coalesce(s.location_code, ${location}),
      last_in_at = ${at}, last_moved_at = ${at}, updated_at = ${at}, updated_by = ${operatorId}
    where s.owner_code = ${ownerCode} and s.warehouse_code = ${warehouseCode} and s.part_no = ${partNo}
    returning s.id, s.on_hand_qty::text as "qtyAfter", s.avg_cost::text as "avgCost", s.location_code as "locationCode"`;
  const updated = (await update.execute(db)).rows[0] as StockRow | undefined;
  if (updated) return updated;
  if (posting.costPrice === undefined || posting.costPrice === null) throw new ApiError('invalidInput', STOCK_TEXT.costMissing(partNo));
  // A first receipt: the row is made, unless another transaction made it meanwhile (then the update above applies).
  const { rows } = await sql<StockRow>`insert into part_stocks as s (owner_code, warehouse_code, part_no, part_name, unit, category, location_code, on_hand_qty, locked_qty, available_qty,
      avg_cost, stock_amount, min_qty, max_qty, last_in_at, last_moved_at, created_at, updated_at, created_by, updated_by)
    values (${ownerCode}, ${warehouseCode}, ${partNo}, ${part?.partName ?? null}, ${part?.unit ?? null}, ${part?.category ?? null}, ${location}, ${num(qty)}, 0, ${num(qty)},
      round(${num(posting.costPrice)}, 4), round(${num(qty)} * ${num(posting.costPrice)}, 2), 0, 0, ${at}, ${at}, ${at}, ${at}, ${operatorId}, ${operatorId})
    on conflict (owner_code, warehouse_code, part_no) do nothing
    returning s.id, s.on_hand_qty::text as "qtyAfter", s.avg_cost::text as "avgCost", s.location_code as "locationCode"`.execute(db);
  return rows[0] ?? ((await update.execute(db)).rows[0] as StockRow);
}

async function stockOut(db: Kysely<Database>, posting: Posting, part: PartRow | undefined, options: PostingClock): Promise<StockRow> {
  const { ownerCode, warehouseCode, partNo } = posting;
  const { at, operatorId } = options;
  const out = positive(posting.qty);
  const released = posting.releaseLocked ?? '0';
  // At a given cost (a receipt reversed) the average moves; at the row's own average it stays.
  const average = posting.costPrice === undefined || posting.costPrice === null ? sql`s.avg_cost` : movedAverage(posting.qty, num(posting.costPrice));
  const { rows } = await sql<StockRow>`update part_stocks as s set avg_cost = ${average}, on_hand_qty = s.on_hand_qty - ${num(out)}, locked_qty = s.locked_qty - ${num(released)},
      available_qty = s.on_hand_qty - ${num(out)} - (s.locked_qty - ${num(released)}), stock_amount = round((s.on_hand_qty - ${num(out)}) * ${average}, 2),
      last_out_at = ${at}, last_moved_at = ${at}, updated_at = ${at}, updated_by = ${operatorId}
    where s.owner_code = ${ownerCode} and s.warehouse_code = ${warehouseCode} and s.part_no = ${partNo}
      and s.locked_qty >= ${num(released)} and s.on_hand_qty - s.locked_qty >= ${num(out)} - ${num(released)}
    returning s.id, s.on_hand_qty::text as "qtyAfter", s.avg_cost::text as "avgCost", s.location_code as "locationCode"`.execute(db);
  return rows[0] ?? refuseShort(db, posting, part, released);
}

/** Says why an out-posting found too little: no row, or what is available to it. */
async function refuseShort(db: Kysely<Database>, posting: Posting, part: PartRow | undefined, released: string): Promise<never> {
  const name = part?.partName ?? '';
  const { rows } = await sql<{ available: string }>`select (on_hand_qty - locked_qty + ${num(released)})::text as available from part_stocks
    where owner_code = ${posting.ownerCode} and warehouse_code = ${posting.warehouseCode} and part_no = ${posting.partNo}`.execute(db);
  if (!rows[0]) throw new ApiError('invalidInput', STOCK_TEXT.noStock(posting.warehouseCode, posting.partNo, name));
  throw new ApiError('invalidInput', STOCK_TEXT.short(posting.warehouseCode, posting.partNo, name, trimmed(rows[0].available), trimmed(positive(posting.qty))));
}

/** 3.00 -> 3, 2.50 -> 2.5: quantities in messages as staff write them. */
export const trimmed = (text: string): string => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

/**
 * Posts the documents' quantities to stock and the ledger, in one transaction with the document: every warehouse held
 * (and refused when frozen), rows changed in warehouse and part order (two documents never wait on each other in a
 * circle), one ledger entry each. A refusal throws with its Chinese message, and the caller's transaction rolls back.
 */
export async function postStock(db: Kysely<Database>, postings: readonly Posting[], options: PostingOptions): Promise<Posted[]> {
  if (postings.length === 0) return [];
  // Two issues of one part wait on its row; a time taken before the wait could put the later entry first in the
  // ledger, so the time is the database's clock at each statement, after the row is held.
  const at = options.at ?? sql<Date>`clock_timestamp()`;
  const ownerCodes = new Set(postings.map((p) => p.ownerCode));
  const warehouses = new Map<string, WarehouseRow>();
  for (const ownerCode of ownerCodes) {
    const codes = postings.filter((p) => p.ownerCode === ownerCode).map((p) => p.warehouseCode);
    if (options.ignoreFreeze) {
      for (const code of [...new Set(codes)].sort()) {
        const warehouse = await warehouseOf(db, ownerCode, code, 'share');
        if (!warehouse) throw new ApiError('invalidInput', STOCK_TEXT.warehouseMissing(code));
        warehouses.set(`${ownerCode}/${code}`, warehouse);
      }
    } else for (const [code, row] of await holdWarehouses(db, ownerCode, codes)) warehouses.set(`${ownerCode}/${code}`, row);
  }
  const parts = await partsOf(db, postings.map((p) => p.partNo));
  const order = postings.map((posting, index) => ({ posting, index })).sort((a, b) => key(a.posting).localeCompare(key(b.posting)) || a.index - b.index);
  const posted: Posted[] = new Array<Posted>(postings.length);
  for (const { posting, index } of order) {
    const part = parts.get(posting.partNo);
    const inwards = compareDecimal(decimal(posting.qty), ZERO) > 0;
    const location = posting.locationCode ?? warehouses.get(`${posting.ownerCode}/${posting.warehouseCode}`)?.firstLocation ?? null;
    const row = inwards ? await stockIn(db, posting, part, location, { at, operatorId: options.operatorId }) : await stockOut(db, posting, part, { at, operatorId: options.operatorId });
    const costPrice = posting.costPrice ?? row.avgCost;
    const { rows } = await sql<{ id: number }>`insert into stock_ledgers (owner_code, warehouse_code, part_no, part_name, location_code, move_type, doc_no, ref_no, qty, cost_price, amount,
        qty_after, moved_at, operator_id, reversal_of, created_at, updated_at, created_by, updated_by)
      values (${posting.ownerCode}, ${posting.warehouseCode}, ${posting.partNo}, ${part?.partName ?? null}, ${row.locationCode ?? location}, ${posting.moveType}, ${posting.docNo},
        ${posting.refNo ?? null}, ${num(posting.qty)}, round(${num(costPrice)}, 4), round(${num(posting.qty)} * ${num(costPrice)}, 2), ${num(row.qtyAfter)}, ${at}, ${options.operatorId},
        ${posting.reversalOf ?? null}, ${at}, ${at}, ${options.operatorId}, ${options.operatorId})
      returning id`.execute(db);
    posted[index] = { posting, ledgerId: Number(rows[0]!.id), costPrice: decimalText(decimal(costPrice), 4), qtyAfter: row.qtyAfter, locationCode: row.locationCode ?? location };
  }
  return posted;
}

const key = (p: Posting) => `${p.ownerCode}/${p.warehouseCode}/${p.partNo}`;

/** A reservation: lockedQty grows by `qty` only while the available quantity covers it (one statement, row locked). */
export async function lockStock(db: Kysely<Database>, target: { ownerCode: string; warehouseCode: string; partNo: string; partName: string }, qty: string, operatorId: number): Promise<void> {
  const { rows } = await sql<{ id: number }>`update part_stocks as s set locked_qty = s.locked_qty + ${num(qty)}, available_qty = s.on_hand_qty - s.locked_qty - ${num(qty)},
      updated_at = ${new Date()}, updated_by = ${operatorId}
    where s.owner_code = ${target.ownerCode} and s.warehouse_code = ${target.warehouseCode} and s.part_no = ${target.partNo} and s.on_hand_qty - s.locked_qty >= ${num(qty)}
    returning s.id`.execute(db);
  if (rows[0]) return;
  const { rows: stock } = await sql<{ available: string }>`select (on_hand_qty - locked_qty)::text as available from part_stocks
    where owner_code = ${target.ownerCode} and warehouse_code = ${target.warehouseCode} and part_no = ${target.partNo}`.execute(db);
  if (!stock[0]) throw new ApiError('invalidInput', STOCK_TEXT.noStock(target.warehouseCode, target.partNo, target.partName));
  throw new ApiError('invalidInput', STOCK_TEXT.lockShort(target.warehouseCode, target.partNo, target.partName, trimmed(stock[0].available), trimmed(qty)));
}

/** A reservation's remainder given back: lockedQty never below zero. */
export async function unlockStock(db: Kysely<Database>, target: { ownerCode: string; warehouseCode: string; partNo: string }, qty: string, operatorId: number): Promise<void> {
  await sql`update part_stocks as s set locked_qty = greatest(s.locked_qty - ${num(qty)}, 0), available_qty = s.on_hand_qty - greatest(s.locked_qty - ${num(qty)}, 0),
      updated_at = ${new Date()}, updated_by = ${operatorId}
    where s.owner_code = ${target.ownerCode} and s.warehouse_code = ${target.warehouseCode} and s.part_no = ${target.partNo}`.execute(db);
}

export interface LedgerEntry {
  id: number;
  warehouseCode: string;
  partNo: string;
  moveType: string;
  qty: string;
  costPrice: string;
  refNo: string | null;
}

/** A document's ledger entries that no later entry reverses (what its 作废 reverses). */
export async function unreversedEntries(db: Kysely<Database>, ownerCode: string, docNo: string): Promise<LedgerEntry[]> {
  const { rows } = await sql<LedgerEntry>`select l.id, l.warehouse_code as "warehouseCode", l.part_no as "partNo", l.move_type as "moveType", l.qty::text as qty,
      l.cost_price::text as "costPrice", l.ref_no as "refNo"
    from stock_ledgers l where l.owner_code = ${ownerCode} and l.doc_no = ${docNo} and l.reversal_of is null
      and not exists (select 1 from stock_ledgers r where r.reversal_of = l.id)
    order by l.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The postings that reverse `entries` (same type and cost, opposite sign), each naming the entry it reverses. */
export function reversals(entries: readonly LedgerEntry[], ownerCode: string, docNo: string): Posting[] {
  return entries.map((e) => ({
    ownerCode,
    warehouseCode: e.warehouseCode,
    partNo: e.partNo,
    qty: negated(e.qty),
    costPrice: e.costPrice,
    moveType: e.moveType,
    docNo,
    refNo: e.refNo,
    reversalOf: e.id,
  }));
}

/** Exact decimal helpers for the parts hooks' line arithmetic (quantities and costs as text). */
export const exact = {
  of: decimal,
  /** round(a × b, places) as text. */
  times: (a: unknown, b: unknown, places: number): string => decimalText(roundDecimal(multiplyDecimal(decimal(a), decimal(b)), places), places),
  sum: (values: readonly unknown[], places: number): string => decimalText(values.reduce<Decimal>((total, v) => addDecimal(total, decimal(v)), ZERO), places),
  minus: (a: unknown, b: unknown): string => decimalText(subtractDecimal(decimal(a), decimal(b))),
  compare: (a: unknown, b: unknown): -1 | 0 | 1 => compareDecimal(decimal(a), decimal(b)),
  isPositive: (a: unknown): boolean => compareDecimal(decimal(a), ZERO) > 0,
};

/**
 * Marks the input of a record the parts hooks create themselves (the out-order of an approved allocation, the in-order
 * of an allocation received or refused): a request's JSON cannot carry a symbol, so such documents cannot be made by hand.
 */
export const POSTED_BY_ALLOCATION = Symbol('postedByAllocation');
export const byAllocation = (input: object): boolean => (input as Record<symbol, unknown>)[POSTED_BY_ALLOCATION] === true;

/** What a repair order took of a part and has not returned: −Σ of its 维修领料 and 退料入库 entries (issues are negative),
 * and the cost it went out at. The one reading of it: 退料 checks and prices by it, the order's lines mirror it. */
export async function repairTaken(db: Kysely<Database>, ownerCode: string, roNo: string, partNo: string): Promise<{ left: string; issuedQty: string; issuedCost: string | null }> {
  const { rows } = await sql<{ net: string; issuedQty: string; issuedAmount: string }>`select coalesce(sum(qty), 0)::text as net,
      coalesce(-sum(qty) filter (where move_type = ${MOVE_TYPE.repairIssue}), 0)::text as "issuedQty",
      coalesce(-sum(amount) filter (where move_type = ${MOVE_TYPE.repairIssue}), 0)::text as "issuedAmount"
    from stock_ledgers where owner_code = ${ownerCode} and ref_no = ${roNo} and part_no = ${partNo}
      and move_type in (${MOVE_TYPE.repairIssue}, ${MOVE_TYPE.returnIn})`.execute(db);
  const row = rows[0]!;
  // The cost it went out at: the issues' amount over their quantity, to the ledger's 4 places (one issue: its cost).
  const cost = exact.isPositive(row.issuedQty) ? divideDecimal(exact.of(row.issuedAmount), exact.of(row.issuedQty), 4) : undefined;
  return { left: exact.minus('0', row.net), issuedQty: row.issuedQty, issuedCost: cost ? decimalText(cost, 4) : null };
}

// The stock demo (domain.md §3 Demo), built as a plain list of rows before anything is written: per dealer a parts
// warehouse PJ01 and an accessories warehouse JP01 with shelf-row locations, 240-320 stocked part numbers worth about
// ¥1.0-2.0 million (by the dealer's size), and the 200 days of documents that put them there: an opening purchase,
// 4-8 purchase in-orders a calendar month, repair issues for the demo's repair orders, 1-2 allocations a month to a
// dealer of the same region (out at the sender, received by the partner), quarterly stocktakes (a spot count, then full
// counts) with 0.5-2% of lines differing, a few reservations of the workshop's open orders and one purchase still to
// receive. Every stock row's quantity is the sum of its ledger; the moving average is computed as the posting
// statements compute it (4 places, half away from zero). Quantities are whole units; costs are kept in 1/10,000 yuan and
// amounts in fen, as integers, so nothing is a float.
import { DEALERS, REPAIR_ORDER_STATUS } from './catalogue';
import { PART_CATEGORY, type PartSeed } from './partsCatalogue';
import { SeededRandom } from './random';
import type { SeedRow } from './modelRows';

const SEED = 2026_0326;
const DAY = 86_400_000;
/** Long enough for two quarterly counts and for parts bought at the opening and never moved since to be 呆滞 (180 days). */
const HISTORY_DAYS = 200;

/** Part numbers the demo's approvals and the tests' examples move: every dealer keeps a good stock of them. */
export const WELL_STOCKED = ['HS-3501010-A3', 'HS-1012010-A3', 'HS-8104010-A3', 'HS-4121010-S7', 'HS-2803010-S7', 'HS-3703010-A5'] as const;

const MOVE = { purchaseIn: '82041001', allocationIn: '82041002', gain: '82041004', repairIssue: '82041005', allocationOut: '82041007', loss: '82041008' } as const;
const STATUS = {
  inPending: '82061001',
  inReceived: '82061002',
  outIssued: '82081002',
  taken: '82101003',
  allocationReceived: '82011004',
  locked: '82111001',
};
const IN_TYPE = { purchase: '82051001', allocation: '82051002' };
const OUT_TYPE = { repairIssue: '82071001', allocationOut: '82071003' };
const SUPPLIER = { code: 'HSPC', name: '华晟汽车配件供应中心' };

export interface HistoryDealer {
  ownerCode: string;
  /** 领料员 (posts), 技师 (receives issues), 审核人 (approves counts). */
  clerkId: number | null;
  technicianId: number | null;
  approverId: number | null;
}

export interface HistoryRepairOrder {
  ownerCode: string;
  roNo: string;
  status: string;
  partAmount: number;
  /** ISO with +08:00, as the demo world writes it. */
  createdAt: string;
}

export interface PartsHistory {
  warehouses: SeedRow[];
  partStocks: SeedRow[];
  stockLedgers: SeedRow[];
  partInOrders: SeedRow[];
  partOutOrders: SeedRow[];
  stocktakes: SeedRow[];
  allocations: SeedRow[];
  /** In the order of `allocations`: each one's allocationId is set once that allocation has its id. */
  allocationIns: SeedRow[];
  partLocks: SeedRow[];
}

// ---- exact integer arithmetic: quantities in units, costs in 1/10,000 yuan, amounts in fen ----

/** a / b rounded half away from zero (PostgreSQL's round of numeric). */
function roundDiv(a: number, b: number): number {
  if (a < 0) return -roundDiv(-a, b);
  return Math.floor((2 * a + b) / (2 * b));
}
const qtyText = (q: number) => `${q}.00`;
const costText = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 10_000)}.${String(Math.abs(c) % 10_000).padStart(4, '0')}`;
const fenText = (f: number) => `${f < 0 ? '-' : ''}${Math.floor(Math.abs(f) / 100)}.${String(Math.abs(f) % 100).padStart(2, '0')}`;
/** round(q × c, 2) in fen. */
const amountFen = (q: number, c: number) => roundDiv(q * c, 100);
const yuanToCost = (text: string) => Math.round(Number(text) * 100) * 100;

// ---- Beijing time ----

const beijingText = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const yymmdd = (ms: number) => beijingText(ms).slice(2, 10).replaceAll('-', '');
/** Midnight of a Beijing day, `daysAgo` before the anchor day, plus a time of day. */
const at = (anchorMs: number, daysAgo: number, hour: number, minute = 0) => anchorMs - daysAgo * DAY + (hour * 60 + minute) * 60_000;

interface Stock {
  ownerCode: string;
  warehouseCode: string;
  part: PartSeed;
  locationCode: string;
  onHand: number;
  avg: number;
  target: number;
  minQty: number;
  maxQty: number;
  /** How often repair orders take it (0: a slow mover, bought once and never again). */
  weight: number;
  baseCost: number;
  lastInAt: number | null;
  lastOutAt: number | null;
  locked: number;
}

interface Event {
  at: number;
  order: number;
  run: () => void;
}

/** The demo's stock history, the same on every machine. */
export function buildPartsHistory(anchorDate: string, catalogue: readonly PartSeed[], dealers: readonly HistoryDealer[], repairOrders: readonly HistoryRepairOrder[]): PartsHistory {
  const random = new SeededRandom(SEED);
  const anchorMs = new Date(`${anchorDate}T00:00:00+08:00`).getTime();
  const out: PartsHistory = { warehouses: [], partStocks: [], stockLedgers: [], partInOrders: [], partOutOrders: [], stocktakes: [], allocations: [], allocationIns: [], partLocks: [] };
  const counters = new Map<string, number>();
  const number = (prefix: string, ownerCode: string, ms: number) => {
    const key = `${prefix}${ownerCode}${yymmdd(ms)}`;
    const seq = (counters.get(key) ?? 0) + 1;
    counters.set(key, seq);
    return `${key}${String(seq).padStart(4, '0')}`;
  };
  const stamp = (ms: number, userId: number | null) => ({ createdAt: new Date(ms), updatedAt: new Date(ms), createdBy: userId, updatedBy: userId });
  const byOwner = new Map(dealers.map((d) => [d.ownerCode, d]));
  const stocks = new Map<string, Map<string, Stock>>();
  const stockOf = (ownerCode: string, partNo: string) => stocks.get(ownerCode)?.get(partNo);
  const events: Event[] = [];
  let sequence = 0;
  let running = false;
  const later = (a: Event, b: Event) => a.at - b.at || a.order - b.order;
  const schedule = (when: number, run: () => void) => {
    const event = { at: when, order: sequence++, run };
    if (!running) return void events.push(event);
    // While the calendar runs (an allocation's receipt), a new event goes into its place among those left.
    let low = 0;
    let high = events.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (later(events[mid]!, event) <= 0) low = mid + 1;
      else high = mid;
    }
    events.splice(low, 0, event);
  };

  // ---- warehouses, the stocked parts and their levels ----
  for (const dealer of dealers) {
    const size = DEALERS.find((d) => d.orgCode === dealer.ownerCode)?.size ?? 3;
    const parts = new Map<string, Stock>();
    stocks.set(dealer.ownerCode, parts);
    const pj = locationCodes(['A', 'B', 'C', 'D'], 8, 5);
    const jp = locationCodes(['J'], 4, 4);
    out.warehouses.push(
      { values: { ownerCode: dealer.ownerCode, warehouseCode: 'PJ01', warehouseName: '配件库', warehouseType: '82031001', enabled: '1', remark: null, ...stamp(anchorMs - (HISTORY_DAYS + 30) * DAY, dealer.clerkId) }, lines: { locations: pj.map((code) => ({ locationCode: code, locationName: null, enabled: '1' })) } },
      { values: { ownerCode: dealer.ownerCode, warehouseCode: 'JP01', warehouseName: '精品库', warehouseType: '82031002', enabled: '1', remark: null, ...stamp(anchorMs - (HISTORY_DAYS + 30) * DAY, dealer.clerkId) }, lines: { locations: jp.map((code) => ({ locationCode: code, locationName: null, enabled: '1' })) } },
    );
    const count = Math.min(catalogue.length, 200 + size * 20 + random.int(0, 20));
    const chosen = new Set<string>(WELL_STOCKED);
    const shuffled = [...catalogue].sort(() => random.next() - 0.5);
    for (const part of shuffled) if (chosen.size < count) chosen.add(part.partNo);
    const picked = catalogue.filter((p) => chosen.has(p.partNo));
    let pjAt = 0;
    let jpAt = 0;
    for (const part of picked) {
      const accessory = part.category === PART_CATEGORY.accessory;
      const retail = Number(part.retailPrice);
      const slow = !WELL_STOCKED.includes(part.partNo as (typeof WELL_STOCKED)[number]) && random.chance(0.04);
      parts.set(part.partNo, {
        ownerCode: dealer.ownerCode,
        warehouseCode: accessory ? 'JP01' : 'PJ01',
        part,
        locationCode: accessory ? jp[jpAt++ % jp.length]! : pj[pjAt++ % pj.length]!,
        onHand: 0,
        avg: 0,
        target: Math.max(2, Math.round((random.int(3, 9) * 60) / Math.sqrt(retail))),
        minQty: 0,
        maxQty: 0,
        weight: slow ? 0 : (random.int(8, 12) / 10) * (retail < 200 ? 1.5 : 1),
        baseCost: Math.round(retail * (0.62 + random.next() * 0.1) * 100) * 100,
        lastInAt: null,
        lastOutAt: null,
        locked: 0,
      });
    }
    // Levels scaled so the dealer's stock is worth its share of ¥0.9-2.3 million.
    // (The levels are what each purchase fills up to; replenished every week, stock ends near twice the plan.)
    const worth = (900_000 + ((size - 2) / 3) * 1_400_000) * 0.55;
    const planned = [...parts.values()].reduce((sum, s) => sum + (s.target * s.baseCost) / 10_000, 0);
    for (const stock of parts.values()) {
      stock.target = Math.max(stock.weight === 0 ? 1 : 2, Math.round((stock.target * worth) / planned));
      if (WELL_STOCKED.includes(stock.part.partNo as (typeof WELL_STOCKED)[number])) stock.target = Math.max(stock.target, 40);
      stock.minQty = stock.weight === 0 ? 0 : Math.max(1, Math.round(stock.target * 0.4));
      stock.maxQty = stock.weight === 0 ? 0 : Math.round(stock.target * 1.6);
    }
  }

  // ---- postings ----
  const ledger = (stock: Stock, moveType: string, docNo: string, refNo: string | null, qty: number, cost: number | null, when: number, operatorId: number | null) => {
    const c = cost ?? stock.avg;
    if (qty > 0) {
      stock.avg = stock.onHand + qty > 0 ? Math.max(0, roundDiv(stock.onHand * stock.avg + qty * c, stock.onHand + qty)) : stock.avg;
      stock.lastInAt = when;
    } else stock.lastOutAt = when;
    stock.onHand += qty;
    if (stock.onHand < 0) throw new Error(`演示库存为负：${stock.ownerCode} ${stock.part.partNo}`);
    out.stockLedgers.push({
      values: {
        ownerCode: stock.ownerCode,
        warehouseCode: stock.warehouseCode,
        partNo: stock.part.partNo,
        partName: stock.part.partName,
        locationCode: stock.locationCode,
        moveType,
        docNo,
        refNo,
        qty: qtyText(qty),
        costPrice: costText(c),
        amount: fenText(amountFen(qty, c)),
        qtyAfter: qtyText(stock.onHand),
        movedAt: beijingText(when),
        operatorId,
        reversalOf: null,
        ...stamp(when, operatorId),
      },
    });
    return c;
  };

  const purchase = (ownerCode: string, when: number, lines: { stock: Stock; qty: number }[], received: boolean, remark: string | null) => {
    if (lines.length === 0) return;
    const dealer = byOwner.get(ownerCode)!;
    const inNo = number('RK', ownerCode, when);
    const sourceNo = `FH${yymmdd(when)}${String(random.int(100000, 999999))}`;
    const priced = lines.map(({ stock, qty }) => ({ stock, qty, cost: roundDiv(stock.baseCost * random.int(97, 103), 10_000) * 100 }));
    for (const line of priced) if (received) ledger(line.stock, MOVE.purchaseIn, inNo, sourceNo, line.qty, line.cost, when, dealer.clerkId);
    const amounts = priced.map((l) => amountFen(l.qty, l.cost));
    out.partInOrders.push({
      values: {
        ownerCode,
        inNo,
        inType: IN_TYPE.purchase,
        warehouseCode: priced[0]!.stock.warehouseCode,
        supplierCode: SUPPLIER.code,
        supplierName: SUPPLIER.name,
        sourceNo,
        totalQty: qtyText(priced.reduce((s, l) => s + l.qty, 0)),
        totalAmount: fenText(amounts.reduce((s, a) => s + a, 0)),
        status: received ? STATUS.inReceived : STATUS.inPending,
        receivedAt: received ? beijingText(when) : null,
        receivedBy: received ? dealer.clerkId : null,
        cancelReason: null,
        remark,
        ...stamp(when - 3_600_000, dealer.clerkId),
      },
      lines: { lines: priced.map((l, i) => ({ partNo: l.stock.part.partNo, partName: l.stock.part.partName, unit: l.stock.part.unit, qty: qtyText(l.qty), costPrice: costText(l.cost), amount: fenText(amounts[i]!), locationCode: l.stock.locationCode })) },
    });
  };

  /** A purchase for one warehouse of what is below its level (at least its three lowest fast movers). */
  const replenish = (ownerCode: string, warehouseCode: string, when: number) => {
    const parts = [...stocks.get(ownerCode)!.values()].filter((s) => s.weight > 0 && s.warehouseCode === warehouseCode).sort((a, b) => a.onHand / a.target - b.onHand / b.target);
    // What is low, and a few others topped up with it (the supplier's delivery rounds up to its packs).
    const low = parts.filter((s, i) => s.onHand < s.target * 0.75 || i < 3).slice(0, 36);
    for (let n = 0; n < 8 && parts.length > low.length; n++) {
      const extra = random.pick(parts);
      if (!low.includes(extra)) low.push(extra);
    }
    purchase(ownerCode, when, low.map((stock) => ({ stock, qty: Math.max(1, stock.target - stock.onHand + random.int(0, Math.ceil(stock.target * 0.2))) })), true, null);
  };

  const issue = (order: HistoryRepairOrder, when: number) => {
    const dealer = byOwner.get(order.ownerCode)!;
    const parts = [...stocks.get(order.ownerCode)!.values()].filter((s) => s.weight > 0 && s.onHand - s.locked >= 1);
    if (parts.length === 0) return;
    const chosen = new Set<Stock>();
    const wanted = random.int(1, 4);
    for (let n = 0; n < wanted * 2 && chosen.size < wanted; n++) chosen.add(random.weighted(parts.map((s) => [s, s.weight] as const)));
    const lines = [...chosen].map((stock) => ({ stock, qty: Math.min(stock.onHand - stock.locked, Number(stock.part.retailPrice) < 200 ? random.int(1, 2) : 1) }));
    const outNo = number('CK', order.ownerCode, when);
    const costs = lines.map((l) => ledger(l.stock, MOVE.repairIssue, outNo, order.roNo, -l.qty, null, when, dealer.clerkId));
    const costAmounts = lines.map((l, i) => amountFen(l.qty, costs[i]!));
    const sales = lines.map((l) => amountFen(l.qty, yuanToCost(l.stock.part.retailPrice)));
    out.partOutOrders.push({
      values: {
        ownerCode: order.ownerCode,
        outNo,
        outType: OUT_TYPE.repairIssue,
        roNo: order.roNo,
        customerName: null,
        toOwnerCode: null,
        supplierName: null,
        sourceNo: null,
        issuerId: dealer.clerkId,
        receiverId: dealer.technicianId,
        totalQty: qtyText(lines.reduce((s, l) => s + l.qty, 0)),
        totalCost: fenText(costAmounts.reduce((s, a) => s + a, 0)),
        totalSales: fenText(sales.reduce((s, a) => s + a, 0)),
        status: STATUS.outIssued,
        issuedAt: beijingText(when),
        cancelReason: null,
        remark: null,
        ...stamp(when - 10 * 60_000, dealer.clerkId),
      },
      lines: {
        lines: lines.map((l, i) => ({
          partNo: l.stock.part.partNo,
          partName: l.stock.part.partName,
          unit: l.stock.part.unit,
          warehouseCode: l.stock.warehouseCode,
          locationCode: l.stock.locationCode,
          qty: qtyText(l.qty),
          salesPrice: l.stock.part.retailPrice,
          salesAmount: fenText(sales[i]!),
          costPrice: costText(costs[i]!),
          costAmount: fenText(costAmounts[i]!),
          lockId: null,
        })),
      },
    });
  };

  const allocate = (fromCode: string, toCode: string, sentAt: number, receivedAt: number) => {
    const sender = byOwner.get(fromCode)!;
    const receiver = byOwner.get(toCode)!;
    const candidates = [...stocks.get(fromCode)!.values()].filter((s) => s.weight > 0 && s.warehouseCode === 'PJ01' && s.onHand - s.locked >= s.minQty + 2 && stockOf(toCode, s.part.partNo)?.warehouseCode === 'PJ01');
    if (candidates.length === 0) return;
    const lines = [...new Set(Array.from({ length: random.int(1, 3) }, () => random.pick(candidates)))].map((stock) => ({ stock, qty: Math.min(random.int(2, 4), stock.onHand - stock.locked - stock.minQty) }));
    const allocNo = number('DB', fromCode, sentAt);
    const outNo = number('CK', fromCode, sentAt);
    const outCosts = lines.map((l) => ledger(l.stock, MOVE.allocationOut, outNo, allocNo, -l.qty, null, sentAt, sender.clerkId));
    const prices = outCosts.map((c) => roundDiv(c * 105, 10_000) * 100);
    const amounts = lines.map((l, i) => amountFen(l.qty, prices[i]!));
    const inNo = number('RK', toCode, receivedAt);
    // The partner receives it a day or two later, in its own turn of the calendar.
    schedule(receivedAt, () => {
      for (const [i, l] of lines.entries()) ledger(stockOf(toCode, l.stock.part.partNo)!, MOVE.allocationIn, inNo, allocNo, l.qty, prices[i]!, receivedAt, receiver.clerkId);
    });
    const total = fenText(amounts.reduce((s, a) => s + a, 0));
    const outCostTotal = fenText(lines.reduce((s, l, i) => s + amountFen(l.qty, outCosts[i]!), 0));
    const partLines = (extra: (i: number) => Record<string, unknown>) =>
      lines.map((l, i) => ({ partNo: l.stock.part.partNo, partName: l.stock.part.partName, qty: qtyText(l.qty), transferPrice: fenText(prices[i]! / 100), amount: fenText(amounts[i]!), ...extra(i) }));
    const reason = random.pick(['对方店保养件缺货', '事故车维修急需', '调剂库存', '对方店客户急用']);
    out.allocations.push({
      values: { ownerCode: fromCode, allocNo, fromOwnerCode: fromCode, toOwnerCode: toCode, warehouseCode: 'PJ01', outNo, inNo, totalAmount: total, reason, status: STATUS.allocationReceived, remark: null, ...stamp(sentAt - DAY, sender.clerkId) },
      lines: { lines: partLines(() => ({})) },
    });
    out.allocationIns.push({
      values: { ownerCode: toCode, allocNo, allocationId: 0, fromOwnerCode: fromCode, fromWarehouseCode: 'PJ01', outNo, warehouseCode: 'PJ01', inNo, totalQty: qtyText(lines.reduce((s, l) => s + l.qty, 0)), totalAmount: total, status: STATUS.allocationReceived, refuseReason: null, refusedAt: null, reason, ...stamp(sentAt, sender.clerkId) },
      lines: { lines: partLines((i) => ({ outCost: costText(outCosts[i]!), receivedQty: qtyText(lines[i]!.qty), returnedQty: '0.00' })) },
    });
    out.partOutOrders.push({
      values: {
        ownerCode: fromCode, outNo, outType: OUT_TYPE.allocationOut, roNo: null, customerName: null, toOwnerCode: toCode, supplierName: null, sourceNo: allocNo, issuerId: sender.clerkId, receiverId: null,
        totalQty: qtyText(lines.reduce((s, l) => s + l.qty, 0)), totalCost: outCostTotal, totalSales: total, status: STATUS.outIssued, issuedAt: beijingText(sentAt), cancelReason: null, remark: `调拨单${allocNo}`, ...stamp(sentAt, sender.clerkId),
      },
      lines: {
        lines: lines.map((l, i) => ({ partNo: l.stock.part.partNo, partName: l.stock.part.partName, unit: l.stock.part.unit, warehouseCode: 'PJ01', locationCode: l.stock.locationCode, qty: qtyText(l.qty), salesPrice: fenText(prices[i]! / 100), salesAmount: fenText(amounts[i]!), costPrice: costText(outCosts[i]!), costAmount: fenText(amountFen(l.qty, outCosts[i]!)), lockId: null })),
      },
    });
    out.partInOrders.push({
      values: { ownerCode: toCode, inNo, inType: IN_TYPE.allocation, warehouseCode: 'PJ01', supplierCode: fromCode, supplierName: null, sourceNo: allocNo, totalQty: qtyText(lines.reduce((s, l) => s + l.qty, 0)), totalAmount: total, status: STATUS.inReceived, receivedAt: beijingText(receivedAt), receivedBy: receiver.clerkId, cancelReason: null, remark: `调拨单${allocNo}入库`, ...stamp(receivedAt, receiver.clerkId) },
      lines: { lines: lines.map((l, i) => ({ partNo: l.stock.part.partNo, partName: l.stock.part.partName, unit: l.stock.part.unit, qty: qtyText(l.qty), costPrice: costText(prices[i]!), amount: fenText(amounts[i]!), locationCode: stockOf(toCode, l.stock.part.partNo)!.locationCode })) },
    });
  };

  /** A count of the warehouse: all its rows, or (a spot count) `spot` of its fast movers. */
  const stocktake = (ownerCode: string, warehouseCode: string, when: number, spot?: number) => {
    const dealer = byOwner.get(ownerCode)!;
    let rows = [...stocks.get(ownerCode)!.values()].filter((s) => s.warehouseCode === warehouseCode);
    if (spot !== undefined) rows = rows.filter((s) => s.weight > 0).sort(() => random.next() - 0.5).slice(0, spot);
    rows.sort((a, b) => a.locationCode.localeCompare(b.locationCode) || a.part.partNo.localeCompare(b.part.partNo));
    const takeNo = number('PD', ownerCode, when);
    const differing = new Set<Stock>();
    const movable = rows.filter((s) => s.weight > 0 && s.onHand >= 2 && !WELL_STOCKED.includes(s.part.partNo as (typeof WELL_STOCKED)[number]));
    const wanted = Math.max(1, Math.round(rows.length * (0.005 + random.next() * 0.015)));
    while (differing.size < Math.min(wanted, movable.length)) differing.add(random.pick(movable));
    const approvedAt = when + 90 * 60_000;
    let gain = 0;
    let loss = 0;
    const lines = rows.map((stock) => {
      const book = stock.onHand;
      const diff = differing.has(stock) ? (random.chance(0.4) ? 1 : -random.int(1, 2)) : 0;
      const cost = stock.avg;
      const diffFen = amountFen(diff, cost);
      if (diff > 0) gain += diffFen;
      if (diff < 0) loss -= diffFen;
      if (diff !== 0) ledger(stock, diff > 0 ? MOVE.gain : MOVE.loss, takeNo, null, diff, null, approvedAt, dealer.approverId);
      return { partNo: stock.part.partNo, partName: stock.part.partName, locationCode: stock.locationCode, bookQty: qtyText(book), countQty: qtyText(book + diff), diffQty: qtyText(diff), costPrice: costText(cost), diffAmount: fenText(diffFen) };
    });
    out.stocktakes.push({
      values: {
        ownerCode, takeNo, warehouseCode, scope: spot === undefined ? '82091001' : '82091002', lineCount: lines.length, diffLines: differing.size, gainAmount: fenText(gain), lossAmount: fenText(loss), status: STATUS.taken,
        submittedAt: beijingText(when + 60 * 60_000), approvedAt: beijingText(approvedAt), approverId: dealer.approverId, rejectReason: null, remark: null, ...stamp(when, dealer.clerkId),
      },
      lines: { lines },
    });
  };

  // ---- the calendar ----
  for (const dealer of dealers) {
    const code = dealer.ownerCode;
    schedule(at(anchorMs, HISTORY_DAYS, 9), () => {
      const parts = [...stocks.get(code)!.values()];
      for (const warehouseCode of ['PJ01', 'JP01']) {
        const inWarehouse = parts.filter((s) => s.warehouseCode === warehouseCode);
        for (let i = 0; i < inWarehouse.length; i += 60) purchase(code, at(anchorMs, HISTORY_DAYS, 9, i / 6), inWarehouse.slice(i, i + 60).map((stock) => ({ stock, qty: stock.target })), true, '期初入库');
      }
    });
    // Calendar months: a whole month has 4-8 purchases and 1-2 allocations sent, a part month its share of them.
    const partners = dealers.filter((d) => d.ownerCode !== code && DEALERS.find((x) => x.orgCode === d.ownerCode)?.region === DEALERS.find((x) => x.orgCode === code)?.region);
    for (const days of calendarMonths(anchorMs, HISTORY_DAYS - 1)) {
      const share = days.length / 30;
      const purchases = share >= 0.9 ? random.int(4, 8) : Math.max(1, Math.round(random.int(4, 8) * share));
      // One of the month's purchases restocks the accessories, the others the parts warehouse.
      for (let n = 0; n < purchases; n++) {
        const day = Math.max(2, random.pick(days));
        const when = at(anchorMs, day, 9, random.int(0, 90));
        schedule(when, () => replenish(code, n === 0 ? 'JP01' : 'PJ01', when));
      }
      const sends = share >= 0.9 ? random.int(1, 2) : random.chance(share) ? 1 : 0;
      for (let n = 0; n < sends && partners.length > 0; n++) {
        const day = random.pick(days);
        if (day < 4) continue;
        const partner = random.pick(partners).ownerCode;
        const sentAt = at(anchorMs, day, 14, random.int(0, 60));
        const receivedAt = at(anchorMs, day - random.int(1, 2), 10, random.int(0, 60));
        schedule(sentAt, () => allocate(code, partner, sentAt, receivedAt));
      }
    }
    // A spot count of 60 fast movers last quarter, a full count this quarter.
    schedule(at(anchorMs, 180, 21), () => stocktake(code, 'PJ01', at(anchorMs, 180, 21), 60));
    schedule(at(anchorMs, 90, 21), () => stocktake(code, 'PJ01', at(anchorMs, 90, 21)));
    schedule(at(anchorMs, 90, 21, 30), () => stocktake(code, 'JP01', at(anchorMs, 90, 21, 30)));
  }
  const since = anchorMs - (HISTORY_DAYS - 1) * DAY;
  const perMonth = new Map<string, number>();
  for (const order of repairOrders) {
    const opened = new Date(order.createdAt).getTime();
    if (opened < since || order.partAmount <= 0 || !stocks.has(order.ownerCode)) continue;
    const month = `${order.ownerCode}/${order.createdAt.slice(0, 7)}`;
    if ((perMonth.get(month) ?? 0) >= 30) continue;
    perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    const open = order.status === REPAIR_ORDER_STATUS.waiting || order.status === REPAIR_ORDER_STATUS.repairing;
    const when = opened + random.int(30, 90) * 60_000;
    // The workshop's open orders hold their parts (a reservation); the others took them.
    schedule(when, () => (open ? reserve(order, when) : issue(order, when)));
  }
  const reserve = (order: HistoryRepairOrder, when: number) => {
    const parts = [...stocks.get(order.ownerCode)!.values()].filter((s) => s.weight > 0 && s.onHand - s.locked >= 2);
    if (parts.length === 0) return;
    const stock = random.weighted(parts.map((s) => [s, s.weight] as const));
    stock.locked += 1;
    out.partLocks.push({ values: { ownerCode: order.ownerCode, roNo: order.roNo, warehouseCode: stock.warehouseCode, partNo: stock.part.partNo, partName: stock.part.partName, qty: '1.00', issuedQty: '0.00', status: STATUS.locked, releasedAt: null, remark: null, ...stamp(when, byOwner.get(order.ownerCode)!.clerkId) } });
  };

  events.sort(later);
  running = true;
  while (events.length > 0) events.shift()!.run();

  // Every dealer's workshop holds parts for at least one order: its newest when none is open.
  for (const dealer of dealers) {
    if (out.partLocks.some((l) => l.values.ownerCode === dealer.ownerCode)) continue;
    const newest = repairOrders.filter((o) => o.ownerCode === dealer.ownerCode).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (newest) reserve(newest, Math.min(anchorMs, new Date(newest.createdAt).getTime() + 3_600_000));
  }
  // One purchase of each dealer waits to be received (the last day's delivery).
  for (const dealer of dealers) {
    const low = [...stocks.get(dealer.ownerCode)!.values()].filter((s) => s.weight > 0 && s.warehouseCode === 'PJ01').sort((a, b) => a.onHand / a.target - b.onHand / b.target).slice(0, random.int(3, 8));
    purchase(dealer.ownerCode, at(anchorMs, 0, 10), low.map((stock) => ({ stock, qty: Math.max(1, stock.target - stock.onHand) })), false, '今日到货，待验收入库');
  }

  // A few safety levels were raised lately (the season's batteries and wipers, a campaign's parts): below them, 缺件.
  for (const parts of stocks.values()) {
    for (const s of parts.values()) if (s.weight > 0 && !WELL_STOCKED.includes(s.part.partNo as (typeof WELL_STOCKED)[number]) && random.chance(0.04)) s.minQty = s.onHand + random.int(1, 3);
  }
  for (const parts of stocks.values()) {
    for (const s of parts.values()) {
      const moved = Math.max(s.lastInAt ?? 0, s.lastOutAt ?? 0);
      out.partStocks.push({
        values: {
          ownerCode: s.ownerCode,
          warehouseCode: s.warehouseCode,
          partNo: s.part.partNo,
          partName: s.part.partName,
          unit: s.part.unit,
          category: s.part.category,
          locationCode: s.locationCode,
          onHandQty: qtyText(s.onHand),
          lockedQty: qtyText(s.locked),
          availableQty: qtyText(s.onHand - s.locked),
          avgCost: costText(s.avg),
          stockAmount: fenText(amountFen(s.onHand, s.avg)),
          minQty: qtyText(s.minQty),
          maxQty: qtyText(s.maxQty),
          lastInAt: s.lastInAt === null ? null : beijingText(s.lastInAt),
          lastOutAt: s.lastOutAt === null ? null : beijingText(s.lastOutAt),
          lastMovedAt: moved === 0 ? null : beijingText(moved),
          ...stamp(anchorMs - HISTORY_DAYS * DAY, byOwner.get(s.ownerCode)!.clerkId),
          updatedAt: new Date(moved || anchorMs),
        },
      });
    }
  }
  return out;
}

/** The days (as days before the anchor) of each Beijing calendar month from `firstDaysAgo` to the anchor day. */
function calendarMonths(anchorMs: number, firstDaysAgo: number): number[][] {
  const months = new Map<string, number[]>();
  for (let daysAgo = firstDaysAgo; daysAgo >= 0; daysAgo--) {
    const month = beijingText(at(anchorMs, daysAgo, 12)).slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), daysAgo]);
  }
  return [...months.values()];
}

/** Shelf-row codes: zone, shelf 01..shelves, row 01..rows (A-01-01, A-01-02, ...). */
function locationCodes(zones: string[], shelves: number, rows: number): string[] {
  const codes: string[] = [];
  for (const zone of zones) for (let s = 1; s <= shelves; s++) for (let r = 1; r <= rows; r++) codes.push(`${zone}-${String(s).padStart(2, '0')}-${String(r).padStart(2, '0')}`);
  return codes;
}

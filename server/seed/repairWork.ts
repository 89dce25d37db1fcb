// The workshop behind the demo's repair orders (domain.md §1 Demo), built as plain rows with no database and drawn from
// its own random stream: each order's lines come first (1–4 labour lines from the dealer's 工时项目, 0–8 part lines from
// the part master for the car's series; 保养 ¥400–1,500 with a fifth as packages, 事故 ¥3,000–40,000) and its header
// amounts are their sums; then what its state implies: the reception it was opened from, the technicians' dispatches,
// the inspections (2–4% with a line sent back once), the settlement with its amounts per payer and the return visit
// (60% of settled orders reached, 85% of those satisfied), a health check on recent service visits (8% of orders with
// red items, the declined ones left as the advisor's reminders), and a few comebacks. It also moves orders on: settled
// ones older than three days have left the workshop (已交车), and some of today's in repair wait for final inspection.
import { CHARGE, LINE_STATUS, QC_RESULT, QC_STAGE, RECEPTION_STATUS, REPAIR_DEFAULTS, REPAIR_TYPE_CHARGE, RO_STATUS, SETTLEMENT_STATUS, VHC_DECISION, VHC_RESULT, VHC_STATUS, VISIT_RESULT, VISIT_SOURCE, VISIT_STATUS, VISIT_TYPE } from '../hooks/repair/repairRules';
import { checkItemsFor } from '../hooks/repair/healthCheckItems';
import { headerAmounts } from '../hooks/repair/orderLines';
import { needsApproval, settlementOf } from '../hooks/repair/settlement';
import { dec, fenText, lineFen, spread, text2, times, units } from '../hooks/repair/money';
import { DEALERS, insurerOf, REMINDER_TYPE, SERIES } from './catalogue';
import { demoLabourItems } from './labourItems';
import { PART_CATALOGUE } from './partsCatalogue';
import { SeededRandom } from './random';
import type { WorldRepairOrder, WorldUser } from './worldRecords';

type Row = Record<string, unknown>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Health checks are drawn for service visits this recent. */
const HEALTH_CHECK_DAYS = 90;
/** Orders this recent keep the workshop's detail: reception, dispatches, inspections and the return visit. Older history
 * keeps its lines, amounts and settlement (what finance and the reports of a year ago read), so a fresh start, which
 * seeds every time, writes tens of thousands of rows fewer. */
const DETAIL_DAYS = 180;

const days = new Map<number, string>();
/** Beijing wall-clock text of an instant (what the engine's datetime fields take): the day formatted once, the time
 * written out (the seed formats a few hundred thousand times). */
export function beijing(ms: number): string {
  const local = ms + 8 * HOUR;
  const day = Math.floor(local / DAY);
  let text = days.get(day);
  if (text === undefined) {
    text = new Date(day * DAY).toISOString().slice(0, 10);
    days.set(day, text);
  }
  const seconds = Math.floor((local - day * DAY) / 1000);
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${text} ${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}
const beijingDay = (ms: number) => beijing(ms).slice(0, 10);
const yymmdd = (ms: number) => beijing(ms).slice(2, 10).replaceAll('-', '');

export interface RepairWorkOrder {
  /** The order's fields the workshop adds (answer form), its lines, and the user codes behind them. */
  values: Row;
  lines: { labourLines: Row[]; partLines: Row[]; addItems: Row[]; packages: Row[] };
}

export interface RepairWork {
  /** By roNo: what the order holds beyond the world's header. */
  orders: Map<string, RepairWorkOrder>;
  /** Rows of the other models, with `roNo` to resolve the order's id and `*Code` user codes to resolve users. */
  receptions: Row[];
  dispatches: Row[];
  inspections: Row[];
  settlements: Row[];
  visits: Row[];
  healthChecks: { values: Row; items: Row[] }[];
  reminders: Row[];
  slots: Row[];
  packages: { values: Row; labourLines: Row[]; partLines: Row[] }[];
}

interface DealerKit {
  ownerCode: string;
  labour: Map<string, { labourCode: string; labourName: string; stdHours: string; price: string }>;
  advisors: string[];
  technicians: string[];
  inspector: string;
  reviewer: string;
  /** Employee names by user code (a line shows its technicians by name). */
  names: Map<string, string>;
  customerService: string;
  packages: { code: string; name: string; price: string; series: string; labour: { code: string; hours: string }[]; parts: { partNo: string; qty: string }[] }[];
}

const SUFFIX: Record<string, string> = { '华晟 A3': 'A3', '华晟 A5': 'A5', '华晟 S7': 'S7', '华晟 E6': 'E6' };
const seriesOfVin = (vin: string) => SERIES.find((s) => vin.slice(3, 8) === s.vds) ?? SERIES[0]!;
const PARTS = new Map(PART_CATALOGUE.map((p) => [p.partNo, p]));
/** The part number of a kind for a series: its own if made per series, else the common one. */
function partFor(kind: string, series: string): string | undefined {
  const own = `HS-${kind}-${SUFFIX[series]}`;
  if (PARTS.has(own)) return own;
  return PARTS.has(`HS-${kind}-TY`) ? `HS-${kind}-TY` : undefined;
}

/** The parts a labour item usually takes: kind code, quantity range, how often. */
const PARTS_OF: Record<string, [string, number, number, number][]> = {
  BY001: [['1001010', 1, 1, 1], ['1012010', 1, 1, 1]],
  BY002: [['1109010', 1, 1, 1]],
  BY003: [['8104010', 1, 1, 1]],
  BY004: [['3707010', 4, 4, 1]],
  BY005: [['1001510', 1, 2, 1]],
  BY006: [['1001710', 4, 5, 1]],
  BY007: [['1001610', 1, 2, 1]],
  SB001: [['1001010', 1, 1, 1], ['1012010', 1, 1, 1]],
  WX001: [['3501010', 1, 1, 1]],
  WX002: [['3502010', 1, 1, 1]],
  WX003: [['3501020', 2, 2, 1]],
  WX004: [['3703010', 1, 1, 1]],
  WX005: [['5205010', 1, 1, 1]],
  WX006: [['3701010', 1, 1, 1]],
  WX007: [['3708010', 1, 1, 1]],
  WX008: [['1307010', 1, 1, 1]],
  WX009: [['1006010', 1, 1, 1]],
  WX010: [['1001910', 1, 2, 1]],
  WX011: [['3612010', 1, 1, 0.4], ['3705010', 1, 4, 0.3]],
  WX012: [['2905010', 2, 2, 1]],
  DD001: [['1001620', 1, 1, 0.6]],
  SP001: [['3701010', 1, 1, 0.2], ['8105010', 1, 1, 0.3], ['6104010', 1, 1, 0.3], ['3550010', 1, 1, 0.3]],
  SG001: [['2803010', 1, 1, 0.9], ['2803020', 1, 1, 0.6], ['8401010', 1, 1, 0.5], ['8403020', 1, 1, 0.4], ['8403010', 1, 1, 0.3], ['1303010', 1, 1, 0.25], ['5206010', 1, 1, 0.15]],
  SG002: [['4121010', 1, 2, 1], ['4116010', 1, 1, 0.3]],
  BP001: [['2803010', 1, 1, 0.2]],
  BP002: [['2804010', 1, 1, 0.2]],
  BP003: [['8403020', 1, 1, 0.4]],
  BP004: [['6101010', 1, 1, 0.15]],
  ZH001: [['3550010', 1, 1, 0.5]],
};

/** The labour items an order of a repair type is made of: always, then some of the optional ones. */
const LABOUR_OF: Record<string, { always: string[]; some: string[]; count: [number, number] }> = {
  RT01: { always: [], some: ['WX001', 'WX002', 'WX003', 'WX004', 'WX005', 'WX006', 'WX007', 'WX008', 'WX009', 'WX010', 'WX011', 'WX012', 'BY008'], count: [1, 3] },
  RT02: { always: ['BY001'], some: ['BY002', 'BY003', 'BY004', 'BY005', 'BY007', 'BY008', 'BY009'], count: [0, 2] },
  RT03: { always: ['SB001'], some: ['BY009'], count: [0, 1] },
  RT04: { always: ['SP001'], some: ['WX011', 'WX010'], count: [0, 1] },
  RT05: { always: ['SG001'], some: ['SG002', 'BP001', 'BP003', 'BP004', 'BP005'], count: [1, 3] },
  RT06: { always: [], some: ['BP001', 'BP002', 'BP003', 'BP004', 'BP005'], count: [1, 2] },
  RT07: { always: ['NB001'], some: ['ZD-XC01'], count: [0, 1] },
  RT08: { always: ['ZH001'], some: [], count: [0, 0] },
};
/** 华晟 E6 has no engine oil, filters, spark plugs or belts: its service swaps those for the battery check. */
const FUEL_ONLY = new Set(['BY001', 'BY002', 'BY004', 'BY006', 'WX006', 'WX007', 'WX008', 'WX009', 'WX011', 'SB001']);
const EV_SWAP: Record<string, string> = { BY001: 'DD001', SB001: 'DD001' };

const VALUABLES = ['行车记录仪', '车载香薰', '儿童安全座椅', '雨伞', '充电线'];
const FAIL_REASONS = ['螺栓扭矩未达标', '异响未消除', '漆面有流挂', '刹车异响', '路试跑偏'];
const VISIT_CONTENT_OK = ['客户对本次维修满意，交车准时', '客户表示服务顾问讲解清楚', '客户满意，已提醒下次保养里程', '客户认可维修质量'];
const VISIT_CONTENT_LOW = ['客户反映等待时间过长', '客户认为费用偏高', '客户反映车辆问题未完全解决', '客户对交车时间不满意'];
const HANDLE_RESULTS = ['已致电致歉并赠送一次免费洗车', '已安排技术经理复查车辆', '已说明收费明细，客户认可', '已预约客户回店免费复检'];
const FEEDBACK = ['客户已预约下周回店处理', '客户表示下次保养时一并处理', '客户暂不考虑，已提醒安全风险', '客户已在外部维修'];

function kits(users: readonly WorldUser[], anchorDate: string): Map<string, DealerKit> {
  const items = demoLabourItems(anchorDate);
  const kitsByDealer = new Map<string, DealerKit>();
  for (const dealer of DEALERS) {
    const own = users.filter((u) => u.orgCode === dealer.orgCode);
    const of = (position: string) => own.filter((u) => u.positions.includes(position as WorldUser['positions'][number])).map((u) => u.userCode);
    const labour = new Map(
      items.filter((i) => i.ownerCode === dealer.orgCode && i.enabled === '1').map((i) => [i.labourCode, { labourCode: i.labourCode, labourName: i.labourName, stdHours: Number(i.stdHours).toFixed(2), price: Number(i.price).toFixed(2) }]),
    );
    kitsByDealer.set(dealer.orgCode, { ownerCode: dealer.orgCode, labour, names: new Map(own.map((u) => [u.userCode, u.employeeName])), advisors: of('FWGW'), technicians: of('JS'), inspector: of('ZJY')[0]!, reviewer: of('SHR')[0]!, customerService: of('KFZY')[0]!, packages: packagesFor(dealer.orgCode, labour) });
  }
  return kitsByDealer;
}

/** Each dealer's packages: per series a 1万公里 and a 2万公里 service and a brake-fluid care, at prices ending in 9. */
function packagesFor(ownerCode: string, labour: DealerKit['labour']): DealerKit['packages'] {
  const packages: DealerKit['packages'] = [];
  const offset = DEALERS.findIndex((d) => d.orgCode === ownerCode) * 20;
  for (const series of SERIES) {
    const suffix = SUFFIX[series.seriesName]!;
    const ev = series.newEnergy;
    const plans: { code: string; name: string; base: number; labour: [string, string][]; parts: [string, number][] }[] = ev
      ? [
          { code: `TC-${suffix}-BY1`, name: `${series.seriesName} 1万公里保养套餐`, base: 499, labour: [['DD001', '1.50'], ['BY003', '0.30']], parts: [['8104010', 1]] },
          { code: `TC-${suffix}-BY2`, name: `${series.seriesName} 2万公里保养套餐`, base: 899, labour: [['DD001', '1.50'], ['BY003', '0.30'], ['BY005', '0.80']], parts: [['8104010', 1], ['1001510', 1], ['1001620', 1]] },
        ]
      : [
          { code: `TC-${suffix}-BY1`, name: `${series.seriesName} 1万公里保养套餐`, base: 599, labour: [['BY001', '0.50']], parts: [['1001010', 1], ['1012010', 1]] },
          { code: `TC-${suffix}-BY2`, name: `${series.seriesName} 2万公里保养套餐`, base: 1199, labour: [['BY001', '0.50'], ['BY002', '0.30'], ['BY003', '0.30']], parts: [['1001010', 1], ['1012010', 1], ['1109010', 1], ['8104010', 1]] },
          { code: `TC-${suffix}-ZD`, name: `${series.seriesName} 刹车养护套餐`, base: 499, labour: [['BY005', '0.80'], ['BY009', '0.50']], parts: [['1001510', 1]] },
        ];
    for (const plan of plans) {
      const items = plan.labour.filter(([code]) => labour.has(code));
      const parts = plan.parts.flatMap(([kind, qty]) => {
        const partNo = partFor(kind, series.seriesName);
        return partNo ? [{ partNo, qty: qty.toFixed(2) }] : [];
      });
      if (items.length === 0) continue;
      const tier = { A3: 0, A5: 100, E6: 100, S7: 200 }[suffix] ?? 0;
      packages.push({ code: plan.code, name: plan.name, price: (plan.base + tier + (offset % 100)).toFixed(2), series: series.seriesName, labour: items.map(([code, hours]) => ({ code, hours })), parts });
    }
  }
  return packages;
}



/** An order's lines, amounts derived from them (the part master's price by charge type). */
function linesFor(random: SeededRandom, order: WorldRepairOrder, kit: DealerKit): RepairWorkOrder['lines'] {
  const series = seriesOfVin(order.vin);
  const ev = series.newEnergy;
  const typeCharge = REPAIR_TYPE_CHARGE[order.repairTypeCode] ?? CHARGE.customer;
  const chargeFor = () => (order.repairTypeCode === 'RT05' ? (random.chance(0.85) ? CHARGE.insurance : CHARGE.customer) : typeCharge);
  const labourLines: Row[] = [];
  const partLines: Row[] = [];
  const addItems: Row[] = [];
  const packages: Row[] = [];
  const packaged = order.repairTypeCode === 'RT02' && random.chance(0.2) ? random.pick(kit.packages.filter((p) => p.series === series.seriesName)) : undefined;
  let key = 0;
  const nextKey = () => `L${order.roNo.slice(-8)}${String(++key).padStart(2, '0')}`;
  const discountOf = (charge: string) => (charge === CHARGE.customer && random.chance(0.25) ? random.pick(['0.0500', '0.0800', '0.1000', '0.1000', '0.2000']) : '0.0000');
  if (packaged) {
    const labour = packaged.labour.map((l) => ({ item: kit.labour.get(l.code)!, hours: l.hours }));
    const parts = packaged.parts.map((p) => ({ part: PARTS.get(p.partNo)!, qty: p.qty }));
    const shares = spread(dec(packaged.price), [...labour.map((l) => times(dec(l.hours), dec(l.item.price))), ...parts.map((p) => times(dec(p.qty), dec(p.part.retailPrice)))]);
    labour.forEach((l, i) => labourLines.push({ lineKey: nextKey(), labourCode: l.item.labourCode, labourName: l.item.labourName, stdHours: l.hours, price: l.item.price, discountRate: '0.0000', packageShare: text2(shares[i]!), amount: text2(shares[i]!), chargeType: CHARGE.customer, packageCode: packaged.code }));
    parts.forEach((p, i) =>
      partLines.push({ lineKey: nextKey(), partNo: p.part.partNo, partName: p.part.partName, warehouseCode: REPAIR_DEFAULTS.defaultWarehouse, qty: p.qty, unitPrice: p.part.retailPrice, discountRate: '0.0000', packageShare: text2(shares[labour.length + i]!), amount: text2(shares[labour.length + i]!), chargeType: CHARGE.customer, packageCode: packaged.code }),
    );
    packages.push({ packageCode: packaged.code, packageName: packaged.name, packagePrice: packaged.price });
  } else {
    const plan = LABOUR_OF[order.repairTypeCode] ?? LABOUR_OF.RT01!;
    const codes = new Set<string>(plan.always);
    const extra = random.int(plan.count[0], plan.count[1]);
    for (let i = 0; i < extra * 2 && codes.size < plan.always.length + extra; i++) codes.add(random.pick(plan.some.length > 0 ? plan.some : plan.always));
    if (codes.size === 0) codes.add(random.pick(plan.some));
    const chosen = [...codes].map((code) => (ev && FUEL_ONLY.has(code) ? (EV_SWAP[code] ?? 'BY009') : code)).filter((code, i, all) => all.indexOf(code) === i && kit.labour.has(code)).slice(0, 4);
    if (chosen.length === 0) chosen.push([...kit.labour.keys()][0]!);
    for (const code of chosen) {
      const item = kit.labour.get(code)!;
      const charge = chargeFor();
      const hours = order.repairTypeCode === 'RT05' || order.repairTypeCode === 'RT06' ? text2(times(dec(item.stdHours), dec(random.pick(['1', '1.5', '2'])))) : item.stdHours;
      const discountRate = discountOf(charge);
      labourLines.push({ lineKey: nextKey(), labourCode: code, labourName: item.labourName, stdHours: hours, price: item.price, discountRate, amount: fenText(lineFen(hours, item.price, discountRate)), chargeType: charge, packageCode: null, packageShare: null });
      for (const [kind, low, high, chance] of PARTS_OF[code] ?? []) {
        if (partLines.length >= 8 || !random.chance(chance)) continue;
        const partNo = partFor(kind, series.seriesName);
        const part = partNo ? PARTS.get(partNo) : undefined;
        if (!part) continue;
        const qty = random.int(low, high).toFixed(2);
        const partCharge = charge;
        const unitPrice = partCharge === CHARGE.warranty ? part.claimPrice : partCharge === CHARGE.insurance ? part.insurancePrice : part.retailPrice;
        const partDiscount = discountOf(partCharge);
        partLines.push({ lineKey: nextKey(), partNo, partName: part.partName, warehouseCode: REPAIR_DEFAULTS.defaultWarehouse, qty, unitPrice, discountRate: partDiscount, amount: fenText(lineFen(qty, unitPrice, partDiscount)), chargeType: partCharge, packageCode: null, packageShare: null });
      }
    }
  }
  if (order.repairTypeCode === 'RT05' && random.chance(0.6)) addItems.push({ itemCode: '80341002', itemName: '拖车费', amount: random.int(2, 8).toFixed(0) + '00.00', chargeType: CHARGE.insurance, remark: null });
  if (random.chance(0.08)) addItems.push({ itemCode: '80341005', itemName: '洗车费', amount: '40.00', chargeType: random.chance(0.6) ? CHARGE.free : CHARGE.customer, remark: random.chance(0.5) ? '老客户赠送' : null });
  if (order.repairTypeCode === 'RT01' && random.chance(0.05)) addItems.push({ itemCode: '80341004', itemName: '检测费', amount: '150.00', chargeType: CHARGE.customer, remark: null });
  return { labourLines, partLines, addItems, packages };
}

/** Everything the workshop adds to the world's orders; `orders` is changed in place (status, comebacks). */
export function buildRepairWork(orders: WorldRepairOrder[], users: readonly WorldUser[], anchorDate: string, seed: number, now?: number): RepairWork {
  const random = new SeededRandom(seed);
  const anchor = Date.parse(`${anchorDate}T23:59:59+08:00`);
  const byDealer = kits(users, anchorDate);
  const work: RepairWork = { orders: new Map(), receptions: [], dispatches: [], inspections: [], settlements: [], visits: [], healthChecks: [], reminders: [], slots: [], packages: [] };
  const counters = new Map<string, number>();
  const number = (prefix: string, ownerCode: string, at: number) => {
    const head = `${prefix}${ownerCode}${yymmdd(at)}`;
    const seq = (counters.get(head) ?? 0) + 1;
    counters.set(head, seq);
    return `${head}${String(seq).padStart(4, '0')}`;
  };

  comebacks(random, orders);
  // Numbers of each kind count up by the day they were made on, in the order of the orders.
  const drafts: { order: WorldRepairOrder; at: number }[] = orders.map((order) => ({ order, at: Date.parse(order.createdAt) }));
  for (const { order, at } of drafts) {
    const kit = byDealer.get(order.ownerCode)!;
    const ageDays = (anchor - at) / DAY;
    if (order.status === RO_STATUS.settled && ageDays > 3 && random.chance(0.9)) order.status = RO_STATUS.released;
    if (order.status === RO_STATUS.repairing && ageDays < 1 && random.chance(0.3)) order.status = RO_STATUS.inspecting;
    const lines = linesFor(random, order, kit);
    const values: Row = { ...order, ...lines, reworkOfRoNo: order.reworkOfRoNo ?? null };
    headerAmounts(values);
    // An accident repair the insurer pays for names its insurer (the settlement posts the insurer's receivable).
    values.insurerName = Number(values.insuranceAmount) > 0 ? insurerOf(String(order.roNo)) : null;
    order.labourAmount = Number(values.labourAmount);
    order.partAmount = Number(values.partAmount);
    const done = [RO_STATUS.finished, RO_STATUS.settled, RO_STATUS.released].includes(order.status as never);
    const hours = lines.labourLines.reduce((sum, l) => sum + Number(l.stdHours), 0);
    values.promisedAt = beijing(at + Math.round((hours * 1.5 + 1) * 4) * 15 * MINUTE);
    values.senderName = random.chance(0.15) ? '家属代送' : null;
    const detailed = anchor - at < DETAIL_DAYS * DAY;
    const receptionNo = detailed ? number('JD', order.ownerCode, at - 10 * MINUTE) : null;
    values.receptionNo = receptionNo;
    if (detailed) work.receptions.push({
      receptionNo,
      plateNo: order.plateNo,
      vin: order.vin,
      customerName: order.customerName,
      phone: order.phone,
      advisorCode: order.serviceAdvisorCode,
      arriveAt: beijing(at - random.int(5, 25) * MINUTE),
      visitType: values.reworkOfRoNo ? VISIT_TYPE.comeback : order.repairTypeCode === 'RT05' && random.chance(0.2) ? VISIT_TYPE.rescue : random.chance(0.15) ? VISIT_TYPE.booked : VISIT_TYPE.walkIn,
      repairTypeCode: order.repairTypeCode,
      mileage: order.mileage,
      fuelLevel: random.int(1, 4),
      valuables: random.chance(0.2) ? random.pick(VALUABLES) : null,
      faultDesc: order.remark,
      status: RECEPTION_STATUS.opened,
      roNo: order.roNo,
      ownerCode: order.ownerCode,
      createdAt: new Date(at - 10 * MINUTE),
    });
    // The workshop: dispatches and line states by the order's state, times one after another.
    let clock = at + 15 * MINUTE;
    let finishedAt = clock;
    const reworked = done && random.chance(0.03) ? random.int(0, lines.labourLines.length - 1) : -1;
    for (const [i, line] of lines.labourLines.entries()) {
      line.reworkCount = i === reworked ? 1 : 0;
      if (order.status === RO_STATUS.waiting) {
        line.lineStatus = LINE_STATUS.waiting;
        continue;
      }
      const state = done || order.status === RO_STATUS.inspecting ? LINE_STATUS.passed : random.weighted([[LINE_STATUS.dispatched, 3], [LINE_STATUS.repairing, 3], [LINE_STATUS.finished, 2], [LINE_STATUS.passed, 2]] as const);
      line.lineStatus = state;
      const two = random.chance(0.15) && kit.technicians.length > 1;
      const first = random.pick(kit.technicians);
      const crew = two ? [first, random.pick(kit.technicians.filter((t) => t !== first))] : [first];
      const shares = two ? ['0.6000', '0.4000'] : ['1.0000'];
      const start = clock + random.int(5, 30) * MINUTE;
      const finish = start + Math.round(Number(line.stdHours) * 60 * (0.8 + random.next() * 0.5)) * MINUTE;
      const started = state !== LINE_STATUS.dispatched;
      const ended = state === LINE_STATUS.finished || state === LINE_STATUS.passed;
      const name = (code: string) => kit.names.get(code) ?? code;
      line.technicianNames = crew.length > 1 ? `${name(crew[0]!)} 60%、${name(crew[1]!)} 40%` : name(crew[0]!);
      crew.forEach((technicianCode, n) =>
        detailed && work.dispatches.push({
          roNo: order.roNo,
          plateNo: order.plateNo,
          lineKey: line.lineKey,
          labourCode: line.labourCode,
          labourName: line.labourName,
          stdHours: line.stdHours,
          technicianCode,
          shareRate: shares[n],
          workshopCode: order.repairTypeCode === 'RT05' || order.repairTypeCode === 'RT06' ? 'WS2' : random.chance(0.3) ? 'WS3' : 'WS1',
          bayCode: null,
          status: ended ? LINE_STATUS.finished : started ? LINE_STATUS.repairing : LINE_STATUS.dispatched,
          assignedAt: beijing(clock),
          startAt: started ? beijing(start) : null,
          finishAt: ended ? beijing(finish) : null,
          reworkCount: line.reworkCount,
          dispatcherCode: order.serviceAdvisorCode,
          ownerCode: order.ownerCode,
          createdAt: new Date(clock),
        }),
      );
      if (i === reworked && detailed) {
        work.inspections.push(inspection(order, kit, QC_STAGE.line, line, QC_RESULT.failed, finish + 10 * MINUTE, random.pick(FAIL_REASONS), first));
      }
      if (state === LINE_STATUS.passed && detailed) work.inspections.push(inspection(order, kit, QC_STAGE.line, line, QC_RESULT.passed, finish + (i === reworked ? 70 : 15) * MINUTE, null, null));
      finishedAt = Math.max(finishedAt, finish + (i === reworked ? 70 : 20) * MINUTE);
      clock = start;
    }
    for (const line of lines.partLines) {
      line.issuedQty = order.status === RO_STATUS.waiting ? '0.00' : line.qty;
      line.costAmount = fenText(lineFen(line.amount, '0.62', 0) );
    }
    values.unassignedLines = lines.labourLines.filter((l) => l.lineStatus === LINE_STATUS.waiting).length;
    values.openLines = lines.labourLines.filter((l) => l.lineStatus !== LINE_STATUS.passed).length;
    if (done) {
      const completedAt = Math.min(finishedAt + 10 * MINUTE, anchor);
      values.completedAt = beijing(completedAt);
      values.finalResult = QC_RESULT.passed;
      if (detailed) work.inspections.push(inspection(order, kit, QC_STAGE.order, null, QC_RESULT.passed, completedAt - 5 * MINUTE, null, null));
      if (order.status !== RO_STATUS.finished) settle(random, work, number, order, values, kit, Math.min(completedAt + random.int(10, 120) * MINUTE, anchor), anchor, detailed);
    }
    if (order.status === RO_STATUS.inspecting) values.finalResult = null;
    if (anchor - at < HEALTH_CHECK_DAYS * DAY && ['RT01', 'RT02', 'RT03'].includes(order.repairTypeCode) && random.chance(0.7)) healthCheck(random, work, number, order, kit, at, anchor);
    work.orders.set(order.roNo, { values, lines });
  }
  // Today's arrivals still at the reception desk: two vehicles a dealer, each held by the advisor receiving it.
  const today = anchor + 1_000;
  for (const dealer of DEALERS) {
    const own = orders.filter((o) => o.ownerCode === dealer.orgCode);
    for (let n = 0; n < 2; n++) {
      const vehicle = random.pick(own);
      const arrived = Math.min(today + (8 * 60 + 5 + n * 23) * MINUTE, Math.max(today + MINUTE, (now ?? today + DAY) - (3 - n) * MINUTE));
      const advisor = random.pick(byDealer.get(dealer.orgCode)!.advisors);
      work.receptions.push({
        receptionNo: number('JD', dealer.orgCode, arrived),
        plateNo: vehicle.plateNo,
        vin: vehicle.vin,
        customerName: vehicle.customerName,
        phone: vehicle.phone,
        advisorCode: advisor,
        lockedByCode: advisor,
        lockedAt: beijing(arrived),
        arriveAt: beijing(arrived),
        visitType: n === 0 ? VISIT_TYPE.booked : VISIT_TYPE.walkIn,
        repairTypeCode: n === 0 ? 'RT02' : 'RT01',
        mileage: vehicle.mileage + random.int(500, 5000),
        fuelLevel: random.int(1, 4),
        valuables: null,
        faultDesc: n === 0 ? '定期保养' : random.pick(['仪表盘故障灯亮', '空调不制冷', '刹车异响']),
        status: RECEPTION_STATUS.receiving,
        roNo: null,
        ownerCode: dealer.orgCode,
        createdAt: new Date(arrived),
      });
    }
  }
  for (const dealer of DEALERS) {
    const kit = byDealer.get(dealer.orgCode)!;
    for (let weekday = 1; weekday <= 7; weekday++) {
      for (let minute = 8 * 60; minute <= 17 * 60 + 30; minute += 30) {
        work.slots.push({ ownerCode: dealer.orgCode, createdAt: new Date(`${anchorDate.slice(0, 4)}-01-01T08:00:00+08:00`), weekday, slotStart: `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`, capacity: weekday === 7 ? 3 : 4, enabled: '1' });
      }
    }
    for (const p of kit.packages) {
      work.packages.push({
        values: { ownerCode: dealer.orgCode, packageCode: p.code, packageName: p.name, series: [p.series], packagePrice: p.price, validFrom: `${anchorDate.slice(0, 4)}-01-01`, validTo: null, enabled: '1' },
        labourLines: p.labour.map((l) => ({ labourCode: l.code, labourName: kit.labour.get(l.code)!.labourName, stdHours: l.hours })),
        partLines: p.parts.map((x) => ({ partNo: x.partNo, partName: PARTS.get(x.partNo)!.partName, qty: x.qty })),
      });
    }
  }
  return work;
}

function inspection(order: WorldRepairOrder, kit: DealerKit, stage: string, line: Row | null, result: string, at: number, failReason: string | null, responsible: string | null): Row {
  return {
    roNo: order.roNo,
    plateNo: order.plateNo,
    stage,
    lineKey: line?.lineKey ?? null,
    labourName: line?.labourName ?? null,
    inspectorCode: kit.inspector,
    result,
    failReason,
    responsibleTechCode: responsible,
    inspectedAt: beijing(at),
    ownerCode: order.ownerCode,
    createdAt: new Date(at),
  };
}

type Numbering = (prefix: string, ownerCode: string, at: number) => string;

/** The settlement of a settled order, its number, and its return visit. */
function settle(random: SeededRandom, work: RepairWork, number: Numbering, order: WorldRepairOrder, values: Row, kit: DealerKit, at: number, anchor: number, visited: boolean): void {
  const free = random.chance(0.01);
  // 抹零: the cents of what the customer pays, now and then.
  const cents = units(values.customerAmount, 2) % 100;
  values.settleDiscount = '0.00';
  values.roundOff = !free && random.chance(0.2) && cents > 0 ? fenText(cents) : '0.00';
  const figures = settlementOf(values, free ? 'freeSettle' : 'settle');
  const approved = free || needsApproval(values, figures);
  const settlementNo = number('JS', order.ownerCode, at);
  values.settlementNo = settlementNo;
  values.settledAt = beijing(at);
  if (order.status === RO_STATUS.released) values.releasedAt = beijing(Math.min(at + random.int(10, 180) * MINUTE, anchor));
  work.settlements.push({ ...figures, settlementNo, roNo: order.roNo, plateNo: order.plateNo, customerName: order.customerName, status: SETTLEMENT_STATUS.settled, settledByCode: order.serviceAdvisorCode, approverCode: approved ? kit.reviewer : null, settledAt: beijing(at), ownerCode: order.ownerCode, createdAt: new Date(at) });
  const due = at + REPAIR_DEFAULTS.returnVisitDays * DAY;
  if (!visited) return;
  const visit: Row = { visitNo: number('HF', order.ownerCode, at), sourceType: VISIT_SOURCE.repair, sourceNo: order.roNo, roNo: order.roNo, plateNo: order.plateNo, vin: order.vin, customerName: order.customerName, phone: order.phone, dueDate: beijingDay(due), status: VISIT_STATUS.due, complaint: '0', ownerCode: order.ownerCode, createdAt: new Date(at) };
  if (due < anchor) {
    const outcome = random.weighted([['reached', 60], ['noAnswer', 12], ['declined', 3], ['due', 25]] as const);
    const visitedAt = due + random.int(9 * 60, 17 * 60) * MINUTE - 12 * HOUR;
    if (outcome !== 'due') Object.assign(visit, { visitorCode: kit.customerService, visitedAt: beijing(Math.min(visitedAt, anchor)), status: VISIT_STATUS.visited });
    if (outcome === 'noAnswer') Object.assign(visit, { result: VISIT_RESULT.noAnswer, content: '电话未接通' });
    if (outcome === 'declined') Object.assign(visit, { result: VISIT_RESULT.declined, content: '客户表示不需要回访' });
    if (outcome === 'reached') {
      const satisfaction = random.chance(0.85) ? random.int(4, 5) : random.int(1, 3);
      const complaint = satisfaction <= 3 && random.chance(0.3) ? '1' : '0';
      Object.assign(visit, { result: VISIT_RESULT.reached, satisfaction, complaint, content: satisfaction >= 4 ? random.pick(VISIT_CONTENT_OK) : random.pick(VISIT_CONTENT_LOW) });
      if (satisfaction <= REPAIR_DEFAULTS.escalateSatisfaction || complaint === '1') {
        const handled = due < anchor - 5 * DAY;
        Object.assign(visit, handled ? { status: VISIT_STATUS.resolved, handleResult: random.pick(HANDLE_RESULTS), handledByCode: kit.reviewer, handledAt: beijing(Math.min(visitedAt + 2 * DAY, anchor)) } : { status: VISIT_STATUS.escalated });
      }
    }
  }
  work.visits.push(visit);
}

/** A health check of a recent service visit; declined red and yellow items become the advisor's reminders. */
function healthCheck(random: SeededRandom, work: RepairWork, number: Numbering, order: WorldRepairOrder, kit: DealerKit, at: number, anchor: number): void {
  const checkedAt = at + 20 * MINUTE;
  const electric = seriesOfVin(order.vin).newEnergy;
  const red = random.chance(0.115);
  const items = checkItemsFor(electric).map((item) => ({ itemCode: item.itemCode, itemName: item.itemName, result: VHC_RESULT.green as string, advice: null as string | null, decision: null as string | null }));
  const flag = (result: string, count: number) => {
    for (let n = 0; n < count; n++) {
      const item = random.pick(items);
      if (item.result !== VHC_RESULT.green) continue;
      const source = checkItemsFor(electric).find((c) => c.itemCode === item.itemCode)!;
      Object.assign(item, { result, advice: source.advice[result === VHC_RESULT.red ? 1 : 0], decision: random.chance(result === VHC_RESULT.red ? 0.5 : 0.7) ? VHC_DECISION.later : VHC_DECISION.now });
    }
  };
  if (red) flag(VHC_RESULT.red, random.int(1, 2));
  flag(VHC_RESULT.yellow, random.int(0, 3));
  const vhcNo = number('VH', order.ownerCode, checkedAt);
  const declined = items.filter((i) => i.decision === VHC_DECISION.later);
  let answered = true;
  for (const [result, days] of [[VHC_RESULT.red, REPAIR_DEFAULTS.redRemindDays], [VHC_RESULT.yellow, REPAIR_DEFAULTS.yellowRemindDays]] as const) {
    const own = declined.filter((i) => i.result === result);
    if (own.length === 0) continue;
    const due = checkedAt + days * DAY;
    const feedback = due < anchor - 3 * DAY && random.chance(0.9);
    if (!feedback) answered = false;
    work.reminders.push({
      ownerCode: order.ownerCode,
      advisorCode: order.serviceAdvisorCode,
      remindType: REMINDER_TYPE.healthCheck,
      vin: order.vin,
      plateNo: order.plateNo,
      customerName: order.customerName,
      phone: order.phone,
      roNo: order.roNo,
      sourceNo: vhcNo,
      content: `健康检查建议项目：${own.map((i) => `${i.itemName}（${result === VHC_RESULT.red ? '红' : '黄'}）`).join('、')}，客户暂不维修，请跟进`.slice(0, 200),
      dueDate: beijingDay(due),
      readAt: feedback ? new Date(due) : null,
      feedback: feedback ? random.pick(FEEDBACK) : null,
      feedbackAt: feedback ? beijing(due + 2 * HOUR) : null,
      createdAt: new Date(checkedAt + 30 * MINUTE),
    });
  }
  work.healthChecks.push({
    values: {
      vhcNo,
      roNo: order.roNo,
      vin: order.vin,
      plateNo: order.plateNo,
      customerName: order.customerName,
      phone: order.phone,
      mileage: order.mileage,
      advisorCode: order.serviceAdvisorCode,
      redCount: items.filter((i) => i.result === VHC_RESULT.red).length,
      yellowCount: items.filter((i) => i.result === VHC_RESULT.yellow).length,
      status: declined.length === 0 || answered ? VHC_STATUS.answered : VHC_STATUS.awaiting,
      submittedAt: beijing(checkedAt + 25 * MINUTE),
      ownerCode: order.ownerCode,
      createdAt: new Date(checkedAt),
    },
    items,
  });
}

/**
 * About 2% of orders are comebacks (返修): the vehicle of a settled order of the same dealer 3–25 days earlier came back
 * with the same problem; the comeback takes that vehicle and owner, a little more mileage, and is charged 内部.
 */
function comebacks(random: SeededRandom, orders: WorldRepairOrder[]): void {
  const settledBy = new Map<string, WorldRepairOrder[]>();
  for (const order of orders) {
    if (order.status !== RO_STATUS.settled) continue;
    settledBy.set(order.ownerCode, [...(settledBy.get(order.ownerCode) ?? []), order]);
  }
  for (const order of orders) {
    if (!random.chance(0.02) || order.repairTypeCode === 'RT05') continue;
    const at = Date.parse(order.createdAt);
    const earlier = (settledBy.get(order.ownerCode) ?? []).filter((o) => {
      const days = (at - Date.parse(o.createdAt)) / DAY;
      return days >= 3 && days <= 25 && o !== order && !o.reworkOfRoNo;
    });
    if (earlier.length === 0) continue;
    const original = random.pick(earlier);
    Object.assign(order, { vin: original.vin, plateNo: original.plateNo, customerName: original.customerName, phone: original.phone, mileage: original.mileage + random.int(80, 2500), repairTypeCode: 'RT07', remark: '返修：同一故障再次进厂', reworkOfRoNo: original.roNo });
  }
}

// The sales demo as plain rows, with no database (domain.md §4 Demo, ours): per dealer and month over two years, the
// deliveries are 85–105% of the month's seeded retail target per model, each with its order (created 7–30 days before),
// its vehicle (shipped and taken into stock before), a few cancelled orders and the open orders of the last weeks; for
// the last three months the whole funnel behind them: clues six times the deliveries from the sources of the tree,
// potential customers three times (40% of them defeated), first arrivals twice, test drives for half of the arrivals,
// invitations, follow-ups, quotations (a loan one with its finance plan, carried onto its order) and the hand-over
// records. Earlier months keep only their orders (delivered, with their 交车时间) and vehicles, as a dealer's history
// from before the system. Deterministic: the same anchor date gives the same rows.
import type { DealerStaff } from './modelSeed';
import { GIVEN_NAMES, SURNAMES, VIN_WMI, VIN_YEAR_CODES, SERIES } from './catalogue';
import { SeededRandom } from './random';
import { retailTargetOf, TARGET_MODELS } from './salesTargets';
import { vinCheckDigit } from '../../schemas/formats/formats';
import { decimalText, subtractDecimal, toDecimal } from '../../schemas/expression/decimal';
import { monthlyInstalment } from '../finance/instalment';
import { LOAN_TERMS, PAY_TYPE } from '../hooks/quotation';

const DAY = 86_400_000;
export const FUNNEL_DAYS = 92;
const HISTORY_MONTHS = 24;

/** The clue sources of the demo (the tree's leaves) and how often each brings a clue. */
export const CLUE_SOURCE_TREE = [
  { code: 'OEM', name: '厂端下发', kind: '83341001', children: [['OEM01', '官网', 8], ['OEM02', 'APP', 6], ['OEM03', '400热线', 4], ['OEM04', '汽车之家', 14], ['OEM05', '懂车帝', 14], ['OEM06', '易车', 8], ['OEM07', '抖音', 12]] },
  { code: 'DLR', name: '店端', kind: '83341002', children: [['DLR01', '自然到店', 14], ['DLR02', '车展', 6], ['DLR03', '老客户推荐', 7], ['DLR04', '市场活动', 7]] },
] as const;
const SOURCE_WEIGHTS = CLUE_SOURCE_TREE.flatMap((s) => s.children.map(([code, , weight]) => [code, weight] as const));

export interface MaterialConfig {
  id: number;
  code: string;
  guidePrice: string;
  colours: { id: number; name: string }[];
  options: { id: number; price: string }[];
}

export interface MaterialModel {
  code: string;
  seriesCode: string;
  seriesName: string;
  vds: string;
  configs: MaterialConfig[];
}

export interface FunnelDealer {
  orgCode: string;
  index: number;
  cityCode: string;
  platePrefix: string;
}

/** A row in answer form (Beijing datetimes as text) with the implicit columns, and links to rows not yet inserted. */
export interface Row {
  values: Record<string, unknown>;
  ownerCode: string;
  createdAt: string;
  createdBy: number;
  id?: number;
}

export interface DealerFunnel {
  activities: Row[];
  works: Row[];
  cars: Row[];
  stocks: Row[];
  potentials: Row[];
  clues: (Row & { poten?: Row })[];
  followUps: (Row & { poten: Row })[];
  appointments: (Row & { poten: Row })[];
  receptions: (Row & { poten: Row; appointment?: Row })[];
  drives: (Row & { poten: Row })[];
  quotations: (Row & { poten: Row })[];
  orders: (Row & { poten?: Row; quotation?: Row })[];
  deliveries: (Row & { order: Row })[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
};
/** Midnight (Beijing) of a YYYY-MM-DD day, on the same UTC-as-Beijing clock as the rest of the demo. */
const dayOf = (text: string) => Date.parse(`${text}T00:00:00Z`);

/** Numbers of a series: prefix, dealer, yyMMdd, four digits per day in creation order. */
class Numbers {
  private readonly counters = new Map<string, number>();
  next(prefix: string, ownerCode: string, when: string): string {
    const key = `${prefix}${ownerCode}${when.slice(2, 4)}${when.slice(5, 7)}${when.slice(8, 10)}`;
    const n = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, n);
    return `${key}${pad(n, 4)}`;
  }
}

const STATUS = {
  clue: { unassigned: '83111001', following: '83111002', converted: '83111003', invalid: '83111004', merged: '83111005', auditing: '83111006' },
  poten: { following: '83101001', ordered: '83101002', dealt: '83101003', defeatAsked: '83101004', defeated: '83101005', dormant: '83101006', merged: '83101007' },
  order: { toApprove: '83201001', approved: '83201002', allocated: '83201003', ready: '83201004', delivered: '83201005', done: '83201006', cancelled: '83201007' },
  stock: { transit: '83221001', stock: '83221002', allocated: '83221003', out: '83221004' },
} as const;
const LEVELS = ['83071001', '83071002', '83071003', '83071004'];
const LEVEL_DAYS = [2, 3, 7, 15];
const FOLLOW_CONTENT = [
  '电话沟通，客户关注优惠政策，约周末到店',
  '微信发送车型配置表与报价，客户表示考虑',
  '到店看车，对外观和空间满意，关注贷款方案',
  '客户对比竞品，需再次沟通价格',
  '回访客户，确认试驾感受，推荐智享配置',
  '客户家人一同看车，计划月底前决定',
  '电话未接通，已短信留言',
  '客户咨询置换补贴，已说明政策',
];
const DEFEAT_REASONS = ['83301001', '83301002', '83301003', '83301004', '83301005'];
const INVALID_REASONS = ['83121001', '83121002', '83121003', '83121004', '83121005'];
const ACTIVITY_KINDS = [
  ['83231003', '周末品鉴会'],
  ['83231002', '试驾体验日'],
  ['83231001', '车展'],
  ['83231004', '抖音直播专场'],
  ['83231005', '团购会'],
] as const;

/** Everything one dealer sold and worked on, from the anchor date back. */
export function buildDealerFunnel(dealer: FunnelDealer, anchorDate: string, staff: DealerStaff, models: MaterialModel[], vinSerial: { next: number }, phones: Set<string>): DealerFunnel {
  const random = new SeededRandom(20250101 + dealer.index * 7919);
  const numbers = new Numbers();
  const anchor = dayOf(anchorDate);
  const consultants = [...(staff.get(dealer.orgCode)?.get('XSGW') ?? [])];
  const driveStaff = [...(staff.get(dealer.orgCode)?.get('SCY') ?? [])];
  const receptionist = staff.get(dealer.orgCode)?.get('KFZY')?.[0] ?? consultants[0]!;
  const out: DealerFunnel = { activities: [], works: [], cars: [], stocks: [], potentials: [], clues: [], followUps: [], appointments: [], receptions: [], drives: [], quotations: [], orders: [], deliveries: [] };
  if (consultants.length === 0) return out;
  const funnelFrom = anchor - FUNNEL_DAYS * DAY;
  const time = (dayMs: number, fromHour = 9, toHour = 18) => dayMs + random.int(fromHour * 60, toHour * 60 - 1) * 60_000 + random.int(0, 59) * 1000;
  const person = () => `${random.pick(SURNAMES)}${random.pick(GIVEN_NAMES)}`;
  const phone = () => {
    for (;;) {
      const value = `1${random.pick(['3', '5', '7', '8', '9'])}${random.chars('0123456789', 9)}`;
      // 1391000… is kept for the demo's approvals (salesPartsApprovals.ts).
      if (!phones.has(value) && !value.startsWith('1391000')) {
        phones.add(value);
        return value;
      }
    }
  };
  const row = (values: Record<string, unknown>, createdAt: number, createdBy: number): Row => ({ values, ownerCode: dealer.orgCode, createdAt: at(createdAt), createdBy });
  const vin = (model: MaterialModel, year: number) => {
    const serial = String(vinSerial.next++).padStart(6, '0');
    // Plant W is the demo stock's: the repair world's vehicles come from plants S, G and C, so no VIN is shared.
    const draft = `${VIN_WMI}${model.vds}0${VIN_YEAR_CODES[year] ?? 'T'}W${serial}`;
    return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
  };

  // Market activities: one a month, the last three months' and the next month's.
  const activityOf = new Map<string, string>();
  for (let k = -1; k < HISTORY_MONTHS; k++) {
    const first = new Date(anchor);
    first.setUTCDate(1);
    first.setUTCMonth(first.getUTCMonth() - k);
    const start = first.getTime() + random.int(5, 20) * DAY;
    const [kind, name] = ACTIVITY_KINDS[(k + 10 + dealer.index) % ACTIVITY_KINDS.length]!;
    const end = start + random.int(1, 3) * DAY;
    const status = end < anchor ? '83251005' : start <= anchor ? '83251004' : '83251003';
    const created = start - 20 * DAY;
    const activityNo = numbers.next('HD', dealer.orgCode, at(created));
    const month = dayText(first.getTime()).slice(0, 7);
    activityOf.set(month, activityNo);
    const budget = random.int(3, 20) * 5000;
    out.activities.push(
      row(
        {
          activityNo,
          name: `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月${name}`,
          activityType: kind,
          level: '83241003',
          startDate: dayText(start),
          endDate: dayText(end),
          address: '本店展厅',
          budget: `${budget}.00`,
          actualCost: status === '83251005' ? `${Math.round(budget * random.amount(0.8, 1.05))}.00` : null,
          targetClues: random.int(40, 120),
          status,
          remark: null,
        },
        created,
        receptionist,
      ),
    );
  }

  // The roster: the last 30 days and the next 14, one consultant off each day when there are three or more.
  for (let d = -30; d <= 14; d++) {
    const day = anchor + d * DAY;
    const off = consultants.length >= 3 ? consultants[(d + 30) % consultants.length] : undefined;
    consultants.forEach((consultantId, i) => {
      out.works.push(
        row({ workDate: dayText(day), consultantId, shift: '83271003', onDuty: consultantId === off ? '0' : '1', receptionOrder: ((i + d + 30) % consultants.length) + 1, maxNewClues: 30, remark: null }, day - 3 * DAY + 9 * 3600_000, receptionist),
      );
    });
  }

  // Test-drive cars: one of each series' first model, free.
  const carModels = SERIES.map((s) => models.find((m) => m.seriesName === s.seriesName)!).filter(Boolean);
  for (const model of carModels) {
    const config = model.configs[model.configs.length - 1]!;
    const plate = `${dealer.platePrefix}${random.chars('0123456789', 1)}${random.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 1)}${random.chars('0123456789', 3)}`;
    out.cars.push(
      row(
        { vin: vin(model, 2025), plateNo: model.seriesName.includes('E6') ? `${dealer.platePrefix}D${random.chars('0123456789', 5)}` : plate, modelCode: model.code, colorName: config.colours[0]!.name, mileage: random.int(2000, 9000), status: '83191001', remark: '试驾车' },
        anchor - 200 * DAY,
        receptionist,
      ),
    );
  }

  // Deliveries per month and model: 85–105% of the target (the current month up to the anchor day).
  let consultantTurn = 0;
  const nextConsultant = () => consultants[consultantTurn++ % consultants.length]!;
  const deliveryDays: { day: number; model: MaterialModel }[] = [];
  for (let k = 0; k < HISTORY_MONTHS; k++) {
    const first = new Date(anchor);
    first.setUTCDate(1);
    first.setUTCMonth(first.getUTCMonth() - k);
    const monthStart = first.getTime();
    const next = new Date(monthStart);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const monthDays = Math.round((next.getTime() - monthStart) / DAY);
    const lastDay = Math.min(monthDays, Math.floor((anchor - monthStart) / DAY) + 1);
    models.forEach((model) => {
      const i = TARGET_MODELS.findIndex((m) => m.code === model.code);
      const target = retailTargetOf(dealer.index, i, first.getUTCMonth());
      const count = Math.round(((target * random.amount(0.85, 1.05)) * lastDay) / monthDays);
      for (let n = 0; n < count; n++) deliveryDays.push({ day: monthStart + random.int(0, lastDay - 1) * DAY, model });
    });
  }

  const potentialOf = (consultantId: number, created: number, level: string, extra: Record<string, unknown>): Row => {
    const values = {
      potenNo: numbers.next('QK', dealer.orgCode, at(created)),
      name: person(),
      phone: phone(),
      gender: random.pick(['10021001', '10021001', '10021002']),
      clueId: null,
      clueSource: random.weighted(SOURCE_WEIGHTS),
      intentLevel: level,
      intentModelCode: null,
      buyType: random.weighted([['83081001', 6], ['83081002', 2], ['83081003', 2]]),
      payType: random.pick(['83091001', '83091002']),
      budgetFrom: null,
      budgetTo: null,
      buyFactors: [random.pick(['83311001', '83311002', '83311003', '83311004', '83311006'])],
      competitorModels: [random.pick(['83321001', '83321002', '83321004', '83321006', '83321007'])],
      consultantId,
      nextFollowAt: null,
      lastFollowAt: null,
      followCount: 0,
      firstArriveAt: null,
      status: STATUS.poten.following,
      defeatReasonCode: null,
      defeatReason: null,
      remark: null,
      ...extra,
    };
    const potential = row(values, created, consultantId);
    out.potentials.push(potential);
    return potential;
  };

  /** Follow-ups from the customer's registration to `until`, the last one setting its next follow-up. */
  const followUps = (potential: Row, from: number, until: number, count: number) => {
    const consultantId = Number(potential.values.consultantId);
    let last = from;
    for (let n = 0; n < count; n++) {
      const when = Math.min(until, from + Math.round(((until - from) * (n + 1)) / (count + 1)));
      const level = LEVELS[Math.min(3, Math.max(0, LEVELS.indexOf(String(potential.values.intentLevel)) - (n === count - 1 ? 1 : 0)))]!;
      const followedAt = time(dayOf(dayText(when)));
      const next = followedAt + random.int(1, LEVEL_DAYS[LEVELS.indexOf(level)]!) * DAY;
      out.followUps.push({
        ...row({ potenId: null, clueId: null, followWay: random.weighted([['83131001', 5], ['83131002', 4], ['83131003', 2]]), content: random.pick(FOLLOW_CONTENT), levelAfter: level, nextFollowAt: at(next), followedAt: at(followedAt), consultantId }, followedAt, consultantId),
        poten: potential,
      });
      Object.assign(potential.values, { intentLevel: level, lastFollowAt: at(followedAt), nextFollowAt: at(next), followCount: Number(potential.values.followCount) + 1 });
      last = followedAt;
    }
    return last;
  };

  /** A showroom visit of the customer, invited (with its appointment) or not. */
  const visit = (potential: Row, dayMs: number, invited: boolean, purpose: string) => {
    const consultantId = Number(potential.values.consultantId);
    const arrive = time(dayMs, 10, 18);
    let appointment: Row | undefined;
    if (invited) {
      const appointAt = dayMs + Math.floor((arrive - dayMs) / 3600_000) * 3600_000;
      appointment = row({ appointNo: numbers.next('YY', dealer.orgCode, at(appointAt - 2 * DAY)), potenId: null, purpose, appointAt: at(appointAt), consultantId, status: '83151002', cancelReason: null, arrivedAt: at(arrive), remark: null }, appointAt - 2 * DAY, consultantId);
      out.appointments.push(Object.assign(appointment, { poten: potential }));
    }
    const first = potential.values.firstArriveAt === null;
    out.receptions.push({
      ...row(
        {
          receptionNo: numbers.next('ZT', dealer.orgCode, at(arrive)),
          arriveAt: at(arrive),
          leaveAt: at(arrive + random.int(30, 150) * 60_000),
          visitors: random.int(1, 3),
          visitKind: first ? '83171001' : '83171002',
          arriveType: invited ? '83161002' : '83161001',
          appointmentId: null,
          potenId: null,
          customerName: potential.values.name,
          phone: potential.values.phone,
          consultantId,
          testDriven: '0',
          intentLevel: potential.values.intentLevel,
          status: '83181002',
          remark: null,
        },
        arrive,
        receptionist,
      ),
      poten: potential,
      ...(appointment ? { appointment } : {}),
    });
    if (first) potential.values.firstArriveAt = at(arrive);
    return arrive;
  };

  const drive = (potential: Row, arrive: number, model: MaterialModel) => {
    const car = out.cars.find((c) => String(c.values.modelCode).slice(0, 5) === model.code.slice(0, 5)) ?? out.cars[0]!;
    const start = arrive + random.int(10, 40) * 60_000;
    const startMileage = Number(car.values.mileage);
    const endMileage = startMileage + random.int(4, 15);
    car.values.mileage = endMileage;
    out.drives.push({
      ...row(
        {
          driveNo: numbers.next('SJ', dealer.orgCode, at(start)),
          potenId: null,
          customerName: potential.values.name,
          phone: potential.values.phone,
          idCardNo: null,
          licenseNo: null,
          licensePhoto: null,
          driveType: '83021002',
          driveWay: '83031001',
          modelCode: car.values.modelCode,
          carVin: car.values.vin,
          plateNo: car.values.plateNo,
          consultantId: potential.values.consultantId,
          staffId: driveStaff[0] ?? null,
          planStart: at(start),
          actualStart: at(start),
          actualEnd: at(start + random.int(20, 45) * 60_000),
          startMileage,
          endMileage,
          route: random.pick(['城市道路约5公里', '城市道路加高架约10公里', '园区环线约3公里', '快速路往返约12公里']),
          agreementSigned: '1',
          feedback: random.pick(['动力充沛，加速顺畅', '底盘扎实，过弯稳定', '座椅舒适，空间宽敞', '噪音控制好，静谧性佳', '续航表现超出预期']),
          satisfaction: random.pick(['83051001', '83051001', '83051002', '83051002', '83051003']),
          cancelReason: null,
          status: '83011003',
          remark: null,
        },
        start,
        Number(potential.values.consultantId),
      ),
      poten: potential,
    });
    const reception = out.receptions[out.receptions.length - 1];
    if (reception && reception.poten === potential) reception.values.testDriven = '1';
  };

  const terms = (model: MaterialModel) => {
    const config = random.pick(model.configs);
    const colour = random.pick(config.colours);
    const options = config.options.filter(() => random.chance(0.25));
    const guide = Number(config.guidePrice) + options.reduce((s, o) => s + Number(o.price), 0);
    const discount = random.int(6, 40) * 500;
    const accessory = random.pick([0, 0, 1500, 3000, 5000, 8000]);
    return { config, colour, options, guide, discount, accessory };
  };

  /**
   * A quotation's finance plan (the customer's pay type): a loan of 30–50% down over the usual terms and rates, its
   * monthly payment as the quotation hook computes it. Chosen by the quotation's place, not drawn: drawing here would
   * move every later draw of the demo.
   */
  const financeOf = (payType: string, price: number, n: number) => {
    if (payType !== PAY_TYPE.loan) return { payType: PAY_TYPE.full, downPayment: null, loanAmount: null, loanTerm: null, annualRate: null, monthlyPayment: null };
    const down = Math.round((price * [0.3, 0.4, 0.5][n % 3]!) / 1000) * 1000;
    const loanTerm = LOAN_TERMS[(n * 7) % LOAN_TERMS.length]!;
    const annualRate = ['3.8500', '4.5000', '2.9900', '0.0000', '5.2500'][n % 5]!;
    const loan = subtractDecimal(toDecimal(price.toFixed(2))!, toDecimal(down)!);
    return { payType, downPayment: `${down}.00`, loanAmount: decimalText(loan, 2), loanTerm, annualRate, monthlyPayment: decimalText(monthlyInstalment(loan, toDecimal(annualRate)!, loanTerm), 2) };
  };

  const quote = (potential: Row, model: MaterialModel, created: number, status: string, t: ReturnType<typeof terms>): Row => {
    const sold = t.guide - t.discount;
    const newEnergy = model.seriesName.includes('E6');
    const exTax = Math.round((sold / 1.13) * 100) / 100;
    const fullTax = Math.round(exTax * 0.1 * 100) / 100;
    const year = Number(dayText(created).slice(0, 4));
    const tax = !newEnergy ? fullTax : year <= 2025 ? Math.max(0, fullTax - 30000) : year <= 2027 ? fullTax - Math.min(Math.round((fullTax / 2) * 100) / 100, 15000) : fullTax;
    const insurance = 950 + Math.round(sold * 0.025 * 100) / 100;
    const plateFee = 500;
    const subsidy = potential.values.buyType === '83081003' ? 5000 : 0;
    const total = sold + t.accessory + insurance + tax + plateFee - subsidy;
    const money = (n: number) => n.toFixed(2);
    const quotation = row(
      {
        quoteNo: numbers.next('BJ', dealer.orgCode, at(created)),
        potenId: null,
        customerName: potential.values.name,
        phone: potential.values.phone,
        modelCode: model.code,
        configId: t.config.id,
        colorId: t.colour.id,
        optionIds: t.options.map((o) => o.id),
        consultantId: potential.values.consultantId,
        guidePrice: money(t.guide),
        discount: money(t.discount),
        accessoryAmount: money(t.accessory),
        insuranceEst: money(insurance),
        purchaseTaxEst: money(tax),
        plateFee: money(plateFee),
        tradeInSubsidy: money(subsidy),
        totalPrice: money(total),
        ...financeOf(String(potential.values.payType), t.guide - t.discount + t.accessory, out.quotations.length),
        validUntil: dayText(created + 15 * DAY),
        status,
        remark: null,
      },
      created,
      Number(potential.values.consultantId),
    );
    out.quotations.push(Object.assign(quotation, { poten: potential }));
    return quotation;
  };

  // Every delivered vehicle: its stock row, its order, its delivery (and in the funnel's window its customer's story).
  deliveryDays.sort((a, b) => a.day - b.day);
  const orderRow = (model: MaterialModel, created: number, consultantId: number, status: string, t: ReturnType<typeof terms>, customer: { name: string; phone: string }, extra: Record<string, unknown>) => {
    const total = t.guide - t.discount + t.accessory;
    return row(
      {
        soNo: numbers.next('SO', dealer.orgCode, at(created)),
        quotationId: null,
        potenId: null,
        customerName: customer.name,
        phone: customer.phone,
        customerId: null,
        consultantId,
        modelCode: model.code,
        configId: t.config.id,
        colorId: t.colour.id,
        optionIds: t.options.map((o) => o.id),
        vin: null,
        vehiclePrice: t.guide.toFixed(2),
        discount: t.discount.toFixed(2),
        accessoryAmount: t.accessory.toFixed(2),
        totalAmount: total.toFixed(2),
        depositAmount: `${random.pick([5000, 10000, 20000])}.00`,
        loanAmount: random.chance(0.4) ? `${Math.round((total * 0.5) / 1000) * 1000}.00` : '0.00',
        receivedAmount: '0.00',
        payType: random.pick(['83091001', '83091002']),
        invoiceNo: null,
        plateNo: null,
        status,
        approvedAt: null,
        approvedBy: null,
        deliveredAt: null,
        cancelReason: null,
        remark: null,
        ...extra,
      },
      created,
      consultantId,
    );
  };
  /** An order made from a quotation pays as it was quoted (the sales-order hook carries the same two fields). */
  const carryFinance = (order: Row, quotation: Row) => Object.assign(order.values, { payType: quotation.values.payType, loanAmount: quotation.values.loanAmount ?? '0.00' });
  const manager = consultants[0]!;
  const stockRow = (model: MaterialModel, t: ReturnType<typeof terms>, shipped: number, inStock: number | null, status: string, extra: Record<string, unknown>) =>
    row(
      {
        vin: vin(model, Number(dayText(shipped).slice(0, 4))),
        modelCode: model.code,
        configId: t.config.id,
        colorId: t.colour.id,
        warehouseCode: random.weighted([['83361001', 8], ['83361002', 2]]),
        purchasePrice: (Math.round(Number(t.config.guidePrice) * random.amount(0.9, 0.93) / 100) * 100).toFixed(2),
        guidePrice: t.config.guidePrice,
        shippedAt: at(shipped),
        inStockAt: inStock === null ? null : at(inStock),
        outAt: null,
        status,
        soNo: null,
        remark: null,
        ...extra,
      },
      shipped,
      receptionist,
    );

  const inFunnel = (ms: number) => ms >= funnelFrom;
  const invoice = () => `${dayText(anchor).slice(2, 4)}${dealer.orgCode.slice(1, 3)}2${random.chars('0123456789', 15)}`;

  /** The story of a customer who orders on `ordered` (only in the funnel's window). */
  const customerWhoOrders = (model: MaterialModel, ordered: number, consultantId: number): Row => {
    const registered = ordered - random.int(7, 40) * DAY;
    const potential = potentialOf(consultantId, time(dayOf(dayText(registered))), random.pick(['83071002', '83071003']), { intentModelCode: model.code });
    const firstVisit = registered + random.int(1, 5) * DAY;
    followUps(potential, registered, firstVisit, random.int(1, 2));
    const arrive = visit(potential, dayOf(dayText(firstVisit)), random.chance(0.4), '83141001');
    if (random.chance(0.85)) drive(potential, arrive, model);
    followUps(potential, arrive, ordered - DAY, random.int(1, 2));
    visit(potential, dayOf(dayText(ordered)), random.chance(0.5), '83141003');
    potential.values.intentLevel = '83071001';
    return potential;
  };

  for (const { day, model } of deliveryDays) {
    const delivered = time(day, 10, 17);
    const created = time(dayOf(dayText(delivered - random.int(7, 30) * DAY)));
    const consultantId = nextConsultant();
    const t = terms(model);
    const shipped = time(dayOf(dayText(delivered - random.int(25, 70) * DAY)));
    const inStock = Math.min(delivered - 2 * DAY, shipped + random.int(3, 8) * DAY);
    const done = delivered < anchor - 7 * DAY;
    const potential = inFunnel(created) ? customerWhoOrders(model, created, consultantId) : undefined;
    const quotation = potential ? quote(potential, model, created - random.int(0, 3) * DAY, '83061002', t) : undefined;
    if (potential) potential.values.status = STATUS.poten.dealt;
    const customer = potential ? { name: String(potential.values.name), phone: String(potential.values.phone) } : { name: person(), phone: phone() };
    const stock = stockRow(model, t, shipped, inStock, STATUS.stock.out, { outAt: at(delivered) });
    const order = orderRow(model, created, consultantId, done ? STATUS.order.done : STATUS.order.delivered, t, customer, {
      vin: stock.values.vin,
      receivedAmount: null,
      approvedAt: at(created + random.int(1, 20) * 3600_000),
      approvedBy: manager,
      deliveredAt: at(delivered),
      invoiceNo: invoice(),
      plateNo: done ? `${dealer.platePrefix}${random.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 1)}${random.chars('0123456789', 4)}` : null,
    });
    order.values.receivedAmount = order.values.totalAmount;
    if (quotation) carryFinance(order, quotation);
    stock.values.soNo = order.values.soNo;
    out.stocks.push(stock);
    out.orders.push(Object.assign(order, potential ? { poten: potential } : {}, quotation ? { quotation } : {}));
    // The hand-over records (交车单) of the funnel's months; earlier deliveries are the orders' own 交车时间.
    if (delivered >= funnelFrom) out.deliveries.push({
      ...row(
        {
          deliveryNo: numbers.next('JC', dealer.orgCode, at(delivered - DAY)),
          salesOrderId: null,
          vin: stock.values.vin,
          customerName: customer.name,
          phone: customer.phone,
          consultantId,
          modelCode: model.code,
          plannedAt: at(dayOf(dayText(delivered)) + 10 * 3600_000),
          deliveredAt: at(delivered),
          checklist: ['83371001', '83371002', '83371003', '83371004', '83371005'],
          pdiPassed: '1',
          customerSigned: '1',
          photos: [],
          status: '83211002',
          remark: null,
        },
        delivered - DAY,
        consultantId,
      ),
      order,
    });
  }

  // Orders still open at the anchor (the last weeks' orders not delivered yet) and a few cancelled ones.
  const monthly = Math.max(1, Math.round(deliveryDays.filter((d) => d.day >= anchor - 30 * DAY).length));
  const openCount = Math.round(monthly * 0.6);
  for (let n = 0; n < openCount + Math.round(monthly * 0.05 * 3); n++) {
    const cancelled = n >= openCount;
    const model = random.weighted(models.map((m) => [m, TARGET_MODELS.find((t) => t.code === m.code)?.weight ?? 1] as const));
    const age = cancelled ? random.int(10, 85) : random.int(0, 25);
    const created = time(anchor - age * DAY);
    const consultantId = nextConsultant();
    const t = terms(model);
    const potential = customerWhoOrders(model, created, consultantId);
    const quotation = quote(potential, model, created - random.int(0, 2) * DAY, '83061002', t);
    const status = cancelled ? STATUS.order.cancelled : age <= 1 ? STATUS.order.toApprove : age <= 4 ? STATUS.order.approved : age <= 18 ? STATUS.order.allocated : STATUS.order.ready;
    potential.values.status = cancelled ? STATUS.poten.following : status === STATUS.order.toApprove ? STATUS.poten.following : STATUS.poten.ordered;
    if (potential.values.status === STATUS.poten.following) potential.values.nextFollowAt = at(Math.min(anchor + DAY, Date.parse(`${String(potential.values.lastFollowAt).replace(' ', 'T')}Z`) + DAY));
    const allocated = status === STATUS.order.allocated || status === STATUS.order.ready;
    const order = orderRow(model, created, consultantId, status, t, { name: String(potential.values.name), phone: String(potential.values.phone) }, {
      approvedAt: status === STATUS.order.toApprove || (cancelled && random.chance(0.5)) ? null : at(created + 3 * 3600_000),
      approvedBy: status === STATUS.order.toApprove ? null : manager,
      cancelReason: cancelled ? random.pick(['83351001', '83351002', '83351003', '83351004']) : null,
      invoiceNo: status === STATUS.order.ready ? invoice() : null,
    });
    // What is written off against the order's receivable (server/seed/vehicleSaleFinance.ts): the deposit from 审核, all
    // of it once paid.
    if (status === STATUS.order.ready) order.values.receivedAmount = order.values.totalAmount;
    else if (status === STATUS.order.approved || status === STATUS.order.allocated) order.values.receivedAmount = order.values.depositAmount;
    carryFinance(order, quotation);
    if (allocated) {
      const shipped = time(anchor - random.int(age + 3, age + 40) * DAY);
      const stock = stockRow(model, t, shipped, random.chance(0.8) ? shipped + random.int(3, 6) * DAY : null, STATUS.stock.allocated, { soNo: order.values.soNo });
      order.values.vin = stock.values.vin;
      out.stocks.push(stock);
    }
    out.orders.push(Object.assign(order, { poten: potential, quotation }));
  }

  // Vehicles for sale: in stock (ages up to four months) and on their way, over the models by their share.
  for (const model of models) {
    const weight = TARGET_MODELS.find((t) => t.code === model.code)?.weight ?? 1;
    for (let n = 0; n < weight * 4; n++) {
      const t = terms(model);
      const inTransit = n % 5 === 0;
      const shipped = time(anchor - (inTransit ? random.int(1, 6) : random.int(8, 130)) * DAY);
      out.stocks.push(stockRow(model, t, shipped, inTransit ? null : Math.min(anchor, shipped + random.int(3, 7) * DAY), inTransit ? STATUS.stock.transit : STATUS.stock.stock, {}));
    }
  }

  // The rest of the funnel's customers: those who came, were quoted or followed up and did not order (yet).
  const ordering = out.potentials.length;
  const others = Math.round(ordering * 2);
  for (let n = 0; n < others; n++) {
    const model = random.pick(models);
    const consultantId = nextConsultant();
    const registered = funnelFrom + random.int(0, FUNNEL_DAYS - 1) * DAY;
    const potential = potentialOf(consultantId, time(registered), random.pick(LEVELS), { intentModelCode: model.code });
    const daysLeft = Math.max(1, Math.floor((anchor - registered) / DAY));
    let last = followUps(potential, registered, registered + Math.min(daysLeft, 10) * DAY, random.int(1, 2));
    if (n < ordering * 0.95 && daysLeft > 2) {
      const arrive = visit(potential, dayOf(dayText(last + DAY)), random.chance(0.35), '83141001');
      if (random.chance(0.3)) drive(potential, arrive, model);
      if (random.chance(0.3)) {
        const created = arrive + 3600_000;
        quote(potential, model, created, created + 15 * DAY >= anchor ? '83061001' : '83061003', terms(model));
      }
      last = arrive;
    }
    const age = (anchor - last) / DAY;
    const roll = random.next();
    if (roll < 0.6 && age > 5) {
      Object.assign(potential.values, { status: STATUS.poten.defeated, defeatReasonCode: random.pick(DEFEAT_REASONS), defeatReason: '客户已明确不再考虑本品牌' });
    } else if (roll < 0.62) {
      Object.assign(potential.values, { status: STATUS.poten.defeatAsked, defeatReasonCode: random.pick(DEFEAT_REASONS), defeatReason: '多次联系客户，暂无购车计划' });
    } else if (age > 60 && roll < 0.72) {
      potential.values.status = STATUS.poten.dormant;
    } else {
      // Still followed up: the next follow-up is due soon (some overdue: the 待邀约 list).
      const followed = Date.parse(`${String(potential.values.lastFollowAt).replace(' ', 'T')}Z`);
      const level = LEVELS.indexOf(String(potential.values.intentLevel));
      potential.values.nextFollowAt = at(Math.max(followed + DAY, Math.min(followed + LEVEL_DAYS[level]! * DAY, anchor + random.int(-2, 3) * DAY + 10 * 3600_000)));
      if (random.chance(0.15)) {
        const appointDay = anchor + random.int(1, 3) * DAY;
        const hour = random.int(10, 17);
        const appointAt = appointDay + hour * 3600_000;
        const clash = out.appointments.some((a) => a.values.consultantId === consultantId && a.values.appointAt === at(appointAt));
        if (!clash) {
          out.appointments.push({
            ...row({ appointNo: numbers.next('YY', dealer.orgCode, at(anchor)), potenId: null, purpose: random.pick(['83141001', '83141002', '83141003']), appointAt: at(appointAt), consultantId, status: '83151001', cancelReason: null, arrivedAt: null, remark: null }, anchor + 9 * 3600_000, consultantId),
            poten: potential,
          });
        }
      } else if (random.chance(0.12)) {
        const appointAt = dayOf(dayText(last)) + random.int(2, 6) * DAY + random.int(10, 17) * 3600_000;
        if (appointAt < anchor) {
          const noShow = random.chance(0.65);
          out.appointments.push({
            ...row({ appointNo: numbers.next('YY', dealer.orgCode, at(appointAt - DAY)), potenId: null, purpose: '83141001', appointAt: at(appointAt), consultantId, status: noShow ? '83151004' : '83151003', cancelReason: noShow ? null : '客户临时有事', arrivedAt: null, remark: null }, appointAt - DAY, consultantId),
            poten: potential,
          });
        }
      }
    }
  }

  // Clues: six times the window's deliveries; the customers came from them (or walked in), the rest were invalid,
  // merged, or are still followed up or waiting to be assigned.
  const windowDeliveries = out.deliveries.filter((d) => Date.parse(`${String(d.values.deliveredAt).replace(' ', 'T')}Z`) >= funnelFrom).length;
  const clueTotal = Math.max(out.potentials.length, windowDeliveries * 6);
  const clueOf = (created: number, potential: Row | undefined, status: string, extra: Record<string, unknown> = {}) => {
    const source = potential ? String(potential.values.clueSource) : random.weighted(SOURCE_WEIGHTS);
    const consultantId = potential ? Number(potential.values.consultantId) : status === STATUS.clue.unassigned ? null : nextConsultant();
    const month = dayText(created).slice(0, 7);
    const clue = row(
      {
        clueNo: numbers.next('XS', dealer.orgCode, at(created)),
        customerName: potential ? potential.values.name : person(),
        phone: potential ? potential.values.phone : phone(),
        gender: potential ? potential.values.gender : random.pick(['10021001', '10021002']),
        clueSource: source,
        activityNo: source === 'DLR02' || source === 'DLR04' ? (activityOf.get(month) ?? null) : null,
        intentSeriesCode: potential?.values.intentModelCode ? String(potential.values.intentModelCode).slice(0, 5) : random.pick(models).seriesCode,
        cityCode: dealer.cityCode,
        consultantId,
        status,
        invalidReason: null,
        assignedAt: consultantId === null ? null : at(created + random.int(5, 90) * 60_000),
        firstFollowAt: consultantId === null ? null : at(created + random.int(30, 110) * 60_000),
        potenId: null,
        remark: null,
        ...extra,
      },
      created,
      receptionist,
    );
    out.clues.push({ ...clue, ...(potential ? { poten: potential } : {}) });
    return clue;
  };
  for (const potential of out.potentials) {
    if (potential.values.clueSource === 'DLR01' && random.chance(0.6)) continue;
    const created = Date.parse(`${potential.createdAt.replace(' ', 'T')}Z`) - random.int(1, 48) * 3600_000;
    clueOf(created, potential, STATUS.clue.converted);
    // Some customers left their number twice (another site, a call): the later clue was merged into the customer.
    if (random.chance(0.06)) clueOf(Math.min(anchor - DAY, created + random.int(2, 20) * DAY), potential, STATUS.clue.merged, { clueSource: random.weighted(SOURCE_WEIGHTS) });
  }
  const rest = Math.max(0, clueTotal - out.clues.length);
  for (let n = 0; n < rest; n++) {
    const created = time(funnelFrom + random.int(0, FUNNEL_DAYS) * DAY);
    const recent = anchor - created < 2 * DAY;
    const roll = random.next();
    if (recent && roll < 0.5) clueOf(created, undefined, STATUS.clue.unassigned, { firstFollowAt: null });
    else if (roll < 0.6) clueOf(created, undefined, STATUS.clue.invalid, { invalidReason: random.pick(INVALID_REASONS) });
    else if (roll < 0.62) clueOf(created, undefined, STATUS.clue.auditing, { invalidReason: random.pick(INVALID_REASONS) });
    else clueOf(created, undefined, STATUS.clue.following);
  }
  return out;
}

// Builds the demo network as plain rows, with no database: the same seed and anchor date give the same world.
import { vinCheckDigit } from '../../schemas/formats/formats';
import {
  BOOKING_STATUS,
  BRAND_NAME,
  COLORS,
  COMPANY_TYPE,
  DEALERS,
  GIVEN_NAMES,
  MATERIAL_TREE,
  REGION_TREE,
  GROUPS,
  MANUFACTURER,
  ORG_TYPE,
  POSITIONS,
  PRICE_NOTICES,
  REGIONS,
  REMIND_TYPE,
  REMINDER_TYPE,
  REPAIR_ORDER_STATUS,
  REPAIR_PROFILES,
  SERIES,
  STREETS,
  SURNAMES,
  SYSTEM_NOTICES,
  VIN_PLANTS,
  VIN_WMI,
  VIN_YEAR_CODES,
  type DealerSeed,
  type PositionCode,
  type RegionSeed,
} from './catalogue';
import { SeededRandom } from './random';
import type { ReminderFacts } from '../../schemas/api/messages';
import { buildRepairWork, type RepairWork } from './repairWork';
import type { WorldRepairOrder, WorldUser } from './worldRecords';

export type { WorldRepairOrder, WorldUser } from './worldRecords';

export interface WorldOptions {
  /** The day the data counts back from, YYYY-MM-DD (Beijing time). */
  anchorDate: string;
  seed?: number;
  repairOrders?: number;
  /** The moment the demo starts (epoch ms; default the end of the day after the anchor): the orders opened on the day
   * after the anchor ("today" of a fresh start) are opened no later than it. */
  now?: number;
}

export interface WorldOrganization {
  orgCode: string;
  orgName: string;
  parentCode: string | null;
  orgType: string;
  companyType: string | null;
  groupCode: string | null;
  provinceName: string | null;
  cityName: string | null;
  sort: number;
}

export interface WorldCustomer {
  ownerCode: string;
  customerName: string;
  phone: string;
  gender: string;
  address: string;
  createdAt: string;
}

export interface WorldVehicle {
  vin: string;
  plateNo: string;
  ownerCode: string;
  /** Index into `customers`. */
  customerIndex: number;
  brandName: string;
  seriesName: string;
  modelName: string;
  colorName: string;
  purchaseDate: string;
}

export interface WorldBooking {
  bookingNo: string;
  ownerCode: string;
  status: string;
  customerName: string;
  phone: string;
  gender: string;
  plateNo: string;
  vin: string;
  /** Material codes: brand, series, model, configuration, colour. */
  materialCodes: [string, string, string, string, string];
  regionCodes: [string, string, string];
  address: string;
  bookingTime: string;
  arriveFrom: string;
  arriveTo: string;
  repairTypeCode: string;
  serviceItems: string[];
  bookingSource: string;
  advisorCode: string;
  needPickup: string;
  remark: string | null;
  createdAt: string;
}

export interface DemoWorld {
  organizations: WorldOrganization[];
  users: WorldUser[];
  customers: WorldCustomer[];
  vehicles: WorldVehicle[];
  repairOrders: WorldRepairOrder[];
  bookings: WorldBooking[];
  /** The workshop behind the orders: lines, receptions, dispatches, inspections, settlements, visits, checks. */
  repairWork: RepairWork;
}

export const DEFAULT_SEED = 20261121;
export const DEFAULT_REPAIR_ORDERS = 6000;
/** Orders each dealer has opened today (the day after the anchor) per unit of its size, by the time the demo starts. */
export const TODAY_ORDERS_PER_SIZE = 2;
const DAY_MS = 86_400_000;
const HISTORY_DAYS = 730;
const VEHICLES_PER_SIZE = 60;
const REMARKS = ['客户反映怠速时有异响', '更换机油机滤', '空调不制冷，检查冷媒', '前刹车片磨损到限', '左前门刮擦，钣金喷漆', '仪表盘发动机故障灯亮', '四轮定位', '更换雨刮片', '胎压报警'];

export function buildDemoWorld(options: WorldOptions): DemoWorld {
  const random = new SeededRandom(options.seed ?? DEFAULT_SEED);
  const anchor = parseDay(options.anchorDate);
  const people = new PeopleFactory(random);

  const organizations = buildOrganizations();
  const users = buildUsers(people);
  const customers: WorldCustomer[] = [];
  const vehicles: WorldVehicle[] = [];
  const vins = new Set<string>();
  const plates = new Set<string>();
  const dealerVehicles = new Map<string, number[]>();

  for (const dealer of DEALERS) {
    const indexes: number[] = [];
    for (let n = 0; n < dealer.size * VEHICLES_PER_SIZE; n++) {
      // About one customer in eight owns two cars.
      const customerIndex = n > 0 && random.chance(0.125) ? customers.length - 1 : customers.length;
      const purchaseDay = anchor - random.int(60, 6 * 365) * DAY_MS;
      if (customerIndex === customers.length) {
        customers.push({
          ownerCode: dealer.orgCode,
          customerName: people.name(),
          phone: people.phone(),
          gender: random.chance(0.62) ? '10021001' : '10021002',
          address: `${dealer.cityName}${random.pick(dealer.districts)}${random.pick(STREETS)}${random.int(1, 999)}号`,
          createdAt: timestamp(purchaseDay, 10 * 60),
        });
      }
      const series = random.weighted(SERIES.map((s) => [s, s.weight] as const));
      const vin = uniqueValue(vins, () => makeVin(random, series.vds, new Date(purchaseDay).getUTCFullYear()));
      const plateNo = uniqueValue(plates, () => makePlate(random, dealer, series.newEnergy));
      indexes.push(vehicles.length);
      vehicles.push({
        vin,
        plateNo,
        ownerCode: dealer.orgCode,
        customerIndex,
        brandName: BRAND_NAME,
        seriesName: series.seriesName,
        modelName: random.pick(series.models),
        colorName: random.pick(COLORS),
        purchaseDate: formatDay(purchaseDay),
      });
    }
    dealerVehicles.set(dealer.orgCode, indexes);
  }

  const advisors = new Map<string, string[]>();
  for (const user of users) {
    if (user.positions.includes('FWGW')) advisors.set(user.orgCode, [...(advisors.get(user.orgCode) ?? []), user.userCode]);
  }

  const drafts: (Omit<WorldRepairOrder, 'roNo'> & { at: number })[] = [];
  const total = options.repairOrders ?? DEFAULT_REPAIR_ORDERS;
  const dealerWeights = DEALERS.map((d) => [d, d.size] as const);
  for (let n = 0; n < total; n++) {
    const dealer = random.weighted(dealerWeights);
    const vehicle = vehicles[random.pick(dealerVehicles.get(dealer.orgCode)!)]!;
    const customer = customers[vehicle.customerIndex]!;
    const owned = Math.floor((anchor - parseDay(vehicle.purchaseDate)) / DAY_MS);
    const daysAgo = random.int(0, Math.min(HISTORY_DAYS - 1, owned - 1));
    const minuteOfDay = random.int(8 * 60, 18 * 60 + 30);
    const at = anchor - daysAgo * DAY_MS + minuteOfDay * 60_000;
    const repairTypeCode = random.weighted(Object.entries(REPAIR_PROFILES).map(([code, p]) => [code, p.weight] as const));
    const profile = REPAIR_PROFILES[repairTypeCode]!;
    drafts.push({
      at,
      ownerCode: dealer.orgCode,
      vin: vehicle.vin,
      plateNo: vehicle.plateNo,
      customerName: customer.customerName,
      phone: customer.phone,
      repairTypeCode,
      status: statusForAge(random, daysAgo),
      serviceAdvisorCode: random.pick(advisors.get(dealer.orgCode)!),
      mileage: (owned - daysAgo) * random.int(25, 55) + random.int(0, 300),
      labourAmount: random.amount(profile.labour[0], profile.labour[1]),
      partAmount: random.amount(profile.parts[0], profile.parts[1]),
      remark: random.chance(0.35) ? random.pick(REMARKS) : null,
      createdAt: timestamp(anchor - daysAgo * DAY_MS, minuteOfDay),
    });
  }

  drafts.push(...todaysOrders(new SeededRandom((options.seed ?? DEFAULT_SEED) + 3), anchor, options.now, vehicles, customers, dealerVehicles, advisors));

  // Order numbers count up per dealer and day in opening order, as a workshop would issue them.
  drafts.sort((a, b) => a.at - b.at || a.ownerCode.localeCompare(b.ownerCode));
  const counters = new Map<string, number>();
  const repairOrders = drafts.map(({ at: _at, ...order }) => {
    const prefix = `RO${order.ownerCode}${order.createdAt.slice(2, 4)}${order.createdAt.slice(5, 7)}${order.createdAt.slice(8, 10)}`;
    const seq = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, seq);
    return { roNo: `${prefix}${String(seq).padStart(4, '0')}`, ...order };
  });

  const bookings = buildBookings(new SeededRandom((options.seed ?? DEFAULT_SEED) + 1), anchor, vehicles, customers, advisors);
  const repairWork = buildRepairWork(repairOrders, users, options.anchorDate, (options.seed ?? DEFAULT_SEED) + 2, options.now);

  return { organizations, users, customers, vehicles, repairOrders, bookings, repairWork };
}

/**
 * The day after the anchor is a fresh start's today: each dealer has opened about two orders per unit of size by the
 * moment the demo starts (never later than it), still waiting for dispatch or in repair. Drawn from their own stream, so
 * the history before stays as it was.
 */
function todaysOrders(
  random: SeededRandom,
  anchor: number,
  now: number | undefined,
  vehicles: WorldVehicle[],
  customers: WorldCustomer[],
  dealerVehicles: Map<string, number[]>,
  advisors: Map<string, string[]>,
): (Omit<WorldRepairOrder, 'roNo'> & { at: number })[] {
  const today = anchor + DAY_MS;
  // Beijing midnight of the day as an instant (the day numbers are UTC midnights of Beijing days).
  const startOfToday = today - 8 * 3_600_000;
  const latest = Math.max(startOfToday + 5 * 60_000, Math.min(now ?? startOfToday + DAY_MS - 60_000, startOfToday + DAY_MS - 60_000));
  const orders: (Omit<WorldRepairOrder, 'roNo'> & { at: number })[] = [];
  for (const dealer of DEALERS) {
    const count = dealer.size * TODAY_ORDERS_PER_SIZE;
    for (let n = 0; n < count; n++) {
      const vehicle = vehicles[random.pick(dealerVehicles.get(dealer.orgCode)!)]!;
      const customer = customers[vehicle.customerIndex]!;
      const planned = startOfToday + (7 * 60 + 45 + n * 17 + random.int(0, 10)) * 60_000;
      const at = Math.min(planned, latest - (count - n) * 60_000);
      const minuteOfDay = Math.max(0, Math.floor((at - startOfToday) / 60_000));
      const repairTypeCode = random.weighted(Object.entries(REPAIR_PROFILES).map(([code, p]) => [code, p.weight] as const));
      const owned = Math.floor((anchor - parseDay(vehicle.purchaseDate)) / DAY_MS);
      orders.push({
        at: today + minuteOfDay * 60_000,
        ownerCode: dealer.orgCode,
        vin: vehicle.vin,
        plateNo: vehicle.plateNo,
        customerName: customer.customerName,
        phone: customer.phone,
        repairTypeCode,
        status: random.weighted([[REPAIR_ORDER_STATUS.waiting, 45], [REPAIR_ORDER_STATUS.repairing, 55]]),
        serviceAdvisorCode: random.pick(advisors.get(dealer.orgCode)!),
        mileage: owned * random.int(25, 55) + random.int(0, 300),
        labourAmount: 0,
        partAmount: 0,
        remark: random.chance(0.35) ? random.pick(REMARKS) : null,
        createdAt: timestamp(today, minuteOfDay),
      });
    }
  }
  return orders;
}

const BOOKINGS_PER_SIZE = 8;
const BOOKING_REMARKS = ['客户希望上午完成', '需提前准备机油滤芯', '客户自带配件', '请安排代步车', '上次保养后有异响'];
const SERVICE_ITEMS = ['80531001', '80531002', '80531003', '80531004', '80531005', '80531006'];

/**
 * Bookings over the three weeks before the anchor day and the ten days after it, for vehicles of each dealer. They
 * draw from their own random stream, so every earlier part of the world stays as it was before bookings existed.
 */
function buildBookings(random: SeededRandom, anchor: number, vehicles: WorldVehicle[], customers: WorldCustomer[], advisors: Map<string, string[]>): WorldBooking[] {
  const drafts: (Omit<WorldBooking, 'bookingNo'> & { at: number })[] = [];
  for (const dealer of DEALERS) {
    const own = vehicles.filter((v) => v.ownerCode === dealer.orgCode);
    const [province, city] = regionOf(dealer);
    for (let n = 0; n < dealer.size * BOOKINGS_PER_SIZE; n++) {
      const vehicle = random.pick(own);
      const customer = customers[vehicle.customerIndex]!;
      const dayOffset = random.int(-20, 10);
      const slot = random.int(16, 34);
      const at = anchor + dayOffset * DAY_MS + slot * 30 * 60_000;
      const past = dayOffset < 0;
      const county = random.pick(city.children ?? []);
      drafts.push({
        at,
        ownerCode: dealer.orgCode,
        status: past ? random.weighted([[BOOKING_STATUS.arrived, 70], [BOOKING_STATUS.confirmed, 20], [BOOKING_STATUS.cancelled, 10]]) : random.weighted([[BOOKING_STATUS.pending, 50], [BOOKING_STATUS.confirmed, 50]]),
        customerName: customer.customerName,
        phone: customer.phone,
        gender: customer.gender,
        plateNo: vehicle.plateNo,
        vin: vehicle.vin,
        materialCodes: materialCodesOf(vehicle, random.int(0, 1)),
        regionCodes: [province.regionCode, city.regionCode, county.regionCode],
        address: `${random.pick(STREETS)}${random.int(1, 999)}号`,
        bookingTime: timestamp(anchor + dayOffset * DAY_MS, slot * 30),
        arriveFrom: clock(slot * 30),
        arriveTo: clock(slot * 30 + 30),
        repairTypeCode: random.weighted(Object.entries(REPAIR_PROFILES).map(([code, p]) => [code, p.weight] as const)),
        serviceItems: [...new Set([random.pick(SERVICE_ITEMS), random.pick(SERVICE_ITEMS)])].sort(),
        bookingSource: random.pick(['80521001', '80521002', '80521003', '80521004']),
        advisorCode: random.pick(advisors.get(dealer.orgCode)!),
        needPickup: random.chance(0.2) ? '1' : '0',
        remark: random.chance(0.3) ? random.pick(BOOKING_REMARKS) : null,
        createdAt: timestamp(anchor + (dayOffset - random.int(1, 5)) * DAY_MS, random.int(9 * 60, 17 * 60)),
      });
    }
  }
  drafts.sort((a, b) => a.at - b.at || a.ownerCode.localeCompare(b.ownerCode));
  const counters = new Map<string, number>();
  return drafts.map(({ at: _at, ...booking }) => {
    const prefix = `BK${booking.ownerCode}${booking.bookingTime.slice(2, 4)}${booking.bookingTime.slice(5, 7)}${booking.bookingTime.slice(8, 10)}`;
    const seq = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, seq);
    return { bookingNo: `${prefix}${String(seq).padStart(4, '0')}`, ...booking };
  });
}

function regionOf(dealer: DealerSeed) {
  const province = REGION_TREE.find((p) => p.regionName === dealer.provinceName)!;
  const city = province.children!.find((c) => c.regionName === dealer.cityName)!;
  return [province, city] as const;
}

function materialCodesOf(vehicle: WorldVehicle, configuration: number): WorldBooking['materialCodes'] {
  const brand = MATERIAL_TREE[0]!;
  const series = brand.children.find((s) => s.name === vehicle.seriesName)!;
  const model = series.children.find((m) => m.name === vehicle.modelName)!;
  const config = model.children[configuration]!;
  const color = config.children.find((k) => k.name === vehicle.colorName)!;
  return [brand.code, series.code, model.code, config.code, color.code];
}

const clock = (minuteOfDay: number) => `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

function buildOrganizations(): WorldOrganization[] {
  const orgs: WorldOrganization[] = [
    { ...MANUFACTURER, parentCode: null, orgType: ORG_TYPE.manufacturer, companyType: null, groupCode: null, provinceName: null, cityName: null, sort: 0 },
  ];
  REGIONS.forEach((r, i) =>
    orgs.push({ ...r, parentCode: MANUFACTURER.orgCode, orgType: ORG_TYPE.region, companyType: COMPANY_TYPE.region, groupCode: null, provinceName: null, cityName: null, sort: i + 1 }),
  );
  GROUPS.forEach((g, i) =>
    orgs.push({ ...g, parentCode: MANUFACTURER.orgCode, orgType: ORG_TYPE.group, companyType: COMPANY_TYPE.group, groupCode: null, provinceName: null, cityName: null, sort: 10 + i }),
  );
  DEALERS.forEach((d, i) =>
    orgs.push({
      orgCode: d.orgCode,
      orgName: d.orgName,
      parentCode: d.region,
      orgType: ORG_TYPE.dealer,
      companyType: COMPANY_TYPE.dealer,
      groupCode: d.group,
      provinceName: d.provinceName,
      cityName: d.cityName,
      sort: 100 + i,
    }),
  );
  return orgs;
}

function buildUsers(people: PeopleFactory): WorldUser[] {
  let employeeSeq = 0;
  const employeeNo = () => `E${String(++employeeSeq).padStart(5, '0')}`;
  const users: WorldUser[] = [
    { userCode: 'admin', employeeName: '系统管理员', employeeNo: employeeNo(), orgCode: MANUFACTURER.orgCode, phone: people.phone(), positions: [] },
  ];
  for (const region of REGIONS) {
    users.push({ userCode: `${region.orgCode.toLowerCase()}manager`, employeeName: people.name(), employeeNo: employeeNo(), orgCode: region.orgCode, phone: people.phone(), positions: [] });
  }
  // Every dealer has every position; busy positions (advisors, technicians) have more than one person.
  const headcount: Partial<Record<PositionCode, number>> = { FWGW: 3, JS: 4, XSGW: 3 };
  for (const dealer of DEALERS) {
    for (const { positionCode } of POSITIONS) {
      for (let n = 1; n <= (headcount[positionCode] ?? 1); n++) {
        users.push({
          userCode: `${dealer.orgCode.toLowerCase()}${positionCode.toLowerCase()}${n > 1 ? n : ''}`,
          employeeName: people.name(),
          employeeNo: employeeNo(),
          orgCode: dealer.orgCode,
          phone: people.phone(),
          positions: [positionCode],
        });
      }
    }
  }
  return users;
}

class PeopleFactory {
  private readonly phones = new Set<string>();
  constructor(private readonly random: SeededRandom) {}

  name(): string {
    return `${this.random.pick(SURNAMES)}${this.random.pick(GIVEN_NAMES)}`;
  }

  phone(): string {
    return uniqueValue(this.phones, () => `1${this.random.pick(['3', '5', '7', '8', '9'])}${this.random.chars('0123456789', 9)}`);
  }
}

function statusForAge(random: SeededRandom, daysAgo: number): string {
  const s = REPAIR_ORDER_STATUS;
  if (daysAgo === 0) return random.weighted([[s.waiting, 30], [s.repairing, 40], [s.finished, 20], [s.settled, 10]]);
  if (daysAgo <= 3) return random.weighted([[s.repairing, 10], [s.finished, 30], [s.settled, 60]]);
  return random.weighted([[s.finished, 3], [s.settled, 97]]);
}

const VIN_SERIAL = '0123456789';

function makeVin(random: SeededRandom, vds: string, year: number): string {
  const yearCode = VIN_YEAR_CODES[year] ?? 'T';
  const draft = `${VIN_WMI}${vds}0${yearCode}${random.pick(VIN_PLANTS.split(''))}${random.chars(VIN_SERIAL, 6)}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

const PLATE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

function makePlate(random: SeededRandom, dealer: DealerSeed, newEnergy: boolean): string {
  const prefix = random.pick(dealer.platePrefixes);
  if (newEnergy) return `${prefix}${random.pick(['D', 'F'])}${random.chars(PLATE_CHARS, 1)}${random.chars('0123456789', 4)}`;
  // Mostly digits with one or two letters, the common pattern of recent regular plates.
  const body = random.chars('0123456789', 5).split('');
  for (let i = 0; i < random.int(0, 2); i++) body[random.int(0, 3)] = random.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 1);
  return `${prefix}${body.join('')}`;
}

function uniqueValue(seen: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!seen.has(value)) {
      seen.add(value);
      return value;
    }
  }
}

/** Midnight of a YYYY-MM-DD day in Beijing time, as epoch milliseconds. */
function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`种子日期格式不正确：${day}（应为 YYYY-MM-DD）`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function formatDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** An ISO timestamp with the +08:00 offset: dayMs is a Beijing-time midnight from parseDay. */
function timestamp(dayMs: number, minuteOfDay: number): string {
  const hh = String(Math.floor(minuteOfDay / 60)).padStart(2, '0');
  const mm = String(minuteOfDay % 60).padStart(2, '0');
  return `${formatDay(dayMs)}T${hh}:${mm}:00+08:00`;
}

export interface WorldReminder extends ReminderFacts {
  advisorCode: string;
  readAt: string | null;
}

export interface WorldMessage {
  userCode: string;
  remindType: string;
  title: string;
  content: string;
  roNo: string | null;
  createdAt: string;
  readAt: string | null;
}

const HEALTH_CHECK_AFTER_DAYS = 180;
const FOLLOW_UP_WITHIN_DAYS = 7;

/**
 * Service reminders derived from the world's repair history, without drawing from its random sequence (the world
 * itself stays the same): a health check for every vehicle last seen 150 to 400 days before the anchor date, due 180
 * days after that visit; a follow-up call after every order settled in the last week, due three days after opening.
 * Reminders due more than a month ago have been read.
 */
export function buildServiceReminders(world: DemoWorld, anchorDate: string): WorldReminder[] {
  const anchor = parseDay(anchorDate);
  const lastVisit = new Map<string, WorldRepairOrder>();
  for (const order of world.repairOrders) lastVisit.set(order.vin, order);
  const reminders: WorldReminder[] = [];
  const remind = (order: WorldRepairOrder, remindType: string, content: string, dueDay: number, createdDay: number) => {
    const dueDate = formatDay(dueDay);
    reminders.push({
      ownerCode: order.ownerCode,
      advisorCode: order.serviceAdvisorCode,
      remindType,
      vin: order.vin,
      plateNo: order.plateNo,
      customerName: order.customerName,
      phone: order.phone,
      roNo: order.roNo,
      content,
      dueDate,
      createdAt: timestamp(createdDay, 8 * 60),
      readAt: dueDay < anchor - 30 * DAY_MS ? timestamp(dueDay, 9 * 60) : null,
    });
  };
  for (const order of lastVisit.values()) {
    const visited = parseDay(order.createdAt.slice(0, 10));
    const idle = Math.round((anchor - visited) / DAY_MS);
    if (idle < 150 || idle > 400) continue;
    const due = visited + HEALTH_CHECK_AFTER_DAYS * DAY_MS;
    remind(order, REMINDER_TYPE.healthCheck, `距上次进厂已 ${idle} 天（${order.createdAt.slice(0, 10)}），请邀约客户进行车辆健康检查`, due, Math.min(anchor, due - 14 * DAY_MS));
  }
  for (const order of world.repairOrders) {
    const opened = parseDay(order.createdAt.slice(0, 10));
    if (order.status !== REPAIR_ORDER_STATUS.settled || anchor - opened > FOLLOW_UP_WITHIN_DAYS * DAY_MS) continue;
    remind(order, REMINDER_TYPE.followUp, `工单 ${order.roNo} 已结算，请电话回访客户满意度`, opened + 3 * DAY_MS, opened);
  }
  return reminders;
}

/**
 * The message list of every user, derived like the reminders: the system notices to everyone, the price notices to
 * service advisors and material pickers, and to each order's advisor a message for every order still waiting for
 * dispatch or finished but not settled. Notices older than a week have been read.
 */
export function buildMessages(world: DemoWorld, anchorDate: string): WorldMessage[] {
  const anchor = parseDay(anchorDate);
  const messages: WorldMessage[] = [];
  const at = (daysAgo: number, minute: number) => timestamp(anchor - daysAgo * DAY_MS, minute);
  const readIfOld = (daysAgo: number) => (daysAgo > 7 ? at(daysAgo - 1, 9 * 60) : null);
  for (const user of world.users) {
    for (const notice of SYSTEM_NOTICES) {
      messages.push({ userCode: user.userCode, remindType: REMIND_TYPE.notice, title: notice.title, content: notice.content, roNo: null, createdAt: at(notice.daysAgo, 8 * 60), readAt: readIfOld(notice.daysAgo) });
    }
    if (!user.positions.some((p) => p === 'FWGW' || p === 'LLR')) continue;
    for (const notice of PRICE_NOTICES) {
      messages.push({ userCode: user.userCode, remindType: REMIND_TYPE.price, title: notice.title, content: notice.content, roNo: null, createdAt: at(notice.daysAgo, 10 * 60), readAt: readIfOld(notice.daysAgo) });
    }
  }
  for (const order of world.repairOrders) {
    const waiting = order.status === REPAIR_ORDER_STATUS.waiting;
    if (!waiting && order.status !== REPAIR_ORDER_STATUS.finished) continue;
    messages.push({
      userCode: order.serviceAdvisorCode,
      remindType: REMIND_TYPE.repairOrder,
      title: waiting ? '工单待派工' : '工单已完工',
      content: waiting ? `工单 ${order.roNo}（${order.plateNo}）待派工，请尽快安排技师。` : `工单 ${order.roNo}（${order.plateNo}）已完工，请通知客户 ${order.customerName} 取车并结算。`,
      roNo: order.roNo,
      createdAt: order.createdAt,
      readAt: null,
    });
  }
  return messages;
}

/** The region tree flattened parent first, for insertion. */
export function flattenRegions(tree: RegionSeed[], parentCode: string | null = null, level = 1): { regionCode: string; regionName: string; parentCode: string | null; level: number }[] {
  return tree.flatMap((node) => [
    { regionCode: node.regionCode, regionName: node.regionName, parentCode, level },
    ...flattenRegions(node.children ?? [], node.regionCode, level + 1),
  ]);
}

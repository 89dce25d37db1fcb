// The charging demo (domain.md §7 Demo): one station per dealer with 2 DC 120 kW piles (two connectors each) and 4 AC
// 7 kW piles; a superseded tariff and the one in effect (谷 ¥0.35, 平 ¥0.70, 峰 ¥1.05, 尖 ¥1.25 plus the dealer's service
// price of ¥0.40–0.80 per kWh); sessions from the first day of the month before the anchor's (DC 4–10 a day of 25–40 kWh, AC 1–3 of 15–30 kWh) priced by the
// same fee function the server uses (华晟 E6 first owners pay no service fee); 0–2 faults per pile over the period,
// none during a session, half the dealers with one still open; an AC session still running; and the daily summary
// rows the dashboard reads, summed from exactly these orders and faults. Written in multi-row inserts.
import { sql, type Kysely } from 'kysely';
import { decimalText, toDecimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { beijingDate, chargingFees, DAY_MINUTES, type TariffPeriod } from '../data/chargingFees';
import { dayKeyOf, PILE_STATUS, STATION_OPERATING } from '../data/chargingOperations';
import type { LoadedModel } from '../models/modelCatalogue';
import { ORDER_STATUS, PAY_STATUS, SERVICE_FREE_SERIES } from '../hooks/chargingOrder';
import { TARIFF_STATUS } from '../hooks/tariff';
import { DEALERS } from './catalogue';
import { insertModelRows, type SeedRow } from './modelRows';
import { SeededRandom } from './random';

export interface ChargingSeedSummary {
  chargingStation: number;
  chargingPile: number;
  tariff: number;
  chargingOrder: number;
  chargingFault: number;
  chargingStationDay: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const KIND = { critical: '84041001', peak: '84041002', flat: '84041003', valley: '84041004' } as const;
const ELECTRICITY = { [KIND.critical]: '1.2500', [KIND.peak]: '1.0500', [KIND.flat]: '0.7000', [KIND.valley]: '0.3500' } as const;
/** A day of a Beijing time-of-use tariff: 谷 at night, 峰 late morning and evening, 尖 at the evening peak. */
const DAY_PLAN: [string, string, keyof typeof ELECTRICITY][] = [
  ['00:00', '07:00', KIND.valley],
  ['07:00', '10:00', KIND.flat],
  ['10:00', '13:00', KIND.peak],
  ['13:00', '17:00', KIND.flat],
  ['17:00', '19:00', KIND.critical],
  ['19:00', '21:00', KIND.peak],
  ['21:00', '23:00', KIND.flat],
  ['23:00', '24:00', KIND.valley],
];
const SERVICE_PRICE: Record<string, string> = { D11001: '0.8000', D12001: '0.6000', D31001: '0.8000', D32001: '0.6000', D44001: '0.7000', D44003: '0.8000', D43001: '0.4000' };
const OLD_SERVICE_PRICE = '0.5000';
const COORDINATES: Record<string, [string, string]> = {
  D11001: ['116.656435', '39.909946'],
  D12001: ['117.702213', '39.027359'],
  D31001: ['121.567706', '31.212938'],
  D32001: ['118.822104', '31.953418'],
  D44001: ['113.361200', '23.124680'],
  D44003: ['113.934528', '22.532904'],
  D43001: ['113.080098', '28.246609'],
};

const STOP = { full: '84071001', user: '84071002', fault: '84071003' } as const;
const FAULT = { reported: '84091001', repairing: '84091002', closed: '84091004' } as const;
const FAULT_CODES = ['84111001', '84111002', '84111003', '84111004', '84111005'] as const;
const FAULT_WORDS: Record<string, string> = {
  '84111001': '急停按钮被按下，充电中断',
  '84111002': '绝缘检测未通过，禁止充电',
  '84111003': '与平台通信中断',
  '84111004': '充电枪温度过高，降功率后停机',
  '84111005': '电表通信异常，读数无法上传',
};
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

interface PileSeed {
  code: string;
  dc: boolean;
  connectors: number;
  powerKw: number;
}
const PILES: PileSeed[] = [
  { code: 'DC01', dc: true, connectors: 2, powerKw: 120 },
  { code: 'DC02', dc: true, connectors: 2, powerKw: 120 },
  { code: 'AC01', dc: false, connectors: 1, powerKw: 7 },
  { code: 'AC02', dc: false, connectors: 1, powerKw: 7 },
  { code: 'AC03', dc: false, connectors: 1, powerKw: 7 },
  { code: 'AC04', dc: false, connectors: 1, powerKw: 7 },
];
const CONNECTOR_MINUTES = PILES.reduce((n, p) => n + p.connectors, 0) * DAY_MINUTES;

const modelNamed = (models: readonly LoadedModel[], name: string) => models.find((m) => m.model.name === name);
const dayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const yymmdd = (at: Date) => beijingDate(at).replaceAll('-', '').slice(2);

/** Sequence numbers of a series per dealer and day, as the engine's counters would have given them. */
function numbering(prefix: string, width: number) {
  const seq = new Map<string, number>();
  return (ownerCode: string, at: Date) => {
    const key = `${prefix}${ownerCode}${yymmdd(at)}`;
    const n = (seq.get(key) ?? 0) + 1;
    seq.set(key, n);
    return `${key}${String(n).padStart(width, '0')}`;
  };
}

interface DayTotals {
  sessions: number;
  milliKwh: bigint;
  fen: bigint;
  minutes: number;
  faults: number;
  repairs: number;
  centiHours: bigint;
}

const units = (text: string, scale: number) => {
  const d = toDecimal(text)!;
  return d.units * 10n ** BigInt(scale - d.scale);
};

/** Seeds the charging area on a fresh database; nothing when its models are not served (a test's own subset). */
export async function seedCharging(db: Kysely<Database>, models: readonly LoadedModel[], anchorDate: string, seed = 20260707): Promise<ChargingSeedSummary | null> {
  const [station, pile, tariff, order, fault, stationDay] = ['chargingStation', 'chargingPile', 'tariff', 'chargingOrder', 'chargingFault', 'chargingStationDay'].map((n) => modelNamed(models, n));
  if (!station || !pile || !tariff || !order || !fault || !stationDay) return null;
  const random = new SeededRandom(seed);
  const admin = (await db.selectFrom('users').select('id').where('userCode', '=', 'admin').executeTakeFirst())?.id ?? null;
  const { rows: technicians } = await sql<{ id: number; orgCode: string }>`select u.id, o.org_code from users u join user_positions p on p.user_id = u.id
    join organizations o on o.id = u.org_id where p.position_code = 'JS' order by u.id`.execute(db);
  const { rows: evs } = await sql<{ vin: string; plateNo: string; ownerCode: string }>`select vin, plate_no, owner_code from vehicles where series_name = ${SERVICE_FREE_SERIES} order by id`.execute(db);
  // From the first day of the month before the anchor's: the dashboard's month and the month it is compared with.
  const [year, month] = anchorDate.split('-').map(Number) as [number, number];
  const firstDay = dayStart(new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10));
  const days = Math.round((dayStart(anchorDate) - firstDay) / DAY) + 1;
  const lastMoment = dayStart(anchorDate) + DAY - MINUTE;
  /** When each dealer's session still running began (on AC01, the anchor day's last). */
  const runningFrom = dayStart(anchorDate) + 23 * HOUR + 20 * MINUTE;
  const stamp = (at: Date | number, by: number | null = admin) => ({ createdAt: new Date(at), updatedAt: new Date(at), createdBy: by, updatedBy: by });
  const summary: ChargingSeedSummary = { chargingStation: 0, chargingPile: 0, tariff: 0, chargingOrder: 0, chargingFault: 0, chargingStationDay: 0 };
  const orderNo = numbering('CD', 4);
  const faultNo = numbering('GZ', 4);
  const tariffNo = numbering('DJ', 3);

  for (const [index, dealer] of DEALERS.entries()) {
    const owner = dealer.orgCode;
    const shortName = dealer.orgName.replace(/汽车销售服务有限公司$/, '');
    const built = new Date(firstDay - 340 * DAY);
    const [lng, lat] = COORDINATES[owner] ?? ['116.400000', '39.900000'];
    const [stationId] = await insertModelRows(db, station, [
      {
        values: { stationCode: `${owner}-CS01`, name: `${shortName}充电站`, address: `${dealer.cityName}${dealer.districts[0]}${shortName}服务中心停车场`, lng, lat, openHours: '00:00-24:00', pileCount: PILES.length, status: STATION_OPERATING, remark: null, ownerCode: owner, ...stamp(built) },
      },
    ]);
    const plan = (service: string): TariffPeriod[] => DAY_PLAN.map(([start, end, kind]) => ({ start, end, kind, electricityPrice: ELECTRICITY[kind], servicePrice: service }));
    const current = plan(SERVICE_PRICE[owner] ?? '0.6000');
    const oldFrom = new Date(built.getTime() + 30 * DAY);
    const switchAt = new Date(dayStart(anchorDate) - 90 * DAY + 9 * HOUR);
    const tariffRow = (periods: TariffPeriod[], from: Date, to: Date | null, status: string): SeedRow => ({
      values: { tariffCode: tariffNo(owner, new Date(from.getTime() - DAY)), stationId, effectiveFrom: from, expiredAt: to, status, remark: null, ownerCode: owner, ...stamp(from.getTime() - DAY) },
      lines: { periods: periods as unknown as Record<string, unknown>[] },
    });
    const [, tariffId] = await insertModelRows(db, tariff, [tariffRow(plan(OLD_SERVICE_PRICE), oldFrom, switchAt, TARIFF_STATUS.superseded), tariffRow(current, switchAt, null, TARIFF_STATUS.effective)]);
    summary.tariff += 2;

    const technician = technicians.find((t) => t.orgCode === owner)?.id ?? null;
    const ownEvs = evs.filter((v) => v.ownerCode === owner);
    const prefix = dealer.platePrefixes[0]!;
    const totalsByDay = new Map<string, DayTotals>();
    const dayOf = (date: string) => {
      let totals = totalsByDay.get(date);
      if (!totals) totalsByDay.set(date, (totals = { sessions: 0, milliKwh: 0n, fen: 0n, minutes: 0, faults: 0, repairs: 0, centiHours: 0n }));
      return totals;
    };
    for (let d = 0; d < days; d++) dayOf(beijingDate(new Date(firstDay + d * DAY)));

    // An open fault at every other dealer (its AC04 is 故障), and an AC session still running on AC01 at each.
    const openFault = index % 2 === 0;
    const orders: SeedRow[] = [];
    const faults: SeedRow[] = [];
    const pileRows: SeedRow[] = PILES.map((p) => ({
      values: {
        pileCode: `${owner}-${p.code}`,
        stationId,
        pileType: p.dc ? '84031001' : '84031002',
        ratedPowerKw: p.powerKw,
        connectorCount: p.connectors,
        vendor: p.dc ? '特来电' : '星星充电',
        commissionedAt: beijingDate(new Date(built.getTime() + 20 * DAY)),
        lastHeartbeatAt: new Date(lastMoment - random.int(0, 4) * MINUTE),
        status: openFault && p.code === 'AC04' ? PILE_STATUS.faulty : p.code === 'AC01' ? PILE_STATUS.charging : PILE_STATUS.idle,
        ownerCode: owner,
        ...stamp(built),
      },
      lines: {
        connectors: Array.from({ length: p.connectors }, (_, i) => ({ connectorNo: i + 1, status: p.code === 'AC01' ? PILE_STATUS.charging : PILE_STATUS.idle })),
      },
    }));
    const pileIds = await insertModelRows(db, pile, pileRows);
    summary.chargingPile += PILES.length;

    for (const [p, spec] of PILES.entries()) {
      const pileId = pileIds[p]!;
      // Faults first: no session runs on a pile while it is faulty.
      const down: [number, number][] = [];
      const faultCount = openFault && spec.code === 'AC04' ? 1 : random.int(0, 2);
      for (let f = 0; f < faultCount; f++) {
        const open = openFault && spec.code === 'AC04';
        const reportedAt = open ? dayStart(anchorDate) + 15 * HOUR + random.int(0, 59) * MINUTE : firstDay + random.int(1, days - 3) * DAY + random.int(7, 21) * HOUR;
        const repairMs = random.int(2, 30) * HOUR + random.int(0, 59) * MINUTE;
        const repairedAt = reportedAt + repairMs;
        down.push([reportedAt, open ? Number.MAX_SAFE_INTEGER : repairedAt]);
        const code = random.pick(FAULT_CODES);
        const reported = new Date(reportedAt);
        const repairHours = (repairMs / HOUR).toFixed(2);
        faults.push({
          values: {
            faultNo: faultNo(owner, reported),
            pileId,
            stationId,
            connectorNo: random.int(1, spec.connectors),
            faultCode: code,
            description: FAULT_WORDS[code],
            level: random.chance(0.2) ? '84101002' : '84101001',
            reportedAt: reported,
            handlerId: open ? null : technician,
            acceptedAt: open ? null : new Date(reportedAt + 30 * MINUTE),
            repairedAt: open ? null : new Date(repairedAt),
            repairHours: open ? null : repairHours,
            repairNote: open ? null : '更换故障部件，测试充电正常',
            closedAt: open ? null : new Date(repairedAt + HOUR),
            status: open ? FAULT.reported : FAULT.closed,
            ownerCode: owner,
            ...stamp(reportedAt, technician),
          },
        });
        dayOf(beijingDate(reported)).faults++;
        if (!open) {
          const repairDay = dayOf(beijingDate(new Date(repairedAt)));
          repairDay.repairs++;
          repairDay.centiHours += units(repairHours, 2);
        }
      }

      for (let c = 1; c <= spec.connectors; c++) {
        let meter = BigInt(random.int(10_000, 60_000)) * 1000n;
        for (let d = 0; d < days; d++) {
          const day = firstDay + d * DAY;
          const perConnector = spec.dc ? Math.ceil(random.int(4, 10) / spec.connectors) : random.int(1, 3);
          const starts = Array.from({ length: perConnector }, () => day + random.int(6 * 60, 22 * 60) * MINUTE).sort((a, b) => a - b);
          let free = day;
          for (const wanted of starts) {
            const kwh = spec.dc ? random.int(25_000, 40_000) : random.int(15_000, 30_000);
            const powerKw = spec.dc ? random.int(55, 95) : 6.6;
            const startAt = Math.max(wanted, free + 5 * MINUTE);
            const endAt = startAt + Math.round((kwh / 1000 / powerKw) * HOUR);
            free = endAt;
            if (endAt > (spec.code === 'AC01' ? runningFrom - 5 * MINUTE : lastMoment) || down.some(([from, to]) => startAt < to && endAt > from)) continue;
            const ev = ownEvs.length > 0 && random.chance(0.15) ? random.pick(ownEvs) : undefined;
            const aborted = random.chance(0.02);
            const energy = { units: BigInt(kwh), scale: 3 };
            const fees = chargingFees({ startAt: new Date(startAt), endAt: new Date(endAt), energyKwh: energy, periods: current, serviceFree: ev !== undefined });
            const waived = aborted;
            const total = waived ? '0.00' : fees.totalFee;
            const discount = waived ? decimalText({ units: units(fees.electricityFee, 2) + units(fees.serviceFee, 2), scale: 2 }) : fees.discount;
            const recent = endAt > dayStart(anchorDate);
            const payStatus = waived ? PAY_STATUS.waived : recent && random.chance(0.3) ? PAY_STATUS.unpaid : PAY_STATUS.paid;
            const startMeter = meter;
            meter += BigInt(kwh);
            orders.push({
              values: {
                orderNo: orderNo(owner, new Date(startAt)),
                pileId,
                connectorNo: c,
                stationId,
                tariffId,
                vin: ev?.vin ?? null,
                plateNo: ev?.plateNo ?? `${prefix}D${PLATE_LETTERS[random.int(0, PLATE_LETTERS.length - 1)]}${String(random.int(0, 9999)).padStart(4, '0')}`,
                startAt: new Date(startAt),
                endAt: new Date(endAt),
                startSoc: random.int(8, 45),
                endSoc: aborted ? random.int(50, 70) : random.int(80, 100),
                startMeter: decimalText({ units: startMeter, scale: 3 }),
                endMeter: decimalText({ units: meter, scale: 3 }),
                energyKwh: fees.energyKwh,
                durationMinutes: fees.durationMinutes,
                electricityFee: fees.electricityFee,
                serviceFee: fees.serviceFee,
                discount,
                totalFee: total,
                stopReason: aborted ? STOP.fault : random.chance(0.77) ? STOP.full : STOP.user,
                status: aborted ? ORDER_STATUS.aborted : ORDER_STATUS.finished,
                payStatus,
                paidAt: payStatus === PAY_STATUS.paid ? new Date(endAt + random.int(1, 10) * MINUTE) : null,
                ownerCode: owner,
                ...stamp(startAt, null),
              },
              lines: { segments: fees.segments as unknown as Record<string, unknown>[] },
            });
            const totals = dayOf(beijingDate(new Date(endAt)));
            totals.sessions++;
            totals.milliKwh += BigInt(kwh);
            totals.fen += units(total, 2);
            totals.minutes += fees.durationMinutes;
          }
        }
        if (spec.code === 'AC01') {
          // Still charging: started late on the anchor day, no end yet.
          const startAt = runningFrom;
          orders.push({
            values: {
              orderNo: orderNo(owner, new Date(startAt)),
              pileId,
              connectorNo: c,
              stationId,
              tariffId,
              vin: null,
              plateNo: `${prefix}D${PLATE_LETTERS[random.int(0, 23)]}${String(random.int(0, 9999)).padStart(4, '0')}`,
              startAt: new Date(startAt),
              startSoc: random.int(10, 30),
              startMeter: decimalText({ units: meter, scale: 3 }),
              status: ORDER_STATUS.charging,
              payStatus: PAY_STATUS.unpaid,
              ownerCode: owner,
              ...stamp(startAt, null),
            },
          });
        }
      }
    }
    await insertModelRows(db, order, orders);
    await insertModelRows(db, fault, faults);
    summary.chargingOrder += orders.length;
    summary.chargingFault += faults.length;

    const dayRows: SeedRow[] = [...totalsByDay.entries()]
      .filter(([date]) => date <= anchorDate)
      .map(([date, t]) => ({
        values: {
          dayKey: dayKeyOf(stationId!, date),
          stationId,
          statDate: date,
          sessions: t.sessions,
          energyKwh: decimalText({ units: t.milliKwh, scale: 3 }),
          revenue: decimalText({ units: t.fen, scale: 2 }),
          chargingMinutes: t.minutes,
          connectorMinutes: CONNECTOR_MINUTES,
          faults: t.faults,
          repairs: t.repairs,
          repairHours: decimalText({ units: t.centiHours, scale: 2 }),
          ownerCode: owner,
          ...stamp(dayStart(date) + DAY - MINUTE),
        },
      }));
    await insertModelRows(db, stationDay, dayRows);
    summary.chargingStation++;
    summary.chargingStationDay += dayRows.length;
  }
  return summary;
}

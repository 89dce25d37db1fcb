// 充电管理 (domain.md §7, service charging-admin): stations, piles with connectors, tariffs whose periods cover the day
// and which supersede each other, charging orders priced per period in exact decimals with one active order per
// connector, faults that make a pile 故障 until the last is closed, per dealer; the seeded demo and the dashboard's
// report over the daily summary. The invariants are tested with parallel requests, on both databases.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ReportAnswer } from '../../schemas/api/report';
import { addDecimal, decimalText, multiplyDecimal, roundDecimal, subtractDecimal, toDecimal, type Decimal } from '../../schemas/expression/decimal';
import { beijingDate } from '../../server/data/chargingFees';
import { DEALERS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, TEST_ANCHOR_DATE, type TestServer } from './harness';

const BASE = '/charging-admin';
const STATIONS = `${BASE}/stations`;
const PILES = `${BASE}/piles`;
const TARIFFS = `${BASE}/tariffs`;
const ORDERS = `${BASE}/orders`;
const FAULTS = `${BASE}/faults`;
const REPORT = `${BASE}/reports/chargingDaily`;

const STATUS = {
  stationOperating: '84011002',
  idle: '84021001',
  charging: '84021002',
  faulty: '84021003',
  disabled: '84021005',
  draft: '84051001',
  effective: '84051002',
  superseded: '84051003',
  orderCharging: '84061001',
  finished: '84061002',
  unpaid: '84081001',
  paid: '84081002',
  waived: '84081003',
} as const;
const KIND = { critical: '84041001', peak: '84041002', flat: '84041003', valley: '84041004' };

type Row = Record<string, unknown> & { id: number };
const users = ['admin', 'd11001shr', 'd31001shr', 'rnmanager'] as const;
type Who = (typeof users)[number];

/** The day before yesterday, Beijing time: a test's sessions lie in the past of the server's clock. */
const PAST_DAY = beijingDate(new Date(Date.now() - 2 * 86_400_000));
const at = (clock: string, day = PAST_DAY) => `${day} ${clock}:00`;

const PERIODS = [
  { start: '00:00', end: '07:00', kind: KIND.valley, electricityPrice: '0.35', servicePrice: '0.80' },
  { start: '07:00', end: '10:00', kind: KIND.flat, electricityPrice: '0.70', servicePrice: '0.80' },
  { start: '10:00', end: '17:00', kind: KIND.peak, electricityPrice: '1.05', servicePrice: '0.80' },
  { start: '17:00', end: '19:00', kind: KIND.critical, electricityPrice: '1.25', servicePrice: '0.80' },
  { start: '19:00', end: '24:00', kind: KIND.flat, electricityPrice: '0.70', servicePrice: '0.80' },
];

const dec = (value: unknown): Decimal => toDecimal(value) ?? { units: 0n, scale: 0 };

describe(`[BO-PROD-15] 充电管理 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = async (who: Who, url: string, query = '') => (await call<Page<Row>>(who, 'GET', `${url}?${query.includes('pageSize=') ? '' : 'pageSize=5000&'}${query}`)).data!.items;
  const get = async (url: string, id: number) => (await call('admin', 'GET', `${url}/${id}`)).data!;
  const db = () => t.server.database.db;

  let counter = 0;
  /** A fresh operating station of D11001 with a tariff in effect and one DC pile of two connectors. */
  async function station(): Promise<{ stationId: number; pileId: number; tariffId: number }> {
    counter++;
    const code = `D11001-T${String(counter).padStart(2, '0')}`;
    const created = await call('d11001shr', 'POST', STATIONS, { stationCode: code, name: `测试站${counter}`, address: '北京市通州区测试路1号' });
    expect(created).toMatchObject({ resultCode: 200, data: { status: '84011001', ownerCode: 'D11001', pileCount: 0 } });
    const stationId = created.data!.id;
    expect(await call('d11001shr', 'POST', `${STATIONS}/${stationId}/commission`, {})).toMatchObject({ resultCode: 200 });
    const tariff = await call('d11001shr', 'POST', TARIFFS, { stationId, periods: PERIODS });
    expect(tariff).toMatchObject({ resultCode: 200, data: { status: STATUS.draft } });
    expect(await call('d11001shr', 'POST', `${TARIFFS}/${tariff.data!.id}/activate`, {})).toMatchObject({ resultCode: 200, data: { status: STATUS.effective } });
    const pile = await call('d11001shr', 'POST', PILES, { pileCode: `${code}-DC`, stationId, pileType: '84031001', ratedPowerKw: 120, connectors: [{ connectorNo: 1 }, { connectorNo: 2 }] });
    expect(pile).toMatchObject({ resultCode: 200, data: { status: STATUS.idle, connectorCount: 2 } });
    return { stationId, pileId: pile.data!.id, tariffId: tariff.data!.id };
  }

  const startOrder = (pileId: number, body: Record<string, unknown> = {}) => call('d11001shr', 'POST', ORDERS, { pileId, connectorNo: 1, plateNo: '京AD12345', startMeter: '1000', startSoc: 20, ...body });

  it('seeds one operating station per dealer with 2 DC 120 kW piles of two connectors and 4 AC 7 kW piles, a tariff in effect covering the day, sessions since the first of the month before', async () => {
    const stations = await list('admin', STATIONS);
    expect(stations.map((s) => s.ownerCode).sort()).toEqual(DEALERS.map((d) => d.orgCode).sort());
    for (const s of stations) expect(s).toMatchObject({ status: STATUS.stationOperating, pileCount: 6 });
    const jingtong = stations.find((s) => s.ownerCode === 'D11001')!;
    const piles = await list('admin', PILES, `stationId=${jingtong.id}`);
    expect(piles.map((p) => [p.pileCode, p.ratedPowerKw, p.connectorCount]).sort()).toEqual([
      ['D11001-AC01', 7, 1],
      ['D11001-AC02', 7, 1],
      ['D11001-AC03', 7, 1],
      ['D11001-AC04', 7, 1],
      ['D11001-DC01', 120, 2],
      ['D11001-DC02', 120, 2],
    ]);
    // D11001 has an open fault (AC04 故障) and a session still running (AC01 充电中).
    expect(piles.find((p) => p.pileCode === 'D11001-AC04')!.status).toBe(STATUS.faulty);
    expect(piles.find((p) => p.pileCode === 'D11001-AC01')!.status).toBe(STATUS.charging);
    const tariffs = await list('admin', TARIFFS, `stationId=${jingtong.id}`);
    expect(tariffs.map((x) => x.status).sort()).toEqual([STATUS.effective, STATUS.superseded]);
    const effective = await get(TARIFFS, tariffs.find((x) => x.status === STATUS.effective)!.id);
    expect((effective.periods as Row[]).map((p) => [p.start, p.end])).toEqual([
      ['00:00', '07:00'], ['07:00', '10:00'], ['10:00', '13:00'], ['13:00', '17:00'], ['17:00', '19:00'], ['19:00', '21:00'], ['21:00', '23:00'], ['23:00', '24:00'],
    ]);
    // Every day from the first of the month before the anchor's has its summary row.
    const { rows: first } = await sql<{ day: string; n: number }>`select min(stat_date)::text as day, count(*)::int as n from charging_station_days where station_id = ${jingtong.id} and stat_date <= ${TEST_ANCHOR_DATE}`.execute(db());
    expect(first[0]).toEqual({ day: '2026-05-01', n: 61 });
    const day = TEST_ANCHOR_DATE;
    const orders = await list('admin', ORDERS, `stationId=${jingtong.id}&endFrom=${day}&endTo=${day}`);
    const dc = orders.filter((o) => String(o.pileCode).includes('-DC'));
    expect(dc.length).toBeGreaterThanOrEqual(4);
    for (const o of dc) expect(Number(o.energyKwh)).toBeGreaterThanOrEqual(25);
    // Each order's total is its periods' kWh × (electricity + service) − discount, to the fen.
    for (const o of orders.slice(0, 10)) {
      const order = await get(ORDERS, o.id);
      const gross = (order.segments as Row[]).reduce((sum, s) => addDecimal(sum, multiplyDecimal(dec(s.energyKwh), addDecimal(dec(s.electricityPrice), dec(s.servicePrice)))), { units: 0n, scale: 0 } as Decimal);
      expect(order.totalFee, String(order.orderNo)).toBe(decimalText(subtractDecimal(roundDecimal(gross, 2), dec(order.discount)), 2));
      expect(decimalText((order.segments as Row[]).reduce((sum, s) => addDecimal(sum, dec(s.energyKwh)), { units: 0n, scale: 3 } as Decimal), 3)).toBe(order.energyKwh);
    }
    // The dashboard's day row is the sum of exactly these orders.
    const { rows } = await sql<{ sessions: number; energy: string; revenue: string }>`select sessions, energy_kwh::text as energy, revenue::text as revenue
      from charging_station_days where station_id = ${jingtong.id} and stat_date = ${day}`.execute(db());
    const energy = orders.reduce((sum, o) => addDecimal(sum, dec(o.energyKwh)), { units: 0n, scale: 3 } as Decimal);
    const revenue = orders.reduce((sum, o) => addDecimal(sum, dec(o.totalFee)), { units: 0n, scale: 2 } as Decimal);
    expect(rows[0]).toEqual({ sessions: orders.length, energy: decimalText(energy, 3), revenue: decimalText(revenue, 2) });
  });

  it('a dealer\'s charging administrator sees and works on his own stations only, the manufacturer on all', async () => {
    const own = await list('d11001shr', STATIONS);
    expect(own.map((s) => s.ownerCode)).toEqual(['D11001']);
    const other = (await list('d31001shr', STATIONS))[0]!;
    expect(other.ownerCode).toBe('D31001');
    expect(await call('d11001shr', 'GET', `${STATIONS}/${other.id}`)).toMatchObject({ resultCode: 404 });
    expect(await call('d11001shr', 'POST', PILES, { pileCode: 'D11001-X01', stationId: other.id, pileType: '84031002', ratedPowerKw: 7, connectors: [{ connectorNo: 1 }] })).toMatchObject({
      resultCode: 400,
      errMsg: expect.stringContaining('充电站不存在'),
    });
    expect(new Set((await list('d31001shr', ORDERS, 'pageSize=200')).map((o) => o.ownerCode))).toEqual(new Set(['D31001']));
    // The manufacturer names the dealer; a pile must hang on that dealer's station.
    expect(await call('admin', 'POST', PILES, { pileCode: 'D31001-X01', ownerCode: 'D31001', stationId: own[0]!.id, pileType: '84031002', ratedPowerKw: 7, connectors: [{ connectorNo: 1 }] })).toMatchObject({
      resultCode: 400,
      errMsg: expect.stringContaining('充电站不属于该经销商'),
    });
  });

  it('tariff periods cover 24 hours without a gap or an overlap; an effective tariff cannot change and a new one supersedes it', async () => {
    const { stationId, tariffId } = await station();
    const withPeriods = (periods: unknown[]) => call('d11001shr', 'POST', TARIFFS, { stationId, periods });
    const base = PERIODS.map((p) => ({ ...p }));
    expect(await withPeriods(base.slice(1))).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('时段应从 00:00 开始') });
    expect(await withPeriods(base.slice(0, -1))).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('时段应到 24:00 结束') });
    expect(await withPeriods([base[0], { ...base[1], start: '08:00' }, ...base.slice(2)])).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('时段之间有空档：07:00 至 08:00') });
    expect(await withPeriods([base[0], { ...base[1], start: '06:00' }, ...base.slice(2)])).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('时段重叠：06:00 至 07:00') });
    expect(await withPeriods([{ ...base[0], end: '25:00' }, ...base.slice(1)])).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('时段第1行：时刻应为') });
    expect(await withPeriods([{ ...base[0], kind: '84049999' }, ...base.slice(1)])).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('时段类型不存在') });
    // Wrapping past midnight is two periods: 23:00–24:00 and 00:00–07:00, in any order.
    const reordered = await withPeriods([...base].reverse());
    expect(reordered).toMatchObject({ resultCode: 200 });

    expect(await call('d11001shr', 'PUT', `${TARIFFS}/${tariffId}`, { remark: '改' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('当前状态不能修改') });
    expect(await call('d11001shr', 'DELETE', `${TARIFFS}/${tariffId}`)).toMatchObject({ resultCode: 400 });
    // Two drafts made effective at once: one after the other under the station's lock; one in effect at the end.
    const second = await withPeriods(base.map((p) => ({ ...p, servicePrice: '0.60' })));
    const results = await Promise.all([reordered.data!.id, second.data!.id].map((id) => call('d11001shr', 'POST', `${TARIFFS}/${id}/activate`, {})));
    expect(results.map((r) => r.resultCode)).toEqual([200, 200]);
    const all = await list('admin', TARIFFS, `stationId=${stationId}`);
    expect(all.filter((x) => x.status === STATUS.effective)).toHaveLength(1);
    expect(all.filter((x) => x.status === STATUS.superseded).map((x) => x.id)).toContain(tariffId);
    expect(all.find((x) => x.id === tariffId)!.expiredAt).toEqual(expect.any(String));
  });

  it('a session is priced per period in exact decimals: Σ kWh × (electricity + service) − discount; an E6 first owner pays no service fee', async () => {
    const { stationId, pileId } = await station();
    const started = await startOrder(pileId, { startAt: at('06:30'), startMeter: '1000.000' });
    expect(started).toMatchObject({ resultCode: 200, data: { status: STATUS.orderCharging, stationId, payStatus: STATUS.unpaid, orderNo: expect.stringMatching(/^CDD11001\d{10}$/) } });
    expect((await get(PILES, pileId)).status).toBe(STATUS.charging);
    const id = started.data!.id;
    expect(await call('d11001shr', 'POST', `${ORDERS}/${id}/stop`, { endAt: at('07:30'), endMeter: '1020', endSoc: 80 })).toMatchObject({ resultCode: 400, errMsg: '结束充电前请填写：停止原因' });
    expect(await call('d11001shr', 'POST', `${ORDERS}/${id}/stop`, { endAt: at('07:30'), endMeter: '999', endSoc: 80, stopReason: '84071001' })).toMatchObject({ resultCode: 400, errMsg: '结束电表读数不能小于开始读数' });
    expect(await call('d11001shr', 'POST', `${ORDERS}/${id}/stop`, { endAt: at('06:00'), endMeter: '1020', endSoc: 80, stopReason: '84071001' })).toMatchObject({ resultCode: 400, errMsg: '结束时间应晚于开始时间' });
    const stopped = await call('d11001shr', 'POST', `${ORDERS}/${id}/stop`, { endAt: at('07:30'), endMeter: '1020', endSoc: 80, stopReason: '84071001' });
    // 10 kWh 谷 at 0.35 + 0.80, 10 kWh 平 at 0.70 + 0.80.
    expect(stopped).toMatchObject({
      resultCode: 200,
      data: { status: STATUS.finished, energyKwh: '20.000', durationMinutes: 60, electricityFee: '10.50', serviceFee: '16.00', discount: '0.00', totalFee: '26.50', payStatus: STATUS.unpaid },
    });
    expect((stopped.data!.segments as Row[]).map((s) => [s.kind, s.energyKwh, s.startAt, s.endAt])).toEqual([
      [KIND.valley, '10.000', at('06:30'), at('07:00')],
      [KIND.flat, '10.000', at('07:00'), at('07:30')],
    ]);
    expect((await get(PILES, pileId)).status).toBe(STATUS.idle);

    // Across midnight and three periods, with a meter reading that does not split evenly: the parts still add up.
    const night = await startOrder(pileId, { connectorNo: 2, startAt: at('18:20'), startMeter: '500.000' });
    const ended = await call('d11001shr', 'POST', `${ORDERS}/${night.data!.id}/stop`, { endAt: `${beijingDate(new Date(Date.now() - 86_400_000))} 00:40:00`, endMeter: '537.777', endSoc: 100, stopReason: '84071001' });
    expect(ended).toMatchObject({ resultCode: 200, data: { energyKwh: '37.777', durationMinutes: 380 } });
    const segments = ended.data!.segments as Row[];
    expect(segments.map((s) => s.kind)).toEqual([KIND.critical, KIND.flat, KIND.valley]);
    const sum = segments.reduce((s, x) => addDecimal(s, dec(x.energyKwh)), { units: 0n, scale: 3 } as Decimal);
    expect(decimalText(sum, 3)).toBe('37.777');
    const gross = segments.reduce((s, x) => addDecimal(s, multiplyDecimal(dec(x.energyKwh), addDecimal(dec(x.electricityPrice), dec(x.servicePrice)))), { units: 0n, scale: 0 } as Decimal);
    expect(ended.data!.totalFee).toBe(decimalText(roundDecimal(gross, 2), 2));

    // A 华晟 E6 sold by the network: the service part is the discount.
    const { rows } = await sql<{ vin: string }>`select vin from vehicles where series_name = '华晟 E6' and owner_code = 'D11001' limit 1`.execute(db());
    const e6 = await startOrder(pileId, { vin: rows[0]!.vin, startAt: at('10:00'), startMeter: '2000' });
    const free = await call('d11001shr', 'POST', `${ORDERS}/${e6.data!.id}/stop`, { endAt: at('10:30'), endMeter: '2030', endSoc: 90, stopReason: '84071002' });
    expect(free).toMatchObject({ resultCode: 200, data: { electricityFee: '31.50', serviceFee: '24.00', discount: '24.00', totalFee: '31.50' } });
  });

  it('one active order per connector: of six starts at once on one connector, one charges, five are refused', async () => {
    const { pileId } = await station();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => startOrder(pileId, { plateNo: `京AD1000${i}` })));
    expect(results.filter((r) => r.resultCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.resultCode === 400).map((r) => r.errMsg)).toEqual(Array(5).fill('1号枪正在充电'));
    const active = await list('admin', ORDERS, `pileId=${pileId}&status=${STATUS.orderCharging}`);
    expect(active).toHaveLength(1);
    // The other connector is free; a connector the pile does not have is refused.
    expect(await startOrder(pileId, { connectorNo: 2 })).toMatchObject({ resultCode: 200 });
    expect(await startOrder(pileId, { connectorNo: 3 })).toMatchObject({ resultCode: 400, errMsg: '充电桩没有3号枪' });
    // A pile charging cannot be disabled; a connector charging cannot be removed.
    expect(await call('d11001shr', 'POST', `${PILES}/${pileId}/disable`, {})).toMatchObject({ resultCode: 400, errMsg: '充电桩当前为“充电中”，不能停用' });
    expect(await call('d11001shr', 'PUT', `${PILES}/${pileId}`, { connectors: [{ connectorNo: 1 }] })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('2号枪正在充电，不能删除') });
    expect((await get(PILES, pileId)).connectors).toEqual([expect.objectContaining({ connectorNo: 1, status: STATUS.charging }), expect.objectContaining({ connectorNo: 2, status: STATUS.charging })]);
    // Faulty while its sessions still run: still not to be disabled until they end.
    expect(await call('d11001shr', 'POST', FAULTS, { pileId, faultCode: '84111004', level: '84101002' })).toMatchObject({ resultCode: 200 });
    expect((await get(PILES, pileId)).status).toBe(STATUS.faulty);
    expect(await call('d11001shr', 'POST', `${PILES}/${pileId}/disable`, {})).toMatchObject({ resultCode: 400, errMsg: '充电桩正在充电，不能停用' });
  });

  it('payment: 确认支付 once, 免单 takes the order\'s revenue out of its day', async () => {
    const { stationId, pileId } = await station();
    const revenueOf = async (day: string) =>
      (await sql<{ revenue: string }>`select revenue::text as revenue from charging_station_days where station_id = ${stationId} and stat_date = ${day}`.execute(db())).rows[0]?.revenue;
    const one = await startOrder(pileId, { startAt: at('12:00'), startMeter: '0' });
    await call('d11001shr', 'POST', `${ORDERS}/${one.data!.id}/stop`, { endAt: at('12:20'), endMeter: '10', endSoc: 60, stopReason: '84071002' });
    const two = await startOrder(pileId, { startAt: at('13:00'), startMeter: '10' });
    await call('d11001shr', 'POST', `${ORDERS}/${two.data!.id}/stop`, { endAt: at('13:20'), endMeter: '20', endSoc: 60, stopReason: '84071002' });
    expect(await revenueOf(PAST_DAY)).toBe('37.00');
    const paid = await Promise.all([1, 2].map(() => call('d11001shr', 'POST', `${ORDERS}/${one.data!.id}/pay`, {})));
    expect(paid.map((p) => p.resultCode).sort()).toEqual([200, 400]);
    expect((await get(ORDERS, one.data!.id)).payStatus).toBe(STATUS.paid);
    expect(await call('d11001shr', 'POST', `${ORDERS}/${one.data!.id}/waive`, {})).toMatchObject({ resultCode: 400, errMsg: '只有已结束且待支付的订单可以确认支付或免单' });
    expect(await call('d11001shr', 'POST', `${ORDERS}/${two.data!.id}/waive`, {})).toMatchObject({ resultCode: 200, data: { payStatus: STATUS.waived, totalFee: '0.00', discount: '18.50' } });
    expect(await revenueOf(PAST_DAY)).toBe('18.50');
    expect(await call('d31001shr', 'POST', `${ORDERS}/${one.data!.id}/pay`, {})).toMatchObject({ resultCode: 404 });
  });

  it('faults: reporting one makes the pile 故障 (no charging), closing the last brings it back, also when two close at once', async () => {
    const { pileId } = await station();
    const report = (code: string) => call('d11001shr', 'POST', FAULTS, { pileId, connectorNo: 1, faultCode: code, level: '84101001', description: '测试' });
    const first = await report('84111001');
    expect(first).toMatchObject({ resultCode: 200, data: { status: '84091001', faultNo: expect.stringMatching(/^GZD11001/) } });
    expect((await get(PILES, pileId)).status).toBe(STATUS.faulty);
    expect(await startOrder(pileId)).toMatchObject({ resultCode: 400, errMsg: '充电桩故障，不能充电' });
    const second = await report('84111003');
    expect(await call('d11001shr', 'POST', `${FAULTS}/${first.data!.id}/accept`, {})).toMatchObject({ resultCode: 400, errMsg: '受理前请填写：处理人' });
    const technician = (await sql<{ id: number }>`select u.id from users u join user_positions p on p.user_id = u.id where u.user_code = 'd11001js'`.execute(db())).rows[0]!.id;
    expect(await call('d11001shr', 'POST', `${FAULTS}/${first.data!.id}/accept`, { handlerId: technician })).toMatchObject({ resultCode: 200, data: { status: '84091002' } });
    const reportedAt = String((await get(FAULTS, first.data!.id)).reportedAt);
    const repairedAt = new Date(Date.parse(`${reportedAt.replace(' ', 'T')}+08:00`) - 60_000);
    expect(await call('d11001shr', 'POST', `${FAULTS}/${first.data!.id}/repair`, { repairedAt: beijingText(repairedAt), repairNote: '复位' })).toMatchObject({ resultCode: 400, errMsg: '修复时间应晚于报告时间' });
    expect(await call('d11001shr', 'POST', `${FAULTS}/${first.data!.id}/repair`, { repairedAt: reportedAt, repairNote: '复位急停按钮' })).toMatchObject({ resultCode: 200, data: { status: '84091003', repairHours: '0.00' } });
    // A repaired fault is still open: the pile stays 故障 until it is closed.
    expect((await get(PILES, pileId)).status).toBe(STATUS.faulty);
    const closed = await Promise.all([first, second].map((f) => call('d11001shr', 'POST', `${FAULTS}/${f.data!.id}/close`, {})));
    expect(closed.map((c) => c.resultCode)).toEqual([200, 200]);
    expect((await get(PILES, pileId)).status).toBe(STATUS.idle);
    expect(await startOrder(pileId)).toMatchObject({ resultCode: 200 });
  });

  it('the dashboard report: energy and revenue per station and day, utilisation, fault rate and time to repair from the daily rows, in the user\'s scope', async () => {
    const month = TEST_ANCHOR_DATE.slice(0, 7);
    const answer = await t.call<ReportAnswer>({ method: 'GET', url: `${REPORT}?groupBy=station&month=${month}`, token: tokens.admin, menuId: 'charging_dashboard' });
    expect(answer.resultCode).toBe(200);
    const rows = answer.data!.rows;
    expect(rows).toHaveLength(DEALERS.length);
    const { rows: sums } = await sql<{ stationId: number; charging: number; capacity: number; faults: number; sessions: number; hours: string; repairs: number; energy: string }>`
      select station_id, sum(charging_minutes)::int as charging, sum(connector_minutes)::int as capacity, sum(faults)::int as faults, sum(sessions)::int as sessions,
        sum(repair_hours)::text as hours, sum(repairs)::int as repairs, sum(energy_kwh)::text as energy
      from charging_station_days where stat_date >= ${`${month}-01`} and stat_date <= ${TEST_ANCHOR_DATE} group by station_id`.execute(db());
    for (const row of rows) {
      const sum = sums.find((s) => String(s.stationId) === row.values.station)!;
      expect(row.values.energyKwh).toBe(decimalText(dec(sum.energy), 3));
      expect(row.values.utilisation).toBe(decimalText(roundDecimal({ units: (BigInt(sum.charging) * 100n * 1000n) / BigInt(sum.capacity), scale: 3 }, 2), 2));
      expect(Number(row.values.utilisation)).toBeGreaterThan(5);
      expect(Number(row.values.utilisation)).toBeLessThan(80);
      expect(Number(row.values.faultRate)).toBeCloseTo((sum.faults * 100) / sum.sessions, 2);
      if (sum.repairs > 0) expect(Number(row.values.repairTime)).toBeCloseTo(Number(sum.hours) / sum.repairs, 2);
      else expect(row.values.repairTime).toBeNull();
      expect(row.values.stationLabel).toMatch(/充电站$/);
      expect(row.drill).toMatchObject({ stationId: row.values.station, endFrom: `${month}-01`, endTo: `${month}-30` });
    }
    // A region manager compares his region's stations; a dealer sees its own.
    const region = await t.call<ReportAnswer>({ method: 'GET', url: `${REPORT}?groupBy=dealer&month=${month}`, token: tokens.rnmanager, menuId: 'charging_dashboard' });
    expect(region.data!.rows.map((r) => r.values.dealer).sort()).toEqual(['D11001', 'D12001']);
    const dealer = await t.call<ReportAnswer>({ method: 'GET', url: `${REPORT}?groupBy=day&month=${month}`, token: tokens.d11001shr, menuId: 'charging_dashboard' });
    expect(dealer.data!.rows.length).toBeGreaterThanOrEqual(28);
  });
});

function beijingText(instant: Date): string {
  const iso = new Date(instant.getTime() + 8 * 3_600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

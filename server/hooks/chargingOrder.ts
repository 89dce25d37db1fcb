// 充电订单 needs a hook for what its JSON cannot say. Starting (create): the pile's lock; a pile of the order's dealer,
// neither 故障, 停用 nor 离线, at an operating station with a tariff in effect; and the connector taken by a conditional
// update from 空闲 to 充电中, which is what keeps one active order per connector however many starts arrive at once.
// Ending (结束充电, 异常结束): the energy from the meter readings, shared over the tariff's periods, the fees in exact
// decimals (华晟 E6 first owners pay no service fee), the per-period lines, the connector freed, the pile's status and
// the station's day summary. 确认支付 and 免单 are conditional updates of the payment status (a second one finds nothing
// to change), 免单 taking its revenue back out of the day.
import { sql, type Kysely } from 'kysely';
import { compareDecimal, toDecimal, subtractDecimal, decimalText } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import { beijingDate, chargingFees } from '../data/chargingFees';
import { addToStationDay, lockPile, PILE_STATUS, refreshPileStatus, releaseConnector, STATION_OPERATING, takeConnector } from '../data/chargingOperations';
import { CHARGING_TEXT, CLOCK_SLACK_MS, instantOf, ownerOfWrite, stationRow } from './chargingShared';
import type { ChargingOrderRecord } from './modelRecords';
import { effectiveTariff, tariffPeriods } from './tariff';

export const ORDER_STATUS = { charging: '84061001', finished: '84061002', aborted: '84061003' } as const;
export const PAY_STATUS = { unpaid: '84081001', paid: '84081002', waived: '84081003' } as const;
/** The series whose first owners charge without a service fee (domain.md §7 Demo, ours). */
export const SERVICE_FREE_SERIES = '华晟 E6';

export const ORDER_TEXT = {
  pileMissing: '充电桩不存在',
  pileDisabled: '充电桩已停用，不能充电',
  pileFaulty: '充电桩故障，不能充电',
  pileOffline: '充电桩离线，不能充电',
  stationClosed: '充电站未在运营，不能充电',
  noTariff: '充电站没有生效的电价，不能充电',
  noConnector: (no: number) => `充电桩没有${no}号枪`,
  connectorBusy: (no: number) => `${no}号枪正在充电`,
  endBeforeStart: '结束时间应晚于开始时间',
  meterBack: '结束电表读数不能小于开始读数',
  socBack: '结束SOC不能低于开始SOC',
  notPayable: '只有已结束且待支付的订单可以确认支付或免单',
} as const;

const PILE_REFUSALS: Record<string, string> = {
  [PILE_STATUS.disabled]: ORDER_TEXT.pileDisabled,
  [PILE_STATUS.faulty]: ORDER_TEXT.pileFaulty,
  [PILE_STATUS.offline]: ORDER_TEXT.pileOffline,
};

async function connectorExists(db: Kysely<Database>, pileId: number, connectorNo: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select id from charging_pile_connectors where parent_id = ${pileId} and connector_no = ${connectorNo}`.execute(db);
  return rows.length > 0;
}

/** Whether the vehicle is a 华晟 E6 sold by a dealer of the network (its first owner is in the after-sales records). */
async function serviceFree(db: Kysely<Database>, vin: unknown): Promise<boolean> {
  if (typeof vin !== 'string' || vin === '') return false;
  const row = await db.selectFrom('vehicles').select('id').where('vin', '=', vin).where('seriesName', '=', SERVICE_FREE_SERIES).executeTakeFirst();
  return row !== undefined;
}

async function start(context: HookContext, values: RecordValues, input: RecordValues, problems: string[], prefix: string): Promise<void> {
  const { db, user } = context;
  const startAt = instantOf(values.startAt);
  if (startAt && startAt.getTime() > Date.now() + CLOCK_SLACK_MS) problems.push(`${prefix}${CHARGING_TEXT.future('开始时间')}`);
  const pile = await lockPile(db, Number(values.pileId));
  if (!pile) return void problems.push(`${prefix}${ORDER_TEXT.pileMissing}`);
  if (pile.ownerCode !== ownerOfWrite(user, undefined, input)) problems.push(`${prefix}${CHARGING_TEXT.notOwnPile}`);
  const refusal = PILE_REFUSALS[pile.status];
  if (refusal) problems.push(`${prefix}${refusal}`);
  const station = await stationRow(db, pile.stationId);
  if (station?.status !== STATION_OPERATING) problems.push(`${prefix}${ORDER_TEXT.stationClosed}`);
  const tariff = await effectiveTariff(db, pile.stationId);
  if (!tariff) problems.push(`${prefix}${ORDER_TEXT.noTariff}`);
  const connectorNo = Number(values.connectorNo);
  if (!(await connectorExists(db, pile.id, connectorNo))) problems.push(`${prefix}${ORDER_TEXT.noConnector(connectorNo)}`);
  if (problems.length > 0) return;
  // The one decision on the connector: the update finds it idle, or it was taken first (and this start is refused).
  if (!(await takeConnector(db, pile.id, connectorNo))) return void problems.push(`${prefix}${ORDER_TEXT.connectorBusy(connectorNo)}`);
  values.stationId = pile.stationId;
  values.tariffId = tariff!.id;
  values.payStatus = PAY_STATUS.unpaid;
  await refreshPileStatus(db, pile);
}

/** 结束充电 / 异常结束: the fees and their lines, the connector and pile, the station's day. */
async function end(context: HookContext, record: RecordValues, values: RecordValues): Promise<void> {
  const { db, user } = context;
  const startAt = instantOf(record.startAt)!;
  const endAt = instantOf(values.endAt);
  if (!endAt || endAt.getTime() <= startAt.getTime()) throw new ApiError('invalidInput', ORDER_TEXT.endBeforeStart);
  if (endAt.getTime() > Date.now() + CLOCK_SLACK_MS) throw new ApiError('invalidInput', CHARGING_TEXT.future('结束时间'));
  const energy = subtractDecimal(toDecimal(values.endMeter)!, toDecimal(record.startMeter)!);
  if (energy.units < 0n) throw new ApiError('invalidInput', ORDER_TEXT.meterBack);
  if (values.endSoc !== undefined && values.endSoc !== null && record.startSoc !== null && record.startSoc !== undefined && Number(values.endSoc) < Number(record.startSoc)) {
    throw new ApiError('invalidInput', ORDER_TEXT.socBack);
  }
  const pile = (await lockPile(db, Number(record.pileId)))!;
  const fees = chargingFees({ startAt, endAt, energyKwh: energy, periods: await tariffPeriods(db, Number(record.tariffId)), serviceFree: await serviceFree(db, record.vin) });
  Object.assign(values, {
    energyKwh: fees.energyKwh,
    durationMinutes: fees.durationMinutes,
    electricityFee: fees.electricityFee,
    serviceFee: fees.serviceFee,
    discount: fees.discount,
    totalFee: fees.totalFee,
    payStatus: compareDecimal(toDecimal(fees.totalFee)!, { units: 0n, scale: 0 }) === 0 ? PAY_STATUS.waived : PAY_STATUS.unpaid,
  });
  const orderId = Number(record.id);
  await sql`delete from charging_order_segments where parent_id = ${orderId}`.execute(db);
  for (const [n, s] of fees.segments.entries()) {
    await sql`insert into charging_order_segments (parent_id, line_no, kind, start_at, end_at, energy_kwh, electricity_price, service_price)
      values (${orderId}, ${n + 1}, ${s.kind}, ${s.startAt}, ${s.endAt}, ${s.energyKwh}, ${s.electricityPrice}, ${s.servicePrice})`.execute(db);
  }
  await releaseConnector(db, pile.id, Number(record.connectorNo));
  await refreshPileStatus(db, pile);
  await addToStationDay(db, { id: Number(record.stationId), ownerCode: String(record.ownerCode) }, beijingDate(endAt), {
    sessions: 1,
    energyKwh: fees.energyKwh,
    revenue: fees.totalFee,
    chargingMinutes: fees.durationMinutes,
  }, user.id);
}

interface PayableRow {
  id: number;
  ownerCode: string;
  stationId: number;
  status: string;
  payStatus: string;
  totalFee: string;
  electricityFee: string;
  serviceFee: string;
  endAt: Date;
}

/** The order's row locked, if it may still be paid or waived (ended, unpaid). */
async function payable(db: Kysely<Database>, id: number): Promise<PayableRow> {
  const { rows } = await sql<PayableRow>`select id, owner_code, station_id, status, pay_status, total_fee::text as total_fee, electricity_fee::text as electricity_fee,
      service_fee::text as service_fee, end_at from charging_orders where id = ${id} for update`.execute(db);
  const row = rows[0];
  if (!row || row.payStatus !== PAY_STATUS.unpaid || (row.status !== ORDER_STATUS.finished && row.status !== ORDER_STATUS.aborted)) throw new ApiError('invalidInput', ORDER_TEXT.notPayable);
  return row;
}

export const chargingOrderHooks: ModelHooks<ChargingOrderRecord> = {
  async beforeWrite(context, { op, values, input, problems, prefix }) {
    if (op === 'create' && problems.length === 0) await start(context, values, input, problems, prefix);
  },

  async beforeTransition(context, transition, record, values) {
    if (transition === 'stop' || transition === 'abort') await end(context, record, values);
  },

  calls: {
    async pay({ db, user }, { params, reads }) {
      const id = Number(params.id);
      await reads.get(id);
      // An action runs in its own transaction (docs/models.md): the order's row lock holds to its end.
      await payable(db, id);
      await sql`update charging_orders set pay_status = ${PAY_STATUS.paid}, paid_at = now(), updated_at = now(), updated_by = ${user.id} where id = ${id}`.execute(db);
      return reads.get(id);
    },

    async waive({ db, user }, { params, reads }) {
      const id = Number(params.id);
      await reads.get(id);
      const order = await payable(db, id);
      await sql`update charging_orders set pay_status = ${PAY_STATUS.waived}, discount = electricity_fee + service_fee, total_fee = 0,
        updated_at = now(), updated_by = ${user.id} where id = ${id}`.execute(db);
      const back = decimalText(subtractDecimal({ units: 0n, scale: 2 }, toDecimal(order.totalFee)!), 2);
      await addToStationDay(db, { id: Number(order.stationId), ownerCode: order.ownerCode }, beijingDate(new Date(order.endAt)), { revenue: back }, user.id);
      return reads.get(id);
    },
  },
};

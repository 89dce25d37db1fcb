// 充电桩故障 needs a hook for what its JSON cannot say: a fault is reported on a pile of its own dealer (the station
// taken from the pile, the connector one of the pile's), not in the future; reporting it makes the pile 故障, and
// closing the pile's last open fault brings it back to 空闲 (or 充电中): both under the pile's lock, so two faults closed
// at once still leave the pile right; 修复 records the time to repair; the station's day counts faults and repairs.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import { beijingDate } from '../data/chargingFees';
import { addToStationDay, lockPile, refreshPileStatus } from '../data/chargingOperations';
import { CHARGING_TEXT, CLOCK_SLACK_MS, instantOf, ownerOfWrite } from './chargingShared';
import type { ChargingFaultRecord } from './modelRecords';

export const FAULT_TEXT = {
  pileMissing: '充电桩不存在',
  noConnector: (no: number) => `充电桩没有${no}号枪`,
  repairBeforeReport: '修复时间应晚于报告时间',
} as const;

const HOUR_MS = 3_600_000;

export const chargingFaultHooks: ModelHooks<ChargingFaultRecord> = {
  async beforeWrite({ db, user }, { op, values, current, input, problems, prefix }) {
    const reportedAt = instantOf(values.reportedAt);
    if (op === 'create' && reportedAt && reportedAt.getTime() > Date.now() + CLOCK_SLACK_MS) problems.push(`${prefix}${CHARGING_TEXT.future('报告时间')}`);
    const { rows } = await sql<{ ownerCode: string; stationId: number }>`select owner_code, station_id from charging_piles where id = ${Number(values.pileId)}`.execute(db);
    const pile = rows[0];
    if (!pile) return void problems.push(`${prefix}${FAULT_TEXT.pileMissing}`);
    if (pile.ownerCode !== ownerOfWrite(user, current, input)) problems.push(`${prefix}${CHARGING_TEXT.notOwnPile}`);
    values.stationId = Number(pile.stationId);
    if (values.connectorNo !== null && values.connectorNo !== undefined) {
      const found = await sql`select 1 from charging_pile_connectors where parent_id = ${Number(values.pileId)} and connector_no = ${Number(values.connectorNo)}`.execute(db);
      if (found.rows.length === 0) problems.push(`${prefix}${FAULT_TEXT.noConnector(Number(values.connectorNo))}`);
    }
  },

  async afterWrite({ db, user }, record, op) {
    if (op !== 'create') return;
    const pile = await lockPile(db, Number(record.pileId));
    if (pile) await refreshPileStatus(db, pile);
    await addToStationDay(db, { id: Number(record.stationId), ownerCode: String(pile?.ownerCode) }, beijingDate(instantOf(record.reportedAt) ?? new Date()), { faults: 1 }, user.id);
  },

  beforeTransition(_context, transition, record, values) {
    if (transition !== 'repair') return;
    const reportedAt = instantOf(record.reportedAt)!;
    const repairedAt = instantOf(values.repairedAt);
    if (!repairedAt || repairedAt.getTime() < reportedAt.getTime()) throw new ApiError('invalidInput', FAULT_TEXT.repairBeforeReport);
    if (repairedAt.getTime() > Date.now() + CLOCK_SLACK_MS) throw new ApiError('invalidInput', CHARGING_TEXT.future('修复时间'));
    values.repairHours = ((repairedAt.getTime() - reportedAt.getTime()) / HOUR_MS).toFixed(2);
  },

  async afterTransition({ db, user }, transition, record) {
    if (transition === 'repair') {
      await addToStationDay(db, { id: Number(record.stationId), ownerCode: String(record.ownerCode) }, beijingDate(instantOf(record.repairedAt)!), { repairs: 1, repairHours: String(record.repairHours) }, user.id);
    }
    if (transition === 'close') {
      const pile = await lockPile(db, Number(record.pileId));
      if (pile) await refreshPileStatus(db, pile);
    }
  },
};

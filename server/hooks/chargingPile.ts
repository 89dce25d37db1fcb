// 充电桩 needs a hook for what its JSON cannot say: its station is its own dealer's; its connectors are numbered once
// each and keep the status the orders gave them whatever an edit sends (a connector charging cannot be removed); the
// connector count and the station's pile count follow the lines; and 停用/启用 take the pile's lock, refuse a pile
// charging, and bring an enabled pile back to what its faults and connectors say.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { lockPile, PILE_STATUS, recountStation, refreshPileStatus } from '../data/chargingOperations';
import { CHARGING_TEXT, ownerOfWrite, stationRow } from './chargingShared';
import type { ChargingPileRecord } from './modelRecords';

export const PILE_TEXT = {
  code: '桩编码只能由大写字母、数字和-组成（3到32位）',
  connectorTwice: (no: number) => `枪号 ${no} 重复`,
  connectorCharging: (no: number) => `${no}号枪正在充电，不能删除`,
  charging: '充电桩正在充电，不能停用',
} as const;
const PILE_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

export const chargingPileHooks: ModelHooks<ChargingPileRecord> = {
  async beforeWrite({ db, user }, { op, values, current, input, problems, prefix }) {
    if (op === 'create' && !PILE_CODE.test(String(values.pileCode ?? ''))) problems.push(`${prefix}${PILE_TEXT.code}`);
    const station = values.stationId === undefined || values.stationId === null ? undefined : await stationRow(db, Number(values.stationId));
    const owner = ownerOfWrite(user, current, input);
    if (station && owner && station.ownerCode !== owner) problems.push(`${prefix}${CHARGING_TEXT.notOwnStation}`);
    const lines = (values.connectors ?? []) as RecordValues[];
    const before = new Map(((current?.connectors ?? []) as RecordValues[]).map((c) => [Number(c.connectorNo), String(c.status)]));
    const seen = new Set<number>();
    for (const line of lines) {
      const no = Number(line.connectorNo);
      if (seen.has(no)) problems.push(`${prefix}${PILE_TEXT.connectorTwice(no)}`);
      seen.add(no);
      line.status = before.get(no) ?? PILE_STATUS.idle;
    }
    for (const [no, status] of before) if (status === PILE_STATUS.charging && !seen.has(no)) problems.push(`${prefix}${PILE_TEXT.connectorCharging(no)}`);
    values.connectorCount = lines.length;
  },

  async afterWrite({ db }, record) {
    await recountStation(db, Number(record.stationId));
  },

  async beforeTransition({ db }, transition, record) {
    const pile = await lockPile(db, Number(record.id));
    if (transition !== 'disable' || !pile) return;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from charging_pile_connectors where parent_id = ${pile.id} and status = ${PILE_STATUS.charging}`.execute(db);
    if (Number(rows[0]?.n) > 0) throw new ApiError('invalidInput', PILE_TEXT.charging);
  },

  async afterTransition({ db }, transition, record) {
    if (transition !== 'enable') return;
    const pile = await lockPile(db, Number(record.id));
    if (pile) await refreshPileStatus(db, pile);
  },
};

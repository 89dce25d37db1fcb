// 充电站 needs a hook for what its JSON cannot say: the station code's shape, and a station put into (or back into)
// operation gets its summary row of the day at once, so the day counts in its utilisation even before a session.
import type { ModelHooks } from '../models/modelHooks';
import { beijingDate } from '../data/chargingFees';
import { addToStationDay } from '../data/chargingOperations';
import type { ChargingStationRecord } from './modelRecords';

export const STATION_TEXT = { code: '站点编码只能由大写字母、数字和-组成（3到32位）' } as const;
const STATION_CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

export const chargingStationHooks: ModelHooks<ChargingStationRecord> = {
  beforeWrite(_context, { op, values, problems, prefix }) {
    if (op === 'create' && !STATION_CODE.test(String(values.stationCode ?? ''))) problems.push(`${prefix}${STATION_TEXT.code}`);
  },

  async afterTransition({ db, user }, transition, record) {
    if (transition !== 'commission' && transition !== 'resume') return;
    await addToStationDay(db, { id: Number(record.id), ownerCode: String(record.ownerCode) }, beijingDate(new Date()), {}, user.id);
  },
};

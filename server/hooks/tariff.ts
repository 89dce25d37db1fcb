// 电价 needs a hook for what its JSON cannot say: the periods cover the day, 00:00 to 24:00, without a gap or an
// overlap; the station is the tariff's own dealer's; and 生效 supersedes: under the station's row lock, the tariff in
// effect until now becomes 已失效, so a station never has two in effect, however many are made effective at once.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { periodProblems, type TariffPeriod } from '../data/chargingFees';
import { CHARGING_TEXT, ownerOfWrite, stationRow } from './chargingShared';
import type { TariffRecord } from './modelRecords';

export const TARIFF_STATUS = { draft: '84051001', effective: '84051002', superseded: '84051003' } as const;

export const tariffHooks: ModelHooks<TariffRecord> = {
  async beforeWrite({ db, user }, { values, current, input, problems, prefix }) {
    const station = values.stationId === undefined || values.stationId === null ? undefined : await stationRow(db, Number(values.stationId));
    const owner = ownerOfWrite(user, current, input);
    if (station && owner && station.ownerCode !== owner) problems.push(`${prefix}${CHARGING_TEXT.notOwnStation}`);
    if (problems.length === 0) problems.push(...periodProblems((values.periods ?? []) as unknown as TariffPeriod[]).map((p) => `${prefix}${p}`));
  },

  async beforeTransition({ db }, transition, record) {
    if (transition !== 'activate') return;
    const problems = periodProblems((record.periods ?? []) as TariffPeriod[]);
    if (problems.length > 0) throw new ApiError('invalidInput', problems.join('；'));
    // The station's lock orders the activations of its tariffs; the one in effect until now is superseded.
    await stationRow(db, Number(record.stationId), true);
    await sql`update tariffs set status = ${TARIFF_STATUS.superseded}, expired_at = now(), updated_at = now()
      where station_id = ${Number(record.stationId)} and status = ${TARIFF_STATUS.effective} and id <> ${Number(record.id)}`.execute(db);
  },
};

/** The tariff in effect at the station now, with its periods; undefined when it has none. */
export async function effectiveTariff(db: Kysely<Database>, stationId: number): Promise<{ id: number; periods: TariffPeriod[] } | undefined> {
  const { rows } = await sql<{ id: number }>`select id from tariffs where station_id = ${stationId} and status = ${TARIFF_STATUS.effective} order by effective_from desc limit 1`.execute(db);
  const id = rows[0] ? Number(rows[0].id) : undefined;
  if (id === undefined) return undefined;
  return { id, periods: await tariffPeriods(db, id) };
}

export async function tariffPeriods(db: Kysely<Database>, tariffId: number): Promise<TariffPeriod[]> {
  const { rows } = await sql<RecordValues>`select start, "end", kind, electricity_price::text as electricity_price, service_price::text as service_price
    from tariff_periods where parent_id = ${tariffId} order by line_no`.execute(db);
  return rows.map((r) => ({ start: String(r.start), end: String(r.end), kind: String(r.kind), electricityPrice: String(r.electricityPrice), servicePrice: String(r.servicePrice) }));
}

// Every operating charging station gets its summary row of each Beijing day as the day begins (充电站日统计), so a day
// without a single session still counts as idle capacity in the charging dashboard's utilisation. Idempotent (insert
// where missing), so every instance runs it; only where the charging models are served.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { beijingDate } from '../data/chargingFees';
import { ensureStationDays } from '../data/chargingOperations';
import type { LoadedModel } from '../models/modelCatalogue';

export const STATION_DAY_SWEEP_MS = 15 * 60_000;

/** Starts the sweep (at once, then every quarter of an hour); answers its stop. */
export function startChargingDaySweep(db: Kysely<Database>, models: readonly LoadedModel[], log: (error: unknown, message: string) => void, everyMs = STATION_DAY_SWEEP_MS): () => void {
  if (!models.some((m) => m.model.name === 'chargingStationDay') || !models.some((m) => m.model.name === 'chargingStation')) return () => undefined;
  const sweep = () => void ensureStationDays(db, beijingDate(new Date())).catch((error: unknown) => log(error, 'charging station day sweep failed'));
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

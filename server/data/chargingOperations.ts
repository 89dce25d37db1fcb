// The charging area's shared state changes, each inside the caller's transaction: a pile's row locked before anything
// about it is read or changed (an order's start and stop, a fault's report and close, an enable), so concurrent
// writes on one pile run one after the other; its status derived from its connectors and open faults; the daily
// summary rows (充电站日统计) added to atomically. Only the charging hooks call these, on the charging tables.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DAY_MINUTES } from './chargingFees';

export const PILE_STATUS = { idle: '84021001', charging: '84021002', faulty: '84021003', offline: '84021004', disabled: '84021005' } as const;
export const STATION_OPERATING = '84011002';
/** Faults not closed yet: a pile with one is 故障. */
export const OPEN_FAULT_STATUSES = ['84091001', '84091002', '84091003'] as const;

export interface LockedPile {
  id: number;
  pileCode: string;
  ownerCode: string;
  stationId: number;
  status: string;
}

/** The pile's row, locked until the transaction ends; undefined when there is none. */
export async function lockPile(db: Kysely<Database>, pileId: number): Promise<LockedPile | undefined> {
  const { rows } = await sql<LockedPile>`select id, pile_code, owner_code, station_id, status from charging_piles where id = ${pileId} for update`.execute(db);
  const pile = rows[0];
  return pile && { ...pile, id: Number(pile.id), stationId: Number(pile.stationId) };
}

/**
 * The status the pile's state calls for, written (the pile locked by the caller): 停用 and 离线 are an operator's (or the
 * heartbeat's) and stay; otherwise 故障 while a fault is open, 充电中 while a connector charges, else 空闲.
 */
export async function refreshPileStatus(db: Kysely<Database>, pile: LockedPile): Promise<string> {
  if (pile.status === PILE_STATUS.disabled || pile.status === PILE_STATUS.offline) return pile.status;
  const { rows } = await sql<{ faults: number; charging: number }>`select
      (select count(*)::int from charging_faults where pile_id = ${pile.id} and status in (${sql.join([...OPEN_FAULT_STATUSES])})) as faults,
      (select count(*)::int from charging_pile_connectors where parent_id = ${pile.id} and status = ${PILE_STATUS.charging}) as charging`.execute(db);
  const { faults, charging } = rows[0]!;
  const status = Number(faults) > 0 ? PILE_STATUS.faulty : Number(charging) > 0 ? PILE_STATUS.charging : PILE_STATUS.idle;
  if (status !== pile.status) await sql`update charging_piles set status = ${status}, updated_at = now() where id = ${pile.id}`.execute(db);
  return status;
}

/** The pile's connector `connectorNo` from 空闲 to 充电中, or false when it is not idle (or not there): the one test that
 * keeps a connector to one active order, decided by the row the update finds. */
export async function takeConnector(db: Kysely<Database>, pileId: number, connectorNo: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`update charging_pile_connectors set status = ${PILE_STATUS.charging}
    where parent_id = ${pileId} and connector_no = ${connectorNo} and status = ${PILE_STATUS.idle} returning id`.execute(db);
  return rows.length > 0;
}

export async function releaseConnector(db: Kysely<Database>, pileId: number, connectorNo: number): Promise<void> {
  await sql`update charging_pile_connectors set status = ${PILE_STATUS.idle} where parent_id = ${pileId} and connector_no = ${connectorNo} and status = ${PILE_STATUS.charging}`.execute(db);
}

/** The station's pile and connector counts, kept on its row as piles are added or changed. */
export async function recountStation(db: Kysely<Database>, stationId: number): Promise<void> {
  await sql`update charging_stations set pile_count = (select count(*) from charging_piles where station_id = ${stationId}), updated_at = now() where id = ${stationId}`.execute(db);
}

export interface DayIncrements {
  sessions?: number;
  energyKwh?: string;
  revenue?: string;
  chargingMinutes?: number;
  faults?: number;
  repairs?: number;
  repairHours?: string;
}

export const dayKeyOf = (stationId: number, statDate: string) => `${stationId}:${statDate}`;

/**
 * Adds to the station's row of `statDate` in one statement (created with the day's connector minutes, the station's
 * connectors × 1440, when it is the day's first event): concurrent writers each add their part, none is lost.
 */
export async function addToStationDay(db: Kysely<Database>, station: { id: number; ownerCode: string }, statDate: string, add: DayIncrements, userId: number | null): Promise<void> {
  const v = {
    sessions: add.sessions ?? 0,
    energyKwh: add.energyKwh ?? '0',
    revenue: add.revenue ?? '0',
    chargingMinutes: add.chargingMinutes ?? 0,
    faults: add.faults ?? 0,
    repairs: add.repairs ?? 0,
    repairHours: add.repairHours ?? '0',
  };
  await sql`insert into charging_station_days
      (day_key, owner_code, station_id, stat_date, sessions, energy_kwh, revenue, charging_minutes, connector_minutes, faults, repairs, repair_hours, created_by, updated_by)
    values (${dayKeyOf(station.id, statDate)}, ${station.ownerCode}, ${station.id}, ${statDate}, ${v.sessions}, ${v.energyKwh}, ${v.revenue}, ${v.chargingMinutes},
      ${connectorMinutes(station.id)}, ${v.faults}, ${v.repairs}, ${v.repairHours}, ${userId}, ${userId})
    on conflict (day_key) do update set
      sessions = charging_station_days.sessions + excluded.sessions,
      energy_kwh = charging_station_days.energy_kwh + excluded.energy_kwh,
      revenue = charging_station_days.revenue + excluded.revenue,
      charging_minutes = charging_station_days.charging_minutes + excluded.charging_minutes,
      faults = charging_station_days.faults + excluded.faults,
      repairs = charging_station_days.repairs + excluded.repairs,
      repair_hours = charging_station_days.repair_hours + excluded.repair_hours,
      updated_at = now(), updated_by = excluded.updated_by`.execute(db);
}

const connectorMinutes = (stationId: number) =>
  sql`(select coalesce(sum(p.connector_count), 0) * ${DAY_MINUTES} from charging_piles p where p.station_id = ${stationId} and p.status <> ${PILE_STATUS.disabled})`;

/** Every operating station's row of `statDate`, created empty where missing: a day without a session counts as idle
 * capacity in the utilisation, not as no day at all. Idempotent, so every instance may run it. */
export async function ensureStationDays(db: Kysely<Database>, statDate: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into charging_station_days (day_key, owner_code, station_id, stat_date, connector_minutes)
    select s.id || ':' || ${statDate}, s.owner_code, s.id, ${statDate}::date, ${sql`(select coalesce(sum(p.connector_count), 0) * ${DAY_MINUTES} from charging_piles p where p.station_id = s.id and p.status <> ${PILE_STATUS.disabled})`}
    from charging_stations s where s.status = ${STATION_OPERATING}
    on conflict (day_key) do nothing returning id`.execute(db);
  return rows.length;
}

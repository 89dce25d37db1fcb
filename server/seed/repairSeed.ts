// Writes the demo's repair orders with their lines and the workshop behind them (server/seed/repairWork.ts) into the
// after-sales models' tables, in multi-row inserts: orders and lines, receptions, dispatches, inspections, settlements,
// return visits, health checks, the reminders they left, booking slots and service packages. User codes become ids,
// order numbers become the orders' ids. A model the server does not serve (a test's own subset) is skipped.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RecordValues } from '../models/modelHooks';
import type { DemoWorld } from './demoWorld';
import { insertModelRows, type SeedRow } from './modelRows';

type Row = Record<string, unknown>;

export interface RepairSeedSummary {
  [model: string]: number;
}

/** The user-code fields of the rows and the id fields they become. */
const USER_FIELDS: Record<string, string> = {
  advisorCode: 'advisorId',
  technicianCode: 'technicianId',
  dispatcherCode: 'dispatchedBy',
  inspectorCode: 'inspectorId',
  responsibleTechCode: 'responsibleTechId',
  settledByCode: 'settledBy',
  approverCode: 'approverId',
  visitorCode: 'visitorId',
  handledByCode: 'handledBy',
  serviceAdvisorCode: 'serviceAdvisorId',
  lockedByCode: 'lockedBy',
};

function resolve(row: Row, userIds: ReadonlyMap<string, number>, orderIds: ReadonlyMap<string, number>): RecordValues {
  const out: RecordValues = {};
  for (const [name, value] of Object.entries(row)) {
    const idField = USER_FIELDS[name];
    if (idField) out[idField] = typeof value === 'string' ? (userIds.get(value) ?? null) : null;
    else out[name] = value;
  }
  if (typeof row.roNo === 'string' && orderIds.has(row.roNo)) out.roId = orderIds.get(row.roNo);
  if (out.createdBy === undefined) out.createdBy = out.advisorId ?? out.technicianId ?? out.inspectorId ?? out.settledBy ?? null;
  if (out.updatedAt === undefined && out.createdAt !== undefined) out.updatedAt = out.createdAt;
  return out;
}

/** Inserts the orders (with their lines) and answers their ids by number. */
export async function seedRepairOrders(db: Kysely<Database>, loaded: LoadedModel, world: DemoWorld, userIds: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const rows: SeedRow[] = world.repairOrders.map((order) => {
    const work = world.repairWork.orders.get(order.roNo)!;
    const advisorId = userIds.get(order.serviceAdvisorCode) ?? null;
    const { serviceAdvisorCode: _code, labourLines: _l, partLines: _p, addItems: _a, packages: _k, ...values } = work.values as Row & WorldLines;
    return {
      values: { ...values, serviceAdvisorId: advisorId, createdBy: advisorId, updatedBy: advisorId, updatedAt: order.createdAt, createdAt: order.createdAt },
      lines: work.lines,
    };
  });
  const ids = await insertModelRows(db, loaded, rows);
  return new Map(world.repairOrders.map((order, i) => [order.roNo, ids[i]!]));
}

interface WorldLines {
  labourLines?: unknown;
  partLines?: unknown;
  addItems?: unknown;
  packages?: unknown;
}

/** The rest of the workshop, once users, labour items and the orders are in. */
export async function seedRepairWork(db: Kysely<Database>, models: readonly LoadedModel[], world: DemoWorld, userIds: ReadonlyMap<string, number>, orderIds: ReadonlyMap<string, number>): Promise<RepairSeedSummary> {
  const work = world.repairWork;
  const named = (name: string) => models.find((m) => m.model.name === name);
  const summary: RepairSeedSummary = {};
  const plain = async (name: string, rows: Row[]) => {
    const loaded = named(name);
    if (!loaded || rows.length === 0) return;
    await insertModelRows(db, loaded, rows.map((row) => ({ values: resolve(row, userIds, orderIds) })));
    summary[name] = rows.length;
  };
  await plain('customerReception', work.receptions);
  await plain('roDispatch', work.dispatches);
  await plain('roInspection', work.inspections);
  await plain('roSettlement', work.settlements);
  await plain('returnVisit', work.visits);
  await plain('bookingSlot', work.slots);
  await plain('reminder', work.reminders);
  const checks = named('vehicleHealthCheck');
  if (checks && work.healthChecks.length > 0) {
    await insertModelRows(db, checks, work.healthChecks.map((c) => ({ values: resolve(c.values, userIds, orderIds), lines: { items: c.items } })));
    summary.vehicleHealthCheck = work.healthChecks.length;
  }
  const packages = named('servicePackage');
  if (packages && work.packages.length > 0) {
    await insertModelRows(db, packages, work.packages.map((p) => ({ values: { ...p.values, createdAt: new Date(`${String(p.values.validFrom)}T08:00:00+08:00`) }, lines: { labourLines: p.labourLines, partLines: p.partLines } })));
    summary.servicePackage = work.packages.length;
  }
  return summary;
}

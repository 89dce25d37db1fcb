import bcrypt from 'bcryptjs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_PASSWORD, DICTIONARY, MATERIAL_OPTION_TYPE, MATERIAL_TREE, MENUS, ORG_TYPE, POSITIONS, REPAIR_TYPES, type MaterialSeed } from './catalogue';
import { buildDemoWorld, type WorldOptions } from './demoWorld';
import { seedLabourItems } from './labourItems';
import { seedSalesTargets } from './salesTargets';
import { seedParts } from './partsSeed';
import { seedFinance, type FinanceSeedSummary } from './financeSeed';
import { seedSales } from './salesSeed';
import { seedRepairOrders, seedRepairWork } from './repairSeed';
import { OPTION_PRICES, seededMaterialAttributes } from './materialAttributes';
import { seedOrganisation } from './orgSeed';
import { seedCharging } from './chargingSeed';
import { seedAppShellData } from './appShellSeed';
import { seedPermissions } from './permissionSeed';
import { seedProcessDefinitions, seedProcessRoleHolders } from './processDefinitions';
import { seedModels, type DealerStaff } from './modelSeed';
import type { LoadedModel } from '../models/modelCatalogue';
import { declaredDictionaries } from '../../schemas/model/modelChecks';

export interface SeedSummary {
  organizations: number;
  users: number;
  customers: number;
  vehicles: number;
  repairOrders: number;
  bookings: number;
  /** Rows seeded per model from its seed hints (models with seed.perDealer). */
  models: Record<string, number>;
  /** The finance demo's rows (server/seed/financeSeed.ts), when its models are served. */
  finance?: FinanceSeedSummary;
}

export interface SeedOptions extends WorldOptions {
  /** The models whose seed hints give demo rows (their tables must exist: the models' migration runs first). */
  models?: readonly LoadedModel[];
  /** SEED_SCALE: multiplies each model's seed.perDealer. */
  seedScale?: number;
}

const BATCH = 500;
const MATERIAL_ATTRIBUTES = seededMaterialAttributes();

/** Seeds the demo data on a fresh database (no organisation yet); answers null when data is already there. */
export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary | null> {
  const existing = await db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return null;
  return seedDemoData(db, options);
}

export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const world = buildDemoWorld(options);
  let models: Record<string, number> = {};
  let finance: FinanceSeedSummary | undefined;
  // One hash for every demo account: bcrypt is slow on purpose, and the accounts share the README's password.
  const passwordHash = bcrypt.hashSync(DEMO_PASSWORD, 10);

  await db.transaction().execute(async (tx) => {
    await tx.insertInto('dictCodes').values(DICTIONARY.map((d, i) => ({ ...d, sort: i }))).execute();
    await tx.insertInto('repairTypes').values(REPAIR_TYPES.map((t, i) => ({ ...t, sort: i }))).execute();
    await tx.insertInto('positions').values([...POSITIONS]).execute();
    for (const menu of MENUS) {
      await tx.insertInto('menus').values({ ...menu, permission: JSON.stringify(menu.permission) }).execute();
    }

    const orgIds = new Map<string, number>();
    for (const org of world.organizations) {
      const { id } = await tx
        .insertInto('organizations')
        .values({
          orgCode: org.orgCode,
          orgName: org.orgName,
          parentId: org.parentCode ? orgIds.get(org.parentCode)! : null,
          orgType: org.orgType,
          companyType: org.companyType,
          groupOrgId: org.groupCode ? orgIds.get(org.groupCode)! : null,
          provinceName: org.provinceName,
          cityName: org.cityName,
          sort: org.sort,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orgIds.set(org.orgCode, id);
    }

    const userIds = new Map<string, number>();
    for (const batch of chunks(world.users)) {
      const rows = await tx
        .insertInto('users')
        .values(batch.map((u) => ({ userCode: u.userCode, passwordHash, employeeName: u.employeeName, employeeNo: u.employeeNo, orgId: orgIds.get(u.orgCode)!, phone: u.phone })))
        .returning(['id', 'userCode'])
        .execute();
      for (const row of rows) userIds.set(row.userCode, row.id);
    }
    const userPositions = world.users.flatMap((u) => u.positions.map((positionCode) => ({ userId: userIds.get(u.userCode)!, positionCode, orgId: orgIds.get(u.orgCode)! })));
    for (const batch of chunks(userPositions)) await tx.insertInto('userPositions').values(batch).execute();

    const customerIds: number[] = [];
    for (const batch of chunks(world.customers)) {
      const rows = await tx.insertInto('customers').values(batch).returning('id').execute();
      customerIds.push(...rows.map((r) => r.id));
    }
    for (const batch of chunks(world.vehicles)) {
      await tx
        .insertInto('vehicles')
        .values(batch.map(({ customerIndex, ...v }) => ({ ...v, customerId: customerIds[customerIndex]! })))
        .execute();
    }
    // The repair orders with their lines when the order model is served (the workshop behind them follows below).
    const repairOrderModel = options.models?.find((m) => m.model.name === 'repairOrder');
    const orderIds = repairOrderModel ? await seedRepairOrders(tx, repairOrderModel, world, userIds) : new Map<string, number>();
    if (!repairOrderModel) {
      for (const batch of chunks(world.repairOrders)) {
        await tx
          .insertInto('repairOrders')
          .values(
            batch.map(({ serviceAdvisorCode, reworkOfRoNo: _rework, ...o }) => {
              const advisorId = userIds.get(serviceAdvisorCode)!;
              return { ...o, serviceAdvisorId: advisorId, createdBy: advisorId, updatedBy: advisorId, updatedAt: o.createdAt };
            }),
          )
          .execute();
      }
    }
    await seedLabourItems(tx, options.anchorDate);
    await seedSalesTargets(tx, options.anchorDate);

    const materialIds = await insertMaterials(tx, MATERIAL_TREE, null, 1);
    for (const batch of chunks(world.bookings)) {
      await tx
        .insertInto('bookings')
        .values(
          batch.map(({ advisorCode, materialCodes, regionCodes, serviceItems, ...b }) => {
            const advisorId = userIds.get(advisorCode)!;
            const [brandId, seriesId, modelId, configId, colorId] = materialCodes.map((code) => materialIds.get(code)!) as [number, number, number, number, number];
            const [provinceCode, cityCode, countyCode] = regionCodes;
            return {
              ...b,
              brandId,
              seriesId,
              modelId,
              configId,
              colorId,
              provinceCode,
              cityCode,
              countyCode,
              serviceItems: JSON.stringify(serviceItems),
              advisorId,
              createdBy: advisorId,
              updatedBy: advisorId,
              updatedAt: b.createdAt,
            };
          }),
        )
        .execute();
    }
    await seedAppShellData(tx, world, options.anchorDate, userIds);
    await seedPermissions(tx, world, userIds);
    await seedProcessDefinitions(tx, userIds.get('admin') ?? null, new Date(`${options.anchorDate}T09:00:00+08:00`));
    const regionCodes = new Set(world.organizations.filter((o) => o.orgType === ORG_TYPE.region).map((o) => o.orgCode));
    const manufacturerCodes = new Set(world.organizations.filter((o) => o.orgType === ORG_TYPE.manufacturer).map((o) => o.orgCode));
    await seedProcessRoleHolders(tx, world.users, userIds, regionCodes, manufacturerCodes);
    // The models' demo rows, from their seed hints, among the staff of the world just written.
    if (options.models && options.models.length > 0) {
      const staff = new Map<string, Map<string, number[]>>();
      for (const user of world.users) {
        const byPosition = staff.get(user.orgCode) ?? new Map<string, number[]>();
        staff.set(user.orgCode, byPosition);
        for (const position of ['', ...user.positions]) byPosition.set(position, [...(byPosition.get(position) ?? []), userIds.get(user.userCode)!]);
      }
      const dictionary = new Map<string, string[]>();
      for (const entry of DICTIONARY) dictionary.set(entry.type, [...(dictionary.get(entry.type) ?? []), entry.codeId]);
      for (const [type, codes] of declaredDictionaries(options.models.map((m) => m.model))) if (!dictionary.has(type)) dictionary.set(type, [...codes]);
      models = await seedModels(tx, options.models, {
        anchorDate: options.anchorDate,
        scale: options.seedScale ?? 1,
        dealers: world.organizations.filter((o) => o.orgType === ORG_TYPE.dealer).map((o) => o.orgCode),
        staff: staff as DealerStaff,
        dictionary,
      });
      // The parts and stock demo (catalogue, stock and its ledger, the orders behind it).
      Object.assign(
        models,
        await seedParts(tx, options.models, options.anchorDate, {
          dealers: world.organizations.filter((o) => o.orgType === ORG_TYPE.dealer).map((o) => o.orgCode),
          staff: staff as DealerStaff,
          repairOrders: world.repairOrders,
        }),
      );
      // The workshop behind the repair orders (receptions, dispatches, inspections, settlements, visits, checks).
      Object.assign(models, await seedRepairWork(tx, options.models, world, userIds, orderIds));
      // The sales funnel (clues to deliveries, vehicle stock) over the staff just written.
      Object.assign(models, await seedSales(tx, options.models, { anchorDate: options.anchorDate, staff: staff as DealerStaff }));
      // Companies and channels of the organisation area (counted by its own tests, not in this summary).
      await seedOrganisation(tx, options.models, options.anchorDate);
      // The charging demo (stations, piles, tariffs, 60 days of sessions and faults, the dashboard's daily rows).
      await seedCharging(tx, options.models, options.anchorDate);
      // The finance demo, from the settled repair orders written above.
      finance = await seedFinance(tx, options.models, options.anchorDate);
    }
  });
  // Fresh statistics let the planner use the indexes from the first query on (the embedded database has no autovacuum).
  await sql`analyze`.execute(db);

  return {
    organizations: world.organizations.length,
    users: world.users.length,
    customers: world.customers.length,
    vehicles: world.vehicles.length,
    repairOrders: world.repairOrders.length,
    bookings: world.bookings.length,
    models,
    ...(finance ? { finance } : {}),
  };
}

/** The material tree, level by level from the brands down; answers the id of each material code. */
async function insertMaterials(tx: Kysely<Database>, nodes: MaterialSeed[], parentId: number | null, level: number, ids = new Map<string, number>()): Promise<Map<string, number>> {
  for (const [sort, node] of nodes.entries()) {
    const { id } = await tx
      .insertInto('materials')
      .values({ parentId, level, materialCode: node.code, materialNameZh: node.name, sort, ...MATERIAL_ATTRIBUTES.get(node.code) })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(node.code, id);
    if (node.options?.length) {
      await tx
        .insertInto('materialOptions')
        .values(node.options.map((o, i) => ({ materialId: id, optionType: MATERIAL_OPTION_TYPE, optionCode: o.code, optionNameZh: o.name, sort: i, price: OPTION_PRICES[o.code] ?? null })))
        .execute();
    }
    await insertMaterials(tx, node.children, id, level + 1, ids);
  }
  return ids;
}

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/**
 * The default last day of the demo history: yesterday in Beijing time (YYYY-MM-DD), so no seeded order is opened
 * later than the moment the demo starts.
 */
export function defaultSeedAnchor(now = new Date()): string {
  const yesterday = new Date(now.getTime() - 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(yesterday);
}

// The sales demo on a fresh database (domain.md §4 Demo): the clue-source tree, then each dealer's funnel built by
// salesFunnel.ts (market activities, the consultants' roster, test-drive cars, vehicle stock, customers with their
// clues, follow-ups, invitations, showroom visits, test drives, quotations, orders and deliveries), a few tags and the
// consultants' work numbers. Rows go straight into the models' tables in multi-row inserts, in reference order (a
// customer before its clue and its visits, a quotation before its order), so a fresh start stays quick.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LoadedModel } from '../models/modelCatalogue';
import { DEALERS, REGION_TREE, SERIES } from './catalogue';
import type { DealerStaff } from './modelSeed';
import { insertModelRows, type SeedRow } from './modelRows';
import { buildDealerFunnel, CLUE_SOURCE_TREE, FUNNEL_DAYS, type DealerFunnel, type MaterialModel, type Row } from './salesFunnel';
import { TARGET_MODELS } from './salesTargets';

export interface SalesSeedOptions {
  anchorDate: string;
  staff: DealerStaff;
}

const SALES_MODELS = [
  'clueSource', 'marketActivity', 'consultantWork', 'testDriveCar', 'vehicleStock', 'potentialCustomer', 'clue', 'followUp', 'appointment',
  'showroomReception', 'testDrive', 'quotation', 'salesOrder', 'delivery', 'tag', 'customerTag', 'workNoBinding',
] as const;

const instant = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

/** A funnel row as the row inserter takes it: its values, dealer and times. */
function seedRow(row: Row, values: Record<string, unknown> = {}): SeedRow {
  const created = instant(row.createdAt);
  return { values: { ...row.values, ...values, ownerCode: row.ownerCode, createdAt: created, updatedAt: created, createdBy: row.createdBy, updatedBy: row.createdBy } };
}

/** The vehicle models of the material tree (in the targets' order) with their configurations, colours and prices. */
async function materialModels(db: Kysely<Database>): Promise<MaterialModel[]> {
  const { rows } = await sql<{ id: number; code: string; name: string; level: number; parentId: number | null; guidePrice: string | null }>`
    select id, material_code as code, material_name_zh as name, level, parent_id, guide_price::text as guide_price from materials order by sort, id`.execute(db);
  const { rows: options } = await sql<{ id: number; materialId: number; price: string | null }>`select id, material_id, price::text as price from material_options`.execute(db);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return TARGET_MODELS.flatMap(({ code }) => {
    const model = rows.find((r) => r.code === code && r.level === 3);
    if (!model) return [];
    const series = byId.get(Number(model.parentId))!;
    const vds = SERIES.find((s) => s.seriesName === series.name)?.vds ?? 'A3B1C';
    const configs = rows
      .filter((r) => r.level === 4 && Number(r.parentId) === Number(model.id) && r.guidePrice !== null)
      .map((c) => ({
        id: Number(c.id),
        code: c.code,
        guidePrice: c.guidePrice!,
        colours: rows.filter((k) => k.level === 5 && Number(k.parentId) === Number(c.id)).map((k) => ({ id: Number(k.id), name: k.name })),
        options: options.filter((o) => Number(o.materialId) === Number(c.id)).map((o) => ({ id: Number(o.id), price: o.price ?? '0.00' })),
      }));
    return configs.length > 0 ? [{ code, seriesCode: series.code, seriesName: series.name, vds, configs }] : [];
  });
}

const cityCodeOf = (cityName: string) => REGION_TREE.flatMap((p) => p.children ?? []).find((c) => c.regionName === cityName)?.regionCode ?? '110100';

/** Rows other rows point at get their ids (`referred`); the rest are written without. */
async function insert(db: Kysely<Database>, models: ReadonlyMap<string, LoadedModel>, name: string, rows: Row[], values: (row: Row) => Record<string, unknown> = () => ({}), referred = false): Promise<void> {
  const loaded = models.get(name)!;
  const ids = await insertModelRows(db, loaded, rows.map((row) => seedRow(row, values(row))), referred);
  rows.forEach((row, i) => (row.id = ids[i]));
}

/** Seeds the sales area; a test's own subset of models without it is left alone. Answers the rows by model. */
export async function seedSales(db: Kysely<Database>, loadedModels: readonly LoadedModel[], options: SalesSeedOptions): Promise<Record<string, number>> {
  const models = new Map(loadedModels.map((m) => [m.model.name, m]));
  if (!SALES_MODELS.every((name) => models.has(name))) return {};
  const materials = await materialModels(db);
  if (materials.length === 0) return {};
  const loadedAt = new Date(`${options.anchorDate}T08:00:00+08:00`);
  loadedAt.setUTCFullYear(loadedAt.getUTCFullYear() - 2);
  const sources = CLUE_SOURCE_TREE.flatMap((parent, p) => [
    { code: parent.code, name: parent.name, kind: parent.kind, parent: null, sort: p * 100 },
    ...parent.children.map(([code, name], c) => ({ code, name, kind: parent.kind, parent: parent.code, sort: p * 100 + c + 1 })),
  ]);
  await insertModelRows(
    db,
    models.get('clueSource')!,
    sources.map((s) => ({ values: { sourceCode: s.code, sourceName: s.name, sourceKind: s.kind, parentCode: s.parent, sort: s.sort, enabled: '1', remark: null, createdAt: loadedAt, updatedAt: loadedAt } })),
  );

  const phones = new Set<string>();
  const vinSerial = { next: 100001 };
  const funnels: DealerFunnel[] = DEALERS.map((dealer, index) =>
    buildDealerFunnel({ orgCode: dealer.orgCode, index, cityCode: cityCodeOf(dealer.cityName), platePrefix: dealer.platePrefixes[0]! }, options.anchorDate, options.staff, materials, vinSerial, phones),
  );
  const all = <K extends keyof DealerFunnel>(key: K) => funnels.flatMap((f) => f[key]) as DealerFunnel[K];

  await insert(db, models, 'marketActivity', all('activities'));
  await insert(db, models, 'consultantWork', all('works'));
  await insert(db, models, 'testDriveCar', all('cars'));
  await insert(db, models, 'vehicleStock', all('stocks'));
  const potentials = all('potentials');
  await insert(db, models, 'potentialCustomer', potentials, undefined, true);
  const clues = all('clues');
  await insert(db, models, 'clue', clues, (row) => ({ potenId: (row as (typeof clues)[number]).poten?.id ?? null }));
  // Each converted clue's customer points back at it.
  await sql`update potential_customers p set clue_id = c.id from clues c where c.poten_id = p.id and c.status = '83111003'`.execute(db);
  // Each 车展 clue of an activity was registered at its stand (车展接待登记): the registration the clue came from.
  const registrations = models.has('exhibitionRegistration')
    ? (
        await sql`insert into exhibition_registrations (activity_no, customer_name, phone, intent_series_code, consultant_id, clue_id, remark, owner_code, created_at, updated_at, created_by, updated_by)
          select activity_no, customer_name, phone, intent_series_code, consultant_id, id, null, owner_code, created_at, created_at, created_by, created_by
          from clues where clue_source = 'DLR02' and activity_no is not null`.execute(db)
      ).numAffectedRows
    : 0n;
  const followUps = all('followUps');
  await insert(db, models, 'followUp', followUps, (row) => ({ potenId: (row as (typeof followUps)[number]).poten.id }));
  const appointments = all('appointments');
  await insert(db, models, 'appointment', appointments, (row) => ({ potenId: (row as (typeof appointments)[number]).poten.id }), true);
  const receptions = all('receptions');
  await insert(db, models, 'showroomReception', receptions, (row) => {
    const reception = row as (typeof receptions)[number];
    return { potenId: reception.poten.id, appointmentId: reception.appointment?.id ?? null };
  });
  const drives = all('drives');
  await insert(db, models, 'testDrive', drives, (row) => ({ potenId: (row as (typeof drives)[number]).poten.id }));
  const quotations = all('quotations');
  await insert(db, models, 'quotation', quotations, (row) => ({ potenId: (row as (typeof quotations)[number]).poten.id }), true);
  const orders = all('orders');
  await insert(db, models, 'salesOrder', orders, (row) => {
    const order = row as (typeof orders)[number];
    return { potenId: order.poten?.id ?? null, quotationId: order.quotation?.id ?? null };
  }, true);
  const deliveries = all('deliveries');
  await insert(db, models, 'delivery', deliveries, (row) => ({ salesOrderId: (row as (typeof deliveries)[number]).order.id }));

  const extras = await seedTagsAndWorkNumbers(db, models, options, loadedAt);
  return {
    clueSource: sources.length,
    marketActivity: all('activities').length,
    consultantWork: all('works').length,
    testDriveCar: all('cars').length,
    vehicleStock: all('stocks').length,
    potentialCustomer: potentials.length,
    clue: clues.length,
    followUp: followUps.length,
    appointment: appointments.length,
    showroomReception: receptions.length,
    testDrive: drives.length,
    quotation: quotations.length,
    salesOrder: orders.length,
    delivery: deliveries.length,
    ...(models.has('exhibitionRegistration') ? { exhibitionRegistration: Number(registrations ?? 0n) } : {}),
    ...extras,
  };
}

/** Two rule tags and a manual one per dealer (members computed from the customers just written), and each consultant's
 * CTI and WeCom work numbers. */
async function seedTagsAndWorkNumbers(db: Kysely<Database>, models: ReadonlyMap<string, LoadedModel>, options: SalesSeedOptions, loadedAt: Date): Promise<Record<string, number>> {
  const tags: { values: Record<string, unknown> }[] = [];
  const bindings: { values: Record<string, unknown> }[] = [];
  for (const dealer of DEALERS) {
    const base = { ownerCode: dealer.orgCode, createdAt: loadedAt, updatedAt: loadedAt, enabled: '1', remark: null, customerCount: 0, refreshedAt: loadedAt };
    tags.push(
      { values: { ...base, tagCode: 'HOT', tagName: 'H级意向', groupName: '意向', tagKind: '83261002', rule: [{ fieldName: 'intentLevel', conditionCode: 'in', value: ['83071001'] }, { fieldName: 'status', conditionCode: 'in', value: ['83101001'] }] } },
      { values: { ...base, tagCode: 'TRADEIN', tagName: '置换客户', groupName: '购买类型', tagKind: '83261002', rule: [{ fieldName: 'buyType', conditionCode: 'in', value: ['83081003'] }] } },
      { values: { ...base, tagCode: 'VIP', tagName: '重点客户', groupName: '客户价值', tagKind: '83261001', rule: null } },
    );
    const consultants = options.staff.get(dealer.orgCode)?.get('XSGW') ?? [];
    consultants.forEach((userId, i) => {
      for (const [platform, prefix] of [['83281001', '8'], ['83281002', 'wx']] as const) {
        bindings.push({ values: { ownerCode: dealer.orgCode, userId, employeeNo: null, platform, workNo: `${prefix}${dealer.orgCode.slice(1)}${String(i + 1).padStart(2, '0')}`, status: '83291001', boundAt: loadedAt, unboundAt: null, remark: null, createdAt: loadedAt, updatedAt: loadedAt } });
      }
    });
  }
  await insertModelRows(db, models.get('tag')!, tags);
  await insertModelRows(db, models.get('workNoBinding')!, bindings);
  await sql`update work_no_bindings b set employee_no = u.employee_no from users u where u.id = b.user_id`.execute(db);
  // Rule tags' members from their rules (as 刷新 computes them); the manual tag on a few customers who ordered.
  const since = new Date(loadedAt.getTime() + (730 - FUNNEL_DAYS) * 86_400_000);
  await sql`insert into customer_tags (tag_id, poten_id, phone, owner_code, created_at, updated_at)
    select t.id, p.id, p.phone, p.owner_code, ${since}, ${since} from tags t join potential_customers p on p.owner_code = t.owner_code
    where (t.tag_code = 'HOT' and p.intent_level = '83071001' and p.status = '83101001') or (t.tag_code = 'TRADEIN' and p.buy_type = '83081003')
      or (t.tag_code = 'VIP' and p.status = '83101002' and p.id % 4 = 0)`.execute(db);
  await sql`update tags t set customer_count = (select count(*) from customer_tags c where c.tag_id = t.id)`.execute(db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from customer_tags`.execute(db);
  return { tag: tags.length, customerTag: Number(rows[0]?.n ?? 0), workNoBinding: bindings.length };
}

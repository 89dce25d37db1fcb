// The parts and stock demo (domain.md §3 Demo): the manufacturer's part catalogue, then each dealer's warehouses, stock
// and the year of documents and ledger behind it (server/seed/partsHistory.ts). Rows go straight into the models' tables
// in multi-row inserts, as the other seed modules write theirs, so a fresh start stays quick.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LoadedModel } from '../models/modelCatalogue';
import { insertModelRows, type SeedRow } from './modelRows';
import { PART_CATALOGUE } from './partsCatalogue';
import { buildPartsHistory, type HistoryRepairOrder } from './partsHistory';

export interface PartsSeedSummary {
  partInfo: number;
  warehouse?: number;
  partStock?: number;
  stockLedger?: number;
  partInOrder?: number;
  partOutOrder?: number;
  stocktake?: number;
  allocation?: number;
  allocationIn?: number;
  partLock?: number;
}

export interface PartsSeedWorld {
  dealers: readonly string[];
  /** The dealer's staff by position code (LLR 领料员, JS 技师, SHR 审核人). */
  staff: ReadonlyMap<string, ReadonlyMap<string, readonly number[]>>;
  repairOrders: readonly HistoryRepairOrder[];
}

const modelNamed = (models: readonly LoadedModel[], name: string) => models.find((m) => m.model.name === name);
const STOCK_MODELS = ['warehouse', 'partStock', 'stockLedger', 'partInOrder', 'partOutOrder', 'stocktake', 'allocation', 'allocationIn', 'partLock'] as const;

const fen = (text: unknown) => Math.round(Number(text) * 100);
const fenText = (f: number) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`;

/** The supplier's invoices of each dealer's first two received purchases, registered at their cost (配件发票登记, the
 * 入库成本 of the in-order, 13% tax), the first paid: no random draw, so the rest of the parts history stays as it was. */
function supplierInvoices(inOrders: readonly SeedRow[]): SeedRow[] {
  const taken = new Map<string, number>();
  const rows: SeedRow[] = [];
  for (const { values } of inOrders) {
    const ownerCode = String(values.ownerCode);
    const n = taken.get(ownerCode) ?? 0;
    if (n >= 2 || values.inType !== '82051001' || values.status !== '82061002' || !values.receivedAt) continue;
    taken.set(ownerCode, n + 1);
    const cost = fen(values.totalAmount);
    const tax = Math.round(cost * 0.13);
    const day = String(values.receivedAt).slice(0, 10);
    const paid = n === 0;
    rows.push({
      values: {
        ownerCode,
        registerNo: `FP${ownerCode}${day.slice(2).replaceAll('-', '')}${String(n + 1).padStart(4, '0')}`,
        supplierCode: 'HSQC',
        supplierName: '华晟汽车配件销售有限公司',
        invoiceNo: `2611${day.replaceAll('-', '')}${ownerCode.slice(1)}${String(n + 1).padStart(3, '0')}`,
        invoiceDate: day,
        amountExTax: fenText(cost),
        taxAmount: fenText(tax),
        totalAmount: fenText(cost + tax),
        inOrderNos: [values.inNo],
        inOrderAmount: fenText(cost),
        status: paid ? '81191003' : '81191002',
        paySerialNo: paid ? `ICBC${day.replaceAll('-', '')}${ownerCode.slice(1)}0001` : null,
        paidAt: paid ? `${day} 16:00:00` : null,
        remark: null,
        createdAt: values.createdAt,
        updatedAt: values.updatedAt,
        createdBy: values.createdBy,
        updatedBy: values.updatedBy,
      },
    });
  }
  return rows;
}

/** Seeds the parts area on a fresh database; a model not served (a test's own subset) is skipped with what needs it. */
export async function seedParts(db: Kysely<Database>, models: readonly LoadedModel[], anchorDate: string, world?: PartsSeedWorld): Promise<PartsSeedSummary> {
  const partInfo = modelNamed(models, 'partInfo');
  if (!partInfo) return { partInfo: 0 };
  // The catalogue was loaded before the demo history begins.
  const loadedAt = new Date(`${anchorDate}T08:00:00+08:00`);
  loadedAt.setUTCFullYear(loadedAt.getUTCFullYear() - 2);
  await insertModelRows(
    db,
    partInfo,
    PART_CATALOGUE.map((part) => ({ values: { ...part, taxRate: '0.1300', enabled: '1', remark: null, createdAt: loadedAt, updatedAt: loadedAt } })),
  );
  const summary: PartsSeedSummary = { partInfo: PART_CATALOGUE.length };
  const loaded = STOCK_MODELS.map((name) => modelNamed(models, name));
  if (!world || loaded.some((m) => m === undefined)) return summary;
  const [warehouse, partStock, stockLedger, partInOrder, partOutOrder, stocktake, allocation, allocationIn, partLock] = loaded as LoadedModel[];
  const first = (ownerCode: string, position: string) => world.staff.get(ownerCode)?.get(position)?.[0] ?? null;
  const history = buildPartsHistory(
    anchorDate,
    PART_CATALOGUE,
    world.dealers.map((ownerCode) => ({ ownerCode, clerkId: first(ownerCode, 'LLR'), technicianId: first(ownerCode, 'JS'), approverId: first(ownerCode, 'SHR') })),
    world.repairOrders,
  );
  await insertModelRows(db, warehouse!, history.warehouses);
  await insertModelRows(db, partStock!, history.partStocks);
  await insertModelRows(db, stockLedger!, history.stockLedgers);
  await insertModelRows(db, partInOrder!, history.partInOrders);
  await insertModelRows(db, partOutOrder!, history.partOutOrders);
  await insertModelRows(db, stocktake!, history.stocktakes);
  const allocationIds = await insertModelRows(db, allocation!, history.allocations);
  history.allocationIns.forEach((row, i) => (row.values.allocationId = allocationIds[i]));
  await insertModelRows(db, allocationIn!, history.allocationIns);
  await insertModelRows(db, partLock!, history.partLocks);
  const invoiceModel = modelNamed(models, 'partInvoiceRegister');
  const invoices = invoiceModel ? supplierInvoices(history.partInOrders) : [];
  if (invoiceModel) await insertModelRows(db, invoiceModel, invoices, false);
  return {
    ...summary,
    warehouse: history.warehouses.length,
    partStock: history.partStocks.length,
    stockLedger: history.stockLedgers.length,
    partInOrder: history.partInOrders.length,
    partOutOrder: history.partOutOrders.length,
    stocktake: history.stocktakes.length,
    allocation: history.allocations.length,
    allocationIn: history.allocationIns.length,
    partLock: history.partLocks.length,
  };
}

// Repair-accounting state (building-blocks §3): the tax rate, the receivable and net-receipt figures, and the tables
// the accounting panels keep in step (labour, parts, additional items...), by name.
import { makeAutoObservable } from 'mobx';
import type { SectionRow } from './reception';

export interface ReceivableInfo {
  /** What the customer owes before discounts. */
  receivableAmount: number;
  discountAmount: number;
  /** What is actually collected: receivable less discount. */
  netReceiptAmount: number;
}

const ZERO: ReceivableInfo = { receivableAmount: 0, discountAmount: 0, netReceiptAmount: 0 };

const round2 = (value: number) => Math.round(value * 100) / 100;

export class RepairAccountingStore {
  /** VAT rate as a fraction (0.13 for 13 %). */
  taxRate = 0.13;
  receivable: ReceivableInfo = { ...ZERO };
  syncedTables: Record<string, SectionRow[]> = {};

  constructor() {
    makeAutoObservable(this);
  }

  setTaxRate(rate: number): void {
    if (!(rate >= 0 && rate < 1)) throw new Error(`税率应在 0 与 1 之间：${rate}`);
    this.taxRate = rate;
  }

  /** Sets what is owed and the discount; the net receipt follows. */
  setReceivable(receivableAmount: number, discountAmount = 0): void {
    this.receivable = { receivableAmount: round2(receivableAmount), discountAmount: round2(discountAmount), netReceiptAmount: round2(receivableAmount - discountAmount) };
  }

  /** The tax contained in a tax-inclusive amount. */
  taxIncluded(amount: number): number {
    return round2(amount - amount / (1 + this.taxRate));
  }

  syncTable(name: string, rows: SectionRow[]): void {
    this.syncedTables = { ...this.syncedTables, [name]: rows };
  }

  clear(): void {
    this.receivable = { ...ZERO };
    this.syncedTables = {};
  }
}

export const repairAccounting = new RepairAccountingStore();

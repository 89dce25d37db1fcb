// 配件预留 needs a hook: a reservation moves the stock row's lockedQty, which JSON cannot say. Creating one takes the
// quantity out of what is available in one conditional statement (refused, with what is left, when another order holds
// it); 释放 gives back what was not issued. An issue that names the reservation (出库单 line lockId) consumes it
// (server/hooks/partOutOrder.ts), so a stock row's lockedQty is the sum of its open reservations' unissued quantities.
import type { ModelHooks } from '../models/modelHooks';
import type { PartLockRecord } from './modelRecords';
import { exact, lockStock, partsOf, STOCK_TEXT, unlockStock, warehouseOf } from './stockPostings';

/** 预留状态 (dictionary 8211). */
export const LOCK_STATUS = { locked: '82111001', issued: '82111002', released: '82111003' } as const;

export const partLockHooks: ModelHooks<PartLockRecord> = {
  async beforeWrite({ db, user }, change) {
    const { values, problems, prefix, ownerCode } = change;
    if (change.op !== 'create' || !ownerCode) return;
    const part = (await partsOf(db, [values.partNo])).get(values.partNo);
    if (!part || part.enabled === '0') problems.push(`${prefix}${STOCK_TEXT.partMissing(values.partNo)}`);
    else values.partName = part.partName;
    if (!(await warehouseOf(db, ownerCode, values.warehouseCode))) problems.push(`${prefix}${STOCK_TEXT.warehouseMissing(values.warehouseCode)}`);
    // Taken last, once the reservation is otherwise right: a refusal here rolls the whole write back.
    if (problems.length === 0) await lockStock(db, { ownerCode, warehouseCode: values.warehouseCode, partNo: values.partNo, partName: part!.partName }, values.qty, user.id);
  },

  async beforeTransition({ db, user }, transition, record) {
    if (transition !== 'release') return;
    const lock = record as unknown as PartLockRecord;
    const left = exact.minus(lock.qty, lock.issuedQty ?? '0');
    if (exact.isPositive(left)) await unlockStock(db, { ownerCode: lock.ownerCode, warehouseCode: lock.warehouseCode, partNo: lock.partNo }, left, user.id);
  },
};

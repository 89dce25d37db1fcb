// 维修工单 needs a hook: the opening advisor (by the user's position) and the print query are not JSON.
import { addDecimal, decimalText, toDecimal } from '../../schemas/expression/decimal';
import { formatDateTime } from '../http/dates';
import type { ModelHooks } from '../models/modelHooks';
import type { RepairOrderRecord } from './modelRecords';

export const repairOrderHooks: ModelHooks<RepairOrderRecord> = {
  beforeWrite({ user }, change) {
    // The service advisor who opens the order (position FWGW) is its advisor; anyone else opens it without one.
    if (change.op === 'create') change.values.serviceAdvisorId = user.positions.includes('FWGW') ? user.id : null;
  },

  calls: {
    /** order/repair/queryPrintInfo/:id: the order as printed, its total (exact: labour + parts) and when it was printed. */
    async printInfo(_context, { params, reads }) {
      const order = await reads.get(Number(params.id));
      const amount = (value: unknown) => toDecimal(value) ?? { units: 0n, scale: 0 };
      const total = addDecimal(amount(order.labourAmount), amount(order.partAmount));
      return { ...order, totalAmount: decimalText(total, 2), printedAt: formatDateTime(new Date()) };
    },
  },
};

// 维修工单 needs a hook: the opening advisor, the delete refusal's own words and the print query are not JSON.
import { addDecimal, decimalText, toDecimal } from '../../schemas/expression/decimal';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';

const WAITING = '80211001';

export const repairOrderHooks: ModelHooks = {
  beforeWrite({ user }, change) {
    // The service advisor who opens the order (position FWGW) is its advisor; anyone else opens it without one.
    if (change.op === 'create') change.values.serviceAdvisorId = user.positions.includes('FWGW') ? user.id : null;
  },

  beforeDelete(_context, record) {
    // Only an order still waiting for dispatch may go (the row is locked: no race with a dispatch).
    if (record.status !== WAITING) throw new ApiError('invalidInput', '只有待派工状态的工单可以删除');
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

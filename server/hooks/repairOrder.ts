// 维修工单 needs a hook: the opening advisor (by the user's position), the amounts taken from the lines only when the
// request sends lines, and the print query are not JSON.
import { addDecimal, decimalText, toDecimal } from '../../schemas/expression/decimal';
import { formatDateTime } from '../http/dates';
import { checkFieldValue } from '../models/fieldValues';
import type { ModelHooks, WriteChange } from '../models/modelHooks';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RepairOrderRecord } from './modelRecords';

const amount = (value: unknown) => toDecimal(value) ?? { units: 0n, scale: 0 };

/** Which lines make which amount. */
const LINE_AMOUNTS = [
  { lines: 'labourLines', total: 'labourAmount' },
  { lines: 'partLines', total: 'partAmount' },
] as const;

// A compute expression cannot say "the sum of the lines once the order has lines, else the amount as entered or
// stored": orders opened before lines existed (and clients that post amounts) keep their amounts, even when a form sends
// their empty list back, while an order with lines gets their exact sum (each line's amount computed by the model,
// round(hours * rate, 2)), and 0 when its last line is removed.
function amountsFromLines(model: LoadedModel, change: WriteChange<RepairOrderRecord>): void {
  for (const { lines, total } of LINE_AMOUNTS) {
    const sent = change.input[lines];
    if (!Array.isArray(sent)) continue;
    const had = change.current?.[lines];
    if (sent.length === 0 && !(Array.isArray(had) && had.length > 0)) continue;
    const sum = change.values[lines].reduce((acc, line) => addDecimal(acc, amount(line.amount)), amount(0));
    const field = model.fields.get(total)!;
    const checked = checkFieldValue(field, decimalText(sum, 2));
    if (checked.ok) change.values[total] = checked.value as string;
    else change.problems.push(`${change.prefix}${checked.problem}`);
  }
}

export const repairOrderHooks: ModelHooks<RepairOrderRecord> = {
  beforeWrite({ user, model }, change) {
    // The service advisor who opens the order (position FWGW) is its advisor; anyone else opens it without one.
    if (change.op === 'create') change.values.serviceAdvisorId = user.positions.includes('FWGW') ? user.id : null;
    amountsFromLines(model, change);
  },

  calls: {
    /** order/repair/queryPrintInfo/:id: the order as printed, its total (exact: labour + parts) and when it was printed. */
    async printInfo(_context, { params, reads }) {
      const order = await reads.get(Number(params.id));
      const total = addDecimal(amount(order.labourAmount), amount(order.partAmount));
      return { ...order, totalAmount: decimalText(total, 2), printedAt: formatDateTime(new Date()) };
    },
  },
};

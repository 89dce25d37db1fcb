// What a process's conditions read (the designer's condition table, issue 23): the record's own fields by name, and
// `amount` (单据金额, the variable every process offers), the sum of the record's money fields in exact decimals, so a
// threshold on a repair order's amount means labour plus parts without a per-model rule.
import { addDecimal, decimalText, toDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RecordValues } from '../models/modelHooks';

export function processVariables(loaded: LoadedModel, record: RecordValues): RecordValues {
  let amount: Decimal = { units: 0n, scale: 2 };
  for (const field of loaded.fields.values()) {
    if (field.type !== 'money') continue;
    const value = toDecimal(record[field.name]);
    if (value) amount = addDecimal(amount, value);
  }
  const fields = Object.fromEntries(Object.entries(record).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)));
  return { ...fields, amount: Object.hasOwn(fields, 'amount') ? fields.amount : decimalText(amount) };
}

// A query scheme's conditions from the filter bar's values and back (schemas/api/querySchemes.ts): each filter field with
// a value becomes one condition, typed from the field (a select is `select`, in or eq; a range field `between` its two
// ends; an input `like`, a number `eq`), and a condition gives its field its value back. Fields a scheme names that the
// screen no longer has are left out.
import type { Field } from '../../../schemas/screen/screen.types';
import type { SchemeCondition, SchemeOption } from '../../../schemas/api/querySchemes';

type Values = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.every((v) => v === undefined || v === null || v === ''));

const SELECTS = new Set(['select', 'tree-select', 'radio', 'checkbox-group', 'consultant', 'user', 'dealer-picker']);
const NUMBERS = new Set(['number', 'number-range']);

function conditionOf(field: Field, value: unknown): SchemeCondition {
  const list = (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'number' ? v : v === null || v === undefined ? null : String(v)));
  if (field.fieldName.includes('|') || field.type.endsWith('-range')) return { fieldName: field.fieldName, conditionCode: 'between', componentType: 'input', value: list };
  if (SELECTS.has(field.type)) {
    const selectItem: SchemeOption[] | undefined = field.options?.map((o) => ({ value: String(o.value), text: o.text }));
    return { fieldName: field.fieldName, conditionCode: field.multiple ? 'in' : 'eq', componentType: 'select', value: list, ...(selectItem ? { selectItem } : {}) };
  }
  return { fieldName: field.fieldName, conditionCode: NUMBERS.has(field.type) ? 'eq' : 'like', componentType: 'input', value: list };
}

/** A field's value among the form's data: a range field ("from|to") as its two ends, split or not. */
function valueOf(field: Field, values: Values): unknown {
  if (Object.hasOwn(values, field.fieldName) || !field.fieldName.includes('|')) return values[field.fieldName];
  return field.fieldName.split('|').map((name) => values[name] ?? null);
}

/** The conditions of the values the filter bar holds (empty fields left out). */
export function conditionsOf(fields: readonly Field[], values: Values): SchemeCondition[] {
  return fields.filter((f) => f.type !== 'divider' && !isBlank(valueOf(f, values))).map((f) => conditionOf(f, valueOf(f, values)));
}

/** The filter bar's values of a scheme's conditions, over the fields' defaults cleared (a scheme says all it filters). */
export function valuesOf(fields: readonly Field[], conditions: readonly SchemeCondition[]): Values {
  const values: Values = Object.fromEntries(fields.map((f) => [f.fieldName, f.fieldName.includes('|') || f.multiple ? [] : undefined]));
  for (const condition of conditions) {
    const field = fields.find((f) => f.fieldName === condition.fieldName);
    if (!field) continue;
    const ranged = condition.conditionCode === 'between' || field.fieldName.includes('|');
    values[field.fieldName] = ranged || field.multiple ? [...condition.value] : condition.value[0];
  }
  return values;
}

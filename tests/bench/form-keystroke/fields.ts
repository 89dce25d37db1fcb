// The benchmark's form: 200 text fields, as a screen declares them. Plain rjsf gets the JSON Schema our engine builds
// from them (buildFormModel), so both render the very same schema.
import type { Field } from '../../../schemas/screen/screen.types';

export const FIELD_COUNT = 200;
/** The field typed into: one in the middle, so neither engine gets the first or the last. */
export const TYPED_FIELD = 'field100';

export const benchFields: Field[] = Array.from({ length: FIELD_COUNT }, (_, i) => ({
  fieldName: `field${i + 1}`,
  label: `字段${i + 1}`,
  type: 'input',
}));

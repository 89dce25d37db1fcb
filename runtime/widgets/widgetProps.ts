// What the form engine hands a widget. A widget edits one field's value and nothing else: it receives the value and
// reports changes; the engine keeps the value, validates it and re-renders only this field when it changes.
import type { FormMode } from '../form/formMode';
import type { Field } from '../screen/screen.types';

export interface WidgetProps<V = unknown> {
  /** Element id of the widget's (first) input: <form id prefix>_<fieldName>, '|' written as '-'. */
  id: string;
  field: Field;
  value: V | undefined;
  /** undefined means empty. */
  onChange(value: V | undefined): void;
  disabled: boolean;
  /** The field has a validation error: the widget shows antd's error outline. */
  invalid: boolean;
  mode: FormMode;
  /** Submits the form (Enter in a linked select input). */
  submit(): void;
}

/** rjsf-free helpers every widget uses. */
export const statusOf = (invalid: boolean): 'error' | undefined => (invalid ? 'error' : undefined);

/** The form treats undefined as "no value": empty inputs hand it back rather than ''. */
export function emptyToUndefined<T>(value: T | '' | null | undefined): T | undefined {
  return value === '' || value === null ? undefined : value;
}

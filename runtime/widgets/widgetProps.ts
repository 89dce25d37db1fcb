// The widget contract: what a widget registers (WidgetDefinition) and what the form engine hands it (WidgetProps).
// What the form engine hands a widget. A widget edits one field's value and nothing else: it receives the value and
// reports changes; the engine keeps the value, validates it and re-renders only this field when it changes.
import type { RJSFSchema } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { ValueShape } from '../form/fieldValues';
import type { FormMode } from '../form/formMode';
import type { Field } from '../../schemas/screen/screen.types';

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

/** What the widget registry holds per field type; the form engine receives these definitions. */
export interface WidgetDefinition {
  // Each widget declares the value type it edits; the engine hands it the field's value as it holds it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<WidgetProps<any>>;
  /** The value's JSON Schema for rjsf's validator (the engine adds the label as title); null: the widget holds no value. */
  valueSchema(field: Field, mode: FormMode): RJSFSchema | null;
  /** How the value maps to the record's names ('|' fields): 'single' unless said. */
  shape?: ValueShape;
  /** The value validation and submission see (an unticked checkbox is its false value). */
  normalize?(value: unknown, field: Field, mode: FormMode): unknown;
  /** A check JSON Schema cannot express: answers the message without the label, or undefined. */
  validate?(value: unknown, field: Field): string | undefined;
  /** What a new record holds when the field has no defaultValue. */
  emptyValue?(field: Field): unknown;
  /** No label; the cell spans the whole row. */
  fullRow?: boolean;
  /** Show mode hides the field while it is empty (text inputs, back-office §5). */
  hideEmptyInShow?: boolean;
}

/** rjsf-free helpers every widget uses. */
export const statusOf = (invalid: boolean): 'error' | undefined => (invalid ? 'error' : undefined);

/** The form treats undefined as "no value": empty inputs hand it back rather than ''. */
export function emptyToUndefined<T>(value: T | '' | null | undefined): T | undefined {
  return value === '' || value === null ? undefined : value;
}

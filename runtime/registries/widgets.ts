// The widget registry: field type (as written in screen JSON) -> the component that edits it and the JSON Schema of
// its value. A new widget is one entry here; every screen can then use its type name.
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { Field } from '../screen/screen.types';
import { DateRangeWidget } from '../widgets/DateRangeWidget';
import { DateWidget } from '../widgets/DateWidget';
import { NumberInput } from '../widgets/NumberInput';
import { SelectWidget } from '../widgets/SelectWidget';
import { TextareaWidget } from '../widgets/TextareaWidget';
import { TextInput } from '../widgets/TextInput';

export interface WidgetDefinition {
  component: ComponentType<WidgetProps>;
  /** The value's schema, for rjsf's validation (the form engine adds the label as title). */
  valueSchema(field: Field): RJSFSchema;
}

const SCALAR: RJSFSchema['type'] = ['string', 'number', 'boolean'];

export const widgetRegistry: Record<string, WidgetDefinition> = {
  input: {
    component: TextInput,
    valueSchema: (field) => ({ type: 'string', ...(field.maxlength ? { maxLength: field.maxlength } : {}) }),
  },
  number: {
    component: NumberInput,
    valueSchema: (field) => ({ type: 'number', minimum: field.min ?? 0, maximum: field.max ?? 99999999 }),
  },
  select: {
    component: SelectWidget,
    valueSchema: (field) =>
      field.multiple
        ? { type: 'array', items: { type: SCALAR }, uniqueItems: true, ...(field.required ? { minItems: 1 } : {}) }
        : { type: SCALAR },
  },
  textarea: {
    component: TextareaWidget,
    valueSchema: (field) => ({ type: 'string', maxLength: field.maxlength ?? 200 }),
  },
  date: {
    component: DateWidget,
    valueSchema: () => ({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  },
  'date-range': {
    component: DateRangeWidget,
    valueSchema: (field) => ({ type: 'array', items: { type: ['string', 'null'] }, maxItems: 2, ...(field.required ? { minItems: 1 } : {}) }),
  },
};

export const widgetTypes = (): ReadonlySet<string> => new Set(Object.keys(widgetRegistry));

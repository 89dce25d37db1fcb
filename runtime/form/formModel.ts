import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { widgetRegistry } from '../registries/widgets';
import { evaluateCondition } from '../screen/expression';
import type { Field } from '../screen/screen.types';

export type FormMode = 'filter' | 'add' | 'edit' | 'show';

export interface FormModel {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** Screen fields -> the JSON Schema and uiSchema rjsf renders, laid out on a 24-column grid. */
export function buildFormModel(fields: Field[], cols: number, mode: FormMode, formData: Record<string, unknown>): FormModel {
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  const span = Math.floor(24 / cols);
  for (const field of fields) {
    const widget = widgetRegistry[field.type];
    if (!widget) throw new Error(`未注册的控件类型：${field.type}`);
    properties[field.fieldName] = { ...widget.valueSchema(field), title: field.label };
    if (field.required) required.push(field.fieldName);
    uiSchema[field.fieldName] = {
      'ui:widget': field.hidden ? 'hidden' : field.type,
      'ui:placeholder': field.placeholder,
      'ui:disabled': mode === 'show' || evaluateCondition(field.disabled, { mode, form: formData }, false),
      'ui:options': { screenField: field, span: Math.min(24, span * (field.selfCols ?? 1)) },
    };
  }
  return { schema: { type: 'object', properties, required }, uiSchema };
}

/** Initial values: each field's defaultValue (new records and filters). */
export function defaultValues(fields: Field[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) if (field.defaultValue !== undefined) values[field.fieldName] = field.defaultValue;
  return values;
}

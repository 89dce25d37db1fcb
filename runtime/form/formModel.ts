import type { RJSFSchema } from '@rjsf/utils';
import type { Field } from '../../schemas/screen/screen.types';
import { formDependencies } from './dependencies';
import { normalizeFieldValue, readFieldValue, splitFieldName, writeFieldValue, type ValueShape } from './fieldValues';
import type { FormMode } from './formMode';
import type { Values } from './FormStore';
import type { WidgetDefinition } from '../widgets/widgetProps';

export type { FormMode } from './formMode';

/** One field with everything the engine resolved for it once, when the form was built. */
export interface FieldEntry {
  field: Field;
  widget: WidgetDefinition;
  shape: ValueShape;
  /** The record names the value is written to (one, or the parts of a '|' name). */
  names: string[];
  /** The form values its hidden, disabled and required conditions read. */
  dependencies: string[] | '*';
}

export interface FormModel {
  mode: FormMode;
  entries: FieldEntry[];
  byName: ReadonlyMap<string, FieldEntry>;
  /** The JSON Schema rjsf validates the values against: one property per valued field, titled by its label. */
  schema: RJSFSchema;
}

/** Field type -> widget: the form engine is handed these (the installed widget registry), it imports no registry. */
export type FieldTypes = Readonly<Record<string, WidgetDefinition>>;

function widgetOf(fieldTypes: FieldTypes, type: string): WidgetDefinition {
  const widget = fieldTypes[type];
  if (!widget) throw new Error(`未注册的控件类型：${type}`);
  return widget;
}

/** Screen fields -> the engine's model: the widget of each field, its value schema, and the form's JSON Schema. */
export function buildFormModel(fields: Field[], mode: FormMode, fieldTypes: FieldTypes): FormModel {
  const properties: Record<string, RJSFSchema> = {};
  const required: string[] = [];
  const entries = fields.map((field): FieldEntry => {
    const widget = widgetOf(fieldTypes, field.type);
    const valueSchema = widget.valueSchema(field, mode);
    if (valueSchema) {
      properties[field.fieldName] = { ...valueSchema, title: field.label };
      if (field.required === true) required.push(field.fieldName);
    }
    return {
      field,
      widget,
      shape: valueSchema ? (widget.shape ?? 'single') : 'none',
      names: splitFieldName(field.fieldName),
      dependencies: formDependencies([field.hidden, field.disabled, field.required]),
    };
  });
  return { mode, entries, byName: new Map(entries.map((e) => [e.field.fieldName, e])), schema: { type: 'object', properties, required } };
}

/**
 * The values a form starts with: a loaded record (edit, show) read back into form values, or each field's default
 * (add, filter), or what the widget starts empty with (an unticked checkbox holds its false value).
 */
export function initialValues(model: FormModel, record: Values | undefined): Values {
  const values: Values = {};
  for (const entry of model.entries) {
    const { field, widget, shape } = entry;
    const value = record
      ? readFieldValue(shape, field.fieldName, record)
      : (field.defaultValue ?? (model.mode === 'add' ? widget.emptyValue?.(field) : undefined));
    if (value !== undefined) values[field.fieldName] = value;
  }
  return values;
}

/** What validation and submission see: ranges normalised, then each widget's own normalisation. */
export function normalizeValues(model: FormModel, values: Readonly<Values>): Values {
  const out: Values = {};
  for (const { field, widget, shape } of model.entries) {
    if (shape === 'none') continue;
    let value = normalizeFieldValue(shape, values[field.fieldName]);
    if (widget.normalize) value = widget.normalize(value, field, model.mode);
    if (value !== undefined) out[field.fieldName] = value;
  }
  return out;
}

/** Form values -> the record a server receives: only the form's own fields, '|' names split. */
export function toRecord(model: FormModel, values: Readonly<Values>): Values {
  const out: Values = {};
  for (const { field, shape } of model.entries) writeFieldValue(shape, field.fieldName, values[field.fieldName], out);
  return out;
}

/** The field whose value holds a record name: the field itself, or the '|' field it is one part of. */
export function ownerOf(model: FormModel, name: string): FieldEntry | undefined {
  return model.byName.get(name) ?? model.entries.find((e) => e.names.includes(name));
}

/** The current value of one record name (a level of a cascade reads as that level's value). */
export function recordValue(model: FormModel, values: Readonly<Values>, name: string): unknown {
  const entry = ownerOf(model, name);
  if (!entry) return undefined;
  const value = values[entry.field.fieldName];
  return entry.names.length === 1 ? value : Array.isArray(value) ? (value[entry.names.indexOf(name)] ?? undefined) : undefined;
}

/** Each field's defaultValue, by field name (the filter bar's first search). */
export function defaultValues(fields: Field[]): Values {
  const values: Values = {};
  for (const field of fields) if (field.defaultValue !== undefined) values[field.fieldName] = field.defaultValue;
  return values;
}

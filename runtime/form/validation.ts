// Validation is rjsf's: its validator checks the values against the form's JSON Schema with ajv's messages in Chinese,
// then our customValidate adds what a schema cannot say (check digits, date bounds, complete cascades), and
// transformErrors names each error by its field label. rjsf's precompiled validator runs a check function made by
// walking the schema (schemaCheck.ts) where ajv would generate code, so forms work under a strict CSP.
import { hashForSchema, type CustomValidator, type ErrorSchema, type ErrorTransformer, type RJSFSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { Localizer, ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import localizeZh from 'ajv-i18n/localize/zh';
import { evaluateCondition } from '../../schemas/expression/expression';
import { FORMATS, isFormatName, normalizeForFormat } from '../../schemas/formats/formats';
import { TEXT } from '../../schemas/text/zh';
import type { FormModel } from './formModel';
import type { Values } from './FormStore';
import { isBlank } from './ranges';
import { compileSchemaCheck } from './schemaCheck';

const validators = new WeakMap<RJSFSchema, ValidatorType>();

/** rjsf's validator for one form's schema, made once per schema. */
function formValidator(schema: RJSFSchema): ValidatorType {
  let validator = validators.get(schema);
  if (!validator) {
    const functions = { [hashForSchema(schema)]: compileSchemaCheck(schema) } as unknown as ValidatorFunctions;
    validator = createPrecompiledValidator(functions, schema, localizeZh as Localizer);
    validators.set(schema, validator);
  }
  return validator;
}

function propertyName(error: RJSFValidationError): string {
  if (error.name === 'required') return String((error.params as { missingProperty?: string }).missingProperty ?? '');
  const path = error.property ?? '';
  const bracket = /^\.?\['(.+?)'\]/.exec(path);
  return bracket ? bracket[1]! : path.replace(/^\./, '').split('.')[0]!;
}

/** Names each error by its field label: "VIN不能为空", "备注不应多于 200 个字符". */
function labelErrors(model: FormModel): ErrorTransformer {
  return (errors) =>
    errors.map((error) => {
      const name = propertyName(error);
      const label = model.byName.get(name)?.field.label ?? name;
      const empty = error.name === 'required' || (error.name === 'minItems' && (error.params as { limit?: number }).limit === 1);
      return { ...error, message: empty ? TEXT.form.required(label) : TEXT.form.invalid(label, error.message ?? '') };
    });
}

/** Named formats (vin, plate, mobile, idCard, creditCode) and each widget's own checks. */
function customChecks(model: FormModel): CustomValidator {
  return (formData, errors) => {
    const values = (formData ?? {}) as Values;
    for (const { field, widget } of model.entries) {
      const value = values[field.fieldName];
      const handler = errors[field.fieldName];
      if (value === undefined || !handler) continue;
      if (field.format && isFormatName(field.format) && typeof value === 'string' && value !== '') {
        const format = FORMATS[field.format];
        if (!format.test(normalizeForFormat(value))) handler.addError(TEXT.form.invalid(field.label, format.message));
      }
      const problem = widget.validate?.(value, field);
      if (problem) handler.addError(TEXT.form.invalid(field.label, problem));
    }
    return errors;
  };
}

/** Validates normalised values; answers one message per field with an error (several joined by ；). */
export function validateValues(model: FormModel, values: Values): Record<string, string> {
  const { errorSchema } = formValidator(model.schema).validateFormData(values, model.schema, customChecks(model), labelErrors(model));
  const messages: Record<string, string> = {};
  for (const [name, node] of Object.entries(errorSchema as ErrorSchema<Values>)) {
    const list = collectErrors(node as ErrorSchema);
    if (list.length > 0) messages[name] = [...new Set(list)].join('；');
  }
  for (const name of conditionallyRequiredMissing(model, values)) messages[name] ??= TEXT.form.required(model.byName.get(name)!.field.label);
  return messages;
}

// A field whose required is an expression: the schema cannot say it, so its condition is evaluated on these values.
function conditionallyRequiredMissing(model: FormModel, values: Values): string[] {
  const scope = { mode: model.mode, form: values };
  return model.entries
    .filter(({ field }) => typeof field.required === 'string' && evaluateCondition(field.required, scope, false) && isBlankValue(values[field.fieldName]))
    .map(({ field }) => field.fieldName);
}

const isBlankValue = (value: unknown) => isBlank(value) || (Array.isArray(value) && value.length === 0);

// An array value's item errors sit below it in the error schema (e.g. a number range's end over its maximum).
function collectErrors(node: ErrorSchema | undefined): string[] {
  if (!node || typeof node !== 'object') return [];
  const own = (node as { __errors?: string[] }).__errors ?? [];
  const nested = Object.entries(node)
    .filter(([key]) => key !== '__errors')
    .flatMap(([, child]) => collectErrors(child as ErrorSchema));
  return [...own, ...nested];
}

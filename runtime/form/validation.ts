import type { CustomValidator, ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import localizeZh from 'ajv-i18n/localize/zh';
import { FORMATS, isFormatName } from '../../schemas/formats';
import { TEXT } from '../i18n/zh';
import type { Field } from '../screen/screen.types';

/** rjsf's ajv validator with ajv's messages in Chinese. */
export const formValidator = customizeValidator({}, localizeZh);

function propertyName(error: RJSFValidationError): string {
  if (error.name === 'required') return String((error.params as { missingProperty?: string }).missingProperty ?? '');
  const path = error.property ?? '';
  const bracket = /^\.?\['(.+)'\]/.exec(path);
  return bracket ? bracket[1]! : path.replace(/^\./, '').split('.')[0]!;
}

/** Names each error by its field label: "VIN不能为空", "备注不能多于 200 个字符". */
export function labelErrors(fields: Field[]): ErrorTransformer {
  const labels = new Map(fields.map((f) => [f.fieldName, f.label]));
  return (errors) =>
    errors.map((error) => {
      const label = labels.get(propertyName(error)) ?? propertyName(error);
      const empty = error.name === 'required' || (error.name === 'minItems' && (error.params as { limit?: number }).limit === 1);
      return { ...error, message: empty ? TEXT.form.required(label) : TEXT.form.invalid(label, error.message ?? '') };
    });
}

/** The named formats (vin, plate, mobile) that a JSON Schema pattern alone cannot check, such as the VIN check digit. */
export function formatValidator(fields: Field[]): CustomValidator {
  return (formData, errors) => {
    const values = (formData ?? {}) as Record<string, unknown>;
    for (const field of fields) {
      const value = values[field.fieldName];
      if (!field.format || !isFormatName(field.format) || typeof value !== 'string' || value === '') continue;
      const format = FORMATS[field.format];
      if (!format.test(value.trim().toUpperCase())) errors[field.fieldName]?.addError(TEXT.form.invalid(field.label, format.message));
    }
    return errors;
  };
}

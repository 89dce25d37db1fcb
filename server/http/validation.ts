import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';

interface SchemaWithTitles {
  title?: string;
  properties?: Record<string, { title?: string }>;
}

/**
 * Turns Fastify's ajv errors into one Chinese sentence naming the field by its schema title, e.g. "VIN不能为空".
 * Needs ajv's `verbose` option so each error carries the schema it failed.
 */
export function describeValidationErrors(errors: ErrorObject[]): string {
  const copies = errors.map((e) => ({ ...e }));
  localizeZh(copies);
  return copies.map(describeOne).join('；');
}

function describeOne(error: ErrorObject): string {
  const parent = error.parentSchema as SchemaWithTitles | undefined;
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${parent?.properties?.[missing]?.title ?? missing}不能为空`;
  }
  const field = error.instancePath.split('/').filter(Boolean).pop();
  const label = parent?.title ?? field ?? '请求';
  return `${label}${error.message ?? '不正确'}`;
}

// Hostile values made from a route's own JSON schema: for every property, values its schema refuses (a NUL character,
// one character over its length, the wrong type, a number past its bounds or not whole, a value outside its list,
// one item too many). Generated, not written by hand, so a route added tomorrow is attacked the day it lands; when the
// model engine arrives (issue 18) its routes come with schemas and are covered the same way.

export interface PropertySchema {
  type?: string | string[];
  title?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  maxItems?: number;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  anyOf?: PropertySchema[];
  oneOf?: PropertySchema[];
}

export interface HostileValue {
  /** What is wrong with it, for the failure message. */
  why: string;
  value: unknown;
}

const typesOf = (schema: PropertySchema): string[] => {
  if (schema.type) return [schema.type].flat();
  const variants = schema.anyOf ?? schema.oneOf ?? [];
  return variants.flatMap(typesOf);
};

/** Values the property's schema refuses. Empty for a property that takes anything. */
export function hostileValues(schema: PropertySchema): HostileValue[] {
  const types = typesOf(schema);
  const values: HostileValue[] = [];
  if (types.length === 0) return values;
  if (!types.includes('object')) values.push({ why: 'an object where a value belongs', value: { $gt: '' } });
  if (types.includes('string')) {
    values.push({ why: 'a NUL character', value: 'a\u0000b' });
    if (schema.maxLength !== undefined) values.push({ why: `${schema.maxLength + 1} characters`, value: '长'.repeat(schema.maxLength + 1) });
    if (schema.enum) values.push({ why: 'a value outside its list', value: '<script>alert(1)</script>' });
  }
  if (types.includes('integer') || types.includes('number')) {
    // A number field without bounds takes any number; integers are all bounded (server/http/integerBounds.ts).
    if (schema.maximum !== undefined || schema.exclusiveMaximum !== undefined) values.push({ why: 'a number past its maximum', value: 1e300 });
    if (schema.minimum !== undefined || schema.exclusiveMinimum !== undefined) values.push({ why: 'a number below its minimum', value: -1e300 });
    if (types.includes('integer') && !types.includes('number')) values.push({ why: 'a fraction', value: 1.5 });
    if (!types.includes('string')) values.push({ why: 'text', value: 'NaN' });
  }
  if (types.includes('boolean') && !types.includes('string')) values.push({ why: 'text for a boolean', value: 'maybe' });
  if (types.includes('array')) {
    // One value is taken as a list of one (repeated query names, coerceTypes 'array'): only an object is no list.
    if (schema.maxItems !== undefined) values.push({ why: `${schema.maxItems + 1} items`, value: Array.from({ length: schema.maxItems + 1 }, () => sample(schema.items ?? {})) });
    if (schema.items) for (const inner of hostileValues(schema.items).slice(0, 3)) values.push({ why: `an item: ${inner.why}`, value: [inner.value] });
  }
  if (types.includes('object') && schema.properties) {
    for (const [name, property] of Object.entries(schema.properties)) {
      for (const inner of hostileValues(property).slice(0, 2)) values.push({ why: `${name}: ${inner.why}`, value: { ...sampleObject(schema), [name]: inner.value } });
    }
  }
  return values;
}

/** A plausible value of the schema: the other fields of a request while one field is attacked. */
export function sample(schema: PropertySchema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = typesOf(schema).find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return sampleObject(schema);
    default:
      return null;
  }
}

export function sampleObject(schema: PropertySchema): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const name of schema.required ?? []) object[name] = sample(schema.properties?.[name] ?? {});
  return object;
}

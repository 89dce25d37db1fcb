// A validate function in ajv's shape (answers true or false and leaves ajv-style errors on itself), made by walking the
// form's JSON Schema instead of generating code: rjsf's precompiled validator runs it, so forms validate under a
// Content-Security-Policy without 'unsafe-eval' (ajv compiles schemas with new Function). It covers the keywords the
// widget registry's value schemas use and refuses any other, so a widget cannot silently go unchecked.
import type { RJSFSchema } from '@rjsf/utils';

interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  parentSchema: RJSFSchema;
}

export interface SchemaCheck {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

const SUPPORTED = new Set([
  'type', 'properties', 'required', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'items', 'minItems', 'maxItems', 'uniqueItems', 'enum', 'const', 'title', 'description', 'default',
]);

function isType(type: JsonType, data: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof data === 'string';
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    case 'integer':
      return Number.isInteger(data);
    case 'boolean':
      return typeof data === 'boolean';
    case 'null':
      return data === null;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return typeof data === 'object' && data !== null && !Array.isArray(data);
  }
}

// JSON equality of values (the form's values are JSON).
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks the schema once for keywords this checker does not know, and compiles the patterns. */
function prepare(schema: RJSFSchema, path: string, patterns: Map<string, RegExp>): void {
  for (const keyword of Object.keys(schema)) {
    if (!SUPPORTED.has(keyword)) throw new Error(`表单校验不支持 JSON Schema 关键字 ${keyword}（${path}）`);
  }
  // Unicode mode, as ajv compiles patterns.
  if (typeof schema.pattern === 'string' && !patterns.has(schema.pattern)) patterns.set(schema.pattern, new RegExp(schema.pattern, 'u'));
  for (const [name, child] of Object.entries(schema.properties ?? {})) prepare(child as RJSFSchema, `${path}/properties/${name}`, patterns);
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) prepare(schema.items as RJSFSchema, `${path}/items`, patterns);
}

export function compileSchemaCheck(root: RJSFSchema): SchemaCheck {
  const patterns = new Map<string, RegExp>();
  prepare(root, '#', patterns);

  const walk = (schema: RJSFSchema, data: unknown, instancePath: string, schemaPath: string, errors: SchemaError[]): void => {
    const fail = (keyword: string, params: Record<string, unknown>) => errors.push({ instancePath, schemaPath: `${schemaPath}/${keyword}`, keyword, params, parentSchema: schema });
    if (schema.type !== undefined) {
      const types = [schema.type].flat() as JsonType[];
      if (!types.some((type) => isType(type, data))) {
        fail('type', { type: schema.type });
        return;
      }
    }
    if (schema.const !== undefined && !same(schema.const, data)) fail('const', { allowedValue: schema.const });
    if (schema.enum && !schema.enum.some((value) => same(value, data))) fail('enum', { allowedValues: schema.enum });
    if (typeof data === 'string') {
      const length = [...data].length;
      if (schema.maxLength !== undefined && length > schema.maxLength) fail('maxLength', { limit: schema.maxLength });
      if (schema.minLength !== undefined && length < schema.minLength) fail('minLength', { limit: schema.minLength });
      if (schema.pattern !== undefined && !patterns.get(schema.pattern)!.test(data)) fail('pattern', { pattern: schema.pattern });
    }
    if (typeof data === 'number') {
      if (typeof schema.maximum === 'number' && data > schema.maximum) fail('maximum', { comparison: '<=', limit: schema.maximum });
      if (typeof schema.minimum === 'number' && data < schema.minimum) fail('minimum', { comparison: '>=', limit: schema.minimum });
      if (typeof schema.exclusiveMaximum === 'number' && data >= schema.exclusiveMaximum) fail('exclusiveMaximum', { comparison: '<', limit: schema.exclusiveMaximum });
      if (typeof schema.exclusiveMinimum === 'number' && data <= schema.exclusiveMinimum) fail('exclusiveMinimum', { comparison: '>', limit: schema.exclusiveMinimum });
    }
    if (Array.isArray(data)) {
      if (schema.maxItems !== undefined && data.length > schema.maxItems) fail('maxItems', { limit: schema.maxItems });
      if (schema.minItems !== undefined && data.length < schema.minItems) fail('minItems', { limit: schema.minItems });
      if (schema.uniqueItems === true) {
        const seen = data.map((item) => JSON.stringify(item));
        const j = seen.findIndex((item, index) => seen.indexOf(item) !== index);
        if (j !== -1) fail('uniqueItems', { i: seen.indexOf(seen[j]!), j });
      }
      const items = schema.items as RJSFSchema | undefined;
      if (items && typeof items === 'object') data.forEach((item, i) => walk(items, item, `${instancePath}/${i}`, `${schemaPath}/items`, errors));
    }
    if (isType('object', data)) {
      const values = data as Record<string, unknown>;
      for (const name of schema.required ?? []) if (values[name] === undefined) fail('required', { missingProperty: name });
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        if (values[name] !== undefined) walk(child as RJSFSchema, values[name], `${instancePath}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`, `${schemaPath}/properties/${name}`, errors);
      }
    }
  };

  const check: SchemaCheck = (data) => {
    const errors: SchemaError[] = [];
    walk(root, data, '', '#', errors);
    check.errors = errors.length > 0 ? errors : null;
    return errors.length === 0;
  };
  return check;
}

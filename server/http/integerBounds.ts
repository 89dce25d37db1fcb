// An integer the route accepts must fit the column it reaches: ids, versions and counts are PostgreSQL `integer`
// (at most 2,147,483,647), and a larger value failed inside the database as a 500. Every route's schema is given that
// bound where it declares none, when the route is added, so a route written tomorrow is bounded too. A field that
// really holds more (a millisecond timestamp, a file size) declares its own maximum.
import type { FastifyInstance } from 'fastify';

export const MAX_INTEGER = 2_147_483_647;

type SchemaNode = Record<string, unknown>;

const isIntegerType = (type: unknown) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));

/** Adds `maximum` (and `minimum`) to every integer of the schema that has none, in place; answers the schema. */
export function boundIntegers<T>(schema: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const object = node as SchemaNode;
    if (isIntegerType(object.type)) {
      if (object.maximum === undefined && object.exclusiveMaximum === undefined && object.enum === undefined) object.maximum = MAX_INTEGER;
      if (object.minimum === undefined && object.exclusiveMinimum === undefined && object.enum === undefined) object.minimum = -MAX_INTEGER - 1;
    }
    for (const [key, value] of Object.entries(object)) if (key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples') visit(value);
  };
  visit(schema);
  return schema;
}

/** Bounds the integers of every route added after this call (its params, query, body and headers). */
export function registerIntegerBounds(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    for (const part of ['params', 'querystring', 'body', 'headers'] as const) if (schema[part]) boundIntegers(schema[part]);
  });
}

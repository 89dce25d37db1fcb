// PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails inside the database, after the
// route has accepted it. No field of this product has a use for it, so every request's query, path parameters and body
// are checked for it once, before any route validates or handles them, and refused with a message naming the field.
// The same walk refuses a body nested deeper than any form nests (validation and handlers recurse through it too).
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

const NUL = '\u0000';

type Segment = string | number;
type SchemaNode = { title?: string; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/** Deeper than any request of this product nests; a body nested deeper is refused before anything walks it. */
export const MAX_DEPTH = 32;

export class TooDeep extends Error {}

/** The path (keys and indices) of the first string, or object key, holding a NUL character; undefined when none. */
export function nulCharacterPath(value: unknown, path: Segment[] = []): Segment[] | undefined {
  if (path.length > MAX_DEPTH) throw new TooDeep();
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulCharacterPath(value[i], [...path, i]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '\\0')];
      const found = nulCharacterPath(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The field as the user knows it: the title the route's schema gives it, else its path (`columns[0].dataIndex`). */
export function fieldName(path: Segment[], schema: SchemaNode | undefined): string {
  let node = schema;
  for (const segment of path) node = typeof segment === 'number' ? node?.items : node?.properties?.[segment];
  if (path.length > 0 && node?.title) return node.title;
  const written = path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
  return written || '请求';
}

export function registerNulCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A delegated route's host checks with the titles of the route it matches.
    if (request.routeOptions.config.delegated) return;
    const schema = request.routeOptions.schema as Record<string, SchemaNode | undefined> | undefined;
    for (const [part, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
      let path;
      try {
        path = nulCharacterPath(value);
      } catch (error) {
        if (error instanceof TooDeep) throw new ApiError('invalidInput', '请求内容嵌套过深');
        throw error;
      }
      if (path !== undefined) throw new ApiError('invalidInput', `${fieldName(path, schema?.[part])}不能包含空字符（\\0）`);
    }
  });
}

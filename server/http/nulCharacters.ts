// PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails inside the database, after the
// route has accepted it. No field of this product has a use for it, so every request's query, path parameters and body
// are checked for it once, before any route validates or handles them, and refused with a message naming the field.
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

const NUL = '\u0000';

/** The path (`a.b[2]`) of the first string, or object key, holding a NUL character; undefined when there is none. */
export function nulCharacterPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path || '请求' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = nulCharacterPath(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return here.replaceAll(NUL, '\\0');
      const found = nulCharacterPath(item, here);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export function registerNulCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = nulCharacterPath(part);
      if (path !== undefined) throw new ApiError('invalidInput', `${path}不能包含空字符（\\0）`);
    }
  });
}

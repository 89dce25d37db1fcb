// Every field of every route that takes input (body, query and path parameters, read from the routes' own JSON schemas)
// meets the values its schema refuses (hostileValues.ts). Each must be refused with a Chinese message, never a 500, and
// no write route may change a row while refusing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../../server/permissions/routeAccess';
import { DB_KIND, startTestServer, type TestServer } from '../harness';
import { hostileValues, sample, sampleObject, type PropertySchema } from './hostileValues';
import { rowCounts } from './rowCounts';

type Part = 'body' | 'querystring' | 'params';
interface RouteSchema {
  body?: PropertySchema;
  querystring?: PropertySchema;
  params?: PropertySchema;
}

/** Query values are text: objects cannot be sent, lists repeat the name. */
function queryText(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.map(String) : undefined;
  if (value !== null && typeof value === 'object') return undefined;
  return [String(value)];
}

function urlOf(route: RouteAccess, params: Record<string, unknown>, query: Record<string, unknown>): string | undefined {
  const path = route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '1')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const texts = queryText(value);
    if (!texts) return undefined;
    for (const text of texts) search.append(name, text);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

describe(`hostile values in every field of every route (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const targets = () =>
    t.app.routeAccessTable.filter((r) => r.method !== 'HEAD' && r.access !== 'public' && r.schema && ['body', 'querystring', 'params'].some((part) => (r.schema as RouteSchema)[part as Part]?.properties));

  it('refuses each with a Chinese message and never a 500, and no write route changes a row while refusing', async () => {
    const problems: string[] = [];
    let cases = 0;
    for (const route of targets()) {
      const schema = route.schema as RouteSchema;
      const base = { body: sampleObject(schema.body ?? {}), querystring: sampleObject(schema.querystring ?? {}), params: sampleObject(schema.params ?? {}) };
      const before = route.method === 'GET' ? undefined : await rowCounts(t.server.database.db);
      for (const part of ['params', 'querystring', 'body'] as const) {
        for (const [name, property] of Object.entries(schema[part]?.properties ?? {})) {
          for (const hostile of hostileValues(property)) {
            const values = { ...base, [part]: { ...base[part], [name]: hostile.value } };
            const url = urlOf(route, values.params, values.querystring);
            if (!url) continue;
            const withBody = route.method !== 'GET' && route.method !== 'DELETE';
            const answer = await t.call({ method: route.method as 'POST', url, token: admin, ...(withBody ? { payload: values.body } : {}) });
            cases++;
            const what = `${route.method} ${route.url} ${part}.${name} (${hostile.why})`;
            if (answer.httpStatus >= 500 || answer.resultCode === 500) problems.push(`${what}: 500 ${answer.errMsg}`);
            else if (answer.resultCode === 200) problems.push(`${what}: accepted`);
            else if (!/[\u4e00-\u9fff]/.test(answer.errMsg)) problems.push(`${what}: no Chinese message (${answer.resultCode} ${answer.errMsg})`);
          }
        }
      }
      if (before) {
        const after = await rowCounts(t.server.database.db);
        if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${route.method} ${route.url}: rows changed while refusing`);
      }
    }
    expect(problems).toEqual([]);
    expect(cases).toBeGreaterThan(300);
    console.info(`非法取值用例 ${cases} 个，覆盖路由 ${targets().length} 个`);
    // About 1,500 requests: half a minute alone, longer on a shared machine.
  }, 600_000);

  it('generates values each schema refuses (the generator itself)', () => {
    const values = hostileValues({ type: 'string', maxLength: 3, enum: ['a'] }).map((v) => v.value);
    expect(values).toEqual([{ $gt: '' }, 'a\u0000b', '长长长长', '<script>alert(1)</script>']);
    expect(hostileValues({ type: 'integer', minimum: 1, maximum: 10 }).map((v) => v.value)).toEqual([{ $gt: '' }, 1e300, -1e300, 1.5, 'NaN']);
    expect(sample({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'integer', minimum: 5 }, b: { type: 'string', minLength: 2 } } })).toEqual({ a: 5, b: 'aa' });
  });
});

import { describe, expect, it } from 'vitest';
import { jsonLocations, spanOf } from '../../editor/jsonLocations';
import { duplicateScreen, TEMPLATES, type TemplateName } from '../../editor/templates';
import { checkScreen, serverHasRoute, type ServerKnowledge } from '../../schemas/screen/screenChecks';
import runtimeConfig from '../../runtime/public/config.json';
import { checkScreenFile, screenFilesIn } from '../../scripts/screenFiles';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';
import { contentSecurityPolicy } from '../../server/http/contentSecurityPolicy';
import { offlineScreenCheckContext } from '../../server/lowcode/offlineScreenKnowledge';

const validate = createScreenAjv().compile(screenSchema);
const context = (server: ServerKnowledge) => ({ services: new Set(Object.keys(runtimeConfig.services)), server });

describe('what the server knows, checked by the one screen check', async () => {
  const { server } = await offlineScreenCheckContext();
  if (!server) throw new Error('offline context without server knowledge');

  it('builds the route keys and dictionary types without a database', () => {
    expect(server.routeKeys).toContain('GET_repair_order/repair/orders/{}');
    expect(server.routeKeys).toContain('PUT_lowcode_designer/screens/{}');
    expect(server.dictTypes).toContain('8021');
  });

  it('passes every screen in screens/ and every template, new or duplicated', () => {
    for (const file of screenFilesIn(['screens'])) expect(checkScreenFile(file, context(server)), file).toEqual([]);
    for (const name of Object.keys(TEMPLATES) as TemplateName[]) {
      const screen = TEMPLATES[name]('repair.fromTemplate', '模板页面');
      expect(checkScreen(screen, validate, context(server)), name).toMatchObject({ ok: true });
      expect(checkScreen(duplicateScreen(screen, 'repair.copied', '副本'), validate, context(server)), name).toMatchObject({ ok: true });
    }
  });

  it('refuses an api route, a permission key and a dictionary type the server does not have', () => {
    const screen = TEMPLATES.list('repair.broken', '有误的页面');
    screen.table!.api = 'repair:GET order/repair/nowhere';
    screen.permissions = { ...screen.permissions, add: 'POST_repair_order/repair/nowhere' };
    screen.filter!.fields[0]!.dict = '9999';
    expect(checkScreen(screen, validate, context(server))).toEqual({
      ok: false,
      stage: 'semantic',
      problems: [
        { path: '/permissions/add', message: '服务器没有此权限键：POST_repair_order/repair/nowhere' },
        { path: '/filter/fields/0/dict', message: '服务器没有此字典类型：9999' },
        { path: '/table/api', message: '服务器没有此接口：repair:GET order/repair/nowhere' },
      ],
    });
  });

  it('matches a fixed path segment against a route parameter, but not the service or a longer path', () => {
    expect(serverHasRoute(server.routeKeys, 'GET_basedata_materialOption/{configId}/PKG')).toBe(true);
    expect(serverHasRoute(server.routeKeys, 'GET_repair_order/repair/orders/42')).toBe(true);
    expect(serverHasRoute(server.routeKeys, 'GET_repair_order/repair/orders/42/more')).toBe(false);
    expect(serverHasRoute(server.routeKeys, 'GET_billing_order/repair/orders')).toBe(false);
  });
});

describe('where a screen problem is in the text', () => {
  const text = '{\n  "a": [1, {"b": "x\\"y"}],\n  "c/d": {"e": true}\n}';
  const spans = jsonLocations(text);
  const shown = (pointer: string) => {
    const span = spanOf(spans, pointer)!;
    return text.slice(span.start, span.end);
  };

  it('marks a scalar from its key, an object or array by its key only', () => {
    expect(shown('/a/1/b')).toBe('"b": "x\\"y"');
    expect(shown('/c~1d/e')).toBe('"e": true');
    expect(shown('/a')).toBe('"a"');
    expect(shown('/a/0')).toBe('1');
  });

  it('marks a missing property at the object that lacks it, and answers nothing for text that is not JSON', () => {
    expect(shown('/a/1/missing')).toBe('{');
    expect(jsonLocations('{"a": }').size).toBe(0);
    expect(jsonLocations('{"a": 1} x').size).toBe(0);
  });
});

describe('the Content-Security-Policy', () => {
  it('has no unsafe-eval and no inline script; allows the print service and configured analytics only', () => {
    const base = runtimeConfig as unknown as Parameters<typeof contentSecurityPolicy>[0];
    const policy = contentSecurityPolicy(base);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/script-src 'self' http:\/\/localhost:8000 http:\/\/localhost:18000;/);
    expect(policy).toContain("worker-src 'self';");
    const withBeacon = contentSecurityPolicy({ ...base, environments: { prod: { analytics: { enabled: true, url: 'https://beacon.example.com/collect' } } } });
    expect(withBeacon).toContain('https://beacon.example.com');
  });
});

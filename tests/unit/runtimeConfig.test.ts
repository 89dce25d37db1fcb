import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeAnalytics, startAnalytics, type BeaconTransport } from '../../runtime/analytics/beacon';
import { environmentForOrigin } from '../../runtime/config/environment';
import { loadRuntimeConfig, runtimeConfig, setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import shipped from '../../runtime/public/config.json';
import { serviceBasePath, serviceNames } from '../../runtime/config/services';
import type { RuntimeConfigFile } from '../../schemas/config/runtimeConfigFile';

const file = shipped as RuntimeConfigFile;

describe('service prefixes of the shipped runtime config', () => {
  setRuntimeConfig(file, 'http://localhost:3000');

  it('[BB-SVC-01] puts the midend services under /api', () => {
    for (const name of ['auth', 'dict', 'org', 'order', 'basicdata', 'vehicle', 'customer', 'esign', 'comment', 'ocr', 'item', 'member', 'coupon', 'message', 'workflow', 'appointment', 'customer-report']) {
      expect(serviceBasePath(name), name).toBe(`/api/${name}`);
    }
  });

  it('[BB-SVC-02] puts salesreport, action, drive, customer, passenger, finance, download and template under /api/2b', () => {
    for (const name of ['salesreport', 'action', 'drive', 'passenger', 'finance', 'download', 'template']) expect(serviceBasePath(name), name).toBe(`/api/2b/${name}`);
    expect(serviceBasePath('customer-2b')).toBe('/api/2b/customer');
  });

  it('[BB-SVC-03] has the /openapi prefix', () => expect(serviceBasePath('openapi')).toBe('/openapi'));

  it('[BB-SVC-04] has standalone services for payment, esign, digital-estate, dict, active, comment, org and charging-admin', () => {
    const standalone = ['payment', 'esign-service', 'digital-estate', 'dict-service', 'active', 'comment-service', 'org-service', 'charging-admin'];
    for (const name of standalone) expect(serviceBasePath(name), name).toMatch(/^\/(?!api\/|openapi)[a-z-]+$/);
    expect(new Set(standalone.map(serviceBasePath)).size).toBe(standalone.length);
  });

  it('[BB-SVC-05] maps action, quoted price, appointment, drive, customer, customer business, passenger, template, clue center, retail, CTI and digital estate to base paths', () => {
    const names = ['action', 'quoted-price', 'appointment', 'drive', 'customer', 'customer-business', 'passenger', 'template', 'clue-center', 'retail', 'cti', 'digital-estate'];
    for (const name of names) expect(serviceNames()).toContain(name);
    for (const name of names) expect(serviceBasePath(name)).toMatch(/^\/[A-Za-z0-9/-]+$/);
  });

  it('keeps the services the screens and the server already use', () => {
    expect(['lowcode', 'repair'].map(serviceBasePath)).toEqual(['/api/lowcode', '/api/repair']);
  });
});

describe('the config file read at start-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setRuntimeConfig(file, 'http://localhost:3000');
  });

  it('[BB-API-23] reads ./config.json relative to the page, once, uncached, and picks the environment of the page origin', async () => {
    const asked: { url: string; init: RequestInit | undefined }[] = [];
    const uat: RuntimeConfigFile = { ...file, environments: { ...file.environments, uat: { origins: ['https://uat-*'], services: { repair: '/uat/repair' } } } };
    vi.stubGlobal('location', { origin: 'https://uat-dms.example.cn' });
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      asked.push({ url, init });
      return new Response(JSON.stringify(uat), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const loaded = await loadRuntimeConfig();
    expect(asked).toEqual([{ url: './config.json', init: { cache: 'no-cache' } }]);
    expect(loaded.environment).toBe('uat');
    expect(runtimeConfig().services.repair).toBe('/uat/repair');
    expect(runtimeConfig().services.finance).toBe(file.services.finance);
  });

  it('[BB-API-23] stops the start with a Chinese message naming the file when it cannot be read', async () => {
    vi.stubGlobal('fetch', async () => new Response('not here', { status: 404 }));
    await expect(loadRuntimeConfig()).rejects.toThrow('无法读取运行时配置 ./config.json（HTTP 404）');
  });
});

describe('environment from the page origin', () => {
  const environments = file.environments!;

  it('[BB-SVC-06] chooses development, uat, preprod or prod from the page origin', () => {
    expect(environmentForOrigin(environments, 'http://localhost:5173')).toBe('development');
    expect(environmentForOrigin(environments, 'http://127.0.0.1')).toBe('development');
    expect(environmentForOrigin(environments, 'https://uat-dms.example.cn')).toBe('uat');
    expect(environmentForOrigin(environments, 'https://dms.uat.example.cn')).toBe('uat');
    expect(environmentForOrigin(environments, 'https://pre-dms.example.cn')).toBe('preprod');
    expect(environmentForOrigin(environments, 'https://dms.example.cn')).toBe('prod');
  });

  it('[BB-SVC-06] treats an origin no environment claims as development', () => {
    expect(environmentForOrigin(environments, 'http://10.1.2.3:8080')).toBe('development');
    expect(environmentForOrigin({}, 'https://dms.example.cn')).toBe('development');
  });

  it('[BB-SVC-06] applies the chosen environment’s service overrides, and only them', () => {
    const config: RuntimeConfigFile = {
      ...file,
      environments: { ...environments, uat: { origins: ['https://uat-*'], services: { payment: 'https://pay-uat.example.cn/payment' } } },
    };
    expect(setRuntimeConfig(config, 'https://uat-dms.example.cn')).toMatchObject({ environment: 'uat' });
    expect(serviceBasePath('payment')).toBe('https://pay-uat.example.cn/payment');
    setRuntimeConfig(config, 'https://dms.example.cn');
    expect(serviceBasePath('payment')).toBe('/payment');
    setRuntimeConfig(file, 'http://localhost:3000');
  });
});

describe('the analytics beacon', () => {
  const fakeTransport = () => {
    const sent: { url: string; body: unknown }[] = [];
    const listeners = new Set<() => void>();
    let hash = '#/home';
    const transport: BeaconTransport = {
      send: (url, body) => sent.push({ url, body: JSON.parse(body) }) > 0,
      events: {
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      } as unknown as BeaconTransport['events'],
      hash: () => hash,
    };
    const navigate = (to: string) => {
      hash = to;
      for (const listener of listeners) listener();
    };
    return { transport, sent, listeners, navigate };
  };

  it('is off by default in every environment of the shipped config, so nothing is ever sent to a third party', () => {
    for (const origin of ['http://localhost:3000', 'https://uat-dms.example.cn', 'https://pre-dms.example.cn', 'https://dms.example.cn']) {
      const config = setRuntimeConfig(file, origin);
      expect(activeAnalytics(config), origin).toBeUndefined();
      const { transport, sent, listeners } = fakeTransport();
      startAnalytics(config, transport);
      expect(sent).toEqual([]);
      expect(listeners.size).toBe(0);
    }
  });

  it('[BO-API-24] [BO-API-25] is configured per environment: on in uat only, it posts page views to that environment’s url', () => {
    const config: RuntimeConfigFile = {
      ...file,
      environments: {
        ...file.environments,
        uat: { origins: ['https://uat-*'], analytics: { enabled: true, url: 'https://analytics-uat.example.cn/beacon', appKey: 'dms-uat' } },
      },
    };
    const inProd = fakeTransport();
    startAnalytics(setRuntimeConfig(config, 'https://dms.example.cn'), inProd.transport);
    expect(inProd.sent).toEqual([]);

    const inUat = fakeTransport();
    const stop = startAnalytics(setRuntimeConfig(config, 'https://uat-dms.example.cn'), inUat.transport);
    inUat.navigate('#/repair/repairBusiness/repairOrder/index?vin=LHSA3B1C9TS000017');
    stop();
    inUat.navigate('#/home');
    expect(inUat.sent.map((s) => s.url)).toEqual(['https://analytics-uat.example.cn/beacon', 'https://analytics-uat.example.cn/beacon']);
    expect(inUat.sent[1]!.body).toMatchObject({ event: 'pageview', appKey: 'dms-uat', environment: 'uat', path: '/repair/repairBusiness/repairOrder/index' });
    expect(JSON.stringify(inUat.sent)).not.toContain('LHSA3B1C9TS000017');
    setRuntimeConfig(file, 'http://localhost:3000');
  });

  it('needs both the switch and a url', () => {
    const withoutUrl: RuntimeConfigFile = { ...file, environments: { development: { origins: ['http://localhost:*'], analytics: { enabled: true } } } };
    expect(activeAnalytics(setRuntimeConfig(withoutUrl, 'http://localhost:3000'))).toBeUndefined();
    setRuntimeConfig(file, 'http://localhost:3000');
  });
});

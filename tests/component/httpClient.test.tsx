import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../runtime/app/App';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import { callApi, http } from '../../runtime/http/client';
import { deleteCookie, writeCookie } from '../../runtime/http/cookies';
import { setToken } from '../../runtime/http/credentials';
import { canonicalSignedDateRequest, hmacHex, parseSignedDateAuthorization, requestSignature, sha256Hex } from '../../schemas/signing/signature';
import runtimeConfigJson from '../../runtime/public/config.json';
import { session, type MenuItem } from '../../runtime/stores/session';
import { fakeServer, ok, type FakeCall } from './fakeServer';

const KEYS = { key: 'component-test-key', openApi: { accessKey: 'dms-web', secret: 'component-open-secret' } };
const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';

const leaf = (id: string, path: string): MenuItem => ({ id, path, children: [], meta: { title: id } }) as unknown as MenuItem;

describe('what every request carries', () => {
  let calls: FakeCall[];
  const last = () => calls.at(-1)!;

  beforeAll(() => {
    setRuntimeConfig({ ...runtimeConfigJson, signing: { ...runtimeConfigJson.signing, ...KEYS } });
    session.menus = [leaf('1101', ORDERS_PATH), leaf('1102', '/repair/repairBusiness/booking/index')];
  });
  afterAll(() => {
    setRuntimeConfig(runtimeConfigJson);
    session.menus = [];
  });
  beforeEach(() => {
    calls = fakeServer({
      'GET /api/repair/order/repair/orders': ok({ total: 0, items: [] }),
      'POST /openapi/file/publish/u1': ok(null),
      'GET /openapi/file/preview/u1': ok(null),
    }).calls;
    window.location.hash = `#${ORDERS_PATH}`;
  });

  it('[BO-HTTP-01] an Authorization bearer header with the session token', async () => {
    setToken('token-123');
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.Authorization).toBe('Bearer token-123');
  });

  it('[BO-HTTP-02] a clientId header from the runtime config', async () => {
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.clientId).toBe('dms-web');
  });

  it('[BO-HTTP-03] a grayid header only while the gray-release cookie is present', async () => {
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.grayid).toBeUndefined();
    writeCookie('grayid', 'gray-7');
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.grayid).toBe('gray-7');
    deleteCookie('grayid');
  });

  it('[BO-HTTP-04] a menuId header: the id of the menu entry whose path is the current address', async () => {
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.menuId).toBe('1101');
    window.location.hash = '#/repair/repairBusiness/booking/index?from=home';
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.menuId).toBe('1102');
    window.location.hash = '#/home';
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.menuId).toBeUndefined();
  });

  it('[BO-HTTP-05] [BO-HTTP-06] [BO-HTTP-07] a timestamp, a fresh nonce and a signature over the path and the sorted query', async () => {
    const before = Date.now();
    await callApi('repair:GET order/repair/orders', { params: { status: ['80211002', '80211001'], current: 1, vin: 'LHS A' } });
    await callApi('repair:GET order/repair/orders', { params: { current: 1 } });
    const [first, second] = calls.slice(-2).map((c) => c.headers);
    expect(Number(first!.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number(first!.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(first!.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second!.nonce).not.toBe(first!.nonce);
    const sentUrl = http.getUri({ url: '/api/repair/order/repair/orders', params: { status: ['80211002', '80211001'], current: 1, vin: 'LHS A' } });
    expect(first!.signature).toBe(requestSignature(KEYS.key, { method: 'GET', url: sentUrl, timestamp: first!.timestamp!, nonce: first!.nonce! }));
    expect(first!.signature).toBe(
      hmacHex(KEYS.key, `GET\n/api/repair/order/repair/orders\ncurrent=1&status=80211001&status=80211002&vin=LHS%20A\n${first!.timestamp}\n${first!.nonce}`),
    );
  });

  it('[BO-HTTP-08] open-api calls use the signed-date scheme instead: X-Sdk-Date, the body hash and X-Sdk-Authorization', async () => {
    setToken('token-123');
    await callApi('openapi:POST file/publish/{uid}', { values: { uid: 'u1' }, data: { name: '维修委托书.pdf' } });
    const { headers } = last();
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers.nonce).toBeUndefined();
    expect(headers['X-Sdk-Date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(headers['X-Sdk-Content-Sha256']).toBe(sha256Hex(JSON.stringify({ name: '维修委托书.pdf' })));
    const authorization = parseSignedDateAuthorization(headers['X-Sdk-Authorization']!)!;
    const canonical = canonicalSignedDateRequest({
      method: 'POST',
      url: '/openapi/file/publish/u1',
      headers: { 'x-sdk-date': headers['X-Sdk-Date']!, 'x-sdk-content-sha256': headers['X-Sdk-Content-Sha256']! },
      signedHeaders: authorization.signedHeaders,
    });
    expect(authorization.signature).toBe(hmacHex(KEYS.openApi.secret, `SDK-HMAC-SHA256\n${headers['X-Sdk-Date']}\n${sha256Hex(canonical)}`));
    await callApi('openapi:GET file/preview/{uid}', { values: { uid: 'u1' } });
    expect(last().headers['X-Sdk-Content-Sha256']).toBe(sha256Hex(''));
  });

  it('goes unsigned when the runtime config has no key (the server then refuses it with a clear message)', async () => {
    setRuntimeConfig(runtimeConfigJson);
    await callApi('repair:GET order/repair/orders');
    expect(last().headers.signature).toBeUndefined();
    setRuntimeConfig({ ...runtimeConfigJson, signing: { ...runtimeConfigJson.signing, ...KEYS } });
  });

  it('[BO-HTTP-09] times out after 30 minutes: every call, an upload too, hands the transport a 1,800,000 ms timeout', async () => {
    setToken('token-123');
    await callApi('repair:GET order/repair/orders');
    await http.post('/openapi/file/publish/u1', new FormData());
    expect(calls.map((c) => c.timeout)).toEqual([1_800_000, 1_800_000]);
  });

  it('[BO-HTTP-10] sends credentials', () => expect(http.defaults.withCredentials).toBe(true));

  it('[BO-HTTP-11] repeats array query parameters', async () => {
    await callApi('repair:GET order/repair/orders', { params: { status: ['80211001', '80211002'] } });
    expect(http.getUri({ url: '/api/x', params: last().params as object })).toBe('/api/x?status=80211001&status=80211002');
  });
});

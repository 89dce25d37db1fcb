import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, sha256Hex, signRequest, signWithDate, UNSIGNED_PAYLOAD } from '../../schemas/signing/signature';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Envelope } from '../../server/http/envelope';
import { NonceStore } from '../../server/http/nonceStore';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const MINUTE = 60_000;

describe(`the HTTP contract on the server (${DB_KIND})`, () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ testRoutes: true });
    token = await t.login('d11001fwgw');
  });
  afterAll(() => t?.close());

  const key = () => t.config.requestSigning.key;
  /** Sends exactly these headers, no automatic signing: what an attacker or a broken client would send. */
  const raw = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: string) => {
    const response = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
    return { ...(response.json() as Envelope<unknown>), httpStatus: response.statusCode, requestIdHeader: response.headers['x-request-id'] };
  };
  const signedAt = (method: string, url: string, at: number, signingKey = key()) => signRequest(signingKey, { method, url }, at, randomNonce());

  describe('request signatures on /api', () => {
    it('[BO-HTTP-05] [BO-HTTP-06] [BO-HTTP-07] accept a request signed with timestamp, nonce and signature', async () => {
      const answer = await raw('GET', '/api/dict/codes?type=1008', signedAt('GET', '/api/dict/codes?type=1008', Date.now()));
      expect(answer).toMatchObject({ resultCode: 200, httpStatus: 200 });
    });

    it('[BO-HTTP-07] refuse a request without a signature, with a Chinese envelope error', async () => {
      const answer = await t.call({ method: 'GET', url: '/api/dict/codes', token, signed: false });
      expect(answer).toMatchObject({ httpStatus: 200, resultCode: 40110, errMsg: '请求缺少签名，请刷新页面后重试', data: null });
      const partial = await raw('GET', '/api/dict/codes', { timestamp: String(Date.now()), nonce: randomNonce() });
      expect(partial.resultCode).toBe(40110);
      const garbled = await raw('GET', '/api/dict/codes', { timestamp: 'yesterday', nonce: randomNonce(), signature: 'x' });
      expect(garbled).toMatchObject({ resultCode: 40112, errMsg: '请求签名校验失败' });
    });

    it('[BO-HTTP-07] accept a signature the browser made over Chinese, encoded and repeated query values (the server computes it natively)', async () => {
      const url = `/api/dict/codes?type=1008&${encodeURIComponent('名称')}=${encodeURIComponent('维修 工单')}&z=2&z=1&x=%E4%B8%AD+%2B`;
      const answer = await raw('GET', url, signedAt('GET', url, Date.now()));
      expect(answer, JSON.stringify(answer)).toMatchObject({ resultCode: 200 });
      expect((await raw('GET', url, signedAt('GET', url, Date.now(), `${key()}中`))).resultCode).toBe(40112);
    });

    it('[BO-HTTP-05] refuse a stale timestamp (6 minutes old) and one from the future (6 minutes ahead)', async () => {
      for (const at of [Date.now() - 6 * MINUTE, Date.now() + 6 * MINUTE]) {
        const answer = await raw('GET', '/api/dict/codes', signedAt('GET', '/api/dict/codes', at));
        expect(answer).toMatchObject({ resultCode: 40111, errMsg: '请求时间与服务器时间相差超过 5 分钟，请校准本机时间后重试' });
      }
      const justInside = await raw('GET', '/api/dict/codes', signedAt('GET', '/api/dict/codes', Date.now() - 4.5 * MINUTE));
      expect(justInside.resultCode).toBe(200);
    });

    it('[BO-HTTP-07] refuse a tampered query, path or method, and a signature made with another key', async () => {
      const headers = signedAt('GET', '/api/dict/codes?type=1008', Date.now());
      expect(await raw('GET', '/api/dict/codes?type=8021', headers)).toMatchObject({ resultCode: 40112, errMsg: '请求签名校验失败' });
      expect(await raw('GET', '/api/dict/codes?type=1008&type=8021', signedAt('GET', '/api/dict/codes?type=1008', Date.now()))).toMatchObject({ resultCode: 40112 });
      expect(await raw('GET', '/api/lowcode/screens/repair.orders', signedAt('GET', '/api/dict/codes', Date.now()))).toMatchObject({ resultCode: 40112 });
      expect(await raw('POST', '/api/auth/token', signedAt('GET', '/api/auth/token', Date.now()), '{}')).toMatchObject({ resultCode: 40112 });
      expect(await raw('GET', '/api/dict/codes', signedAt('GET', '/api/dict/codes', Date.now(), 'someone-elses-key'))).toMatchObject({ resultCode: 40112 });
    });

    it('[BO-HTTP-06] refuse a replayed request: the same nonce a second time', async () => {
      const headers = signedAt('GET', '/api/dict/codes?type=1008', Date.now());
      expect((await raw('GET', '/api/dict/codes?type=1008', headers)).resultCode).toBe(200);
      expect(await raw('GET', '/api/dict/codes?type=1008', headers)).toMatchObject({ resultCode: 40113, errMsg: '重复的请求已被拒绝' });
      // Replayed with another token the signature still holds, and the nonce is still spent.
      const other = await t.login('admin');
      expect(await raw('GET', '/api/dict/codes?type=1008', { ...headers, authorization: `Bearer ${other}` })).toMatchObject({ resultCode: 40113 });
    });

    it('[BO-HTTP-06] forget a nonce once its window has passed, and accept it again only then', async () => {
      const nonces = new NonceStore(t.server.database.db);
      const now = new Date();
      expect(await nonces.remember('sweep-test-nonce-0001', new Date(now.getTime() - 1000), now)).toBe(true);
      expect(await nonces.remember('sweep-test-nonce-0002', new Date(now.getTime() + MINUTE), now)).toBe(true);
      expect(await nonces.remember('sweep-test-nonce-0002', new Date(now.getTime() + MINUTE), now)).toBe(false);
      expect(await nonces.remember('sweep-test-nonce-0001', new Date(now.getTime() + MINUTE), now)).toBe(true);
      expect(await nonces.sweep(new Date(now.getTime() + 2 * MINUTE))).toBeGreaterThanOrEqual(2);
      expect(await nonces.remember('sweep-test-nonce-0002', new Date(now.getTime() + 3 * MINUTE), now)).toBe(true);
    });

    it('[BO-HTTP-06] refuse every copy but one of a request sent many times at once, the copies written in one batch', async () => {
      const headers = signedAt('GET', '/api/dict/codes?type=1008', Date.now());
      const answers = await Promise.all(Array.from({ length: 12 }, () => raw('GET', '/api/dict/codes?type=1008', headers)));
      expect(answers.filter((a) => a.resultCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.resultCode === 40113)).toHaveLength(11);
    });

    it('[BO-HTTP-06] decide each nonce of a batch on its own: new ones fresh, stored and repeated ones replays, also for another store on the same database (an instance started later)', async () => {
      const now = new Date();
      const later = new Date(now.getTime() + MINUTE);
      const first = new NonceStore(t.server.database.db);
      expect(await first.remember('batch-test-nonce-0001', later, now)).toBe(true);
      const restarted = new NonceStore(t.server.database.db);
      const decided = await Promise.all(
        ['batch-test-nonce-0001', 'batch-test-nonce-0002', 'batch-test-nonce-0003', 'batch-test-nonce-0002', 'batch-test-nonce-0004'].map((n) => restarted.remember(n, later, now)),
      );
      expect(decided).toEqual([false, true, true, false, true]);
      expect(await first.remember('batch-test-nonce-0003', later, now)).toBe(false);
    });

    it('sign every call of the test harness, login included, without the test knowing', async () => {
      expect((await t.call({ method: 'GET', url: '/api/dict/codes', token, query: { type: '1008' } })).resultCode).toBe(200);
      const orders = await t.call<{ items: { status: string }[] }>({ method: 'GET', url: '/api/repair/order/repair/orders', token, query: { status: ['80211001', '80211002'] } });
      expect(orders.resultCode).toBe(200);
      expect(orders.data!.items.length).toBeGreaterThan(0);
      for (const order of orders.data!.items) expect(['80211001', '80211002']).toContain(order.status);
    });

    it('check nothing when switched off for a trusted internal network (REQUEST_SIGNING=off)', async () => {
      expect(loadConfig({ DATA_DIR: t.config.dataDir, REQUEST_SIGNING: 'off' }).requestSigning.enabled).toBe(false);
      expect(loadConfig({ DATA_DIR: t.config.dataDir }).requestSigning.enabled).toBe(true);
      const config: ServerConfig = { ...t.config, requestSigning: { ...t.config.requestSigning, enabled: false } };
      const trusted = await buildApp({ db: t.server.database.db, config }, { logger: false });
      const response = await trusted.inject({ method: 'GET', url: '/api/dict/codes?type=1008', headers: { authorization: `Bearer ${token}` } });
      expect(response.json()).toMatchObject({ resultCode: 200 });
      await trusted.close();
    });
  });

  describe('the signed-date scheme on /openapi', () => {
    const credentials = () => ({ accessKey: t.config.requestSigning.openApiAccessKey, secret: t.config.requestSigning.openApiSecret });
    const dated = (method: string, url: string, contentHash: string, at = Date.now()) => signWithDate(credentials(), { method, url, contentHash }, at);

    it('[BO-HTTP-08] accepts X-Sdk-Date, the content hash and X-Sdk-Authorization next to the bearer token', async () => {
      const get = await t.call<{ method: string }>({ method: 'GET', url: '/openapi/test/echo?uid=7', token });
      expect(get).toMatchObject({ resultCode: 200, data: { method: 'GET' } });
      const body = JSON.stringify({ name: '维修委托书.pdf' });
      const post = await raw('POST', '/openapi/test/echo', { 'content-type': 'application/json', ...dated('POST', '/openapi/test/echo', sha256Hex(body)) }, body);
      expect(post).toMatchObject({ resultCode: 200, data: { body: { name: '维修委托书.pdf' } } });
    });

    it('[BO-HTTP-08] refuses a missing scheme, a stale date, a changed body, a wrong access key and a tampered query', async () => {
      expect(await raw('GET', '/openapi/test/echo', {})).toMatchObject({ resultCode: 40110 });
      expect(await raw('GET', '/openapi/test/echo', signedAt('GET', '/openapi/test/echo', Date.now()))).toMatchObject({ resultCode: 40110 });
      expect(await raw('GET', '/openapi/test/echo', dated('GET', '/openapi/test/echo', sha256Hex(''), Date.now() - 6 * MINUTE))).toMatchObject({ resultCode: 40111 });
      const signedBody = JSON.stringify({ amount: 100 });
      const headers = { 'content-type': 'application/json', ...dated('POST', '/openapi/test/echo', sha256Hex(signedBody)) };
      expect(await raw('POST', '/openapi/test/echo', headers, JSON.stringify({ amount: 999 }))).toMatchObject({ resultCode: 40112 });
      const stranger = signWithDate({ accessKey: 'stranger', secret: credentials().secret }, { method: 'GET', url: '/openapi/test/echo', contentHash: sha256Hex('') }, Date.now());
      expect(await raw('GET', '/openapi/test/echo', stranger)).toMatchObject({ resultCode: 40112 });
      expect(await raw('GET', '/openapi/test/echo?uid=8', dated('GET', '/openapi/test/echo?uid=7', sha256Hex('')))).toMatchObject({ resultCode: 40112 });
    });

    it('[BO-HTTP-08] lets a streamed upload go unhashed (UNSIGNED-PAYLOAD), and nothing else', async () => {
      const bytes = 'binary chunk';
      const streamed = await raw('POST', '/openapi/test/echo', { 'content-type': 'application/octet-stream', ...dated('POST', '/openapi/test/echo', UNSIGNED_PAYLOAD) }, bytes);
      expect(streamed).toMatchObject({ resultCode: 200, data: { body: { bytes: bytes.length } } });
      const json = await raw('POST', '/openapi/test/echo', { 'content-type': 'application/json', ...dated('POST', '/openapi/test/echo', UNSIGNED_PAYLOAD) }, '{"a":1}');
      expect(json).toMatchObject({ resultCode: 40112 });
    });

    it('[BO-ERR-07] still needs the bearer token: without it, 40105', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/openapi/test/echo', headers: dated('GET', '/openapi/test/echo', sha256Hex('')) });
      expect(answer.json()).toMatchObject({ resultCode: 40105, errMsg: '登录已过期，请重新登录' });
    });
  });

  describe('errors, request ids and the log', () => {
    it('[BO-ERR-07] answers 40105 when the session has really expired (a token past its expiry, signed with the real key)', async () => {
      const expired = await new SignJWT({ uc: 'd11001fwgw' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setIssuer('dms-back-office')
        .setIssuedAt(Math.floor(Date.now() / 1000) - 9 * 3600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(t.config.jwtSecret);
      const answer = await t.call({ method: 'GET', url: '/api/auth/userinfo', token: expired });
      expect(answer).toMatchObject({ httpStatus: 200, resultCode: 40105, errMsg: '登录已过期，请重新登录', data: null });
    });

    it('[BO-ERR-15] answers an unexpected exception with resultCode 500 and its request id, never the stack trace', async () => {
      const answer = await raw('GET', '/api/test/crash', t.signatureHeaders('GET', '/api/test/crash'));
      expect(answer).toMatchObject({ httpStatus: 500, resultCode: 500, errMsg: '系统出错，联系管理员', data: null });
      expect(answer.requestId).toBe(answer.requestIdHeader);
      expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(answer)).not.toMatch(/contract test|stack|\.ts:|at /);
    });

    it('gives every answer a request id, keeping one a gateway set when it looks like one', async () => {
      const plain = await raw('GET', '/api/dict/codes?type=1008', t.signatureHeaders('GET', '/api/dict/codes?type=1008'));
      expect(plain.requestIdHeader).toMatch(/^[0-9a-f-]{36}$/);
      const fromGateway = await raw('GET', '/api/dict/codes', { ...t.signatureHeaders('GET', '/api/dict/codes'), 'x-request-id': 'gw-20260630-0001' });
      expect(fromGateway.requestIdHeader).toBe('gw-20260630-0001');
      const injected = await raw('GET', '/api/dict/codes', { ...t.signatureHeaders('GET', '/api/dict/codes'), 'x-request-id': 'bad id\nforged log line' });
      expect(injected.requestIdHeader).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers an oversized body with a Chinese envelope error', async () => {
      const body = JSON.stringify({ grant_type: 'refresh_token', client_id: 'dms-web', refresh_token: 'x'.repeat(3 * 1024 * 1024) });
      const answer = await raw('POST', '/api/auth/token', { 'content-type': 'application/json', ...t.signatureHeaders('POST', '/api/auth/token') }, body);
      expect(answer).toMatchObject({ resultCode: 413, errMsg: '请求内容过大' });
    });

    it('registers the contract-test routes only when asked, and never with NODE_ENV=production', async () => {
      expect(loadConfig({ DATA_DIR: t.config.dataDir }).testRoutes).toBe(false);
      expect(loadConfig({ DATA_DIR: t.config.dataDir, DMS_TEST_ROUTES: '1' }).testRoutes).toBe(true);
      expect(loadConfig({ DATA_DIR: t.config.dataDir, DMS_TEST_ROUTES: '1', NODE_ENV: 'production' }).testRoutes).toBe(false);
      const production = await buildApp({ db: t.server.database.db, config: { ...t.config, testRoutes: false } }, { logger: false });
      const response = await production.inject({ method: 'GET', url: '/api/test/crash', headers: t.signatureHeaders('GET', '/api/test/crash') });
      expect(response.json()).toMatchObject({ resultCode: 404, errMsg: '接口不存在' });
      await production.close();
    });
  });

  describe('the runtime config the browser loads', () => {
    it("serves ./config.json with this server's signing keys, never cached", async () => {
      const response = await t.app.inject({ method: 'GET', url: '/config.json' });
      expect(response.headers['cache-control']).toBe('no-store');
      const config = response.json();
      expect(config.signing).toEqual({
        key: t.config.requestSigning.key,
        openApi: { accessKey: t.config.requestSigning.openApiAccessKey, secret: t.config.requestSigning.openApiSecret },
        signedDateServices: ['openapi'],
      });
      expect(config.services.repair).toBe('/api/repair');
      expect(t.config.requestSigning.key.length).toBeGreaterThanOrEqual(32);
    });

    it('keeps the same generated keys across restarts of one data directory, and takes them from the environment first', () => {
      expect(loadConfig({ DATA_DIR: t.config.dataDir }).requestSigning.key).toBe(t.config.requestSigning.key);
      const fromEnv = loadConfig({ DATA_DIR: t.config.dataDir, REQUEST_SIGNING_KEY: 'k-from-env', OPENAPI_SECRET: 's-from-env', OPENAPI_ACCESS_KEY: 'ak' });
      expect(fromEnv.requestSigning).toMatchObject({ key: 'k-from-env', openApiSecret: 's-from-env', openApiAccessKey: 'ak', windowSeconds: 300 });
      expect(() => loadConfig({ DATA_DIR: t.config.dataDir, REQUEST_SIGNING_WINDOW_SECONDS: 'five' })).toThrow('REQUEST_SIGNING_WINDOW_SECONDS');
    });
  });
});

// Tricks on the request itself: encoded paths around the signature check, replays, signatures moved to another method,
// path or query, stale timestamps; Host headers and redirect addresses at sign-in; file references that are not files;
// markup where a permission key belongs; and who may frame the app. Each is refused with a Chinese message, and nothing
// is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, signRequest } from '../../../schemas/signing/signature';
import { isOwnOrigin } from '../../../server/auth/embeddedProvider';
import { contentSecurityPolicy } from '../../../server/http/contentSecurityPolicy';
import { readRuntimeConfigFile } from '../../../server/routes/runtimeConfig';
import { authorizeFields, newAuthorization } from '../codeFlow';
import { DB_KIND, startTestServer, type TestServer } from '../harness';
import { BOUNDARY, FILE_MENU, JPEG_HEAD, multipartBody } from '../uploadBodies';
import { rowCounts } from './rowCounts';

const ORDERS = '/api/repair/order/repair/orders';

describe(`request tricks (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, admin] = await Promise.all([t.login('d11001fwgw'), t.login('admin')]);
  });
  afterAll(async () => t?.close());

  const key = () => t.config.requestSigning.key;
  const inject = (method: string, url: string, headers: Record<string, string>, payload?: string) =>
    t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${advisor}`, menuId: '1101', ...(payload ? { 'content-type': 'application/json' } : {}), ...headers }, payload });

  describe('signing', () => {
    it('checks the signature of a percent-encoded /api path (/%61pi/...) like any other', async () => {
      const unsigned = await inject('GET', '/%61pi/repair/order/repair/orders', {});
      expect(unsigned.json()).toMatchObject({ resultCode: 40110, errMsg: '请求缺少签名，请刷新页面后重试' });
      const encodedElsewhere = await inject('GET', '/api/repair/order/repair/%6frders', {});
      expect(encodedElsewhere.json()).toMatchObject({ resultCode: 40110 });
    });

    it('refuses a replayed write sent again under an encoded path', async () => {
      const before = await rowCounts(t.server.database.db);
      const headers = signRequest(key(), { method: 'DELETE', url: `${ORDERS}/1` }, Date.now(), randomNonce());
      // The first one is refused for want of the key (a service advisor's menu 1102 has no delete): the nonce is spent.
      await inject('DELETE', `${ORDERS}/1`, { ...headers, menuId: '1102' });
      const replayed = await inject('DELETE', '/%61pi/repair/order/repair/orders/1', headers);
      expect(replayed.json()).toMatchObject({ resultCode: 40113, errMsg: '重复的请求已被拒绝' });
      expect(await rowCounts(t.server.database.db)).toEqual(before);
    });

    it('refuses a signature moved to another method, path or query, and a stale or future timestamp', async () => {
      const signedGet = signRequest(key(), { method: 'GET', url: `${ORDERS}/1` }, Date.now(), randomNonce());
      expect((await inject('DELETE', `${ORDERS}/1`, signedGet)).json()).toMatchObject({ resultCode: 40112, errMsg: '请求签名校验失败' });
      const signedOne = signRequest(key(), { method: 'GET', url: `${ORDERS}/1` }, Date.now(), randomNonce());
      expect((await inject('GET', `${ORDERS}/2`, signedOne)).json()).toMatchObject({ resultCode: 40112 });
      const signedQuery = signRequest(key(), { method: 'GET', url: `${ORDERS}?current=1` }, Date.now(), randomNonce());
      expect((await inject('GET', `${ORDERS}?current=1&pageSize=100000`, signedQuery)).json()).toMatchObject({ resultCode: 40112 });
      for (const skew of [-301_000, 301_000]) {
        const stale = signRequest(key(), { method: 'GET', url: ORDERS }, Date.now() + skew, randomNonce());
        expect((await inject('GET', ORDERS, stale)).json()).toMatchObject({ resultCode: 40111, errMsg: '请求时间与服务器时间相差超过 5 分钟，请校准本机时间后重试' });
      }
      const wrongKey = signRequest('not-the-key', { method: 'GET', url: ORDERS }, Date.now(), randomNonce());
      expect((await inject('GET', ORDERS, wrongKey)).json()).toMatchObject({ resultCode: 40112 });
      const badNonce = { ...signRequest(key(), { method: 'GET', url: ORDERS }, Date.now(), randomNonce()), nonce: "'; drop table users; --" };
      expect((await inject('GET', ORDERS, badNonce)).json()).toMatchObject({ resultCode: 40112 });
    });
  });

  describe('paths', () => {
    it('serves no api answer to a path that only looks like one, and no file outside the store', async () => {
      for (const url of ['/API/repair/order/repair/orders', '//api/repair/order/repair/orders', '/api/repair/order/repair/orders/']) {
        const answer = await t.call({ method: 'GET', url, token: advisor, menuId: '1101' });
        expect(answer.resultCode, url).not.toBe(200);
        expect(answer.httpStatus, url).not.toBe(500);
      }
      for (const uid of ['..%2F..%2F..%2Fetc%2Fpasswd', '..%5C..%5Cwindows', 'ab'.repeat(16) + '%00', 'AB'.repeat(16)]) {
        const answer = await t.call({ method: 'GET', url: `/api/file/download/${uid}`, token: advisor, menuId: FILE_MENU });
        expect(answer.httpStatus, uid).toBe(200);
        expect(answer.resultCode, uid).toBe(400);
        expect(answer.errMsg, uid).toMatch(/^文件编号/);
      }
    });

    it('answers a malformed percent-encoding and an overlong path parameter in the envelope, in Chinese', async () => {
      const bad = await t.app.inject({ method: 'GET', url: `${ORDERS}/%zz`, headers: { authorization: `Bearer ${advisor}`, menuId: '1101' } });
      expect(bad.json()).toMatchObject({ resultCode: 400, errMsg: '请求地址不正确' });
      const long = await t.call({ method: 'GET', url: `/api/lowcode/screens/${'x'.repeat(101)}`, token: advisor });
      expect(long).toMatchObject({ resultCode: 400, errMsg: '请求地址中的参数过长' });
    });

    it('refuses a menuId header that is not a menu id before any query', async () => {
      for (const menuId of ['<script>', "1101' or '1'='1", 'x'.repeat(33)]) {
        expect(await t.call({ method: 'GET', url: ORDERS, token: advisor, menuId }), menuId).toMatchObject({ resultCode: 403, errMsg: '当前角色没有该菜单的权限，请联系管理员' });
      }
    });
  });

  describe('bodies', () => {
    const layout = '/api/lowcode/tableLayouts';
    const put = (payload: string | Buffer, contentType = 'application/json') => t.call({ method: 'PUT', url: layout, token: advisor, payload, headers: { 'content-type': contentType } });

    it('refuses an oversize body, a body that is not JSON, an unknown content type and a nested bomb, writing nothing', async () => {
      const before = await rowCounts(t.server.database.db);
      expect(await put(JSON.stringify({ layoutKey: 'k', columns: [], savedAt: 'x'.repeat(3 * 1024 * 1024) }))).toMatchObject({ resultCode: 413, errMsg: '请求内容过大' });
      expect(await put('{"layoutKey": "k", ')).toMatchObject({ resultCode: 400, errMsg: '请求参数不正确' });
      expect(await put('<layout/>', 'application/xml')).toMatchObject({ resultCode: 415, errMsg: '不支持的请求内容类型' });
      expect(await put(`{"layoutKey":"k","columns":${'['.repeat(100_000)}${']'.repeat(100_000)},"savedAt":"2026-06-30T10:00:00Z"}`)).toMatchObject({ resultCode: 400, errMsg: '请求内容嵌套过深' });
      expect(await put('{"__proto__":{"polluted":true},"layoutKey":"k","columns":[],"savedAt":"2026-06-30T10:00:00Z"}')).toMatchObject({ resultCode: 400 });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const invalidUtf8 = Buffer.concat([Buffer.from('{"layoutKey":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('","columns":[],"savedAt":"bad"}')]);
      expect((await put(invalidUtf8)).resultCode).toBe(400);
      expect(await rowCounts(t.server.database.db)).toEqual(before);
    });
  });

  describe('sign-in redirects and the Host header', () => {
    const authorize = (redirect: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/oauth/authorize', query: { ...authorizeFields(newAuthorization()), redirect_uri: redirect }, headers });

    it('sends a code to no address the Host header names: the server\'s own origins come from its configuration', async () => {
      for (const headers of [{ host: 'attacker.example' } as Record<string, string>, { host: 'attacker.example:443', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' }]) {
        const page = await authorize('https://attacker.example/', headers);
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('登录请求无效：回调地址未登记');
        expect(page.headers.location).toBeUndefined();
      }
      const before = await rowCounts(t.server.database.db);
      const posted = await t.call({ method: 'POST', url: '/oauth/authorize', headers: { host: 'attacker.example' }, payload: { ...authorizeFields(newAuthorization()), redirect_uri: 'http://attacker.example/', username: 'admin', password: 'Dms@2026' } });
      expect(posted).toMatchObject({ resultCode: 40120, errMsg: '登录请求无效：回调地址未登记', data: null });
      expect(await rowCounts(t.server.database.db)).toEqual(before);
    });

    it('refuses redirect addresses dressed up as its own', async () => {
      for (const redirect of ['http://localhost.attacker.example/', 'http://localhost@attacker.example/', 'javascript:alert(1)//localhost/', 'data:text/html,<script>alert(1)</script>', '//attacker.example/', '/relative']) {
        const page = await authorize(redirect);
        expect(page.statusCode, redirect).toBe(400);
        expect(page.body, redirect).toMatch(/登录请求无效：回调地址(未登记|不正确)/);
      }
      expect((await authorize('http://127.0.0.1:5173/')).statusCode).toBe(200);
    });

    it('takes only PUBLIC_ORIGINS as its own origins once they are configured', () => {
      const configured = ['https://dms.example.com'];
      expect(isOwnOrigin(new URL('https://dms.example.com/'), configured)).toBe(true);
      expect(isOwnOrigin(new URL('http://dms.example.com/'), configured)).toBe(false);
      expect(isOwnOrigin(new URL('http://localhost:3000/'), configured)).toBe(false);
      expect(isOwnOrigin(new URL('http://localhost:3000/'), [])).toBe(true);
      expect(isOwnOrigin(new URL('https://dms.example.com/'), [])).toBe(false);
    });
  });

  describe('file references and permission keys', () => {
    it('records a vehicle photo only with this server\'s own file addresses, never a javascript: or foreign url', async () => {
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/file/image',
        payload: multipartBody([{ field: 'file', name: 'car.jpg', content: Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]) }]),
        headers: { ...t.signatureHeaders('POST', '/api/file/image'), authorization: `Bearer ${advisor}`, menuId: FILE_MENU, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      const photo = upload.json<{ data: string }>().data;
      const uid = photo.split('/').pop()!;
      const before = await rowCounts(t.server.database.db);
      const save = (body: object) => t.call({ method: 'POST', url: '/api/repair/vehiclePhotos', token: advisor, payload: { plateNo: '京A12345', ...body } });
      for (const url of [`javascript:alert(1)//${uid}`, `https://attacker.example/${uid}`, `/api/file/download/../../${uid}`, `data:image/png;base64,${uid}`]) {
        expect(await save({ photo: url }), url).toMatchObject({ resultCode: 400, errMsg: '文件地址不正确' });
        expect(await save({ photo, attachments: [{ name: 'a.jpg', url }] }), url).toMatchObject({ resultCode: 400, errMsg: '文件地址不正确' });
        expect(await save({ photo, video: { name: 'v.mp4', url } }), url).toMatchObject({ resultCode: 400, errMsg: '文件地址不正确' });
      }
      expect(await rowCounts(t.server.database.db)).toEqual(before);
      expect(await save({ photo, attachments: [{ name: '照片.jpg', url: `/api/file/download/${uid}` }], video: { name: '照片', url: uid } })).toMatchObject({ resultCode: 200 });
    });

    it('stores no markup or script as a menu permission key', async () => {
      const before = await rowCounts(t.server.database.db);
      for (const key of ['GET_repair_<img src=x onerror=alert(1)>', 'GET_repair_order/"onmouseover="alert(1)', "GET_repair_a'b", 'GET_repair_javascript:alert(1)']) {
        const answer = await t.call({ method: 'PUT', url: '/api/auth/menuList/1101', token: admin, payload: { permissionText: `GET_repair_order/repair/orders\n${key}` } });
        expect(answer, key).toMatchObject({ resultCode: 400, errMsg: `权限标识格式不正确（方法_服务名_路径）：${key}` });
      }
      expect(await rowCounts(t.server.database.db)).toEqual(before);
    });
  });

  describe('framing and scripts of the app page', () => {
    it('lets only the app itself frame its pages and api answers', async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/config.json' });
      expect(answer.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'self'($|;)/);
    });

    it('allows the print service\'s script origins only as config.json names them, and the framing pages it names', async () => {
      const file = await readRuntimeConfigFile(t.config.webDir);
      expect(contentSecurityPolicy(file)).toMatch(/script-src 'self' http:\/\/localhost:8000 http:\/\/localhost:18000;/);
      const noPrintService = contentSecurityPolicy({ ...file, print: { serviceUrls: [] } });
      expect(noPrintService).toMatch(/script-src 'self';/);
      expect(noPrintService).not.toContain('localhost');
      const other = contentSecurityPolicy({ ...file, print: { serviceUrls: ['https://print.dealer.example:8443/CLodopfuncs.js', 'javascript:alert(1)'] }, frameAncestors: ['https://main.example.com/portal', 'not a url'] });
      expect(other).toMatch(/script-src 'self' https:\/\/print\.dealer\.example:8443;/);
      expect(other).toContain('wss://print.dealer.example:8443');
      expect(other).toMatch(/frame-ancestors 'self' https:\/\/main\.example\.com$/);
    });
  });
});

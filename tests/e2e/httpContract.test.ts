// @vitest-environment jsdom
// The runtime's real http client (axios over jsdom's XMLHttpRequest, nothing mocked) against the real server process
// over HTTP, for every row of the error catalogue. The server runs with its contract-test routes (DMS_TEST_ROUTES=1),
// which answer any status with an object, string or HTML body, crash, hang up or echo what arrived.
import '../component/setup';
import { act, screen as view, waitFor } from '@testing-library/react';
import { createHmac, randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import '../../runtime/app/App';
import { feedback } from '../../runtime/app/feedback';
import { BusyIndicator } from '../../runtime/blocks/BusyIndicator';
import { loadRuntimeConfig, setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import { ApiFailure, callApi, http, resetSessionNotice } from '../../runtime/http/client';
import { deleteCookie, writeCookie } from '../../runtime/http/cookies';
import { getToken, setToken } from '../../runtime/http/credentials';
import { NOTIFY_DURATION_MS } from '../../runtime/http/notify';
import { transferFailureMessage } from '../../runtime/http/transferMessages';
import { session } from '../../runtime/stores/session';
import { DEMO_PASSWORD } from '../../server/seed/catalogue';
import { renderInApp } from '../component/renderInApp';
import { signInRuntime } from './support/runtimeSignIn';
import { ServerProcess } from './support/serverProcess';

declare const jsdom: { reconfigure(options: { url: string }): void; window: { _origin: string } };

const JWT_SECRET = randomBytes(32).toString('hex');
const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const FALLBACK = '系统出错，联系管理员';

/** A token the server itself would have issued, expired an hour ago. Built by hand: jose's browser build, which the
 * jsdom environment resolves, refuses Node's key types. */
function expiredToken(userId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'HS256' })}.${part({ uc: 'd11001fwgw', sub: String(userId), iss: 'dms-back-office', iat: now - 9 * 3600, exp: now - 3600 })}`;
  return `${unsigned}.${createHmac('sha256', JWT_SECRET).update(unsigned).digest('base64url')}`;
}

interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  cookies: string[];
  body: unknown;
}

describe('the real client against the real server over HTTP', () => {
  let server: ServerProcess;
  let opened: MockInstance;
  // Each test starts 4 s after the previous one: past the notices' quiet time, well inside the signing window.
  let clock = Date.now();

  /** The notifications the client asked antd to show during this test. */
  const shown = () =>
    opened.mock.calls.map(([args]) => {
      const { type, title, description } = args as { type: string; title: string; description: string };
      return { type, title, description };
    });
  /** Asks /api/test/answer/:label for an answer of this HTTP status and body. */
  const answer = (params: Record<string, unknown>, label = 'row') => callApi(`test:GET answer/${label}`, { params });
  const envelope = (body: object) => ({ json: JSON.stringify(body) });
  const failureOf = async (call: Promise<unknown>): Promise<ApiFailure> => {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiFailure);
    return error as ApiFailure;
  };

  beforeAll(async () => {
    server = await ServerProcess.create({ DMS_TEST_ROUTES: '1', JWT_SECRET });
    await server.start();
    // Same origin as the server: the client's relative urls, cookies and credentials work as in the browser.
    // jsdom's reconfigure moves the document but not the origin its XMLHttpRequest checks against, hence _origin.
    jsdom.reconfigure({ url: `${server.baseUrl}/` });
    jsdom.window._origin = server.baseUrl;
    const served = await loadRuntimeConfig(`${server.baseUrl}/config.json`);
    setRuntimeConfig({ ...served, services: { ...served.services, test: '/api/test' } });
    await signInRuntime(server.baseUrl, 'd11001fwgw', DEMO_PASSWORD);
  });

  afterAll(async () => {
    await server?.dispose();
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock += NOTIFY_DURATION_MS + 1000;
    vi.setSystemTime(clock);
    renderInApp(createElement('div'));
    opened = vi.spyOn(feedback().notification, 'open');
    window.location.hash = `#${ORDERS_PATH}`;
  });

  afterEach(() => {
    opened.mockRestore();
    clock = Math.max(clock, Date.now());
    vi.useRealTimers();
  });

  describe('what arrives at the server', () => {
    it('[BO-HTTP-01] [BO-HTTP-02] [BO-HTTP-03] [BO-HTTP-04] [BO-HTTP-10] [BO-HTTP-11] bearer, clientId, grayid, menuId, cookies and repeated arrays', async () => {
      writeCookie('grayid', 'gray-2026');
      const echo = await callApi<Echo>('test:GET echo', { params: { status: ['80211002', '80211001'], vin: 'LHS' } });
      deleteCookie('grayid');
      expect(echo.headers.authorization).toBe(`Bearer ${getToken()}`);
      expect(echo.headers.clientid).toBe('dms-web');
      expect(echo.headers.grayid).toBe('gray-2026');
      // The real menu tree of the signed-in advisor: 维修工单 is menu 1101.
      expect(echo.headers.menuid).toBe('1101');
      expect(echo.cookies).toEqual(expect.arrayContaining(['token', 'grayid']));
      expect(echo.url).toBe('/api/test/echo?status=80211002&status=80211001&vin=LHS');
    });

    it('[BO-HTTP-05] [BO-HTTP-06] [BO-HTTP-07] signs every call, and the server verifies it', async () => {
      const first = await callApi<Echo>('test:GET echo');
      const second = await callApi<Echo>('test:GET echo');
      expect(Math.abs(Number(first.headers.timestamp) - Date.now())).toBeLessThan(60_000);
      expect(first.headers.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(second.headers.nonce).not.toBe(first.headers.nonce);
      expect(first.headers.signature).toMatch(/^[0-9a-f]{64}$/);
      // A real screen call passes the server's signature check too.
      const page = await callApi<{ total: number }>('repair:GET order/repair/orders', { params: { current: 1, pageSize: 5, status: ['80211001', '80211002'] } });
      expect(page.total).toBeGreaterThan(0);
    });

    it('[BO-HTTP-07] a signature the server cannot verify is refused with a warning naming the reason', async () => {
      const served = await loadRuntimeConfig(`${server.baseUrl}/config.json`);
      setRuntimeConfig({ ...served, services: { ...served.services, test: '/api/test' }, signing: { ...served.signing, key: 'not-the-servers-key' } });
      const failure = await failureOf(callApi('dict:GET codes'));
      expect(failure.body).toMatchObject({ resultCode: 40112 });
      expect(shown()).toEqual([{ type: 'warning', title: '提示信息', description: '请求签名校验失败' }]);
      setRuntimeConfig({ ...served, services: { ...served.services, test: '/api/test' } });
    });

    it('[BO-HTTP-08] open-api calls carry the signed-date scheme, which the server verifies', async () => {
      const get = await callApi<Echo>('openapi:GET test/echo', { params: { uid: 'u-1' } });
      expect(get.headers).toMatchObject({ authorization: `Bearer ${getToken()}`, 'x-sdk-date': expect.stringMatching(/^\d{8}T\d{6}Z$/) });
      expect(get.headers.nonce).toBeUndefined();
      const post = await callApi<Echo>('openapi:POST test/echo', { data: { name: '维修委托书.pdf', pages: 3 } });
      expect(post.body).toEqual({ name: '维修委托书.pdf', pages: 3 });
    });
  });

  describe('success normalisation', () => {
    it('[BO-ERR-01] [BO-ERR-02] [BO-ERR-03] [BO-ERR-04] [BO-ERR-05] passes every success shape to the caller without a notice', async () => {
      for (const body of [{ returnCode: '0', data: 1 }, { return_code: '0', data: 2 }, { code: 200, data: 3 }, { resultCode: 0, data: 4 }, { status: 'SUCCESS', data: 5 }, { resultCode: 200, data: 6 }]) {
        expect(await answer(envelope(body))).toBe(body.data);
      }
      expect(shown()).toEqual([]);
    });
  });

  describe('resultCode values', () => {
    it('[BO-ERR-12] resultCode 300 reaches the caller silently', async () => {
      const failure = await failureOf(answer(envelope({ resultCode: 300, errMsg: '该车辆已有未结算工单，是否继续？', data: { roNo: 'RO1' } })));
      expect(failure.body).toMatchObject({ resultCode: 300, data: { roNo: 'RO1' } });
      expect(shown()).toEqual([]);
    });

    it('[BO-ERR-13] any other code warns with errMsg: a real validation failure of the server', async () => {
      const failure = await failureOf(callApi('repair:POST order/repair/orders', { data: { vin: 'LHSA3B1C9TS000017' } }));
      expect(failure.body).toMatchObject({ resultCode: 400 });
      expect(shown()).toEqual([{ type: 'warning', title: '提示信息', description: failure.body!.errMsg }]);
      expect(failure.body!.errMsg).toMatch(/不能为空/);
    });

    it('[BO-ERR-13] reads cause, then returnMessage, when there is no errMsg', async () => {
      await failureOf(answer(envelope({ resultCode: 409, cause: '工单已被他人修改' })));
      vi.setSystemTime(Date.now() + NOTIFY_DURATION_MS);
      await failureOf(answer(envelope({ returnCode: '7', returnMessage: '外部系统拒绝' })));
      expect(shown().map((s) => [s.type, s.description])).toEqual([
        ['warning', '工单已被他人修改'],
        ['warning', '外部系统拒绝'],
      ]);
    });

    it('[BO-ERR-14] falls back to 系统出错，联系管理员', async () => {
      await failureOf(answer(envelope({ resultCode: 422 })));
      expect(shown()).toEqual([{ type: 'warning', title: '提示信息', description: FALLBACK }]);
    });

    it('[BO-ERR-15] resultCode 500 is an error-style notice', async () => {
      await failureOf(answer(envelope({ resultCode: 500, errMsg: '库存服务不可用' })));
      expect(shown()).toEqual([{ type: 'error', title: '提示信息', description: '库存服务不可用' }]);
      await waitFor(() => expect(document.querySelector('.dms-notice.ant-notification-notice-error')?.textContent).toContain('库存服务不可用'));
    });

    it('[BO-ERR-15] a server crash answers HTTP 500 with resultCode 500 and a request id, shown as an error; its stack is only in the log', async () => {
      const failure = await failureOf(callApi('test:GET crash'));
      expect(failure.body).toMatchObject({ resultCode: 500, errMsg: FALLBACK, data: null });
      expect(JSON.stringify(failure.body)).not.toContain('contract test');
      expect(shown()).toEqual([{ type: 'error', title: '提示信息', description: FALLBACK }]);
      const requestId = failure.body!.requestId as string;
      await waitFor(() => expect(server.output).toContain(requestId));
      const logLine = JSON.parse(server.output.split('\n').find((line) => line.includes(requestId) && line.includes('unexpected error'))!) as Record<string, unknown>;
      expect(logLine).toMatchObject({ level: 50, reqId: requestId, msg: 'unexpected error' });
      expect(JSON.stringify(logLine.err)).toContain('contract test: an unexpected failure');
    });

    it('[BO-ERR-16] nothing is shown on the home page, though the call still fails', async () => {
      window.location.hash = '#/home';
      await failureOf(answer(envelope({ resultCode: 400, errMsg: '首页不提示' })));
      await failureOf(answer(envelope({ resultCode: 500, errMsg: '首页不提示' })));
      expect(shown()).toEqual([]);
    });
  });

  describe('HTTP failures', () => {
    it('[BO-ERR-17] an object body: its errMsg, as an error (a real unknown route)', async () => {
      const failure = await failureOf(http.get('/api/no/such/route'));
      expect(failure.body).toMatchObject({ resultCode: 404, errMsg: '接口不存在' });
      expect(shown()).toEqual([{ type: 'error', title: '提示信息', description: '接口不存在' }]);
    });

    it('[BO-ERR-18] a string body: its text; an HTML error page: its title', async () => {
      await failureOf(answer({ status: 502, text: '网关错误：上游服务无响应' }));
      vi.setSystemTime(Date.now() + NOTIFY_DURATION_MS);
      await failureOf(answer({ status: 503, type: 'text/html', text: '<html><head><title>503 服务维护中</title></head><body><h1>维护</h1></body></html>' }));
      expect(shown().map((s) => [s.type, s.description])).toEqual([
        ['error', '网关错误：上游服务无响应'],
        ['error', '503 服务维护中'],
      ]);
    });

    it('[BO-ERR-19] no response at all: the error message', async () => {
      const failure = await failureOf(callApi('test:GET hangup'));
      expect(failure.body).toBeUndefined();
      expect(shown()).toEqual([{ type: 'error', title: '提示信息', description: '网络连接失败，请检查网络后重试' }]);
    });

    it('[BO-ERR-20] nothing is shown on the home page', async () => {
      window.location.hash = '#/';
      await failureOf(http.get('/api/no/such/route'));
      await failureOf(answer({ status: 502, text: '网关错误' }));
      await failureOf(callApi('test:GET hangup'));
      expect(shown()).toEqual([]);
    });

    it('[BO-ERR-21] the validate-one-click-delivery call gets its failure body back, without a notice', async () => {
      const body = { resultCode: 400, errMsg: '车辆尚未完成 PDI 检查', data: { vin: 'LHSA3B1C9TS000017' } };
      const result = await answer({ status: 400, ...envelope(body) }, 'validateOneClickDelivery');
      expect(result).toEqual(body);
      expect(shown()).toEqual([]);
    });

    it('[BO-ERR-25] [BO-ERR-26] a download answered with an envelope instead of a file shows the server errMsg', async () => {
      const failure = await failureOf(http.get('/api/test/answer/file', { params: envelope({ resultCode: 404, errMsg: '文件不存在或已被删除', data: null }), responseType: 'blob' }));
      expect(failure.body).toMatchObject({ resultCode: 404 });
      expect(transferFailureMessage('fileDownload', failure)).toBe('文件不存在或已被删除');
      expect(transferFailureMessage('fileDownload', await failureOf(callApi('test:GET hangup')))).toBe('文件下载失败！');
    });
  });

  describe('notices and the busy indicator', () => {
    it('[BO-NTF-01] [BO-NTF-02] while one notice shows, the next failures within 3000 ms are not announced', async () => {
      await Promise.allSettled([answer(envelope({ resultCode: 400, errMsg: '第一条' })), http.get('/api/no/such/route'), answer({ status: 502, text: '第三条' })]);
      vi.setSystemTime(Date.now() + NOTIFY_DURATION_MS - 10);
      await failureOf(answer(envelope({ resultCode: 400, errMsg: '仍在静默期' })));
      expect(shown()).toHaveLength(1);
      vi.setSystemTime(Date.now() + 10);
      await failureOf(answer(envelope({ resultCode: 400, errMsg: '静默期已过' })));
      expect(shown().map((s) => s.description)).toEqual([shown()[0]!.description, '静默期已过']);
    });

    it('[BO-BUSY-01] shows the busy indicator while a slow call runs, and removes it when the answer comes', async () => {
      vi.useRealTimers();
      renderInApp(createElement(BusyIndicator));
      const slow = answer({ delayMs: 600 });
      await waitFor(() => expect(view.getByRole('status').textContent).toBe('加载中…'));
      await act(() => slow);
      expect(view.queryByRole('status')).toBeNull();
    });
  });

  describe('session expiry', () => {
    it('[BO-ERR-07] [BO-ERR-10] [BO-ERR-11] a really expired session: one warning 提示信息 for many calls, then the login page', async () => {
      const expired = expiredToken(session.user!.userId);
      setToken(expired);
      const failures = await Promise.all([failureOf(callApi('dict:GET codes')), failureOf(callApi('auth:GET userinfo')), failureOf(callApi('auth:GET menus'))]);
      for (const failure of failures) expect(failure.body).toMatchObject({ resultCode: 40105 });
      expect(shown()).toEqual([{ type: 'warning', title: '提示信息', description: '登录已过期，请重新登录' }]);
      expect(window.location.hash).toBe('#/login');
      expect(getToken()).toBeUndefined();
      expect(session.status).toBe('idle');
      // Still no second notice, even once the quiet time is over: only a reload (or a new sign-in) resets it.
      vi.setSystemTime(Date.now() + 10 * NOTIFY_DURATION_MS);
      await failureOf(callApi('dict:GET codes'));
      expect(shown()).toHaveLength(1);
    });

    it('[BO-ERR-06] [BO-ERR-09] returnCode 40105 warns with the returnMessage', async () => {
      resetSessionNotice();
      await failureOf(answer(envelope({ returnCode: '40105', returnMessage: '令牌已失效，请重新登录' })));
      expect(shown()).toEqual([{ type: 'warning', title: '提示信息', description: '令牌已失效，请重新登录' }]);
      expect(window.location.hash).toBe('#/login');
    });

    it('[BO-ERR-08] [BO-ERR-09] AUTH-OBTAIN-USER-INFO warns too, with 系统出错，联系管理员 when the answer has no message', async () => {
      resetSessionNotice();
      window.location.hash = '#/home';
      await failureOf(answer(envelope({ resultCode: 'AUTH-OBTAIN-USER-INFO' })));
      expect(shown()).toEqual([{ type: 'warning', title: '提示信息', description: FALLBACK }]);
      expect(window.location.hash).toBe('#/login');
    });
  });
});

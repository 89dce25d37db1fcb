// The HTTP contract in the real browser: Chromium signs every call with the keys the server put in ./config.json, the
// server refuses a replayed, a stale and a tampered request, and an expired session ends with one warning.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { startAppInChromium, type AppInChromium } from './support/app';
import { SCREENSHOTS } from './support/browser';
import type { ServerProcess } from './support/serverProcess';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const LIST_API = '/api/repair/order/repair/orders';

describe('signed requests in Chromium', () => {
  let app: AppInChromium;
  let server: ServerProcess;
  let page: Page;
  const requested: string[] = [];
  let listRequest: Request;

  beforeAll(async () => {
    app = await startAppInChromium();
    ({ server, page } = app);
    page.on('request', (request) => requested.push(request.url()));
  });

  afterAll(() => app?.close());

  /** Sends a request from outside the browser, as an attacker replaying or forging one would. */
  const send = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${server.baseUrl}${path}`, { headers });
    return (await response.json()) as { resultCode: number; errMsg: string };
  };
  const servedKey = async () => ((await (await fetch(`${server.baseUrl}/config.json`)).json()) as { signing: { key: string } }).signing.key;

  it('[BO-HTTP-05] [BO-HTTP-06] [BO-HTTP-07] signs every call of the app, from the login on, and the server accepts them', async () => {
    await page.goto(`${server.baseUrl}/#/login`);
    await page.getByPlaceholder('用户名').fill('d11001fwgw');
    await page.getByPlaceholder('密码').fill('Dms@2026');
    const login = page.waitForRequest((r) => r.url().endsWith('/api/auth/token'));
    await page.getByRole('button', { name: '登 录' }).click();
    const loginHeaders = await (await login).allHeaders();
    expect(loginHeaders).toMatchObject({ timestamp: expect.stringMatching(/^\d{13}$/), nonce: expect.stringMatching(/^[0-9a-f]{32}$/), signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await page.waitForURL(/#\/home$/);
    const list = page.waitForRequest((r) => r.url().includes(`${LIST_API}?`));
    await page.goto(`${server.baseUrl}/#${ORDERS_PATH}`);
    listRequest = await list;
    const answer = (await (await listRequest.response())!.json()) as { resultCode: number };
    expect(answer.resultCode).toBe(200);
    const headers = await listRequest.allHeaders();
    expect(headers.menuid).toBe('1101');
    expect(headers.nonce).not.toBe(loginHeaders.nonce);
    await page.locator('.ag-row').first().waitFor();
  });

  it('[BO-HTTP-06] refuses a replayed request: the browser’s own list call sent again', async () => {
    const url = new URL(listRequest.url());
    const answer = await send(url.pathname + url.search, await listRequest.allHeaders());
    expect(answer).toMatchObject({ resultCode: 40113, errMsg: '重复的请求已被拒绝' });
  });

  it('[BO-HTTP-05] refuses a request whose timestamp is six minutes old, correctly signed otherwise', async () => {
    const path = `${LIST_API}?current=1&pageSize=50`;
    const headers = { authorization: (await listRequest.allHeaders()).authorization!, ...signRequest(await servedKey(), { method: 'GET', url: path }, Date.now() - 6 * 60_000, randomNonce()) };
    expect(await send(path, headers)).toMatchObject({ resultCode: 40111, errMsg: '请求时间与服务器时间相差超过 5 分钟，请校准本机时间后重试' });
  });

  it('[BO-HTTP-07] refuses a request whose query was changed after signing', async () => {
    const signedPath = `${LIST_API}?current=1&pageSize=50`;
    // The browser's own credentials: its token and the menu it called from.
    const { authorization, menuid } = await listRequest.allHeaders();
    const headers = { authorization: authorization!, menuId: menuid!, ...signRequest(await servedKey(), { method: 'GET', url: signedPath }, Date.now(), randomNonce()) };
    expect(await send(`${LIST_API}?current=1&pageSize=100000`, headers)).toMatchObject({ resultCode: 40112, errMsg: '请求签名校验失败' });
    // The same headers on the path they signed pass: only the tampering was refused.
    expect((await send(signedPath, headers)).resultCode).toBe(200);
  });

  it('[BO-BUSY-01] shows the busy indicator while a call is slow, and only then', async () => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
    const answered = page.waitForResponse((r) => r.url().includes(`${LIST_API}?`));
    await page.getByRole('button', { name: '查 询' }).click();
    const indicator = page.getByRole('status').filter({ hasText: '加载中…' });
    await indicator.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/busy-indicator.png` });
    await answered;
    await indicator.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
  });

  it('[BO-ERR-07] [BO-ERR-10] [BO-ERR-11] an expired session: one warning 提示信息 however many calls fail, then the login page', async () => {
    await page.context().addCookies([{ name: 'token', value: 'expired.session.token', url: server.baseUrl }]);
    const failing = page.waitForResponse((r) => r.url().includes('/api/auth/userinfo'));
    await page.reload();
    expect(((await (await failing).json()) as { resultCode: number }).resultCode).toBe(40105);
    await page.waitForURL(/#\/login$/);
    const notice = page.locator('.dms-notice');
    await notice.first().waitFor();
    expect(await notice.locator('.ant-notification-notice-title').allInnerTexts()).toEqual(['提示信息']);
    expect(await notice.locator('.ant-notification-notice-description').innerText()).toBe('登录已过期，请重新登录');
    expect(await notice.getAttribute('class')).toContain('ant-notification-notice-warning');
    await expect.poll(() => notice.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.screenshot({ path: `${SCREENSHOTS}/session-expired.png` });
    expect(await notice.count()).toBe(1);
  });

  it('calls nothing but its own server: the analytics beacon is off by default', () => {
    expect(requested.length).toBeGreaterThan(10);
    expect(requested.filter((url) => !url.startsWith(server.baseUrl) && !url.startsWith('data:'))).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});

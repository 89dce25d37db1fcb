// The app shell in Chromium: the code-flow sign-in from a deep link, tabs that keep a filtered, paged table as it was,
// the open-tab limit, the refresh of one view, logout leaving none of the §3 keys, a token in the address of /onepage,
// /selectCrowd embedded in another page handing back the ticked customers,
// and the start-up site redirect between two local addresses (127.0.0.1 and localhost name two sites of one server).
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { LOCAL_KEYS, SESSION_KEYS, TOKEN_COOKIES, USER_COOKIES } from '../../runtime/stores/storageKeys';
import { startAppInChromium, type AppInChromium } from './support/app';
import { SCREENSHOTS, watchPageErrors } from './support/browser';
import { overrideRuntimeConfig, signInThroughPage, tokensFor } from './support/signIn';

const ORDERS = '/repair/repairBusiness/repairOrder/index';
const REMINDERS = '/repair/repairBusiness/reminder/index';
const MESSAGES = '/personal/message/messageCenter/index';
const MAX_TABS = 2;

describe('the app shell in Chromium', () => {
  let app: AppInChromium;
  let page: Page;
  let base: string;
  const requests: Request[] = [];
  const requested = (part: string) => requests.filter((r) => r.url().includes(part)).length;

  beforeAll(async () => {
    app = await startAppInChromium();
    page = app.page;
    base = app.server.baseUrl;
    page.on('request', (request) => requests.push(request));
    // A deployment with room for two menu tabs.
    await overrideRuntimeConfig(page, { maxCacheNum: MAX_TABS });
  });
  afterAll(() => app?.close());

  const pageOf = (path: string) => page.locator(`[data-page="${path}"]`);
  const tab = (title: string) => page.locator('.dms-tabs .ant-tabs-tab', { hasText: title });
  const sidebar = (title: string) => page.locator('.ant-layout-sider .ant-menu-item', { hasText: title });
  const gridScroll = (path: string) => pageOf(path).locator('.ag-body-vertical-scroll-viewport');
  const listAnswered = (part: string) => page.waitForResponse((r) => r.url().includes(part) && r.request().method() === 'GET');

  it('[BO-NAV-11] [BO-NAV-01] [BO-ROUTE-15] [BO-MENU-08] a deep link without a token goes through the sign-in and lands on the asked page', async () => {
    await page.goto(`${base}/#${REMINDERS}`);
    await page.waitForURL(/\/oauth\/authorize\?/);
    const authorize = new URL(page.url());
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', client_id: 'dms-web', redirect_uri: `${base}/`, code_challenge_method: 'S256' });
    expect(await page.title()).toBe('用户登录 - DMS经销商管理系统');
    await page.screenshot({ path: `${SCREENSHOTS}/login-page.png` });
    const menus = page.waitForResponse((r) => r.url().endsWith('/api/auth/menus'));
    await signInThroughPage(page, 'd11001fwgw');
    await menus;
    await page.waitForURL(`${base}/#${REMINDERS}`);
    await pageOf(REMINDERS).locator('.ag-row').first().waitFor();
    expect(await page.title()).toBe('DMS经销商管理系统 - 维修提醒');
    // The code left the address once it was exchanged.
    expect(page.url()).not.toContain('code=');
  });

  it('[BO-ROUTE-10] [BB-STATE-05] [BB-STATE-09] switching tabs keeps a filtered, paged table as it was: filter, page and scroll', async () => {
    const answered = listAnswered('/order/repair/orders?');
    await sidebar('维修工单').click();
    await answered;
    const orders = pageOf(ORDERS);
    await orders.locator('.ag-row').first().waitFor();
    const filtered = listAnswered('/order/repair/orders?');
    await orders.locator('#filter_plateNo').fill('京A');
    await orders.getByRole('button', { name: '查 询' }).click();
    await filtered;
    const third = listAnswered('/order/repair/orders?');
    await orders.locator('.ant-pagination-item-3').click();
    await third;
    await expect.poll(() => orders.locator('.ant-pagination-item-active').innerText()).toBe('3');
    // 维修工单 offers nothing that acts on a selection, so it shows no selection boxes (runtime/table/selectionUse.ts);
    // a kept page keeps its store whole, selection included, as it keeps the filter and the page.
    expect(await orders.locator('.dms-select').count()).toBe(0);
    await gridScroll(ORDERS).evaluate((element) => (element.scrollTop = 400));
    await expect.poll(() => orders.locator('.ag-row[row-index="15"]').count()).toBeGreaterThan(0);
    const before = {
      plate: await orders.locator('#filter_plateNo').inputValue(),
      rowInView: await orders.locator('.ag-row[row-index="15"] [col-id="roNo"]').first().innerText(),
    };
    expect(before).toMatchObject({ plate: '京A' });
    const ordersCalls = requested('/order/repair/orders?');

    await tab('维修提醒').click();
    await page.waitForURL(`${base}/#${REMINDERS}`);
    await expect.poll(() => orders.isHidden()).toBe(true);
    await tab('维修工单').click();
    await page.waitForURL(`${base}/#${ORDERS}`);
    await expect.poll(() => orders.isVisible()).toBe(true);

    expect(await orders.locator('#filter_plateNo').inputValue()).toBe(before.plate);
    expect(await orders.locator('.ant-pagination-item-active').innerText()).toBe('3');
    expect(await orders.locator('.ag-row[row-index="15"] [col-id="roNo"]').first().innerText()).toBe(before.rowInView);
    await expect.poll(() => gridScroll(ORDERS).evaluate((element) => element.scrollTop)).toBe(400);
    expect(requested('/order/repair/orders?')).toBe(ordersCalls);
    await page.screenshot({ path: `${SCREENSHOTS}/tabs-kept-alive.png` });
  });

  it('[BO-NAV-06] [BO-NAV-07] [BO-NAV-08] [BO-NAV-09] [BO-NAV-05] at the open-tab limit a new menu page is refused with 提示信息; an open one still opens', async () => {
    expect(await page.locator('.dms-tabs .ant-tabs-tab').allInnerTexts()).toEqual(['概览', '维修提醒', '维修工单']);
    await page.locator('.ant-layout-sider .ant-menu-submenu-title', { hasText: '个人中心' }).click();
    await page.locator('.ant-layout-sider .ant-menu-submenu-title', { hasText: /^消息$/ }).click();
    await sidebar('消息中心').click();
    const notice = page.locator('.dms-notice').last();
    await notice.waitFor();
    expect(await notice.locator('.ant-notification-notice-title').innerText()).toBe('提示信息');
    expect(await notice.locator('.ant-notification-notice-description').innerText()).toBe(`最多支持${MAX_TABS}个菜单项，请先关闭不用的页签`);
    expect(page.url()).toBe(`${base}/#${ORDERS}`);
    await page.screenshot({ path: `${SCREENSHOTS}/tab-limit.png` });
    // Typed into the address bar: refused the same way, back where the user was.
    await page.evaluate((path) => (window.location.hash = `#${path}`), MESSAGES);
    await page.waitForURL(`${base}/#${ORDERS}`);
    expect(await tab('消息中心').count()).toBe(0);
    // A page whose tab is open is always reachable.
    await sidebar('维修提醒').click();
    await page.waitForURL(`${base}/#${REMINDERS}`);
  });

  it('[BO-ROUTE-12] [BO-ROUTE-13] [BB-SITE-06] [BB-STATE-23] refresh reloads one view only', async () => {
    const reminders = pageOf(REMINDERS);
    const filtered = listAnswered('/api/repair/reminders?');
    await reminders.locator('#filter_plateNo').fill('京');
    await reminders.getByRole('button', { name: '查 询' }).click();
    expect(new URL((await filtered).url()).searchParams.get('plateNo')).toBe('京');
    const ordersCalls = requested('/order/repair/orders?');

    const reloaded = listAnswered('/api/repair/reminders?');
    const viaRedirect = page.waitForURL(/#\/redirect\/repair\/repairBusiness\/reminder\/index$/);
    await page.getByRole('button', { name: '刷新当前页' }).click();
    await viaRedirect;
    expect(new URL((await reloaded).url()).searchParams.get('plateNo')).toBeNull();
    await page.waitForURL(`${base}/#${REMINDERS}`);
    await expect.poll(() => pageOf(REMINDERS).locator('#filter_plateNo').inputValue()).toBe('');

    await tab('维修工单').click();
    await expect.poll(() => pageOf(ORDERS).isVisible()).toBe(true);
    expect(await pageOf(ORDERS).locator('#filter_plateNo').inputValue()).toBe('京A');
    expect(await pageOf(ORDERS).locator('.ant-pagination-item-active').innerText()).toBe('3');
    expect(requested('/order/repair/orders?')).toBe(ordersCalls);
  });

  it('[BO-PROD-11] [BO-ROUTE-04] /onepage stores a token given in the address, takes it out of the address, and shows the vehicle', async () => {
    const context: BrowserContext = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const other = await context.newPage();
    const errors = watchPageErrors(other);
    const { token } = await tokensFor(base, 'd11001fwgw');
    const vin = await pageOf(ORDERS).locator('.ag-row[row-index="15"] [col-id="vin"]').first().innerText();
    await other.goto(`${base}/#/onepage?token=${encodeURIComponent(token)}&vin=${vin}`);
    // The JSON screen customer.onepage: the vehicle's card (a descriptions block), its owner's, its repair history.
    await other.locator('.dms-block[data-block-type="descriptions"]', { hasText: '车辆信息' }).getByText(vin).waitFor();
    expect(other.url()).toBe(`${base}/#/onepage?vin=${vin}`);
    expect((await context.cookies(base)).find((c) => c.name === 'token')?.value).toBe(token);
    expect(await other.title()).toBe('DMS经销商管理系统 - 单车档案');
    expect(await other.locator('.dms-layout').count()).toBe(0);
    expect(await other.locator('#filter_vin').inputValue()).toBe(vin);
    const owner = other.locator('.dms-block[data-block-type="descriptions"]', { hasText: '车主信息' });
    expect(await owner.locator('.dms-masked-text').innerText()).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const history = other.locator('.dms-block[data-block-type="table"]', { hasText: '维修记录' });
    // The vehicle came from the orders list: it has at least one order, numbered RO....
    await history.locator('.ag-row [col-id="roNo"]').first().waitFor();
    expect(await history.locator('.ag-row [col-id="roNo"]').first().innerText()).toMatch(/^RO/);
    await other.screenshot({ path: `${SCREENSHOTS}/onepage.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('[BO-ROUTE-05] [BO-ROUTE-06] /selectCrowd, embedded by another page, lists the dealer’s customers and hands the ticked ones to it', async () => {
    const context: BrowserContext = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const host = await context.newPage();
    const errors = watchPageErrors(host);
    const { token } = await tokensFor(base, 'd11001fwgw');
    // The embedding page is of the app's own origin (the message goes to that origin only): a blank page of the server.
    await host.goto(`${base}/config.json`);
    await host.evaluate((src) => {
      document.open();
      document.write('<!doctype html><body></body>');
      document.close();
      (window as unknown as { received: unknown[] }).received = [];
      window.addEventListener('message', (event) => (window as unknown as { received: unknown[] }).received.push(event.data));
      const frame = document.createElement('iframe');
      frame.style.width = '1200px';
      frame.style.height = '760px';
      frame.src = src;
      document.body.append(frame);
    }, `${base}/#/selectCrowd?token=${encodeURIComponent(token)}`);
    const crowd = host.frameLocator('iframe');
    const boxes = crowd.locator('.ag-grid-scrolling-container .ag-row .dms-select input');
    await boxes.first().waitFor();
    expect(await crowd.locator('.dms-layout').count()).toBe(0);
    await boxes.nth(0).click();
    await boxes.nth(1).click();
    await crowd.getByRole('button', { name: '确 定' }).click();
    await crowd.getByText('已将 2 位客户回传给主系统').waitFor();
    const received = (await host.evaluate(() => (window as unknown as { received: unknown[] }).received)) as { type: string; customers: { customerId: number; ownerCode: string }[] }[];
    expect(received).toHaveLength(1);
    expect(received[0]!.type).toBe('dms:selectCrowd');
    expect(received[0]!.customers).toHaveLength(2);
    expect(received[0]!.customers.every((c) => c.ownerCode === 'D11001' && !('_uid' in c))).toBe(true);
    await host.screenshot({ path: `${SCREENSHOTS}/selectCrowd.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('[BO-AUTH-01] [BO-AUTH-02] [BO-AUTH-03] [BO-AUTH-04] [BO-AUTH-05] [BO-STORE-01] [BO-STORE-02] [BO-STORE-03] [BO-STORE-04] [BO-STORE-05] logout leaves none of the §3 keys behind', async () => {
    // The main system sets its flag when it embeds the app; logout removes it with the rest.
    await page.evaluate(() => localStorage.setItem('mainSystem', '1'));
    const stored = async () => ({
      cookies: (await page.context().cookies(base)).map((c) => c.name),
      session: await page.evaluate(() => Object.keys(sessionStorage)),
      local: await page.evaluate(() => Object.keys(localStorage)),
    });
    const before = await stored();
    for (const name of [...TOKEN_COOKIES, ...USER_COOKIES]) expect(before.cookies, `cookie ${name} before logout`).toContain(name);
    for (const key of SESSION_KEYS) expect(before.session, `session storage ${key} before logout`).toContain(key);
    for (const key of LOCAL_KEYS) expect(before.local, `local storage ${key} before logout`).toContain(key);
    const refreshToken = (await page.context().cookies(base)).find((c) => c.name === 'refreshToken')!.value;

    const loggedOut = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: '退出登录' }).click();
    expect((await loggedOut).postDataJSON()).toEqual({ refreshToken });
    // The login flow: the sign-in page of the identity provider (on this server's origin).
    await page.waitForURL(/\/oauth\/authorize\?/);
    const after = await stored();
    for (const name of [...TOKEN_COOKIES, ...USER_COOKIES]) expect(after.cookies, `cookie ${name} after logout`).not.toContain(name);
    for (const key of SESSION_KEYS) expect(after.session, `session storage ${key} after logout`).not.toContain(key);
    for (const key of LOCAL_KEYS) expect(after.local, `local storage ${key} after logout`).not.toContain(key);
    // The server has revoked the session: the refresh token no longer works.
    const refused = await refreshThroughServer(refreshToken);
    expect(refused).toMatchObject({ resultCode: 40122, errMsg: '已退出登录，登录凭证已失效，请重新登录' });

    // Signing in again starts from nothing: no tab of the previous session comes back.
    await signInThroughPage(page, 'd11001fwgw');
    await page.waitForURL(`${base}/#/home`);
    await page.locator('.dms-home').waitFor();
    expect(await page.locator('.dms-tabs .ant-tabs-tab').allInnerTexts()).toEqual(['概览']);
    expect(app.pageErrors).toEqual([]);
  });

  /** A refresh from outside the browser, signed like the app's calls. */
  async function refreshThroughServer(refreshToken: string) {
    const { signing } = (await (await fetch(`${base}/config.json`)).json()) as { signing: { key: string } };
    const path = '/api/auth/token';
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signRequest(signing.key, { method: 'POST', url: path }, Date.now(), randomNonce()) },
      body: JSON.stringify({ grant_type: 'refresh_token', client_id: 'dms-web', refresh_token: refreshToken }),
    });
    return (await response.json()) as { resultCode: number; errMsg: string };
  }

  describe('the start-up site redirect between two configured sites', () => {
    let context: BrowserContext;
    let sitePage: Page;
    let manufacturerSite: string;
    let dealerSite: string;

    beforeAll(async () => {
      manufacturerSite = `http://127.0.0.1:${app.server.port}/`;
      dealerSite = `http://localhost:${app.server.port}/`;
      context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
      sitePage = await context.newPage();
      await overrideRuntimeConfig(sitePage, { sites: { manufacturer: manufacturerSite, dealer: dealerSite } });
    });
    afterAll(() => context?.close());

    it('[BO-SITE-01] [BO-SITE-03] [BO-SITE-04] [BB-SITE-02] [BB-SITE-04] [BB-SITE-05] a stored dealer org type (10461001) on the manufacturer site goes to the dealer site’s home page', async () => {
      await context.addCookies([{ name: 'orgType', value: '10461001', url: manufacturerSite }]);
      const toDealerHome = sitePage.waitForRequest((r) => r.isNavigationRequest() && r.url().startsWith(dealerSite));
      await sitePage.goto(`${manufacturerSite}#${ORDERS}`);
      expect((await toDealerHome).url()).toBe(dealerSite);
      // The dealer site has no session yet: it sends the browser to sign in there.
      await sitePage.waitForURL(new RegExp(`^${dealerSite.replace(/[.:/]/g, '\\$&')}oauth/authorize\\?`));
      await context.clearCookies();
    });

    it('[BO-SITE-02] [BB-SITE-03] [BB-SITE-01] a manufacturer user (10461003) signing in on the dealer site is sent to the manufacturer site’s home page', async () => {
      await signInThroughPage(sitePage, 'admin');
      await sitePage.waitForURL(new RegExp(`^${manufacturerSite.replace(/[.:/]/g, '\\$&')}`), { timeout: 30_000 });
      // Cookies belong to a site: the manufacturer site asks for its own sign-in, then shows the home page.
      await signInThroughPage(sitePage, 'admin');
      await sitePage.waitForURL(`${manufacturerSite}#/home`);
      await sitePage.locator('.dms-home').waitFor();
      expect(await sitePage.locator('[data-testid="current-user"]').innerText()).toBe('系统管理员');
    });
  });
});

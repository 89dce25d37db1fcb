// Permissions end to end in Chromium: a dealer's technician sees only its own dealer's orders, no button its role does
// not grant, and the server refuses the calls those buttons would make when they are forced; the administrator reads
// the refusal in 审计日志.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { ERROR_CATALOGUE } from '../../server/http/errors';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage, tokensFor } from './support/signIn';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const AUDIT_PATH = '/system/permission/auditLog/index';
const OWN_DEALER = '北京华晟京通汽车销售服务有限公司';
const ORDERS_API = '/api/repair/order/repair/orders';

interface Answer<T> {
  resultCode: number;
  errMsg: string;
  data: T;
}

describe('permissions end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let signingKey: string;

  /** A call made outside the app's screens, signed as the browser signs, from the menu named. */
  async function forced<T>(token: string, method: string, path: string, menuId: string): Promise<Answer<T>> {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, menuId, ...signRequest(signingKey, { method, url: path }, Date.now(), randomNonce()) },
    });
    return (await response.json()) as Answer<T>;
  }

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    pageErrors = watchPageErrors(page);
    signingKey = ((await (await fetch(`${server.baseUrl}/config.json`)).json()) as { signing: { key: string } }).signing.key;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('[BO-PERM-08] a dealer user sees only its own dealer\'s orders, and another dealer\'s order answers as not found', async () => {
    await page.goto(`${server.baseUrl}/#${ORDERS_PATH}`);
    const firstPage = page.waitForResponse((r) => r.url().includes(`${ORDERS_API}?`));
    await signInThroughPage(page, 'd11001js');
    await firstPage;
    await page.locator('.ag-row').first().waitFor();
    const dealers = await page.locator('.dms-table .ag-row:not(.ag-row-pinned) [col-id="dealerName"]').allInnerTexts();
    expect(dealers.length).toBeGreaterThan(10);
    expect(new Set(dealers)).toEqual(new Set([OWN_DEALER]));

    const admin = (await tokensFor(server.baseUrl, 'admin')).token;
    const everyone = await forced<{ items: { id: number; ownerCode: string }[] }>(admin, 'GET', `${ORDERS_API}?pageSize=2000`, '1101');
    const other = everyone.data.items.find((o) => o.ownerCode !== 'D11001')!;
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    expect(await forced(token, 'GET', `${ORDERS_API}/${other.id}`, '1101')).toMatchObject({ resultCode: 404, errMsg: ERROR_CATALOGUE.notFound.errMsg });
  });

  it('[BO-PERM-03] hides 新增, 编辑 and 删除 the technician\'s role does not grant, and the server refuses them when forced', async () => {
    expect(await page.getByRole('button', { name: /^刷\s?新$/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: '新增' }).count()).toBe(0);
    expect(await page.locator('.dms-table').getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await page.locator('.dms-table').getByRole('button', { name: '删除' }).count()).toBe(0);
    // Only the granted menus: no 流程管理, no 系统管理.
    const sider = await page.locator('.ant-layout-sider').innerText();
    expect(sider).toContain('维修工单');
    expect(sider).not.toContain('流程管理');
    expect(sider).not.toContain('系统管理');
    await page.screenshot({ path: `${SCREENSHOTS}/permissions-technician-orders.png` });

    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const own = await forced<{ items: { id: number }[] }>(token, 'GET', `${ORDERS_API}?pageSize=1`, '1101');
    const id = own.data.items[0]!.id;
    expect(await forced(token, 'DELETE', `${ORDERS_API}/${id}`, '1101')).toMatchObject({ resultCode: 403, errMsg: ERROR_CATALOGUE.keyNotGranted.errMsg });
    // Still there.
    expect((await forced(token, 'GET', `${ORDERS_API}/${id}`, '1101')).resultCode).toBe(200);
    expect(pageErrors).toEqual([]);
  });

  it('the administrator reads the refused delete in 审计日志', async () => {
    const adminPage = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await adminPage.goto(`${server.baseUrl}/#${AUDIT_PATH}`);
    const list = adminPage.waitForResponse((r) => r.url().includes('/api/auth/auditLogs?'));
    await signInThroughPage(adminPage, 'admin');
    await list;
    const firstRow = adminPage.locator('.dms-table .ag-row[row-index="0"]');
    await firstRow.waitFor();
    expect(await firstRow.locator('[col-id="userCode"]').innerText()).toBe('d11001js');
    expect(await firstRow.locator('[col-id="permissionKey"]').innerText()).toBe('DELETE_repair_order/repair/orders/{id}');
    expect(await firstRow.locator('[col-id="resultCode"]').innerText()).toBe('403');
    await adminPage.screenshot({ path: `${SCREENSHOTS}/permissions-audit-log.png` });
    await adminPage.close();
  });
});

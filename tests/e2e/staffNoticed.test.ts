// What staff noticed (issue 20), checked in the running product in Chromium as each of them: the sidebar scrolls by
// itself, no 新增 the server would refuse, phone numbers masked wherever they show, each position's buttons, the
// kanban's buttons beside its charts, the sums in view, no grid warning; and the menu search with Ctrl+K.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOTS } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const ORDERS = '/repair/repairBusiness/repairOrder/index';
const REMINDERS = '/repair/repairBusiness/reminder/index';
const BOOKINGS = '/repair/repairBusiness/bookingRegister/index';
const DASHBOARD = '/repair/repairBusiness/dashboard/index';
const LABOUR = '/repair/repairBusiness/labourItem/index';
const MASKED_PHONE = /^1\d{2}\*{4}\d{4}$/;

describe('what staff noticed, in the running product (issue 20)', () => {
  let server: ServerProcess;
  let browser: Browser;
  const warnings: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function signedIn(user: string, path: string, height = 900): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1440, height }, locale: 'zh-CN' });
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.baseUrl}/#${path}`);
    await signInThroughPage(page, user);
    await page.locator('.dms-layout').waitFor();
    return page;
  }
  const shown = (page: Page) => page.locator('.dms-page:not([hidden])');
  // Rows with their row buttons (详情 is on every row of these screens).
  const firstRows = async (page: Page) => shown(page).locator('.ag-row button', { hasText: /详情|查看|标记已读/ }).first().waitFor();
  const buttonsOf = async (page: Page) => (await shown(page).locator('button').allInnerTexts()).map((text) => text.replace(/\s+/g, ''));

  it('the administrator: the expanded sidebar scrolls by itself, header and tabs stay; no 新增 on 维修工单, which only dealers open', async () => {
    const page = await signedIn('admin', ORDERS, 600);
    await firstRows(page);
    for (const title of ['售后服务', '销售业务', '流程管理', '系统管理', '低代码', '个人中心', '下载管理']) {
      const submenu = page.locator('.ant-layout-sider .ant-menu-submenu-title', { hasText: title }).first();
      if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
    }
    const menu = page.locator('.dms-sider-menu');
    await expect.poll(() => menu.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await page.mouse.move(100, 500);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => menu.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => [window.scrollY, document.scrollingElement!.scrollTop])).toEqual([0, 0]);
    expect((await page.locator('.dms-header').boundingBox())!.y).toBe(0);
    expect(await page.locator('.dms-tabs').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/staff-sidebar-scrolls-alone.png` });

    const buttons = await buttonsOf(page);
    expect(buttons).toContain('编辑');
    expect(buttons).not.toContain('新增');
    await page.close();
  });

  it('[BO-MASK-01] the service advisor: Ctrl+K finds 维修工单 by wxgd; prints orders; no 流程定义; phones masked on every page; sums in view', async () => {
    const page = await signedIn('d11001fwgw', '/home');
    // 概览's reminders.
    const homePhone = page.locator('.dms-masked-text').first();
    await homePhone.waitFor();
    expect(await homePhone.innerText()).toMatch(/1\d{2}\*{4}\d{4}/);

    await page.keyboard.press('Control+k');
    const box = page.getByPlaceholder('输入菜单名称或拼音首字母，如 wxgd');
    await box.fill('wxgd');
    await expect.poll(() => page.locator('.dms-menu-search-title').allInnerTexts()).toEqual(['维修工单']);
    await page.screenshot({ path: `${SCREENSHOTS}/staff-menu-search.png` });
    await box.press('Enter');
    await page.waitForURL(`${server.baseUrl}/#${ORDERS}`);
    await firstRows(page);
    const buttons = await buttonsOf(page);
    expect(buttons).toEqual(expect.arrayContaining(['新增', '打印', '编辑']));
    expect(await page.locator('.ant-layout-sider').innerText()).not.toContain('流程管理');
    // The sums of the money columns are in view though the columns are scrolled away to the right.
    expect(await page.getByTestId('table-sums').innerText()).toMatch(/工时费\s+[\d,]+\.\d{2}\s+材料费\s+[\d,]+\.\d{2}/);
    await page.screenshot({ path: `${SCREENSHOTS}/staff-advisor-orders.png` });

    for (const path of [REMINDERS, BOOKINGS]) {
      await page.goto(`${server.baseUrl}/#${path}`);
      await firstRows(page);
      const phones = await shown(page).locator('.ag-row [col-id="phone"]').allInnerTexts();
      expect(phones.length, path).toBeGreaterThan(0);
      for (const phone of phones) expect(phone, path).toMatch(MASKED_PHONE);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/staff-bookings-masked.png` });

    await page.goto(`${server.baseUrl}/#${DASHBOARD}`);
    const pane = page.locator('.dms-anchor-pane');
    await pane.locator('canvas').first().waitFor();
    const [paneBox, floatBox] = [await pane.boundingBox(), await page.locator('.dms-anchor-float').boundingBox()];
    // The floating buttons stand beside the charts, not over their right end.
    expect(floatBox!.x).toBeGreaterThanOrEqual(paneBox!.x + paneBox!.width);
    await page.screenshot({ path: `${SCREENSHOTS}/staff-kanban-buttons.png` });

    await page.goto(`${server.baseUrl}/#${LABOUR}`);
    await shown(page).locator('.ag-row').first().waitFor();
    expect(warnings.filter((text) => text.includes('AG Grid'))).toEqual([]);
    await page.close();
  });

  it('the technician: reads orders without print and without selection boxes he has no use for', async () => {
    const page = await signedIn('d11001js', ORDERS);
    await firstRows(page);
    const buttons = await buttonsOf(page);
    expect(buttons).toContain('详情');
    expect(buttons).not.toContain('打印');
    expect(await shown(page).locator('.dms-select').count()).toBe(0);
    expect(await page.locator('.ant-layout-sider').innerText()).toContain('维修看板');
    await page.screenshot({ path: `${SCREENSHOTS}/staff-technician-orders.png` });
    await page.close();
    expect(errors).toEqual([]);
  });
});

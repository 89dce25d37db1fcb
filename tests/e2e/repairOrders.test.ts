import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const NEW_ORDER = { vin: 'LHSA3B1C9TS000017', plateNo: '京AD12345', customerName: '端到端', phone: '13900139000', mileage: '8600' };

describe('维修工单 end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    pageErrors = watchPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const grid = () => page.locator('.dms-table');
  const totalText = () => page.locator('.dms-table-total').innerText();
  const firstRow = () => grid().locator('.ag-row[row-index="0"]');
  const firstCell = (colId: string) => firstRow().locator(`[col-id="${colId}"]`).innerText();
  const waitForList = (predicate: (url: URL) => boolean = () => true) =>
    page.waitForResponse((r) => r.url().includes('/api/repair/order/repair/orders?') && predicate(new URL(r.url())));
  const search = async () => {
    const answered = waitForList();
    await page.getByRole('button', { name: '查 询' }).click();
    await answered;
  };
  const filterByVin = async (vin: string) => {
    await page.locator('.dms-filter-bar #filter_vin').fill(vin);
    await search();
  };

  it('[BO-ROUTE-15] sends a deep link without a session through the sign-in and back to the asked screen', async () => {
    await page.goto(`${server.baseUrl}/#${ORDERS_PATH}`);
    await page.waitForURL(/\/oauth\/authorize\?/);
    expect(await page.title()).toContain('DMS');
    await page.getByPlaceholder('用户名').fill('d11001fwgw');
    await page.getByPlaceholder('密码').fill('Dms@2026');
    const firstPage = waitForList();
    await page.getByRole('button', { name: '登 录' }).click();
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}$`));
    await firstPage;
    await page.locator('.ag-row').first().waitFor();
    expect(await page.locator('.dms-breadcrumb').innerText()).toContain('维修工单');
    expect(await page.title()).toBe('DMS经销商管理系统 - 维修工单');
    expect(await page.locator('.ant-menu-item-selected').innerText()).toBe('维修工单');
    expect(await totalText()).toMatch(/^共 \d+ 条$/);
    await page.screenshot({ path: `${SCREENSHOTS}/repair-orders.png` });
  });

  it('filters by VIN', async () => {
    const vin = await firstCell('vin');
    await filterByVin(vin.slice(-8));
    const shownVins = () => grid().locator('.ag-grid-scrolling-container .ag-row [col-id="vin"]').allInnerTexts();
    await expect.poll(async () => (await shownVins()).every((v) => v.endsWith(vin.slice(-8)))).toBe(true);
    const vins = await shownVins();
    expect(vins.length).toBeGreaterThan(0);
    expect(Number((await totalText()).match(/\d+/)![0])).toBe(vins.length);
    const reset = waitForList();
    await page.getByRole('button', { name: '重 置' }).click();
    await reset;
    expect(await page.locator('.dms-filter-bar #filter_vin').inputValue()).toBe('');
  });

  it('[BB-TBL-51] goes to page 2 of 50 rows, asking the server for it', async () => {
    const firstOnPage1 = await firstCell('roNo');
    const page2 = waitForList((url) => url.searchParams.get('current') === '2');
    await page.locator('.ant-pagination-item-2').click();
    const request = new URL((await page2).url());
    expect(request.searchParams.get('pageSize')).toBe('50');
    await expect.poll(() => firstCell('roNo')).not.toBe(firstOnPage1);
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('2');
    expect(await grid().locator('.ag-row').count()).toBeGreaterThan(0);
  });

  it('[BB-FORM-44] [BO-RTE-05] in the order dialog 备注 grows from 2 to 8 rows, and an image in 维修说明 shows at 5:4', async () => {
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.ant-modal-title').innerText()).toBe('新增维修工单');
    const remark = dialog.locator('#dialog_remark');
    // The rows the textarea shows: its inner height in lines of its own line height.
    const rowsShown = () =>
      remark.evaluate((area: HTMLTextAreaElement) => {
        const style = getComputedStyle(area);
        return Math.round((area.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / parseFloat(style.lineHeight));
      });
    expect(await rowsShown()).toBe(2);
    await remark.fill(['客户要求', '更换机油', '检查刹车', '四轮定位'].join('\n'));
    await expect.poll(rowsShown).toBe(4);
    await remark.fill(Array.from({ length: 12 }, (_, i) => `第${i + 1}行`).join('\n'));
    await expect.poll(rowsShown).toBe(8);
    expect(await remark.evaluate((area: HTMLTextAreaElement) => area.scrollHeight > area.clientHeight)).toBe(true);

    const editor = dialog.locator('.dms-rich-text .ProseMirror');
    await editor.waitFor();
    // A 2:1 picture, inserted as the toolbar's 插入图片 does (the editor's own command).
    await editor.evaluate((element) => {
      const canvas = document.createElement('canvas');
      canvas.width = 200;
      canvas.height = 100;
      canvas.getContext('2d')!.fillRect(0, 0, 200, 100);
      (element as unknown as { editor: { commands: { insertContent(html: string): void } } }).editor.commands.insertContent(`<img src="${canvas.toDataURL('image/png')}">`);
    });
    const image = editor.locator('img');
    await image.waitFor();
    await expect.poll(async () => (await image.boundingBox())?.height ?? 0).toBeGreaterThan(0);
    const box = (await image.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(5 / 4, 2);
    await page.screenshot({ path: `${SCREENSHOTS}/order-dialog-textarea-image.png` });
    await dialog.getByRole('button', { name: '取 消' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('[BO-PROD-05] adds an order through the dialog', async () => {
    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.ant-modal-title').innerText()).toBe('新增维修工单');
    for (const [field, value] of Object.entries(NEW_ORDER)) await dialog.locator(`#dialog_${field}`).fill(value);
    await dialog.locator('#dialog_repairTypeCode').click();
    await page.locator('.ant-select-item-option[title="定期保养"]').click();
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/repair/order/repair/orders'));
    await dialog.getByRole('button', { name: '保 存' }).click();
    expect((await (await saved).json()).resultCode).toBe(200);
    await page.getByText('保存成功').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await filterByVin(NEW_ORDER.vin);
    await expect.poll(totalText).toBe('共 1 条');
    await expect.poll(() => firstCell('customerName')).toBe(NEW_ORDER.customerName);
    expect(await firstCell('status')).toBe('待派工');
  });

  it('finds the order after a server restart, then deletes it through the confirm dialog', async () => {
    await server.stop();
    await server.start();
    await page.reload();
    await page.locator('.ag-row').first().waitFor();
    await filterByVin(NEW_ORDER.vin);
    await expect.poll(totalText).toBe('共 1 条');
    await expect.poll(() => firstCell('plateNo')).toBe(NEW_ORDER.plateNo);

    await firstRow().getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    expect(await confirm.locator('.ant-modal-confirm-title').innerText()).toBe('提示信息');
    expect(await confirm.locator('.ant-modal-confirm-content').innerText()).toBe('确认进行此操作?');
    expect(await confirm.getByRole('button').allInnerTexts()).toEqual(['取消', '确定']);
    await page.screenshot({ path: `${SCREENSHOTS}/delete-confirm.png` });
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: '确定' }).click();
    expect((await (await deleted).json()).resultCode).toBe(200);
    await page.getByText('删除成功').waitFor();
    await expect.poll(totalText).toBe('共 0 条');
    // The grid's overlay, not its screen-reader announcement of the same words (ag-grid's aria-live region).
    await grid().locator('.ag-overlay-no-rows-center').getByText('暂无数据').waitFor();
    expect(pageErrors).toEqual([]);
  });
});

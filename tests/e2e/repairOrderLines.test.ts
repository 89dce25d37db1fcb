import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const NEW_ORDER = { vin: 'LHSA3B1C0TS000018', plateNo: '京AD54321', customerName: '明细测试', phone: '13900139001', mileage: '12000' };

describe('维修工单 labour and part lines end to end in Chromium', () => {
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

  const dialog = () => page.getByRole('dialog');
  const lines = (name: string) => dialog().locator(`[data-lines="${name}"]`);
  const cellInput = (table: string, line: number, column: string) => lines(table).locator(`[data-line="${line}"] [data-column="${column}"] input`);
  const cellText = (table: string, line: number, column: string) => lines(table).locator(`[data-line="${line}"] [data-column="${column}"]`).innerText();
  const totalOf = (table: string, label: string) => lines(table).locator(`[data-total="${label}"]`).innerText();
  const firstRow = () => page.locator('.dms-table .ag-row[row-index="0"]');
  const waitForList = () => page.waitForResponse((r) => r.url().includes('/api/repair/order/repair/orders?'));

  it('opens an order with labour and part lines, the amounts and totals following the typing, saved with the order in one call', async () => {
    await page.goto(`${server.baseUrl}/#${ORDERS_PATH}`);
    await page.waitForURL(/\/oauth\/authorize\?/);
    await page.getByPlaceholder('用户名').fill('d11001fwgw');
    await page.getByPlaceholder('密码').fill('Dms@2026');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.locator('.ag-row').first().waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    for (const [field, value] of Object.entries(NEW_ORDER)) await dialog().locator(`#dialog_${field}`).fill(value);
    await dialog().locator('#dialog_repairTypeCode').click();
    await page.locator('.ant-select-item-option[title="定期保养"]').click();
    // No lines yet: the lump-sum inputs are offered.
    expect(await dialog().locator('#dialog_labourAmount').count()).toBe(1);

    await lines('labourLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('labourLines', 1, 'labourName').fill('更换机油');
    await cellInput('labourLines', 1, 'hours').fill('1.5');
    await cellInput('labourLines', 1, 'rate').fill('120');
    await expect.poll(() => cellText('labourLines', 1, 'amount')).toBe('180.00');
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：180.00');
    expect(await dialog().locator('#dialog_labourAmount').count()).toBe(0);

    await lines('labourLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('labourLines', 2, 'labourName').fill('底盘检查');
    await cellInput('labourLines', 2, 'hours').fill('0.3');
    await cellInput('labourLines', 2, 'rate').pressSequentially('33.33');
    // 0.3 × 33.33 = 9.999: 10.00, as the server rounds it.
    await expect.poll(() => cellText('labourLines', 2, 'amount')).toBe('10.00');
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：190.00');

    await lines('partLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('partLines', 1, 'partCode').fill('oil-5w30');
    await cellInput('partLines', 1, 'partName').fill('机油');
    await cellInput('partLines', 1, 'quantity').fill('4');
    await cellInput('partLines', 1, 'unitPrice').fill('58.8');
    await expect.poll(() => totalOf('partLines', '材料费')).toBe('材料费：235.20');
    await page.screenshot({ path: `${SCREENSHOTS}/repair-order-lines.png` });

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/repair/order/repair/orders'));
    await dialog().getByRole('button', { name: '保 存' }).click();
    const body = await (await saved).json();
    expect(body.resultCode).toBe(200);
    expect(body.data).toMatchObject({ labourAmount: '190.00', partAmount: '235.20' });
    expect(body.data.labourLines).toHaveLength(2);
    await dialog().waitFor({ state: 'detached' });
  });

  it("edits the stored lines: copies one and removes another, the order's amounts saved as the lines' sum", async () => {
    await page.locator('.dms-filter-bar #filter_vin').fill(NEW_ORDER.vin);
    const answered = waitForList();
    await page.getByRole('button', { name: '查 询' }).click();
    // The list answers the amounts the server saved (the grid's money columns may be scrolled out of view).
    expect((await (await answered).json()).data.items[0]).toMatchObject({ customerName: NEW_ORDER.customerName, labourAmount: '190.00', partAmount: '235.20' });
    await expect.poll(() => firstRow().locator('[col-id="customerName"]').innerText()).toBe(NEW_ORDER.customerName);

    await firstRow().getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => cellText('labourLines', 2, 'amount')).toBe('10.00');
    await lines('labourLines').locator('[data-line="1"]').getByRole('button', { name: '复制' }).click();
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：370.00');
    await lines('partLines').locator('[data-line="1"]').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => totalOf('partLines', '材料费')).toBe('材料费：0.00');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/repair\/order\/repair\/orders\/\d+$/.test(r.url()));
    const reloaded = waitForList();
    await dialog().getByRole('button', { name: '修 改' }).click();
    const body = await (await saved).json();
    expect(body.data).toMatchObject({ labourAmount: '370.00', partAmount: '0.00', partLines: [] });
    expect(body.data.labourLines.map((l: { labourName: string }) => l.labourName)).toEqual(['更换机油', '更换机油', '底盘检查']);
    await dialog().waitFor({ state: 'detached' });
    expect((await (await reloaded).json()).data.items[0]).toMatchObject({ labourAmount: '370.00', partAmount: '0.00' });
    expect(pageErrors).toEqual([]);
  });
});

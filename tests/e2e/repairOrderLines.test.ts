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
  const cellSelect = (table: string, line: number, column: string) => lines(table).locator(`[data-line="${line}"] [data-column="${column}"] select`);
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
    // The amounts are the server's sums of the lines: the form offers no lump-sum amounts nor a status to type.
    for (const field of ['labourAmount', 'partAmount', 'totalAmount', 'status']) expect(await dialog().locator(`#dialog_${field}`).count()).toBe(0);

    // Labour lines name a 工时项目 by its code (its name is the server's); hours and rate typed override its own.
    await lines('labourLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('labourLines', 1, 'labourCode').fill('BY001');
    await cellInput('labourLines', 1, 'stdHours').fill('1.5');
    await cellInput('labourLines', 1, 'price').fill('120');
    await cellSelect('labourLines', 1, 'chargeType').selectOption('80221001');
    await expect.poll(() => cellText('labourLines', 1, 'amount')).toBe('180.00');
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：180.00');

    await lines('labourLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('labourLines', 2, 'labourCode').fill('WX001');
    await cellInput('labourLines', 2, 'stdHours').fill('0.3');
    await cellInput('labourLines', 2, 'price').pressSequentially('33.33');
    await cellSelect('labourLines', 2, 'chargeType').selectOption('80221001');
    // 0.3 × 33.33 = 9.999: 10.00, as the server rounds it.
    await expect.poll(() => cellText('labourLines', 2, 'amount')).toBe('10.00');
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：190.00');

    // A part line names the part and its quantity; its name and price come from the part master when saved.
    await lines('partLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('partLines', 1, 'partNo').fill('HS-1012010-A3');
    await cellInput('partLines', 1, 'qty').fill('4');
    await cellSelect('partLines', 1, 'chargeType').selectOption('80221001');
    expect(await cellText('partLines', 1, 'unitPrice')).toBe('');

    await lines('addItems').getByRole('button', { name: '新增行' }).click();
    await cellSelect('addItems', 1, 'itemCode').selectOption('80341005');
    await cellInput('addItems', 1, 'amount').fill('40');
    await cellSelect('addItems', 1, 'chargeType').selectOption('80221005');
    await expect.poll(() => totalOf('addItems', '附加费')).toBe('附加费：40.00');
    await page.screenshot({ path: `${SCREENSHOTS}/repair-order-lines.png` });

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/repair/order/repair/orders'));
    await dialog().getByRole('button', { name: '保 存' }).click();
    const body = await (await saved).json();
    expect(body.resultCode).toBe(200);
    // 机油滤清器 at its retail price 72.00 × 4 = 288.00; the total is labour + parts + additional items.
    expect(body.data).toMatchObject({ labourAmount: '190.00', partAmount: '288.00', addItemAmount: '40.00', totalAmount: '518.00' });
    expect(body.data.labourLines).toMatchObject([
      { labourCode: 'BY001', labourName: '更换机油机滤', stdHours: '1.50', price: '120.00', amount: '180.00' },
      { labourCode: 'WX001', labourName: '更换前刹车片', stdHours: '0.30', price: '33.33', amount: '10.00' },
    ]);
    expect(body.data.partLines).toMatchObject([{ partNo: 'HS-1012010-A3', partName: '机油滤清器', unitPrice: '72.00', amount: '288.00' }]);
    expect(body.data.addItems).toMatchObject([{ itemName: '洗车费', amount: '40.00' }]);
    await dialog().waitFor({ state: 'detached' });
  });

  it("edits the stored lines: copies one and removes another, the order's amounts saved as the lines' sum", async () => {
    await page.locator('.dms-filter-bar #filter_vin').fill(NEW_ORDER.vin);
    const answered = waitForList();
    await page.getByRole('button', { name: '查 询' }).click();
    // The list answers the amounts the server saved (the grid's money columns may be scrolled out of view).
    expect((await (await answered).json()).data.items[0]).toMatchObject({ customerName: NEW_ORDER.customerName, labourAmount: '190.00', partAmount: '288.00', totalAmount: '518.00' });
    await expect.poll(() => firstRow().locator('[col-id="customerName"]').innerText()).toBe(NEW_ORDER.customerName);

    await firstRow().getByRole('button', { name: '编辑' }).click();
    // The stored lines, as the server completed them.
    await expect.poll(() => cellText('labourLines', 2, 'amount')).toBe('10.00');
    expect(await cellText('labourLines', 1, 'labourName')).toBe('更换机油机滤');
    expect(await cellText('partLines', 1, 'unitPrice')).toBe('72.00');
    await expect.poll(() => totalOf('partLines', '材料费')).toBe('材料费：288.00');
    await lines('labourLines').locator('[data-line="1"]').getByRole('button', { name: '复制' }).click();
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：370.00');
    await lines('partLines').locator('[data-line="1"]').getByRole('button', { name: '删除' }).click();
    await expect.poll(() => totalOf('partLines', '材料费')).toBe('材料费：0.00');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/repair\/order\/repair\/orders\/\d+$/.test(r.url()));
    const reloaded = waitForList();
    await dialog().getByRole('button', { name: '修 改' }).click();
    const body = await (await saved).json();
    expect(body.resultCode).toBe(200);
    expect(body.data).toMatchObject({ labourAmount: '370.00', partAmount: '0.00', addItemAmount: '40.00', totalAmount: '410.00', partLines: [] });
    expect(body.data.labourLines.map((l: { labourName: string }) => l.labourName)).toEqual(['更换机油机滤', '更换机油机滤', '更换前刹车片']);
    // The copy is a line of its own.
    expect(new Set(body.data.labourLines.map((l: { lineKey: string }) => l.lineKey)).size).toBe(3);
    await dialog().waitFor({ state: 'detached' });
    expect((await (await reloaded).json()).data.items[0]).toMatchObject({ labourAmount: '370.00', partAmount: '0.00', totalAmount: '410.00' });
    expect(pageErrors).toEqual([]);
  });
});

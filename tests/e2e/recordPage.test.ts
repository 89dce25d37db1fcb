// The record page of a repair order end to end (issue 22): opened from the list, its lines edited with the totals
// following the typing and saved in one call, a transition, a related list followed to another record and back, print.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from './support/approvalPages';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const ORDERS_MENU = '1101';
const PART_NO = 'HS-3501010-A3';
const NEW_ORDER = { plateNo: '京AD54322', customerName: '记录页测试', phone: '13900139002', mileage: '15000' };

describe('维修工单 record page end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let orderId = '';
  let roNo = '';
  let vin = '';

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    pageErrors = watchPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const shown = () => page.locator('.dms-page:not([hidden])');
  const record = () => shown().locator(`.dms-record[data-record-id="${orderId}"]`);
  const tab = (title: string) => record().locator('.dms-record-tabs .ant-tabs-tab', { hasText: title });
  const lines = (name: string) => record().locator(`[data-lines="${name}"]`);
  const cellInput = (table: string, line: number, column: string) => lines(table).locator(`[data-line="${line}"] [data-column="${column}"] input`);
  const cellSelect = (table: string, line: number, column: string) => lines(table).locator(`[data-line="${line}"] [data-column="${column}"] select`);
  const totalOf = (table: string, label: string) => lines(table).locator(`[data-total="${label}"]`).innerText();
  const keyField = (name: string) => record().locator(`[data-key-field="${name}"]`).innerText();
  const currentStep = () => record().locator('.dms-record-steps .ant-steps-item-process .ant-steps-item-title, .dms-record-steps .ant-steps-item-active .ant-steps-item-title').first().innerText();

  it('opens a new order’s record page from its row in a tab of its own, titled by the order number, with its steps and transitions', async () => {
    await page.goto(`${server.baseUrl}/#${ORDERS_PATH}`);
    await page.waitForURL(/\/oauth\/authorize\?/);
    await page.getByPlaceholder('用户名').fill('d11001fwgw');
    await page.getByPlaceholder('密码').fill('Dms@2026');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.locator('.ag-row').first().waitFor();
    // The new order is for a car that has been in before: the related list has its other orders.
    vin = await page.locator('.ag-row[row-index="0"] [col-id="vin"]').innerText();

    await page.getByRole('button', { name: '新增' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#dialog_vin').fill(vin);
    for (const [field, value] of Object.entries(NEW_ORDER)) await dialog.locator(`#dialog_${field}`).fill(value);
    await dialog.locator('#dialog_repairTypeCode').click();
    await page.locator('.ant-select-item-option[title="定期保养"]').click();
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/repair/order/repair/orders'));
    await dialog.getByRole('button', { name: '保 存' }).click();
    const body = await (await created).json();
    orderId = String(body.data.id);
    roNo = body.data.roNo;
    await expect.poll(() => page.locator('.ag-row[row-index="0"] [col-id="roNo"]').innerText()).toBe(roNo);

    await page.locator('.ag-row[row-index="0"]').getByRole('button', { name: '查看' }).click();
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}/${orderId}\\?from=`));
    await expect.poll(() => record().locator('[data-testid="record-title"]').innerText()).toBe(roNo);
    await expect.poll(() => page.locator('.dms-tabbar, .dms-tabs').first().innerText()).toContain(roNo);
    expect(await keyField('customerName')).toBe('记录页测试');
    expect(await keyField('phone')).not.toBe(NEW_ORDER.phone);
    expect(await currentStep()).toBe('待派工');
    // A new order has no lines assigned to technicians: 派工 is not offered yet, 作废 is.
    expect(await record().locator('[data-transition]').allInnerTexts()).toEqual(['作废']);
  });

  it('edits the labour and part lines with the totals following the typing, and saves them with the order in one call', async () => {
    await record().getByRole('button', { name: '编辑' }).click();
    await tab('维修项目').click();
    // A labour line names its 工时项目 by code (the server fills its name); the amount follows hours × rate as typed.
    await lines('labourLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('labourLines', 1, 'labourCode').fill('BY001');
    await cellInput('labourLines', 1, 'stdHours').fill('1.5');
    await cellInput('labourLines', 1, 'price').fill('120');
    await cellSelect('labourLines', 1, 'chargeType').selectOption('80221001');
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：180.00');
    await lines('labourLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('labourLines', 2, 'labourCode').fill('BY008');
    await cellInput('labourLines', 2, 'stdHours').fill('0.5');
    await cellInput('labourLines', 2, 'price').pressSequentially('20');
    await cellSelect('labourLines', 2, 'chargeType').selectOption('80221001');
    await expect.poll(() => totalOf('labourLines', '工时费')).toBe('工时费：190.00');
    // A part line names the part and its quantity: its name and price are the part master's, set by the server on save.
    await tab('维修材料').click();
    await lines('partLines').getByRole('button', { name: '新增行' }).click();
    await cellInput('partLines', 1, 'partNo').fill(PART_NO);
    await cellInput('partLines', 1, 'qty').fill('2');
    await cellSelect('partLines', 1, 'chargeType').selectOption('80221001');
    await page.screenshot({ path: `${SCREENSHOTS}/record-page-lines.png` });

    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/repair/order/repair/orders/${orderId}`));
    await record().getByRole('button', { name: '保存' }).click();
    const body = await (await saved).json();
    expect(body.resultCode).toBe(200);
    expect(body.data.labourLines).toHaveLength(2);
    expect(body.data.labourLines.map((l: { labourName: string }) => l.labourName)).toEqual(['更换机油机滤', '四轮定位']);
    expect(body.data.partLines).toHaveLength(1);
    const part = body.data.partLines[0] as { partName: string; unitPrice: string; amount: string };
    expect(part.partName).toBeTruthy();
    const partAmount = (Number(part.unitPrice) * 2).toFixed(2);
    expect(part.amount).toBe(partAmount);
    expect(body.data).toMatchObject({ labourAmount: '190.00', partAmount, totalAmount: (190 + Number(partAmount)).toFixed(2) });
    await expect.poll(() => keyField('totalAmount')).toBe(body.data.totalAmount);
    expect(await keyField('customerAmount')).toBe(body.data.totalAmount);
    // Read-only again: the lines as saved, their total the server's.
    expect(await lines('partLines').count()).toBe(0);
  });

  it('performs a transition the server offers, then offers the next one; the history tells it in field labels', async () => {
    // 派工 is offered once every labour line has its technician: 分配技师 assigns them (the plan's share is 1).
    expect(await record().locator('[data-transition]').allInnerTexts()).toEqual(['作废']);
    // 分配技师 through its dialog is a test of its own (assignTechnicians.test.ts); here the assignment is set up through
    // the API with the advisor's own token: each line to a technician of the dealer, share 1.
    const technicians = await callAs<{ userId: number }[] | { items: { userId: number }[] }>(page, server, '/api/basedata/employees/byPosition?positionCode=JS', ORDERS_MENU);
    const technicianId = (Array.isArray(technicians.data) ? technicians.data : technicians.data.items)[0]!.userId;
    const order = await callAs<{ labourLines: { lineKey: string }[] }>(page, server, `/api/repair/order/repair/orders/${orderId}`, ORDERS_MENU);
    const dispatches = order.data.labourLines.map((l) => ({ lineKey: l.lineKey, technicianId, shareRate: '1' }));
    expect((await callAs(page, server, `/api/repair/order/repair/orders/${orderId}/assign`, ORDERS_MENU, 'POST', { dispatches })).resultCode).toBe(200);
    await page.reload();
    await expect.poll(() => record().locator('[data-transition]').allInnerTexts(), { timeout: 15_000 }).toEqual(['派工', '作废']);

    await record().locator('[data-transition="dispatch"]').click();
    const moved = page.waitForResponse((r) => r.url().endsWith(`/orders/${orderId}/dispatch`));
    await page.getByRole('dialog').getByRole('button', { name: '派工' }).click();
    expect((await (await moved).json()).resultCode).toBe(200);
    await expect.poll(() => currentStep()).toBe('维修中');
    // In the workshop: 送检 waits for the lines' 车间质检, so the server offers only 作废.
    expect(await record().locator('[data-transition]').allInnerTexts()).toEqual(['作废']);

    await tab('操作历史').click();
    const entries = record().locator('[data-testid="record-history-entry"]');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.nth(0).innerText()).toContain('派工');
    expect(await entries.nth(0).innerText()).toContain('工单状态：待派工 → 维修中');
    expect(await entries.nth(1).innerText()).toContain('维修项目：0 行 → 2 行');
    expect(await entries.nth(2).innerText()).toContain('新增');
  });

  it('reopens the tab the user was on after a reload: the address names it', async () => {
    await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(new RegExp(`^#${ORDERS_PATH}/${orderId}\\?from=.*&tab=\\d+$`));
    await page.reload();
    await expect.poll(() => record().locator('.dms-record-tabs .ant-tabs-tab-active').innerText(), { timeout: 15_000 }).toBe('操作历史');
    await expect.poll(() => record().locator('[data-testid="record-history-entry"]').count()).toBe(3);
  });

  it('follows a related list to another order of the vehicle and comes back to this one', async () => {
    await tab('该车维修记录').click();
    const related = record().locator('[data-record-tab="related"]');
    // The grid draws the rows before their cells' text: wait for the numbers themselves.
    const cells = related.locator('.ag-row:not(.ag-row-pinned) [col-id="roNo"]');
    await expect.poll(() => cells.allInnerTexts(), { timeout: 15_000 }).toContain(roNo);
    const numbers = await cells.allInnerTexts();
    const other = numbers.findIndex((n) => n !== roNo);
    expect(other).toBeGreaterThanOrEqual(0);
    const otherNo = numbers[other]!;
    await related.locator(`.ag-row[row-index="${other}"]`).getByRole('button', { name: '查看' }).first().click();
    await expect.poll(() => shown().locator('[data-testid="record-title"]').innerText()).toBe(otherNo);
    const otherVin = await shown().locator('[data-key-field="vin"]').innerText();
    expect(otherVin).toBe(vin);

    await shown().getByRole('button', { name: '返回' }).click();
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}/${orderId}\\?from=`));
    await expect.poll(() => record().locator('[data-testid="record-title"]').innerText()).toBe(roNo);
  });

  it('prints the order from its record page: the printed page has the order number and its lines', async () => {
    const info = page.waitForResponse((r) => r.url().includes(`/api/repair/order/repair/queryPrintInfo/${orderId}`));
    await record().locator('.dms-record-header').getByRole('button', { name: '打印委托书' }).click();
    expect((await info).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 15_000 }).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('维修委托书');
    expect(text.replace(/\s/g, '')).toContain(roNo);
    expect(text).toContain('更换机油');
    await page.emulateMedia({ media: null });
    expect(pageErrors).toEqual([]);
  });
});

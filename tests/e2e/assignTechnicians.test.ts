// 分配技师 in Chromium: the advisor opens the dialog from the order's record page (a header button: the record page
// draws the screen's dialogs for its buttons), sees one plan line per labour line (the order's dispatchPlan), picks a
// technician for each and saves; the page reads the order again and offers 派工.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, dialogTitled, rowButton, rowsShowing, signedInPage } from './support/approvalPages';
import { launchChromium, SCREENSHOTS } from './support/browser';
import { ServerProcess } from './support/serverProcess';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const ORDERS_MENU = '1101';
const ORDERS_API = '/api/repair/order/repair/orders';

describe('分配技师 end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    ({ page, errors } = await signedInPage(browser, server, 'd11001fwgw', ORDERS_PATH, ORDERS_API));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('lists each labour line of the order, saves a technician for each, and the order offers 派工', async () => {
    const { data: listed } = await callAs<{ items: { vin: string; plateNo: string }[] }>(page, server, `${ORDERS_API}?page=1&pageSize=1`, ORDERS_MENU);
    const vehicle = listed.items[0]!;
    const created = await callAs<{ id: number; roNo: string; labourLines: { labourName: string }[] }>(page, server, ORDERS_API, ORDERS_MENU, 'POST', {
      vin: vehicle.vin, plateNo: vehicle.plateNo, customerName: '派工测试', phone: '13900139003', repairTypeCode: 'RT01', mileage: 999999,
      labourLines: [{ labourCode: 'BY001' }, { labourCode: 'BY008' }],
    });
    expect(created.resultCode, created.errMsg).toBe(200);
    const { roNo, id } = created.data;
    await page.reload();
    const row = rowsShowing(page, 'roNo', roNo);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);

    await rowButton(row, '查看').click();
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}/${id}\\?from=`));
    const record = page.locator(`.dms-page:not([hidden]) .dms-record[data-record-id="${id}"]`);
    await expect.poll(() => record.locator('[data-transition]').allInnerTexts(), { timeout: 15_000 }).toEqual(['作废']);
    const planned = page.waitForResponse((r) => r.url().includes(`/orders/${id}/dispatchPlan`));
    await record.getByRole('button', { name: '分配技师' }).click();
    expect((await (await planned).json()).data.dispatches).toHaveLength(2);
    const dialog = dialogTitled(page, '分配技师');
    const lines = dialog.locator('[data-lines="dispatches"] [data-line]');
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(2);
    expect(await lines.nth(0).innerText()).toContain(created.data.labourLines[0]!.labourName);
    await page.screenshot({ path: `${SCREENSHOTS}/assign-technicians.png` });

    // Each line's technician from the dealer's 技师 (the cells are plain selects, their options the server's).
    for (const n of [1, 2]) {
      const select = dialog.locator(`[data-line="${n}"] [data-column="technicianId"] select`);
      await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
      await select.selectOption({ index: 1 });
    }
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/orders/${id}/assign`));
    await dialog.getByRole('button', { name: '修 改' }).click();
    expect((await (await saved).json()).resultCode).toBe(200);
    await expect.poll(() => record.locator('[data-transition]').allInnerTexts(), { timeout: 15_000 }).toEqual(['派工', '作废']);
    const after = await callAs<{ unassignedLines: number; labourLines: { technicianNames: string | null }[] }>(page, server, `${ORDERS_API}/${id}`, ORDERS_MENU);
    expect(after.data.unassignedLines).toBe(0);
    expect(after.data.labourLines.every((l) => Boolean(l.technicianNames))).toBe(true);
    expect(errors).toEqual([]);
  });
});

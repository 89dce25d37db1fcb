import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './support/browser';
import { startAppInChromium, type AppInChromium } from './support/app';
import { signInThroughPage } from './support/signIn';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';

/** How many pages a PDF has (its page objects; the PDF Chromium writes is not compressed at that level). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

describe('the building blocks end to end in Chromium', () => {
  let app: AppInChromium;
  let page: Page;

  beforeAll(async () => {
    app = await startAppInChromium();
    page = app.page;
    // The browser's print dialog is counted, not opened: the test prints the page to PDF itself.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
  });
  afterAll(() => app?.close());

  const waitForList = () => page.waitForResponse((r) => r.url().includes('/api/repair/order/repair/orders?'));

  it('[BB-PICK-01] [BB-PICK-07] picks two dealers from the 集团 tab and sees them in the filter form, and the list follows them', async () => {
    await page.goto(`${app.server.baseUrl}/#${ORDERS_PATH}`);
    await signInThroughPage(page, 'admin');
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}$`));
    await page.locator('.ag-row').first().waitFor();
    await page.getByRole('button', { name: /展开/ }).click();
    await page.locator('[data-field="ownerCode"]').getByRole('button', { name: '选择' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '选择经销商' });
    await dialog.waitFor();
    expect(await dialog.locator('.ant-tabs-tab').allInnerTexts()).toEqual(['区域', '集团', '省份城市']);
    await dialog.getByRole('tab', { name: '集团' }).click();
    await dialog.locator('.ant-tree-title', { hasText: '京沪汽车服务集团有限公司' }).click();
    const rows = dialog.locator('.ant-table-tbody tr.ant-table-row');
    // The group's dealers arrive from the org service: seconds on the loaded machine (the poll's default is 5 s).
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
    await rows.filter({ hasText: 'D11001' }).getByRole('checkbox').check();
    await rows.filter({ hasText: 'D31001' }).getByRole('checkbox').check();
    await page.screenshot({ path: `${SCREENSHOTS}/dealer-picker.png` });
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const field = page.locator('[data-field="ownerCode"]');
    await expect.poll(() => field.innerText(), { timeout: 15_000 }).toContain('北京华晟京通汽车');
    // One name and a count: the count's tooltip names the other dealer.
    await expect.poll(() => field.innerText()).toContain('+1');
    expect(await field.locator('[title="上海华晟浦东汽车销售服务有限公司"]').count()).toBeGreaterThan(0);
    const answered = waitForList();
    await page.getByRole('button', { name: /查 询/ }).click();
    const url = new URL((await answered).url());
    expect(url.searchParams.getAll('ownerCode').sort()).toEqual(['D11001', 'D31001']);
    await page.locator('.ag-row').first().waitFor();
    const dealers = await page.locator('.ag-row:not(.ag-row-pinned) [col-id="dealerName"]').allInnerTexts();
    expect(dealers.length).toBeGreaterThan(0);
    expect(dealers.every((d) => ['北京华晟京通汽车销售服务有限公司', '上海华晟浦东汽车销售服务有限公司'].includes(d))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/dealer-picker-filter.png` });
  });

  it('[BB-DRAWER-01] [BB-DRAWER-08] opens a repair order in the detail drawer from the right, read-only, with the watermark', async () => {
    const roNo = await page.locator('.ag-row[row-index="0"] [col-id="roNo"]').innerText();
    await page.locator('.ag-row[row-index="0"]').getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer-right .ant-drawer-content-wrapper');
    await drawer.waitFor();
    expect(await drawer.locator('.ant-drawer-title').innerText()).toBe('维修工单详情');
    await expect.poll(async () => Math.round((await drawer.boundingBox())!.width)).toBe(500);
    await expect.poll(() => drawer.locator('.dms-readonly-panel').innerText(), { timeout: 15_000 }).toContain('VIN');
    expect(await drawer.locator('.dms-watermark').count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/drawer.png` });
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
    expect(roNo).toMatch(/^RO/);
  });

  it('[BB-PRINT-08] prints a repair order through the browser fallback: the printed page has the order number', async () => {
    const roNo = await page.locator('.ag-row[row-index="0"] [col-id="roNo"]').innerText();
    const info = page.waitForResponse((r) => r.url().includes('/api/repair/order/repair/queryPrintInfo/'));
    await page.locator('.ag-row[row-index="0"]').getByRole('button', { name: '打印' }).click();
    expect((await info).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed), { timeout: 15_000 }).toBe(1);
    // No local print service here: its notice with the install link, then the browser's print of the same template.
    await expect.poll(() => page.locator('.ant-notification-notice').innerText()).toContain('未安装打印组件');
    // The page as printed: under print media only the template is laid out, so its text is what the printer gets.
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${SCREENSHOTS}/repair-order-print.png` });
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toContain('维修委托书');
    expect(text.replace(/\s/g, '')).toContain(roNo);
    // Only the printed order: none of the screen around it.
    expect(text).not.toContain('退出登录');
    // null, not 'screen': an explicit screen emulation would make page.pdf print the screen styles.
    await page.emulateMedia({ media: null });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(1);
    expect(app.pageErrors).toEqual([]);
  });
});

// Organisation and charging administration end to end in Chromium: the manufacturer's administrator moves a dealer to
// another region in 组织机构 and the region manager's repair-order list changes at its next query (no new sign-in); a
// dealer's charging administrator opens 充电运营看板 and reads his station's energy, revenue and utilisation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppInChromium, type AppInChromium } from './support/app';
import { SCREENSHOTS, watchPageErrors } from './support/browser';
import { signInThroughPage } from './support/signIn';

const ORGS_PATH = '/orgMaterial/organization/organizations/index';
const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const DASHBOARD_PATH = '/charging/operation/dashboard/index';
const ORGS = '/org-service/org/orgs';
const ORDERS = '/api/repair/order/repair/orders';

describe('organisation and charging administration in Chromium', () => {
  let app: AppInChromium;
  let admin: Page;
  let region: Page;
  let regionErrors: string[];

  beforeAll(async () => {
    app = await startAppInChromium();
    admin = app.page;
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    region = await context.newPage();
    regionErrors = watchPageErrors(region);
  });
  afterAll(() => app?.close());

  const total = async (page: Page) => Number(/共 (\d+) 条/.exec(await page.locator('.dms-table-total').innerText())?.[1]);

  async function regionTotalAfterQuery(): Promise<number> {
    const answer = region.waitForResponse((r) => r.url().includes(`${ORDERS}?`));
    await region.locator('.dms-filter-bar').getByRole('button', { name: '查 询' }).click();
    const body = (await (await answer).json()) as { data: { total: number; items: { ownerCode: string }[] } };
    await expect.poll(() => total(region)).toBe(body.data.total);
    return body.data.total;
  }

  it('moves 南京华晟宁发 from 东部大区 to 北方大区 and the northern region manager\'s list takes its orders at once', async () => {
    await region.goto(`${app.server.baseUrl}/#${ORDERS_PATH}`);
    await signInThroughPage(region, 'rnmanager');
    await region.waitForURL(new RegExp(`#${ORDERS_PATH}$`));
    await region.locator('.ag-row').first().waitFor();
    const before = await regionTotalAfterQuery();

    await admin.goto(`${app.server.baseUrl}/#${ORGS_PATH}`);
    await signInThroughPage(admin, 'admin');
    await admin.waitForURL(new RegExp(`#${ORGS_PATH}$`));
    await admin.locator('.ag-row').first().waitFor();
    await admin.locator('#filter_orgCode').fill('D32001');
    const found = admin.waitForResponse((r) => r.url().includes(`${ORGS}?`) && r.url().includes('orgCode=D32001'));
    await admin.locator('.dms-filter-bar').getByRole('button', { name: '查 询' }).click();
    await found;
    const row = admin.locator('.ag-row[row-index="0"]');
    await expect.poll(() => row.locator('[col-id="parentName"]').innerText()).toBe('东部大区');
    await row.locator('[col-id="__actions"] button', { hasText: '编辑' }).click();
    const dialog = admin.locator('.ant-modal').filter({ has: admin.locator('.ant-modal-title', { hasText: '编辑组织' }) });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('#dialog_orgCode').inputValue()).toBe('D32001');
    expect(await dialog.locator('#dialog_orgCode').isDisabled()).toBe(true);
    await dialog.locator('#dialog_parentId').click();
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option[title="北方大区"]').click();
    const saved = admin.waitForResponse((r) => r.url().includes(`${ORGS}/`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: '修 改' }).click();
    expect(((await (await saved).json()) as { resultCode: number }).resultCode).toBe(200);
    await expect.poll(() => row.locator('[col-id="parentName"]').innerText(), { timeout: 15_000 }).toBe('北方大区');
    await admin.screenshot({ path: `${SCREENSHOTS}/org-dealer-moved.png` });

    // The region manager's next query, same session: D32001's orders are now his region's.
    const after = await regionTotalAfterQuery();
    expect(after).toBeGreaterThan(before);
    const d32001 = region.waitForResponse((r) => r.url().includes(`${ORDERS}?`));
    await region.locator('#filter_roNo').fill('ROD32001');
    await region.locator('.dms-filter-bar').getByRole('button', { name: '查 询' }).click();
    const rows = ((await (await d32001).json()) as { data: { total: number; items: { ownerCode: string }[] } }).data;
    expect(rows.total).toBe(after - before);
    expect(rows.items.every((r) => r.ownerCode === 'D32001')).toBe(true);
    await region.screenshot({ path: `${SCREENSHOTS}/org-region-list-after-move.png` });
    expect(app.pageErrors).toEqual([]);
    expect(regionErrors).toEqual([]);
  });

  it('shows a charging station\'s dashboard to its dealer\'s charging administrator: energy, revenue, utilisation by day', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const dealer = await context.newPage();
    const dealerErrors = watchPageErrors(dealer);
    await dealer.goto(`${app.server.baseUrl}/#${DASHBOARD_PATH}`);
    await signInThroughPage(dealer, 'd11001shr');
    await dealer.waitForURL(new RegExp(`#${DASHBOARD_PATH}$`));
    const month = dealer.locator('.dms-dashboard-filters .ant-picker input');
    await month.click();
    await month.fill('2026-06');
    await month.press('Enter');
    const kpi = (title: string) => dealer.locator('.dms-dashboard-kpi', { hasText: title }).first().locator('.ant-statistic-content');
    await expect.poll(() => kpi('充电量').innerText(), { timeout: 20_000 }).toMatch(/^[1-9][\d,.]*\s*kWh$/);
    await expect.poll(() => kpi('充电收入').innerText()).toMatch(/^[1-9][\d,.]*\s*元$/);
    await expect.poll(() => kpi('利用率').innerText()).toMatch(/^\d+\.\d{2}\s*%$/);
    await expect.poll(() => dealer.locator('.dms-dashboard canvas').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const stations = dealer.locator('.dms-dashboard-table .ant-table-row');
    await expect.poll(() => stations.count()).toBe(1);
    expect(await stations.first().innerText()).toContain('北京华晟京通充电站');
    await dealer.screenshot({ path: `${SCREENSHOTS}/charging-dashboard.png` });
    await dealer.locator('.dms-dashboard-table').scrollIntoViewIfNeeded();
    await dealer.screenshot({ path: `${SCREENSHOTS}/charging-dashboard-lower.png` });

    // The station's row drills into its orders of the month.
    const list = dealer.waitForResponse((r) => r.url().includes('/charging-admin/orders?'));
    await stations.first().click();
    await dealer.waitForURL(/#\/charging\/operation\/orders\/index\?/);
    const url = new URL((await list).url());
    expect(url.searchParams.get('endFrom')).toBe('2026-06-01');
    expect(url.searchParams.get('endTo')).toBe('2026-06-30');
    expect(url.searchParams.get('stationId')).toMatch(/^\d+$/);

    // A tariff's periods: the line table's select column offers the period kinds.
    const tariffs = dealer.waitForResponse((r) => r.url().includes('/charging-admin/tariffs?'));
    await dealer.goto(`${app.server.baseUrl}/#/charging/operation/tariffs/index`);
    await tariffs;
    await dealer.getByRole('button', { name: '新增电价' }).click();
    const tariff = dealer.locator('.ant-modal').filter({ has: dealer.locator('.ant-modal-title', { hasText: '新增电价' }) });
    await tariff.waitFor();
    await tariff.getByRole('button', { name: '新增行' }).click();
    const kind = tariff.locator('[data-line="1"] [data-column="kind"] select');
    expect(await kind.locator('option').allInnerTexts()).toEqual(['请选择', '尖', '峰', '平', '谷']);
    await kind.selectOption({ label: '谷' });
    await tariff.locator('[data-line="1"] [data-column="start"] input').fill('00:00');
    await tariff.locator('[data-line="1"] [data-column="end"] input').fill('24:00');
    await tariff.locator('[data-line="1"] [data-column="electricityPrice"] input').fill('0.35');
    await tariff.locator('[data-line="1"] [data-column="servicePrice"] input').fill('0.8');
    await expect.poll(() => tariff.locator('[data-line="1"] [data-column="unitPrice"]').innerText()).toBe('1.1500');
    await dealer.screenshot({ path: `${SCREENSHOTS}/charging-tariff-form.png` });
    expect(dealerErrors).toEqual([]);
  });
});

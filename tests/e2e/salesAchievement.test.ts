// Issue 27's end to end: a region manager (rnmanager, 区域查询 of 北方大区) opens 销售达成, sees the month's KPI cards,
// the months of the year against their targets and the region's dealers with their target, deliveries and 达成率,
// clicks one dealer's row, and lands on 订单管理 filtered by that dealer and that month's 交车日期: the filter bar shows
// both, and every order listed is that dealer's, delivered in that month, as many as the dashboard counted. Then 月度目标:
// the months of the year to date and the models against their targets.
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './support/browser';
import { startAppInChromium, type AppInChromium } from './support/app';
import { signInThroughPage } from './support/signIn';

const DASHBOARD_PATH = '/sales/salesManage/salesAchievement/index';
const ORDERS_PATH = '/sales/orderStock/salesOrders/index';
const TARGETS_PATH = '/sales/salesManage/monthlyTargets/index';
const MONTH = '2026-06';

interface OrderRow {
  ownerCode: string;
  deliveredAt: string | null;
}

describe('销售达成 end to end in Chromium', () => {
  let app: AppInChromium;
  let page: Page;

  beforeAll(async () => {
    app = await startAppInChromium();
    page = app.page;
  });
  afterAll(() => app?.close());

  const item = (title: string) => page.locator(`.dms-dashboard-item[data-item="${title}"]`);

  it('a region manager compares the region’s dealers for the month and drills into one dealer’s month of orders', async () => {
    await page.goto(`${app.server.baseUrl}/#${DASHBOARD_PATH}`);
    await signInThroughPage(page, 'rnmanager');
    await page.waitForURL(new RegExp(`#${DASHBOARD_PATH}$`));
    const month = page.locator('.dms-dashboard-filters .ant-picker input');
    await month.click();
    await month.fill(MONTH);
    await month.press('Enter');

    // The KPI cards of the month: orders, deliveries, the rate against the target.
    await expect.poll(() => item('本月订单').locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).toMatch(/^[1-9][\d,]*\s*单$/);
    await expect.poll(() => item('本月交车').locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).toMatch(/^[1-9][\d,]*\s*台$/);
    await expect.poll(() => item('目标达成率').locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).toMatch(/^\d{2,3}\.\d{2}\s*%$/);
    await expect.poll(() => item('目标达成率').locator('.dms-kpi-trend').innerText()).toContain('较上月');
    await expect.poll(() => item('年度累计达成率').locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).toMatch(/^\d{2,3}\.\d{2}\s*%$/);
    // The charts (months of the year against their targets, the rate by month, the models) are drawn.
    await expect.poll(() => page.locator('.dms-dashboard canvas').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);

    // The region's two dealers, each with its target, deliveries and rate; none of another region.
    const table = item('经销商达成');
    const rows = table.locator('.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    expect(await table.locator('.ant-table-thead th').allInnerTexts()).toEqual(['经销商', '零售目标（台）', '零售交车（台）', '达成率（%）', '交车金额（元）']);
    expect(await rows.locator('td:first-child').allInnerTexts()).toEqual(['北京华晟京通汽车销售服务有限公司', '天津华晟津港汽车销售服务有限公司']);
    const tianjin = rows.filter({ hasText: '天津华晟津港汽车销售服务有限公司' });
    const cells = await tianjin.locator('td').allInnerTexts();
    const delivered = Number(cells[2]!.replace(/,/g, ''));
    expect(delivered).toBeGreaterThan(0);
    expect(Number(cells[3])).toBeCloseTo((delivered / Number(cells[1]!.replace(/,/g, ''))) * 100, 1);
    await page.screenshot({ path: `${SCREENSHOTS}/sales-achievement.png`, fullPage: true });
    expect(app.pageErrors).toEqual([]);

    // One dealer's month: 订单管理 filtered by that dealer and the month's 交车日期.
    const listed = page.waitForResponse((r: Response) => r.url().includes('/api/2b/retail/salesOrders?') && r.request().method() === 'GET');
    await tianjin.click();
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}\\?`));
    const response = await listed;
    const url = new URL(response.url());
    expect(url.searchParams.getAll('ownerCode')).toEqual(['D12001']);
    expect(url.searchParams.get('deliveredFrom')).toBe('2026-06-01');
    expect(url.searchParams.get('deliveredTo')).toBe('2026-06-30');
    const answer = (await response.json()) as { resultCode: number; data: { total: number; items: OrderRow[] } };
    expect(answer.resultCode).toBe(200);
    expect(answer.data.total).toBe(delivered);
    expect(answer.data.items.length).toBeGreaterThan(0);
    expect(answer.data.items.every((r) => r.ownerCode === 'D12001' && String(r.deliveredAt).startsWith(MONTH))).toBe(true);

    // The filter bar shows the dealer and the month's delivery dates.
    const expand = page.getByRole('button', { name: /展开/ });
    if (await expand.count()) await expand.first().click();
    await expect.poll(() => page.locator('[data-field="ownerCode"]').innerText(), { timeout: 15_000 }).toContain('天津华晟津港汽');
    const range = page.locator('[data-field="deliveredFrom|deliveredTo"] input');
    await expect.poll(() => range.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)), { timeout: 15_000 }).toEqual(['2026-06-01', '2026-06-30']);
    // The grid: as many orders as the dashboard counted, each numbered by that dealer (SO<dealer code><date>…), 已交车 or 已完成.
    await page.locator('.ag-row').first().waitFor();
    expect(await page.getByText(`共 ${delivered} 条`).count()).toBe(1);
    const numbers = await page.locator('.ag-row:not(.ag-row-pinned) [col-id="soNo"]').allInnerTexts();
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((n) => n.startsWith('SOD12001'))).toBe(true);
    const states = await page.locator('.ag-row:not(.ag-row-pinned) [col-id="status"]').allInnerTexts();
    expect(states.every((t) => t === '已交车' || t === '已完成')).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/sales-achievement-orders.png` });
    expect(app.pageErrors).toEqual([]);
  });

  it('月度目标 shows the month and the year to date of the targets against the deliveries, by month and by model', async () => {
    await page.goto(`${app.server.baseUrl}/#${TARGETS_PATH}`);
    await page.waitForURL(new RegExp(`#${TARGETS_PATH}$`));
    // 销售达成 stays open in its tab (kept alive, hidden): this tab's month picker is the visible one.
    const month = page.locator('.dms-dashboard-filters .ant-picker input:visible');
    await month.click();
    await month.fill(MONTH);
    await month.press('Enter');
    await expect.poll(() => item('本月零售目标').locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).toMatch(/^[1-9][\d,]*\s*台$/);
    await expect.poll(() => item('年度累计交车').locator('.ant-statistic-content').innerText(), { timeout: 20_000 }).toMatch(/^[1-9][\d,]*\s*台$/);
    const months = item('各月达成').locator('.ant-table-row');
    await expect.poll(() => months.count(), { timeout: 20_000 }).toBe(6);
    expect(await months.locator('td:first-child').allInnerTexts()).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    await expect.poll(() => item('本月各车型达成').locator('.ant-table-row').count(), { timeout: 20_000 }).toBe(10);
    await page.screenshot({ path: `${SCREENSHOTS}/monthly-targets.png` });
    expect(app.pageErrors).toEqual([]);
  });
});

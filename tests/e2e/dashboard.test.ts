import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './support/browser';
import { startAppInChromium, type AppInChromium } from './support/app';
import { signInThroughPage } from './support/signIn';

const DASHBOARD_PATH = '/repair/repairBusiness/serviceDashboard/index';
const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';

describe('the dashboard end to end in Chromium', () => {
  let app: AppInChromium;
  let page: Page;

  beforeAll(async () => {
    app = await startAppInChromium();
    page = app.page;
  });
  afterAll(() => app?.close());

  it('shows KPI cards, charts and a table for the month chosen, and a table row drills into the repair orders of that region', async () => {
    await page.goto(`${app.server.baseUrl}/#${DASHBOARD_PATH}`);
    await signInThroughPage(page, 'admin');
    await page.waitForURL(new RegExp(`#${DASHBOARD_PATH}$`));
    const month = page.locator('.dms-dashboard-filters .ant-picker input');
    await month.click();
    await month.fill('2026-06');
    await month.press('Enter');
    const kpi = page.locator('.dms-dashboard-kpi').first();
    await expect.poll(() => kpi.locator('.ant-statistic-content').innerText(), { timeout: 15_000 }).toMatch(/^[1-9][\d,]*\s*单$/);
    await expect.poll(() => kpi.locator('.dms-kpi-trend').innerText()).toContain('较上月');
    await expect.poll(() => page.locator('.dms-dashboard canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const regionRows = page.locator('.dms-dashboard-table .ant-table-row');
    await expect.poll(() => regionRows.count()).toBe(3);
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard.png` });
    await page.locator('.dms-dashboard-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-lower.png` });
    expect(app.pageErrors).toEqual([]);

    const list = page.waitForResponse((r) => r.url().includes('/api/repair/order/repair/orders?'));
    await regionRows.filter({ hasText: '北方大区' }).click();
    await page.waitForURL(new RegExp(`#${ORDERS_PATH}\\?`));
    const url = new URL((await list).url());
    expect(url.searchParams.getAll('ownerCode').length).toBeGreaterThan(0);
    expect(url.searchParams.get('createdFrom')).toBe('2026-06-01');
    expect(url.searchParams.get('createdTo')).toBe('2026-06-30');
    const answer = (await (await list).json()) as { data: { items: { ownerCode: string; createdAt: string }[] } };
    const dealers = url.searchParams.getAll('ownerCode');
    expect(answer.data.items.length).toBeGreaterThan(0);
    expect(answer.data.items.every((r) => dealers.includes(r.ownerCode) && r.createdAt.startsWith('2026-06'))).toBe(true);
  });
});

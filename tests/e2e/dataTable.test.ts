// The data table end to end on 工时项目 (a dealer's labour price list): sort, filter from a header popover, hide and
// reorder columns and find them again on a fresh browser profile, edit cells with bad values, add and delete rows and
// save them in one call.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const PATH = '/repair/repairBusiness/labourItem/index';
const LIST = '/api/repair/basedata/labourItems?';

describe('工时项目: the data table end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const row = (index: number) => page.locator(`.ag-grid-scrolling-container .ag-row[row-index="${index}"]`);
  const cell = (index: number, colId: string) => row(index).locator(`[col-id="${colId}"]`);
  const header = (colId: string) => page.locator(`.dms-th[data-col="${colId}"]`);
  const total = () => page.locator('.dms-table-total').innerText();
  const listed = (predicate: (url: URL) => boolean = () => true) => page.waitForResponse((r) => r.url().includes(LIST) && predicate(new URL(r.url())));
  const headerOrder = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.ag-header-cell[col-id]')]
        .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
        .map((h) => h.getAttribute('col-id')),
    );
  const problemTip = () => page.locator('.dms-cell-problem:not(.ant-tooltip-hidden)');

  async function signIn(into: BrowserContext): Promise<Page> {
    const fresh = await into.newPage();
    pageErrors = watchPageErrors(fresh);
    await fresh.goto(`${server.baseUrl}/#${PATH}`);
    const first = fresh.waitForResponse((r) => r.url().includes(LIST));
    await signInThroughPage(fresh, 'd11001fwgw');
    await first;
    await fresh.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
    return fresh;
  }

  it('opens the price list from the menu, with the dealer’s own rows', async () => {
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    page = await signIn(context);
    expect(await page.locator('.dms-breadcrumb').innerText()).toContain('工时项目');
    expect(await total()).toBe('共 35 条');
    expect(await cell(0, 'labourCode').innerText()).toBe('BP001');
    await page.screenshot({ path: `${SCREENSHOTS}/labour-items.png` });
  });

  it('[BB-TBL-52] sorts on the server from a header click', async () => {
    const sorted = listed((url) => url.searchParams.get('sort') === 'price|asc');
    await header('price').click();
    await sorted;
    await expect.poll(() => cell(0, 'price').innerText()).toBe('280.00');
    const back = listed((url) => url.searchParams.get('sort') === 'price|desc');
    await header('price').click();
    await back;
    await expect.poll(() => cell(0, 'price').innerText()).toBe('320.00');
    const unsorted = listed((url) => !url.searchParams.has('sort'));
    await header('price').click();
    await unsorted;
  });

  it('[BB-TBL-05] [BB-TBL-19] [BB-TBL-29] filters from a header popover', async () => {
    await header('labourName').locator('.dms-th-filter').click();
    const popover = page.locator('.dms-filter-panel');
    await popover.waitFor();
    expect(await popover.getByRole('button', { name: '搜索' }).isDisabled()).toBe(true);
    await popover.getByPlaceholder('请输入工时名称').fill('刹车');
    const filtered = listed((url) => url.searchParams.get('labourName') === '刹车');
    await popover.getByRole('button', { name: '搜索' }).click();
    await filtered;
    await expect.poll(total).toBe('共 3 条');
    expect(await page.locator('.ag-grid-scrolling-container .ag-row [col-id="labourCode"]').allInnerTexts()).toEqual(['WX001', 'WX002', 'WX003']);
    await page.screenshot({ path: `${SCREENSHOTS}/labour-items-filtered.png` });
    // A click elsewhere closes an open popover; 重置 clears the filter.
    await header('labourName').locator('.dms-th-filter').click();
    await popover.waitFor();
    await page.locator('.dms-table-header').click();
    await popover.waitFor({ state: 'detached' });
    await header('labourName').locator('.dms-th-filter').click();
    const cleared = listed((url) => !url.searchParams.has('labourName'));
    await popover.getByRole('button', { name: '重置' }).click();
    await cleared;
    await expect.poll(total).toBe('共 35 条');
  });

  it('[BB-TBL-22] [BB-TBL-23] hides and reorders columns in 列筛选排序, saved for the user', async () => {
    await page.getByRole('button', { name: '列筛选排序' }).click();
    const picker = page.getByTestId('column-picker');
    await picker.waitFor();
    await picker.locator('.ant-tree-treenode', { hasText: '备注' }).locator('.ant-tree-checkbox').click();
    await header('remark').waitFor({ state: 'detached' });
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/lowcode/tableLayouts'));
    const source = picker.locator('.ant-tree-treenode', { hasText: '生效日期' });
    const target = picker.locator('.ant-tree-treenode', { hasText: '工时名称' });
    await source.dragTo(target, { targetPosition: { x: 40, y: 2 } });
    await expect.poll(async () => (await headerOrder()).indexOf('effectiveDate')).toBeLessThan((await headerOrder()).indexOf('labourName'));
    expect((await (await saved).json()).resultCode).toBe(200);
    const order = await headerOrder();
    expect(order.slice(0, 3)).toEqual(['__select', 'labourCode', 'effectiveDate']);
    await page.screenshot({ path: `${SCREENSHOTS}/labour-items-columns.png` });
    await page.keyboard.press('Escape');
  });

  it('[BB-TBL-27] finds the layout again after a reload, and on a fresh browser profile from the server', async () => {
    const expected = await headerOrder();
    await page.reload();
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
    await expect.poll(headerOrder).toEqual(expected);

    const otherPc = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    try {
      const fresh = await signIn(otherPc);
      expect(await fresh.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dms.columns')).length)).toBeLessThanOrEqual(1);
      await expect
        .poll(() =>
          fresh.evaluate(() =>
            [...document.querySelectorAll('.ag-header-cell[col-id]')]
              .sort((a, b) => Number(a.getAttribute('aria-colindex')) - Number(b.getAttribute('aria-colindex')))
              .map((h) => h.getAttribute('col-id')),
          ),
        )
        .toEqual(expected);
      expect(await fresh.locator('.dms-th[data-col="remark"]').count()).toBe(0);
    } finally {
      await otherPc.close();
    }
  });

  it('[BB-TBL-14] [BB-TBL-39] [BB-TBL-40] [BB-TBL-42] says what is wrong with a bad value and keeps the cell open', async () => {
    await cell(1, 'labourName').click();
    const input = cell(1, 'labourName').locator('input');
    await input.fill('');
    await cell(3, 'labourCode').click();
    await expect.poll(() => problemTip().innerText()).toBe('工时名称不能为空');
    expect(await cell(1, 'labourName').getAttribute('class')).toContain('ag-cell-inline-editing');
    await page.screenshot({ path: `${SCREENSHOTS}/labour-items-cell-error.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => cell(1, 'labourName').innerText()).toBe('后保险杠喷漆');

    await page.getByRole('button', { name: '新增行' }).click();
    await expect.poll(() => row(0).getAttribute('class')).toContain('dms-row-new');
    const code = cell(0, 'labourCode').locator('input');
    await code.waitFor();
    await code.fill('bad code');
    await cell(3, 'labourName').click();
    await expect.poll(() => problemTip().innerText()).toBe('工时代码格式不正确');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '保 存' }).click();
    await page.getByText('红色标记单元格的值不允许为空！').waitFor();
    expect(await cell(0, 'labourCode').getAttribute('class')).toContain('dms-cell-error');
  });

  it('[BB-TBL-15] [BB-TBL-16] [BB-TBL-41] [BB-TBL-54] fills a new row (a search helper for the labour), deletes a row, and saves both in one call', async () => {
    await cell(0, 'labourCode').click();
    await cell(0, 'labourCode').locator('input').fill('ZD-E2E1');
    // Enter moves on to the next editable cell in the user's column order: 生效日期, moved forward above.
    await page.keyboard.press('Enter');
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-today').click();
    await expect.poll(() => cell(0, 'effectiveDate').innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await cell(0, 'stdLabourCode').click();
    const helper = cell(0, 'stdLabourCode').locator('input');
    await helper.waitFor();
    const lookup = page.waitForResponse((r) => r.url().includes('/api/repair/basedata/standardLabours') && new URL(r.url()).searchParams.get('keyword') === '空调');
    await helper.fill('空调');
    await lookup;
    await page.locator('.ant-select-item-option', { hasText: 'WX010 空调系统检修' }).click();
    await expect.poll(() => cell(0, 'labourName').innerText()).toBe('空调系统检修');
    expect(await cell(0, 'repairTypeCode').innerText()).toBe('一般维修');
    expect(await cell(0, 'stdHours').innerText()).toBe('1.5');

    await cell(0, 'price').click();
    await cell(0, 'price').locator('input').pressSequentially('288.5a6');
    expect(await cell(0, 'price').locator('input').inputValue()).toBe('288.56');
    await page.keyboard.press('Enter');
    await expect.poll(() => cell(0, 'price').innerText()).toBe('288.56');
    await page.keyboard.press('Escape');

    const wipers = page.locator('.ag-grid-scrolling-container .ag-row', { has: page.locator('[col-id="labourCode"]', { hasText: 'WX005' }) });
    await wipers.locator('.dms-select input').check();
    await page.getByRole('button', { name: '删除行' }).click();
    await wipers.waitFor({ state: 'detached' });

    const save = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/repair/basedata/labourItems/batch'));
    const reloaded = listed();
    await page.getByRole('button', { name: '保 存' }).click();
    const body = (await save).request().postDataJSON() as { inserted: { labourCode: string }[]; updated: unknown[]; deleted: { labourCode: string }[] };
    expect(body.inserted.map((r) => r.labourCode)).toEqual(['ZD-E2E1']);
    expect(body.deleted.map((r) => r.labourCode)).toEqual(['WX005']);
    expect(body.updated).toEqual([]);
    expect((await (await save).json()).resultCode).toBe(200);
    await page.getByText('保存成功').waitFor();
    await reloaded;
    await expect.poll(total).toBe('共 35 条');
    const codes = await page.locator('.ag-grid-scrolling-container .ag-row [col-id="labourCode"]').allInnerTexts();
    expect(codes).toContain('ZD-E2E1');
    expect(codes).not.toContain('WX005');
    await page.screenshot({ path: `${SCREENSHOTS}/labour-items-saved.png` });
    expect(pageErrors).toEqual([]);
  });
});

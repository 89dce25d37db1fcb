// Excel export and import end to end on 工时项目: the page export (built in a Web Worker under a CSP without
// 'unsafe-eval') opened with exceljs; the download-centre export downloaded from 下载中心; an import with two bad rows
// (both errors with their row numbers, nothing written) and a good import whose rows appear in the table. Then the same
// import on 销售目标 as the manufacturer's administrator (its own context on the same server and browser).
import ExcelJS from 'exceljs';
import { readFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABOUR_HEADERS, labourRow, TARGET_HEADERS, targetRow, xlsxOf } from '../support/excelFiles';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const PATH = '/repair/repairBusiness/labourItem/index';
const LIST = '/api/repair/basedata/labourItems?';
const CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:";

async function sheetOf(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  return workbook.getWorksheet('sheet')!;
}
const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('工时项目: Excel export and import end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let dir: string;
  const violations: string[] = [];

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    dir = await mkdtemp(join(tmpdir(), 'dms-excel-e2e-'));
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    // The page and the export worker are served under a strict CSP (no 'unsafe-eval').
    await context.route(/\/(index\.html)?(\?.*)?$|\/assets\/xlsxWorker-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': CSP } });
    });
    page = await context.newPage();
    pageErrors = watchPageErrors(page);
    page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
    await page.goto(`${server.baseUrl}/#${PATH}`);
    const first = page.waitForResponse((r) => r.url().includes(LIST));
    await signInThroughPage(page, 'd11001fwgw');
    await first;
    await page.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const modalButton = (name: string) => page.locator('.ant-modal').getByRole('button', { name, exact: true });
  const total = () => page.locator('.dms-table-total:visible').innerText();
  // Kept-alive tabs stay in the page: only the visible toolbar is the open screen's.
  const toolbarButton = (name: string) => page.locator('.dms-toolbar:visible').getByRole('button', { name, exact: true });

  it('[BO-BLK-08] [BO-EXP-01] [BO-EXP-13] [BO-EXP-16] [BO-EXP-17] [BO-EXP-12] exports the page in a worker under a strict CSP; the file has the headers, texts and index column', async () => {
    const fetchAll = page.waitForResponse((r) => r.url().includes(LIST) && new URL(r.url()).searchParams.get('pageSize') === '35');
    await toolbarButton('导出').click();
    await page.getByText('是否将Excel表格保存至本地文件夹？').waitFor();
    const downloading = page.waitForEvent('download');
    await modalButton('下载').click();
    await fetchAll;
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('表格数据.xlsx');
    const path = join(dir, 'page.xlsx');
    await download.saveAs(path);
    const sheet = await sheetOf(path);
    expect(rowValues(sheet, 1)).toEqual(['序号', '工时代码', '工时名称', '标准工时代码', '维修类型', '标准工时', '工时单价', '适用车系', '启用', '生效日期', '备注']);
    expect(sheet.rowCount).toBe(36);
    expect(rowValues(sheet, 2).slice(0, 2)).toEqual([1, 'BP001']);
    expect(rowValues(sheet, 36)[0]).toBe(35);
    // 维修类型 is exported as its name, not its code.
    const types = new Set(Array.from({ length: 35 }, (_, i) => String(rowValues(sheet, i + 2)[4])));
    expect([...types].some((t) => /^RT\d+$/.test(t))).toBe(false);
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('[BO-PROD-10] [BO-EXP-04] [BO-EXP-05] [BO-EXP-06] exports through the download centre and downloads the finished file', async () => {
    await toolbarButton('导出到下载中心').click();
    await page.getByText('导出任务已创建，是否前往下载中心查看？').waitFor();
    expect(await modalButton('暂不前往').isVisible()).toBe(true);
    // Once in a full CI run (not reproduced in two reruns) the click left the question open and the page where it was;
    // the click is repeated while the question is still shown, so one lost click does not take the next tests down too.
    await expect
      .poll(
        async () => {
          const goNow = modalButton('立即前往');
          if (await goNow.isVisible()) await goNow.click({ timeout: 2_000 }).catch(() => undefined);
          return page.url();
        },
        { timeout: 30_000 },
      )
      .toMatch(/downloadCenter\/downloadCenter\/index/);
    // The row action sits in the grid's pinned column: the only 下载 link of the page.
    const download = page.locator('.ag-row').getByText('下载', { exact: true });
    for (let i = 0; i < 20 && !(await download.isVisible()); i += 1) {
      await page.waitForTimeout(500);
      await toolbarButton('刷新').click();
    }
    await page.screenshot({ path: `${SCREENSHOTS}/download-centre.png` });
    expect(await page.locator('.ag-row').filter({ hasText: '工时项目.xlsx' }).innerText()).toContain('已完成');
    const downloading = page.waitForEvent('download');
    await download.click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('工时项目.xlsx');
    const path = join(dir, 'centre.xlsx');
    await file.saveAs(path);
    const sheet = await sheetOf(path);
    expect(rowValues(sheet, 1).slice(0, 3)).toEqual(['序号', '工时代码', '工时名称']);
    expect(sheet.rowCount).toBe(36);
  }, 60_000);

  async function importFile(name: string, content: Buffer, on: Page = page, path: string = PATH) {
    await on.goto(`${server.baseUrl}/#${path}`);
    await on.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
    await on.locator('.dms-toolbar:visible').getByRole('button', { name: '导入', exact: true }).click();
    const file = join(dir, name);
    await writeFile(file, content);
    await on.locator('.dms-import input[type=file]').setInputFiles(file);
    await on.locator('.ant-modal').getByRole('button', { name: '导 入', exact: true }).click();
  }

  it('[BO-BLK-07] [BO-IMP-09] [BO-IMP-10] imports a template with two bad rows: both errors with their row numbers, no row written', async () => {
    await importFile('bad.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('E2E-01'), labourRow('E2E-02', { 工时单价: '很多' }), labourRow('E2E-03'), labourRow('E2E-04', { 生效日期: '明天' })]));
    await page.getByText('工时单价必须是数字').waitFor({ timeout: 30_000 });
    const rows = await page.locator('.dms-import tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['3 工时单价必须是数字', '5 生效日期不是有效日期（如 2026-01-31）']);
    await page.screenshot({ path: `${SCREENSHOTS}/import-errors.png` });
    await modalButton('关闭').click();
    await toolbarButton('刷新').click();
    await page.locator('.dms-table-total:visible', { hasText: '共 35 条' }).waitFor();
  }, 60_000);

  it('[BO-IMP-11] [BO-IMP-12] imports a good file and shows the rows', async () => {
    await importFile('good.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('E2E-11'), labourRow('E2E-12')]));
    await page.getByText('导入成功').waitFor({ timeout: 30_000 });
    await page.locator('.dms-import').waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SCREENSHOTS}/import-done.png` });
    await page.locator('.dms-table-total:visible', { hasText: '共 37 条' }).waitFor();
    expect(await page.locator('.ag-row:visible').filter({ hasText: 'E2E-11' }).count()).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  describe('销售目标 (the administrator)', () => {
    const TARGETS = '/sales/salesManage/salesTarget/index';
    let admin: Page;
    const targetTotal = () => admin.locator('.dms-table-total:visible').innerText();

    beforeAll(async () => {
      admin = await (await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } })).newPage();
      await admin.goto(`${server.baseUrl}/#${TARGETS}`);
      await signInThroughPage(admin, 'admin');
      await admin.locator('.ag-grid-scrolling-container .ag-row').first().waitFor();
    }, 60_000);

    it('[BO-IMP-09] [BO-IMP-10] imports a template with two bad rows: both errors with their row numbers, no row written', async () => {
      const before = await targetTotal();
      const rows = [targetRow({ 目标月份: '2028-01' }), targetRow({ 目标月份: '2028-01', 经销商代码: 'D99999' }), targetRow({ 目标月份: '2028-01', 车型: '2.0T 自动旗舰版', 车系: '华晟 A5' }), targetRow({ 目标月份: '2028-01', '零售目标（台）': '很多' })];
      await importFile('targets-bad.xlsx', await xlsxOf([TARGET_HEADERS, ...rows]), admin, TARGETS);
      await admin.getByText('零售目标（台）必须是数字').waitFor({ timeout: 30_000 });
      const errors = await admin.locator('.dms-import tbody tr').allInnerTexts();
      expect(errors.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['3 经销商代码“D99999”不存在', '5 零售目标（台）必须是数字']);
      await admin.screenshot({ path: `${SCREENSHOTS}/sales-targets-import-errors.png` });
      await admin.locator('.ant-modal').getByRole('button', { name: '关闭', exact: true }).click();
      expect(await targetTotal()).toBe(before);
    }, 60_000);

    it('[BO-PROD-13] [BO-IMP-11] [BO-IMP-12] imports a good file and shows the rows, the latest month first', async () => {
      const before = Number(/共 (\d+) 条/.exec(await targetTotal())![1]);
      const rows = [targetRow({ 目标月份: '2028-01', '零售目标（台）': 21 }), targetRow({ 目标月份: '2028-01', 车型: '2.0T 自动旗舰版', 车系: '华晟 A5', '零售目标（台）': 9 })];
      await importFile('targets-good.xlsx', await xlsxOf([TARGET_HEADERS, ...rows]), admin, TARGETS);
      await admin.getByText('导入成功').waitFor({ timeout: 30_000 });
      await admin.locator('.dms-import').waitFor({ state: 'detached' });
      await admin.locator('.dms-table-total:visible', { hasText: `共 ${before + 2} 条` }).waitFor();
      const first = await admin.locator('.ag-grid-scrolling-container .ag-row:visible').filter({ hasText: '2028-01' }).allInnerTexts();
      expect(first.map((r) => r.replace(/\s+/g, ' ')).sort()).toEqual([expect.stringContaining('1.5L 手动舒适版 21'), expect.stringContaining('2.0T 自动旗舰版 9')]);
      await admin.screenshot({ path: `${SCREENSHOTS}/sales-targets.png` });
    }, 60_000);
  });
});

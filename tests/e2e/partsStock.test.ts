// The parts path end to end in Chromium (issue 26, domain.md §3): D11001's parts clerk (领料员, role PJGL) enters a
// purchase in-order in 配件管理 › 配件业务 › 入库单 with a line typed in the child lines, receives it (入库), finds the
// stock up by the quantity in 库存查询, follows the row to its 出入库流水, and an out-order for one more than is on hand
// is refused with the server's Chinese message while the stock stays as it was.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../schemas/api/page';
import { SCREENSHOTS, launchChromium } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { callAs, dialogTitled, rowButton, rowsShowing, signedInPage, visibleOption } from './support/approvalPages';

const IN_ORDERS_PATH = '/parts/partsBusiness/partInOrders/index';
const OUT_ORDERS_PATH = '/parts/partsBusiness/partOutOrders/index';
const STOCKS_PATH = '/parts/stockManage/partStocks/index';
const API = '/api/part/stockmanage';
const STOCKS_MENU = 'parts_partStocks';
const CLERK = 'd11001llr';
/** 前刹车片 (华晟 A3): every demo dealer keeps a good stock of it. */
const PART = 'HS-3501010-A3';

type Row = Record<string, unknown> & { id: number };

describe('parts and stock end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let onHandBefore = 0;
  let inNo = '';

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const stockRow = async () => (await callAs<ListPage<Row>>(page, server, `${API}/partStocks?partNo=${PART}&warehouseCode=PJ01`, STOCKS_MENU)).data.items.find((r) => r.partNo === PART)!;
  const lines = () => page.locator('.ant-modal:visible [data-lines="lines"]');
  const cellInput = (line: number, column: string) => lines().locator(`[data-line="${line}"] [data-column="${column}"] input`);
  const confirmAndWait = async (path: RegExp) => {
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && path.test(r.url()));
    await confirm.getByRole('button', { name: /^确\s?定$/ }).click();
    return (await (await answered).json()) as { resultCode: number; errMsg: string };
  };

  it('the parts clerk enters a purchase in-order with a line and receives it (入库)', async () => {
    ({ page, errors } = await signedInPage(browser, server, CLERK, IN_ORDERS_PATH, `${API}/partInOrders?`));
    onHandBefore = Number((await stockRow()).onHandQty);
    await page.getByRole('button', { name: '新增入库单' }).click();
    const dialog = dialogTitled(page, '入库单');
    await dialog.waitFor();
    await dialog.locator('#dialog_supplierName').fill('华晟汽车配件供应中心');
    await dialog.locator('#dialog_sourceNo').fill('FH2606300001');
    await lines().getByRole('button', { name: '新增行' }).click();
    await cellInput(1, 'partNo').fill(PART);
    await cellInput(1, 'qty').fill('12');
    await cellInput(1, 'costPrice').fill('268.5');
    await expect.poll(() => lines().locator('[data-total="入库金额"]').innerText()).toBe('入库金额：3,222.00');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${API}/partInOrders`));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const body = (await (await saved).json()) as { resultCode: number; errMsg: string; data: Row };
    expect(body.errMsg).toBe('');
    expect(body.data).toMatchObject({ status: '82061001', totalAmount: '3222.00', warehouseCode: 'PJ01' });
    expect((body.data.lines as Row[])[0]).toMatchObject({ partName: '前刹车片', unit: '套' });
    inNo = String(body.data.inNo);
    await dialog.waitFor({ state: 'detached' });

    const row = rowsShowing(page, 'inNo', inNo).first();
    await row.waitFor();
    expect((await row.locator('[col-id="status"]').innerText()).trim()).toBe('待入库');
    await rowButton(row, '入库').click();
    expect(await page.locator('.ant-modal-confirm-content').innerText()).toBe(`确认入库单 ${inNo} 的配件已验收，入库 12.00 件?`);
    expect(await confirmAndWait(/\/partInOrders\/\d+\/receive$/)).toMatchObject({ resultCode: 200, errMsg: '' });
    await page.getByText('入库成功').first().waitFor();
    await expect.poll(async () => (await rowsShowing(page, 'inNo', inNo).first().locator('[col-id="status"]').innerText()).trim()).toBe('已入库');
    expect(errors).toEqual([]);
  });

  it('库存查询 shows the part up by 12, and its 流水 the receipt', async () => {
    const listed = page.waitForResponse((r) => r.url().includes(`${API}/partStocks?`));
    await page.goto(`${server.baseUrl}/#${STOCKS_PATH}`);
    await listed;
    await page.locator('.dms-filter-bar #filter_keyword').fill(PART);
    const answered = page.waitForResponse((r) => r.url().includes(`${API}/partStocks?`) && r.url().includes('keyword='));
    await page.getByRole('button', { name: '查 询' }).click();
    const rows = ((await (await answered).json()) as { data: ListPage<Row> }).data.items;
    expect(rows.find((r) => r.warehouseCode === 'PJ01')).toMatchObject({ onHandQty: (onHandBefore + 12).toFixed(2) });
    const row = rowsShowing(page, 'warehouseCode', 'PJ01').filter({ has: page.locator('[col-id="partNo"]', { hasText: PART }) }).first();
    await row.waitFor();
    await expect.poll(async () => Number((await row.locator('[col-id="onHandQty"]').innerText()).replaceAll(',', ''))).toBe(onHandBefore + 12);
    await page.screenshot({ path: `${SCREENSHOTS}/parts-stock-after-receipt.png` });

    const ledger = page.waitForResponse((r) => r.url().includes(`${API}/stockLedgers?`) && r.url().includes(`partNo=${PART}`));
    await rowButton(row, '流水').click();
    const entries = ((await (await ledger).json()) as { data: ListPage<Row> }).data.items;
    expect(entries[0]).toMatchObject({ docNo: inNo, moveType: '82041001', qty: '12.00', costPrice: '268.5000', qtyAfter: (onHandBefore + 12).toFixed(2) });
    const entry = rowsShowing(page, 'docNo', inNo).first();
    await entry.waitFor();
    expect((await entry.locator('[col-id="moveType"]').innerText()).trim()).toBe('采购入库');
    expect(await page.locator('.dms-page:not([hidden]) .dms-filter-bar #filter_partNo').inputValue()).toBe(PART);
    expect(errors).toEqual([]);
  });

  it('an out-order for one more than is on hand is refused with the server’s message, and the stock stays', async () => {
    const listed = page.waitForResponse((r) => r.url().includes(`${API}/partOutOrders?`));
    await page.goto(`${server.baseUrl}/#${OUT_ORDERS_PATH}`);
    await listed;
    const onHand = Number((await stockRow()).onHandQty);
    await page.getByRole('button', { name: '新增出库单' }).click();
    const dialog = dialogTitled(page, '出库单');
    await dialog.waitFor();
    await dialog.locator('#dialog_outType').click();
    await visibleOption(page, '配件销售').click();
    await dialog.locator('#dialog_customerName').fill('张先生');
    await lines().getByRole('button', { name: '新增行' }).click();
    await cellInput(1, 'partNo').fill(PART);
    await cellInput(1, 'qty').fill(String(onHand + 1));
    await cellInput(1, 'salesPrice').fill('380');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${API}/partOutOrders`));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const body = (await (await saved).json()) as { errMsg: string; data: Row };
    expect(body.errMsg).toBe('');
    const outNo = String(body.data.outNo);
    await dialog.waitFor({ state: 'detached' });

    const row = rowsShowing(page, 'outNo', outNo).first();
    await row.waitFor();
    await rowButton(row, '出库').click();
    const message = `配件${PART}（前刹车片）库存不足：仓库PJ01可用${onHand - Number((await stockRow()).lockedQty)}，需${onHand + 1}`;
    expect(await confirmAndWait(/\/partOutOrders\/\d+\/issue$/)).toMatchObject({ resultCode: 400, errMsg: message });
    await page.getByText(message).first().waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/parts-out-order-refused.png` });
    expect((await row.locator('[col-id="status"]').innerText()).trim()).toBe('待出库');
    expect(Number((await stockRow()).onHandQty)).toBe(onHand);
    expect(errors).toEqual([]);
  });
});

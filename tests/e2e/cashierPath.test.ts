// The money of one repair order end to end in Chromium (issue 26's done means; domain.md §2 and §3), at D11001: the
// order's part line takes stock when the parts clerk (领料员) issues it on 出库单/维修领料 (库存查询 shows the part down by
// the quantity, the order's 已领数量 up); the finance clerk settles the order on its record page and the settlement posts
// the receivable; the cashier takes it by WeChat and writes it off in one step (收款并核销, with the transaction id);
// another receivable is written off against an advance receipt (核销); the day's bank statement is imported (流水导入)
// and the WeChat credit reconciled against the receipt by its serial (收款对账); and the balances on the screens match:
// the receivable's open amount 0, the receipt's balance 0 with its reconciliation, the reconciliation 已平 with a
// difference of 0. The workshop steps between (派工, 开工, 完工, 质检) are repairJourney.test.ts's; here they are calls.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigit } from '../../schemas/formats/formats';
import { screenMenuId } from '../../server/data/screenMenus';
import { xlsxOf } from '../support/excelFiles';
import { launchChromium, SCREENSHOTS } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { callAs, dialogTitled, rowButton, rowsShowing, signedInPage, visibleOption } from './support/approvalPages';

const FINANCE = 'd11001dbzy';
const RECEIVABLES_PATH = '/finance/receivables/receivables/index';
const RECEIPTS_PATH = '/finance/payments/receipts/index';
const FLOWS_PATH = '/finance/bank/bankFlows/index';
const RECONS_PATH = '/finance/bank/collectionReconciliations/index';
const RECEIVABLES = '/api/2b/finance/receivables';
const RECEIPTS = '/api/2b/finance/receipts';
const RECEIVABLES_MENU = 'finance_receivables';
const RECEIPTS_MENU = 'finance_receipts';
const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const OUT_ORDERS_PATH = '/parts/partsBusiness/partOutOrders/index';
const ORDERS = '/api/repair/order/repair/orders';
const DISPATCHES = '/api/repair/order/repair/dispatches';
const STOCK = '/api/part/stockmanage';
const ORDERS_MENU = '1101';
const STOCKS_MENU = 'parts_partStocks';
/** 前刹车片 (华晟 A3), which every demo dealer keeps, and 更换前刹车片, the labour it goes with. */
const PART = 'HS-3501010-A3';
const PART_QTY = 2;
const FLOW_HEADERS = ['银行账号', '开户银行', '银行流水号', '快捷支付流水号', '收支方向', '收款方式', '金额', '对方户名', '对方账号', '交易时间', '摘要', '流水主体'];

/** Beijing wall-clock text of now (+ minutes). */
const beijing = (minutes = 0) => new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const today = () => beijing().slice(0, 10);
/** A WeChat transaction id of this run: 28 digits from 4200. */
const WECHAT_ID = `4200${String(Date.now()).padStart(24, '0')}`;

interface Row {
  id: number;
  arNo: string;
  receiptNo: string;
  sourceNo: string;
  amount: string;
}

/** A money text as the tables show it (1,268.00). */
const shownMoney = (amount: string) => Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** A VIN of the demo's brand with a valid check digit, of a serial range the seed does not use. */
function vinOf(serial: number): string {
  const body = `LHSA3B1C0TS8${String(serial % 100_000).padStart(5, '0')}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
}

describe('the cashier’s path end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let paid: Row;
  let advanced: Row;
  let advance: Row;
  let reconNo = '';
  let wechatReceiptNo = '';

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function open(path: string, answer: string): Promise<void> {
    await page?.context().close();
    ({ page, errors } = await signedInPage(browser, server, FINANCE, path, answer));
    // Wide enough for the grid to draw every column read here (it draws only the columns in view).
    await page.setViewportSize({ width: 2800, height: 1000 });
  }
  const shown = () => page.locator('.dms-page:not([hidden])');
  const cell = (row: Locator, colId: string) => row.locator(`[col-id="${colId}"]`).first().innerText().then((t) => t.trim());
  /** The table row showing `text` in column `colId`, across the grid's pinned and scrolling parts (one .ag-row each). */
  async function rowOf(colId: string, text: string): Promise<Locator> {
    const hit = rowsShowing(page, colId, text).first();
    await hit.waitFor();
    return shown().locator(`.dms-table .ag-row[row-index="${await hit.getAttribute('row-index')}"]`);
  }
  /** A row action by its exact label (核销 beside 收款并核销). */
  const action = (row: Locator, name: string) => row.locator('[col-id="__actions"] button').filter({ hasText: new RegExp(`^${[...name].join('\\s?')}$`) });
  async function filter(fieldId: string, value: string, answer: string): Promise<void> {
    await shown().locator(`.dms-filter-bar #filter_${fieldId}`).fill(value);
    const answered = page.waitForResponse((r) => r.url().includes(answer));
    await shown().getByRole('button', { name: '查 询' }).click();
    await answered;
  }
  async function submitDialog(title: string, path: string): Promise<{ errMsg: string; data: { receipt?: Row } }> {
    const dialog = dialogTitled(page, title);
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(path));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const answer = (await (await saved).json()) as { errMsg: string; data: { receipt?: Row } };
    await dialog.waitFor({ state: 'detached' });
    return answer;
  }
  async function choose(dialog: Locator, id: string, option: string, search?: string): Promise<void> {
    const picker = dialog.locator(`#dialog_${id}`);
    await picker.click();
    if (search) await picker.fill(search);
    await visibleOption(page, option).click();
  }

  /** A signed-in page of another member of the dealer's staff, for the steps this file makes as calls. */
  async function staff(userCode: string, path: string, answer: string) {
    const signed = await signedInPage(browser, server, userCode, path, answer);
    const call = <T = Record<string, unknown>>(url: string, menuId: string, method = 'GET', body?: unknown) => callAs<T>(signed.page, server, url, menuId, method, body);
    return { ...signed, call };
  }
  const ok = <T>(answer: { resultCode: number; errMsg: string; data: T }) => {
    expect(answer.resultCode, answer.errMsg).toBe(200);
    return answer.data;
  };

  let roNo = '';
  let orderId = 0;
  it('维修领料: the order’s part line takes stock when the parts clerk issues it, and 结算 posts its receivable', async () => {
    // The order as the advisor opens and dispatches it, worked by the technician (repairJourney.test.ts walks these).
    const advisor = await staff('d11001fwgw', ORDERS_PATH, `${ORDERS}?`);
    const technician = await staff('d11001js', '/repair/repairBusiness/dispatches/index', `${DISPATCHES}?`);
    const techId = ok(await technician.call<{ userId: number }>('/api/auth/userinfo', ORDERS_MENU)).userId;
    const created = ok(
      await advisor.call<{ id: number; roNo: string; labourLines: { lineKey: string }[] }>(ORDERS, ORDERS_MENU, 'POST', {
        customerName: '韩梅梅', phone: '13911112222', repairTypeCode: 'RT01', mileage: 20000, visitType: '80271002', faultDesc: '刹车异响',
        vin: vinOf(Date.now()), plateNo: `京AC${String(Date.now()).slice(-4)}`, labourLines: [{ labourCode: 'WX001' }], partLines: [{ partNo: PART, qty: String(PART_QTY) }],
      }),
    );
    ({ id: orderId, roNo } = created);
    ok(await advisor.call(`${ORDERS}/${orderId}/assign`, ORDERS_MENU, 'POST', { dispatches: [{ lineKey: created.labourLines[0]!.lineKey, technicianId: techId, shareRate: '1' }] }));
    ok(await advisor.call(`${ORDERS}/${orderId}/dispatch`, ORDERS_MENU, 'POST'));
    const dispatchesMenu = screenMenuId('repair.dispatches');
    for (const d of ok(await technician.call<{ items: { id: number }[] }>(`${DISPATCHES}?roId=${orderId}`, dispatchesMenu)).items) {
      ok(await technician.call(`${DISPATCHES}/${d.id}/start`, dispatchesMenu, 'POST'));
      ok(await technician.call(`${DISPATCHES}/${d.id}/finish`, dispatchesMenu, 'POST'));
    }
    await technician.page.context().close();

    // 维修领料 in the browser: the clerk's out-order for the order's part, then 出库.
    const clerk = await staff('d11001llr', OUT_ORDERS_PATH, `${STOCK}/partOutOrders?`);
    const onHand = async () => Number(ok(await clerk.call<{ items: { partNo: string; onHandQty: string }[] }>(`${STOCK}/partStocks?partNo=${PART}&warehouseCode=PJ01`, STOCKS_MENU)).items.find((r) => r.partNo === PART)!.onHandQty);
    const before = await onHand();
    const clerkPage = clerk.page;
    await clerkPage.getByRole('button', { name: '新增出库单' }).click();
    const out = dialogTitled(clerkPage, '出库单');
    await out.waitFor();
    await out.locator('#dialog_outType').click();
    await visibleOption(clerkPage, '维修领料').click();
    await out.locator('#dialog_roNo').fill(roNo);
    const lines = out.locator('[data-lines="lines"]');
    await lines.getByRole('button', { name: '新增行' }).click();
    await lines.locator('[data-line="1"] [data-column="partNo"] input').fill(PART);
    await lines.locator('[data-line="1"] [data-column="qty"] input').fill(String(PART_QTY));
    const saved = clerkPage.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${STOCK}/partOutOrders`));
    await out.locator('.ant-modal-footer .ant-btn-primary').click();
    const outNo = String(ok((await (await saved).json()) as { resultCode: number; errMsg: string; data: { outNo: string } }).outNo);
    await out.waitFor({ state: 'detached' });
    const outRow = rowsShowing(clerkPage, 'outNo', outNo).first();
    await rowButton(outRow, '出库').click();
    const ask = clerkPage.locator('.ant-modal-confirm');
    await ask.waitFor();
    const issued = clerkPage.waitForResponse((r) => r.request().method() === 'POST' && /\/partOutOrders\/\d+\/issue$/.test(r.url()));
    await ask.getByRole('button', { name: /^确\s?定$/ }).click();
    ok((await (await issued).json()) as { resultCode: number; errMsg: string; data: unknown });
    await expect.poll(() => outRow.locator('[col-id="status"]').innerText().then((t) => t.trim())).toBe('已出库');
    expect(await onHand()).toBe(before - PART_QTY);
    expect(clerk.errors).toEqual([]);
    await clerk.page.context().close();
    const order = async () => ok(await advisor.call<{ status: string; partLines: { issuedQty: string }[]; totalAmount: string }>(`${ORDERS}/${orderId}`, ORDERS_MENU));
    expect((await order()).partLines.map((l) => Number(l.issuedQty))).toEqual([PART_QTY]);

    // 车间质检 and 维修质检 合格 by the inspector (完工 needs every part issued).
    const inspector = await staff('d11001zjy', '/repair/repairBusiness/qcQueue/index', '/api/repair/order/repair/qcQueue?');
    const current = ok(await inspector.call<{ labourLines: { lineKey: string }[] }>(`${ORDERS}/${orderId}`, ORDERS_MENU));
    ok(await inspector.call(`${ORDERS}/${orderId}/lineQc`, ORDERS_MENU, 'POST', { lines: current.labourLines.map((l) => ({ lineKey: l.lineKey, result: '80251001' })) }));
    ok(await inspector.call(`${ORDERS}/${orderId}/orderQc`, ORDERS_MENU, 'POST', { result: '80251001' }));
    await inspector.page.context().close();

    // 结算 by the finance clerk on the order's record page: the settlement posts the receivable of the order's total.
    await open(ORDERS_PATH, `${ORDERS}?`);
    const meta = page.waitForResponse((r) => r.url().includes(`${ORDERS}/${orderId}/meta`));
    await page.goto(`${server.baseUrl}/#${ORDERS_PATH}/${orderId}`);
    await meta;
    const record = shown().locator(`.dms-record[data-record-id="${orderId}"]`);
    await record.waitFor();
    await expect.poll(() => record.locator('[data-transition]').allInnerTexts(), { timeout: 15_000 }).toContain('结算');
    await record.locator('[data-transition="settle"]').click();
    const settle = dialogTitled(page, '结算');
    await settle.waitFor();
    const settled = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/orders/${orderId}/settle`));
    await settle.getByRole('button', { name: '结算', exact: true }).click();
    ok((await (await settled).json()) as { resultCode: number; errMsg: string; data: unknown });
    await expect.poll(() => record.locator('.ant-steps-item-process .ant-steps-item-title').innerText(), { timeout: 15_000 }).toBe('已结算');
    const total = (await order()).totalAmount;
    const posted = ok(await callAs<{ items: Row[] }>(page, server, `${RECEIVABLES}?sourceNo=${roNo}`, RECEIVABLES_MENU)).items;
    expect(posted.map((r) => [r.sourceNo, r.amount])).toEqual([[roNo, total]]);
    paid = posted[0]!;
    expect(errors).toEqual([]);
    await advisor.page.context().close();
  });

  it('[BO-PROD-06] 收款并核销: the settlement’s receivable paid by WeChat at the cashier shows 已核销 with nothing open', async () => {
    await open(RECEIVABLES_PATH, `${RECEIVABLES}?`);
    // Posted as the repair settlement posts it (docs/models.md: the receivable contract): the advance receipt's one.
    const post = (sourceNo: string, amount: string) =>
      callAs<Row>(page, server, RECEIVABLES, RECEIVABLES_MENU, 'POST', { debtorType: '81061001', debtorName: '韩梅梅', sourceType: '81071001', sourceNo, amount, dueDate: today() });
    advanced = (await post(`ROE2F${Date.now()}`, '860.00')).data;
    expect(paid.arNo).toMatch(/^ARD11001/);
    await filter('arNo', paid.arNo, `${RECEIVABLES}?`);
    const row = await rowOf('arNo', paid.arNo);
    expect(await cell(row, 'status')).toBe('未核销');
    await action(row, '收款并核销').click();
    const dialog = dialogTitled(page, '收款并核销');
    await dialog.waitFor();
    await choose(dialog, 'payMethod', '微信');
    await dialog.locator('#dialog_quickPaySerialNo').fill(WECHAT_ID);
    const answer = await submitDialog('收款并核销', '/payAndWriteOff');
    expect(answer.errMsg).toBe('');
    wechatReceiptNo = answer.data.receipt!.receiptNo;
    await expect.poll(() => cell(row, 'status')).toBe('已核销');
    expect([await cell(row, 'writtenOffAmount'), await cell(row, 'openAmount')]).toEqual([shownMoney(paid.amount), '0.00']);
    expect(errors).toEqual([]);
  });

  it('核销: another receivable written off against an advance receipt; its balance follows on 收款单', async () => {
    const created = await callAs<Row>(page, server, RECEIPTS, RECEIPTS_MENU, 'POST', { customerName: '韩梅梅', receiptType: '81011001', payMethod: '81021005', amount: '2000.00', receivedAt: beijing() });
    await callAs(page, server, `${RECEIPTS}/${created.data.id}/confirm`, RECEIPTS_MENU, 'POST', {});
    advance = created.data;
    await filter('arNo', advanced.arNo, `${RECEIVABLES}?`);
    const row = await rowOf('arNo', advanced.arNo);
    await action(row, '核销').click();
    const dialog = dialogTitled(page, '核销');
    await dialog.waitFor();
    await choose(dialog, 'receiptId', advance.receiptNo, advance.receiptNo);
    await dialog.locator('#dialog_amount').fill('860');
    expect((await submitDialog('核销', '/writeOff')).errMsg).toBe('');
    await expect.poll(() => cell(row, 'status')).toBe('已核销');

    await open(RECEIPTS_PATH, `${RECEIPTS}?`);
    await filter('receiptNo', advance.receiptNo, `${RECEIPTS}?`);
    const receipt = await rowOf('receiptNo', advance.receiptNo);
    expect([await cell(receipt, 'writtenOffAmount'), await cell(receipt, 'balance')]).toEqual(['860.00', '1,140.00']);
    // The WeChat receipt of the cashier: confirmed, written off whole, its transaction id on it.
    await filter('receiptNo', wechatReceiptNo, `${RECEIPTS}?`);
    const wechat = await rowOf('receiptNo', wechatReceiptNo);
    expect(await cell(wechat, 'quickPaySerialNo')).toBe(WECHAT_ID);
    expect([await cell(wechat, 'status'), await cell(wechat, 'payMethod'), await cell(wechat, 'amount'), await cell(wechat, 'balance')]).toEqual(['已确认', '微信', shownMoney(paid.amount), '0.00']);
    expect(errors).toEqual([]);
  });

  it('流水导入: the day’s statement with the WeChat credit is imported from Excel', async () => {
    await open(FLOWS_PATH, '/api/2b/finance/bankFlows?');
    const dir = await mkdtemp(join(tmpdir(), 'dms-flows-'));
    const file = join(dir, '银行流水.xlsx');
    await writeFile(file, await xlsxOf([FLOW_HEADERS, ['110902345610801', '招商银行北京分行', `CMB${String(Date.now()).padStart(21, '0')}`, WECHAT_ID, '收', '微信', Number(paid.amount), '财付通支付科技有限公司', null, beijing(1), '财付通支付科技有限公司结算', null]]));
    await shown().locator('.dms-toolbar').getByRole('button', { name: '流水导入', exact: true }).click();
    await page.locator('.dms-import input[type=file]').setInputFiles(file);
    await page.locator('.ant-modal').getByRole('button', { name: '导 入', exact: true }).click();
    await page.getByText('导入成功').waitFor({ timeout: 30_000 });
    await page.locator('.dms-import').waitFor({ state: 'detached' });
    await filter('quickPaySerialNo', WECHAT_ID, '/api/2b/finance/bankFlows?');
    const flow = await rowOf('quickPaySerialNo', WECHAT_ID);
    expect([await cell(flow, 'payMethod'), await cell(flow, 'amount'), await cell(flow, 'reconNo')]).toEqual(['微信', shownMoney(paid.amount), '']);
    expect(errors).toEqual([]);
  });

  it('收款对账: the day’s WeChat receipts against the flows, matched by serial, 已平 with nothing left', async () => {
    await open(RECONS_PATH, '/api/2b/finance/collectionReconciliations?');
    await shown().locator('.dms-toolbar').getByRole('button', { name: '新增对账' }).click();
    const dialog = dialogTitled(page, '收款对账');
    await dialog.waitFor();
    const date = dialog.locator('#dialog_reconDate');
    await date.click();
    await date.fill(today());
    await date.press('Enter');
    await choose(dialog, 'payMethod', '微信');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/collectionReconciliations'));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const answer = (await (await saved).json()) as { errMsg: string; data: { id: number; reconNo: string } };
    expect(answer.errMsg).toBe('');
    reconNo = answer.data.reconNo;
    const row = await rowOf('reconNo', reconNo);
    expect([await cell(row, 'status'), await cell(row, 'systemAmount'), await cell(row, 'bankAmount'), await cell(row, 'differenceAmount')]).toEqual(['已平', shownMoney(paid.amount), shownMoney(paid.amount), '0.00']);
    // Its match line: the cashier's receipt and the credit, paired by the WeChat transaction id.
    const recon = await callAs<{ matches: { receiptNo: string; serialNo: string; matchTypeName: string }[] }>(page, server, `/api/2b/finance/collectionReconciliations/${answer.data.id}`, screenMenuId('finance.collectionReconciliations'));
    expect(recon.data.matches).toEqual([expect.objectContaining({ receiptNo: wechatReceiptNo, serialNo: WECHAT_ID, matchTypeName: '流水号' })]);
    await page.screenshot({ path: `${SCREENSHOTS}/cashier-reconciliations.png` });
    // Its record page shows the same: the figures in the header, the line in 配对明细.
    await action(row, '查看').click();
    const record = shown().locator('.dms-record');
    await record.waitFor();
    await record.locator('.dms-record-tabs .ant-tabs-tab', { hasText: '配对明细' }).click();
    const lines = record.locator('[data-record-tab="lines"]');
    await lines.getByText(WECHAT_ID).waitFor();
    expect(await lines.innerText()).toContain(wechatReceiptNo);
    expect(await lines.innerText()).toContain('流水号');
    expect(await record.locator('.dms-record-header, .ant-descriptions').first().innerText()).toContain(paid.amount);
    await page.screenshot({ path: `${SCREENSHOTS}/cashier-reconciliation.png` });
    expect(errors).toEqual([]);
  });

  it('the balances on the screens match: the flow shows its reconciliation, the receivable nothing open', async () => {
    await open(FLOWS_PATH, '/api/2b/finance/bankFlows?');
    await filter('quickPaySerialNo', WECHAT_ID, '/api/2b/finance/bankFlows?');
    const flow = await rowOf('quickPaySerialNo', WECHAT_ID);
    expect(await cell(flow, 'reconNo')).toBe(reconNo);
    await open(RECEIPTS_PATH, `${RECEIPTS}?`);
    await filter('receiptNo', wechatReceiptNo, `${RECEIPTS}?`);
    const receipt = await rowOf('receiptNo', wechatReceiptNo);
    expect([await cell(receipt, 'amount'), await cell(receipt, 'balance'), await cell(receipt, 'reconNo')]).toEqual([shownMoney(paid.amount), '0.00', reconNo]);
    await open(RECEIVABLES_PATH, `${RECEIVABLES}?`);
    await filter('arNo', paid.arNo, `${RECEIVABLES}?`);
    const row = await rowOf('arNo', paid.arNo);
    expect([await cell(row, 'amount'), await cell(row, 'writtenOffAmount'), await cell(row, 'openAmount')]).toEqual([shownMoney(paid.amount), shownMoney(paid.amount), '0.00']);
    await page.screenshot({ path: `${SCREENSHOTS}/cashier-receivables.png` });
    expect(errors).toEqual([]);
  });
});

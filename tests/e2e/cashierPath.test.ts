// The cashier's path end to end in Chromium (domain.md §2, issue 26), as D11001's finance staff: a receivable posted by
// a settlement is paid and written off in one step at the cashier (收款并核销, WeChat with its transaction id), another
// is written off against an advance receipt (核销); the day's bank statement is imported (流水导入) and the WeChat credit
// reconciled against the receipt by its serial (收款对账); and the balances on the screens match: the receivable's
// open amount 0, the receipt's balance 0 with its reconciliation, the reconciliation 已平 with a difference of 0.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('[BO-PROD-06] 收款并核销: the settlement’s receivable paid by WeChat at the cashier shows 已核销 with nothing open', async () => {
    await open(RECEIVABLES_PATH, `${RECEIVABLES}?`);
    // Posted as the repair settlement posts it (docs/models.md: the receivable contract).
    const post = (sourceNo: string, amount: string) =>
      callAs<Row>(page, server, RECEIVABLES, RECEIVABLES_MENU, 'POST', { debtorType: '81061001', debtorName: '韩梅梅', sourceType: '81071001', sourceNo, amount, dueDate: today() });
    paid = (await post(`ROE2E${Date.now()}`, '1268.00')).data;
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
    expect([await cell(row, 'writtenOffAmount'), await cell(row, 'openAmount')]).toEqual(['1,268.00', '0.00']);
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
    expect([await cell(wechat, 'status'), await cell(wechat, 'payMethod'), await cell(wechat, 'amount'), await cell(wechat, 'balance')]).toEqual(['已确认', '微信', '1,268.00', '0.00']);
    expect(errors).toEqual([]);
  });

  it('流水导入: the day’s statement with the WeChat credit is imported from Excel', async () => {
    await open(FLOWS_PATH, '/api/2b/finance/bankFlows?');
    const dir = await mkdtemp(join(tmpdir(), 'dms-flows-'));
    const file = join(dir, '银行流水.xlsx');
    await writeFile(file, await xlsxOf([FLOW_HEADERS, ['110902345610801', '招商银行北京分行', `CMB${String(Date.now()).padStart(21, '0')}`, WECHAT_ID, '收', '微信', 1268, '财付通支付科技有限公司', null, beijing(1), '财付通支付科技有限公司结算', null]]));
    await shown().locator('.dms-toolbar').getByRole('button', { name: '流水导入', exact: true }).click();
    await page.locator('.dms-import input[type=file]').setInputFiles(file);
    await page.locator('.ant-modal').getByRole('button', { name: '导 入', exact: true }).click();
    await page.getByText('导入成功').waitFor({ timeout: 30_000 });
    await page.locator('.dms-import').waitFor({ state: 'detached' });
    await filter('quickPaySerialNo', WECHAT_ID, '/api/2b/finance/bankFlows?');
    const flow = await rowOf('quickPaySerialNo', WECHAT_ID);
    expect([await cell(flow, 'payMethod'), await cell(flow, 'amount'), await cell(flow, 'reconNo')]).toEqual(['微信', '1,268.00', '']);
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
    expect([await cell(row, 'status'), await cell(row, 'systemAmount'), await cell(row, 'bankAmount'), await cell(row, 'differenceAmount')]).toEqual(['已平', '1,268.00', '1,268.00', '0.00']);
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
    expect(await record.locator('.dms-record-header, .ant-descriptions').first().innerText()).toContain('1268.00');
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
    expect([await cell(receipt, 'amount'), await cell(receipt, 'balance'), await cell(receipt, 'reconNo')]).toEqual(['1,268.00', '0.00', reconNo]);
    await open(RECEIVABLES_PATH, `${RECEIVABLES}?`);
    await filter('arNo', paid.arNo, `${RECEIVABLES}?`);
    const row = await rowOf('arNo', paid.arNo);
    expect([await cell(row, 'amount'), await cell(row, 'writtenOffAmount'), await cell(row, 'openAmount')]).toEqual(['1,268.00', '1,268.00', '0.00']);
    await page.screenshot({ path: `${SCREENSHOTS}/cashier-receivables.png` });
    expect(errors).toEqual([]);
  });
});

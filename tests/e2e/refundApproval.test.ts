// The refund approval end to end in Chromium (domain.md §2 退款申请/审核, issue 23): D11001's finance staff ask for a
// refund on a confirmed receipt from 财务管理 › 收付款 › 退款 and submit it; the dealer's finance manager approves it from
// 我的待办; the refund shows 已审核 and the receipt's refundable balance is down by the amount, so a second refund above
// what is left is refused with the server's message; 确认退款 then moves the amount out of the receipt's 余额.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../schemas/api/page';
import { SCREENSHOTS, launchChromium } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { TODO_LIST, TODO_PATH, bellCount, callAs, dialogTitled, rowButton, rowsShowing, signedInPage, visibleOption } from './support/approvalPages';

const REFUNDS_PATH = '/finance/payments/refunds/index';
const REFUNDS = '/api/2b/finance/refunds';
const RECEIPTS = '/api/2b/finance/receipts';
const REFUNDS_MENU = 'finance_refunds';
const RECEIPTS_MENU = 'finance_receipts';
/** The demo's 担保专员 of D11001 is also its 财务人员 and 经销商财务经理 (README's accounts). */
const FINANCE = 'd11001dbzy';
const AMOUNT = '1000.00';

interface Receipt {
  id: number;
  receiptNo: string;
  balance: string;
}

describe('refund approval end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let receipt: Receipt;
  let refundNo: string;

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function openAs(path: string, answer: string): Promise<void> {
    await page?.context().close();
    ({ page, errors } = await signedInPage(browser, server, FINANCE, path, answer));
  }
  const openRefunds = () => openAs(REFUNDS_PATH, `${REFUNDS}?`);
  const refundRow = () => rowsShowing(page, 'refundNo', refundNo).first();
  const cents = (text: string) => Math.round(Number(text) * 100);
  const money = (value: number) => (value / 100).toFixed(2);

  async function filterRefunds() {
    await page.locator('.dms-filter-bar #filter_refundNo').fill(refundNo);
    const answered = page.waitForResponse((r) => r.url().includes(`${REFUNDS}?`));
    await page.getByRole('button', { name: '查 询' }).click();
    await answered;
    await refundRow().waitFor();
  }

  /** Fills the 退款申请 dialog on `receipt` and saves; answers the server's reply. */
  async function askForRefund(amount: string): Promise<{ resultCode: number; errMsg: string; data: { id: number; refundNo: string } | null }> {
    await page.getByRole('button', { name: '退款申请' }).click();
    const dialog = dialogTitled(page, '退款申请');
    await dialog.waitFor();
    const picker = dialog.locator('#dialog_receiptId');
    await picker.click();
    await picker.fill(receipt.receiptNo);
    await visibleOption(page, receipt.receiptNo).click();
    await dialog.locator('#dialog_amount').fill(amount);
    await dialog.locator('#dialog_reason').click();
    await visibleOption(page, '退订').click();
    await dialog.locator('#dialog_payeeName').fill('张明');
    await dialog.locator('#dialog_payeeAccount').fill('6222021234567890123');
    await dialog.locator('#dialog_payeeBank').fill('中国工商银行北京朝阳支行');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(REFUNDS));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    return (await (await saved).json()) as { resultCode: number; errMsg: string; data: { id: number; refundNo: string } | null };
  }

  it('the finance staff ask for a refund on a confirmed receipt and submit it for approval; the bell counts the new task', async () => {
    await openRefunds();
    // A receipt of its own, registered and confirmed as in 收款单 (the demo's refunds use the dealer's others).
    const registered = await callAs<Receipt>(page, server, RECEIPTS, RECEIPTS_MENU, 'POST', { customerName: '张明', receiptType: '81011003', payMethod: '81021003', amount: '3000.00', receivedAt: '2026-06-28 10:00:00' });
    expect(registered.errMsg).toBe('');
    expect((await callAs(page, server, `${RECEIPTS}/${registered.data.id}/confirm`, RECEIPTS_MENU, 'POST', {})).errMsg).toBe('');
    receipt = (await callAs<Receipt>(page, server, `${RECEIPTS}/${registered.data.id}`, RECEIPTS_MENU)).data;
    expect(receipt.balance).toBe('3000.00');

    const created = await askForRefund(AMOUNT);
    expect(created.errMsg).toBe('');
    refundNo = created.data!.refundNo;
    await dialogTitled(page, '退款申请').waitFor({ state: 'detached' });
    await filterRefunds();
    expect((await refundRow().locator('[col-id="status"]').innerText()).trim()).toBe('待审核');

    const before = await bellCount(page);
    await rowButton(refundRow(), '提交审核').click();
    const dialog = dialogTitled(page, '提交退款审核');
    await dialog.waitFor();
    await dialog.locator('#dialog_comment').fill('客户退订精品，退还预收款');
    const submitted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/submit'));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    expect(((await (await submitted).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog.waitFor({ state: 'detached' });
    // Under approval the refund is still 待审核, and the same staff, as the dealer's finance manager, have one more to-do.
    await expect.poll(() => bellCount(page)).toBe(before + 1);
    expect((await refundRow().locator('[col-id="status"]').innerText()).trim()).toBe('待审核');
    expect(errors).toEqual([]);
  });

  it('the dealer’s finance manager approves it from 我的待办', async () => {
    await openAs(TODO_PATH, TODO_LIST);
    const row = rowsShowing(page, 'recordTitle', refundNo).first();
    await row.waitFor();
    expect((await row.locator('[col-id="processName"]').innerText()).trim()).toBe('退款审批');
    expect((await row.locator('[col-id="taskName"]').innerText()).trim()).toBe('经销商财务经理审批');
    const before = await bellCount(page);
    await rowButton(row, '同意').click();
    const dialog = dialogTitled(page, '审批意见（同意）');
    await dialog.waitFor();
    await dialog.locator('#dialog_comment').fill('情况属实，同意退款');
    const approved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/workflow\/task\/\d+\/approve$/.test(r.url()));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    expect(((await (await approved).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rowsShowing(page, 'recordTitle', refundNo).count()).toBe(0);
    await expect.poll(() => bellCount(page)).toBe(before - 1);
    expect(errors).toEqual([]);
  });

  it('the refund shows 已审核, and a second refund above the receipt’s remaining refundable balance is refused with the server’s message', async () => {
    await openRefunds();
    await filterRefunds();
    expect((await refundRow().locator('[col-id="status"]').innerText()).trim()).toBe('已审核');
    const left = cents(receipt.balance) - cents(AMOUNT);
    const refused = await askForRefund(money(left + 1));
    const message = `退款金额超过收款单${receipt.receiptNo}的可退余额${money(left)}元`;
    expect(refused).toMatchObject({ resultCode: 400, errMsg: message });
    await page.getByText(message).first().waitFor();
    // The dialog stays open with what was typed, for a correction.
    expect(await dialogTitled(page, '退款申请').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/refund-over-balance.png` });
    await dialogTitled(page, '退款申请').locator('.ant-modal-footer button').first().click();
    await dialogTitled(page, '退款申请').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('确认退款 pays it: 已退款, and the receipt’s 余额 is down by the amount', async () => {
    await rowButton(refundRow(), '确认退款').click();
    const dialog = dialogTitled(page, '确认退款');
    await dialog.waitFor();
    await dialog.locator('#dialog_outBankSerialNo').fill('4200002026112500000012345678');
    const paid = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/pay'));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    expect(((await (await paid).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await refundRow().locator('[col-id="status"]').innerText()).trim()).toBe('已退款');
    const after = (await callAs<Receipt & { refundedAmount: string }>(page, server, `${RECEIPTS}/${receipt.id}`, RECEIPTS_MENU)).data;
    expect(cents(after.balance)).toBe(cents(receipt.balance) - cents(AMOUNT));
    expect(after.refundedAmount).toBe(AMOUNT);
    expect(errors).toEqual([]);
  });
});

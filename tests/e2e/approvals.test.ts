// Approvals end to end in Chromium (issue 23): a service advisor asks for a free settlement of a finished repair order
// (免费结算, models/repair/repairOrder.json), the dealer's after-sales manager (审核人) approves it from 我的待办 (and,
// above the threshold, the region's after-sales manager too), the order moves on to 已结算, and the order's record page
// shows the advisor its approval history with the diagram.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const TODO_PATH = '/personal/myTodo/index';
const DONE_PATH = '/personal/myDone/index';
const ORDERS = '/api/repair/order/repair/orders';

describe('free settlement approval end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let roNo: string;

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function signedIn(userCode: string, path: string, answer: string) {
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
    pageErrors = watchPageErrors(page);
    await page.goto(`${server.baseUrl}/#/home`);
    await signInThroughPage(page, userCode);
    await page.waitForURL(/#\/home$/);
    const listed = page.waitForResponse((r) => r.url().includes(answer));
    await page.goto(`${server.baseUrl}/#${path}`);
    await listed;
  }

  const dialog = (title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  const row = (index: number) => page.locator(`.dms-table .ag-row[row-index="${index}"]`);
  const rowButton = (index: number, name: string) => row(index).locator('[col-id="__actions"] button').filter({ hasText: name });

  async function filterOrders(params: Record<string, string>) {
    if (params.roNo) await page.locator('.dms-filter-bar #filter_roNo').fill(params.roNo);
    const answered = page.waitForResponse((r) => r.url().includes(`${ORDERS}?`));
    await page.getByRole('button', { name: '查 询' }).click();
    await answered;
    // The grid draws the answer's rows after the answer, and a row's cells after the row: wait for the order itself.
    if (params.roNo) await expect.poll(() => cell(0, 'roNo')).toBe(params.roNo);
  }
  /** A cell's text once the grid has drawn it (an empty cell is one not drawn yet: these columns are never blank). */
  async function cell(index: number, column: string): Promise<string> {
    const text = () => row(index).locator(`[col-id="${column}"]`).first().innerText().then((t) => t.trim(), () => '');
    await expect.poll(text).not.toBe('');
    return text();
  }

  it('the service advisor asks for a free settlement of a finished order', async () => {
    await signedIn('d11001fwgw', ORDERS_PATH, `${ORDERS}?`);
    await page.locator('.ag-row').first().waitFor();
    // A finished order (已完工) of the dealer, found as the advisor: its row offers 免费结算.
    const finished = await serverCall<{ items: { id: number; roNo: string }[] }>(`${ORDERS}?status=80211003&pageSize=1`, '1101');
    roNo = finished.data.items[0]!.roNo;
    await filterOrders({ roNo });
    const index = 0;
    expect(await cell(index, 'roNo')).toBe(roNo);
    await rowButton(index, '免费结算').click();
    const title = '免费结算申请';
    await dialog(title).waitFor();
    await expect.poll(() => dialog(title).locator('#dialog_roNo').inputValue()).toBe(roNo);
    await dialog(title).locator('#dialog_comment').fill('老客户首保赠送，免收工时费');
    const submitted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/freeSettle$/.test(r.url()));
    await dialog(title).locator('.ant-modal-footer .ant-btn-primary').click();
    expect(((await (await submitted).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog(title).waitFor({ state: 'detached' });
    await filterOrders({ roNo });
    expect(await cell(0, 'status')).toBe('已完工');
    // Asked again while it is under approval: refused with the process's name.
    const again = await serverCall(`${ORDERS}/${finished.data.items[0]!.id}/freeSettle`, '1101', 'POST');
    expect(again.errMsg).toBe('维修工单正在“免费结算审批”审批中，审批结束前不能修改');
    expect(pageErrors).toEqual([]);
  });

  /** Approves the order's task from 我的待办: answers whether the process went on to another level. */
  async function approveFromTodo(userCode: string): Promise<void> {
    await signedIn(userCode, TODO_PATH, '/api/workflow/task/todo');
    await expect.poll(() => page.locator('[data-testid="todo-count"] .ant-badge-count').count()).toBeGreaterThan(0);
    const mine = page.locator('.dms-table .ag-row').filter({ has: page.locator('[col-id="recordTitle"]', { hasText: roNo }) });
    await mine.first().waitFor();
    const index = Number(await mine.first().getAttribute('row-index'));
    await rowButton(index, '同意').click();
    const title = '审批意见（同意）';
    await dialog(title).waitFor();
    await dialog(title).locator('#dialog_comment').fill('情况属实，同意免费');
    const approved = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/workflow\/task\/\d+\/approve$/.test(r.url()));
    await dialog(title).locator('.ant-modal-footer .ant-btn-primary').click();
    expect(((await (await approved).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog(title).waitFor({ state: 'detached' });
    await expect.poll(() => mine.count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/approvals-todo.png` });
    expect(pageErrors).toEqual([]);
  }

  it('the after-sales manager approves it from 我的待办 (and the region above the threshold)', async () => {
    await approveFromTodo('d11001shr');
    await signedIn('d11001fwgw', ORDERS_PATH, `${ORDERS}?`);
    await filterOrders({ roNo });
    const status = await cell(0, 'status');
    if (status !== '已结算') {
      // Labour and parts above ¥500: the gateway sent it on to the region's after-sales manager.
      expect(status).toBe('已完工');
      await approveFromTodo('rnmanager');
    }
  });

  it('the order has moved on to 已结算, and its record page shows the approval history with the diagram (process tab) to the advisor', async () => {
    await signedIn('d11001fwgw', ORDERS_PATH, `${ORDERS}?`);
    await filterOrders({ roNo });
    expect(await cell(0, 'status')).toBe('已结算');
    expect(pageErrors).toEqual([]);
    await rowButton(0, '查看').click();
    const record = page.locator('.dms-page:not([hidden]) .dms-record');
    await expect.poll(() => record.locator('[data-testid="record-title"]').innerText()).toBe(roNo);
    // The steps of the order's states: 已结算, the last, is the current one.
    expect(await record.locator('.dms-record-steps .ant-steps-item-process, .dms-record-steps .ant-steps-item-active').first().innerText()).toContain('已结算');
    const history = page.waitForResponse((r) => r.url().includes('/api/workflow/instance/history?'));
    await record.locator('.dms-record-tabs .ant-tabs-tab', { hasText: '审批历史' }).click();
    await history;
    const block = record.locator('[data-testid="process-history"]');
    await block.waitFor();
    expect(await block.innerText()).toContain('免费结算审批');
    expect(await block.innerText()).toContain('已通过');
    const steps = await block.locator('[data-testid="process-step"]').allInnerTexts();
    expect(steps[0]).toContain('发起');
    expect(steps[0]).toContain('老客户首保赠送，免收工时费');
    expect(steps.some((s) => s.includes('售后经理审批') && s.includes('同意') && s.includes('情况属实，同意免费'))).toBe(true);
    expect(steps.at(-1)).toContain('审批通过');
    // The diagram is drawn by the bpmn-js viewer.
    await record.locator('[data-testid="process-diagram"] .djs-element').first().waitFor();
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/approvals-history.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  /** A call as the signed-in user from a menu, outside the page, signed with the key the server gave the browser. */
  async function serverCall<T = unknown>(path: string, menuId: string, method = 'GET'): Promise<{ resultCode: number; errMsg: string; data: T }> {
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { signing: { key: string } };
    const headers = { authorization: `Bearer ${decodeURIComponent(token)}`, menuId, ...signRequest(config.signing.key, { method, url: path }, Date.now(), randomNonce()) };
    return (await (await fetch(`${server.baseUrl}${path}`, { method, headers })).json()) as { resultCode: number; errMsg: string; data: T };
  }
});

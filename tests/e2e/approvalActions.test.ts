// The approver's other actions in 我的待办, end to end in Chromium (issue 23), on the demo's free settlements waiting at
// D11001's 售后经理 (server/seed/runningApprovals.ts): 驳回 needs a comment and returns the order to the state the model
// names (已完工), which the advisor then reads in the order's 审批历史; 转办 hands the task to another user, in whose
// 我的待办 it then is and in the first's no longer; 加签 adds a user who must approve too before the process moves on.
// The header bell's count follows each action without waiting for its poll.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../schemas/api/page';
import type { ProcessHistory, ProcessTaskRow } from '../../schemas/api/processTasks';
import { SCREENSHOTS, launchChromium } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { TODO_LIST, TODO_PATH, bellCount, callAs, dialogTitled, rowButton, rowsShowing, signedInPage, visibleOption } from './support/approvalPages';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const ORDERS = '/api/repair/order/repair/orders';
const ORDERS_MENU = '1101';
const TODO_MENU = 'workflow_myTodo';
const FINISHED = '80211003';
/** The demo's administrator: the manufacturer's staff reach every dealer, so a task of D11001 may be handed to him. */
const ADMIN_NAME = '系统管理员';

describe('approval actions from 我的待办 end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function openAs(userCode: string, path: string, answer: string): Promise<void> {
    await page?.context().close();
    ({ page, errors } = await signedInPage(browser, server, userCode, path, answer));
  }
  const openTodo = (userCode: string) => openAs(userCode, TODO_PATH, TODO_LIST);
  const todoRow = (recordTitle: string) => rowsShowing(page, 'recordTitle', recordTitle);
  const todoItems = async () => (await callAs<ListPage<ProcessTaskRow>>(page, server, `${TODO_LIST}?pageSize=100`, TODO_MENU)).data.items;
  const historyOf = async (recordId: number) => (await callAs<ProcessHistory>(page, server, `/api/workflow/instance/history?model=repairOrder&recordId=${recordId}`, TODO_MENU)).data;
  /** The bell shows what 我的待办 lists (its count is the same query). */
  const bellMatchesList = async () => expect.poll(() => bellCount(page)).toBe((await todoItems()).length);

  /** Opens the row's dialog, fills its comment and submits; answers the action's reply. */
  async function act(recordTitle: string, action: string, title: string, comment: string, choose?: () => Promise<void>) {
    await rowButton(todoRow(recordTitle).first(), action).click();
    const dialog = dialogTitled(page, title);
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('#dialog_recordTitle').inputValue()).toBe(recordTitle);
    await choose?.();
    await dialog.locator('#dialog_comment').fill(comment);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/workflow\/task\/\d+\/\w+$/.test(r.url()));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const reply = (await (await answered).json()) as { errMsg: string };
    expect(reply.errMsg).toBe('');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => todoRow(recordTitle).count()).toBe(0);
  }

  /** Chooses the administrator in the dialog's user picker (a remote search by name). */
  async function chooseAdmin(dialogTitle: string, fieldId: string) {
    const dialog = dialogTitled(page, dialogTitle);
    await dialog.locator(`#dialog_${fieldId}`).click();
    await dialog.locator(`#dialog_${fieldId}`).fill(ADMIN_NAME);
    await visibleOption(page, ADMIN_NAME).click();
    // A multiple select stays open for more (Escape would close the dialog): a click elsewhere in the dialog closes it.
    await dialog.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  }

  let rejectedNo: string;

  it('[驳回] the 售后经理 rejects a free settlement: the comment is required, the order is back at 已完工, the bell follows', async () => {
    await openTodo('d11001shr');
    const waiting = await todoItems();
    expect(waiting.map((t) => t.taskName)).toEqual(['售后经理审批', '售后经理审批']);
    await expect.poll(() => bellCount(page)).toBe(2);
    rejectedNo = waiting[0]!.recordTitle;
    await todoRow(rejectedNo).first().waitFor();

    // Without a comment the form refuses before anything is sent; the server refuses it too, with its own message.
    let sent = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/reject') && sent++);
    await rowButton(todoRow(rejectedNo).first(), '驳回').click();
    const dialog = dialogTitled(page, '审批意见（驳回）');
    await dialog.waitFor();
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => dialog.locator('.dms-field-error').allInnerTexts()).toEqual(['审批意见不能为空']);
    expect(sent).toBe(0);
    const bare = await callAs(page, server, `/api/workflow/task/${waiting[0]!.taskId}/reject`, TODO_MENU, 'POST', { comment: '  ' });
    expect(bare.errMsg).toBe('驳回时请填写审批意见');
    await dialog.locator('.ant-modal-footer button').first().click();
    await dialog.waitFor({ state: 'detached' });

    await act(rejectedNo, '驳回', '审批意见（驳回）', '材料费不在免费范围内，请按正常结算');
    await expect.poll(() => bellCount(page)).toBe(1);
    expect(errors).toEqual([]);
  });

  it('[驳回] the advisor finds the order at 已完工 with the rejection and its comment in the record’s 审批历史', async () => {
    await openAs('d11001fwgw', ORDERS_PATH, `${ORDERS}?`);
    await page.locator('.dms-filter-bar #filter_roNo').fill(rejectedNo);
    const answered = page.waitForResponse((r) => r.url().includes(`${ORDERS}?`));
    await page.getByRole('button', { name: '查 询' }).click();
    await answered;
    const row = rowsShowing(page, 'roNo', rejectedNo).first();
    expect((await row.locator('[col-id="status"]').innerText()).trim()).toBe('已完工');
    await rowButton(row, '查看').click();
    const record = page.locator('.dms-page:not([hidden]) .dms-record');
    await expect.poll(() => record.locator('[data-testid="record-title"]').innerText()).toBe(rejectedNo);
    const history = page.waitForResponse((r) => r.url().includes('/api/workflow/instance/history?'));
    await record.locator('.dms-record-tabs .ant-tabs-tab', { hasText: '审批历史' }).click();
    await history;
    const block = record.locator('[data-testid="process-history"]');
    await block.waitFor();
    expect(await block.innerText()).toContain('已驳回');
    const steps = await block.locator('[data-testid="process-step"]').allInnerTexts();
    expect(steps.at(-1)).toContain('驳回');
    expect(steps.at(-1)).toContain('材料费不在免费范围内，请按正常结算');
    await page.screenshot({ path: `${SCREENSHOTS}/approval-rejected-history.png`, fullPage: true });
    // The order may be asked again: the process returned it to 已完工, unlocked.
    const order = (await callAs<ListPage<{ id: number; status: string }>>(page, server, `${ORDERS}?roNo=${rejectedNo}`, ORDERS_MENU)).data.items[0]!;
    expect(order.status).toBe(FINISHED);
    expect(errors).toEqual([]);
  });

  let transferredNo: string;

  it('[转办] the 售后经理 transfers the other task to the administrator: it leaves his 我的待办 and his bell', async () => {
    await openTodo('d11001shr');
    const [waiting] = await todoItems();
    transferredNo = waiting!.recordTitle;
    await todoRow(transferredNo).first().waitFor();
    await act(transferredNo, '转办', '转办', '本人休假，请代为审批', async () => {
      const dialog = dialogTitled(page, '转办');
      await dialog.locator('#dialog_userId').click();
      await dialog.locator('#dialog_userId').fill(ADMIN_NAME);
      await visibleOption(page, ADMIN_NAME).click();
    });
    expect(await todoItems()).toEqual([]);
    await expect.poll(() => bellCount(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('[转办] the administrator finds it in his 我的待办 and approves it', async () => {
    await openTodo('admin');
    const row = todoRow(transferredNo).first();
    await row.waitFor();
    expect((await row.locator('[col-id="taskName"]').innerText()).trim()).toBe('售后经理审批');
    await bellMatchesList();
    const before = await bellCount(page);
    await page.screenshot({ path: `${SCREENSHOTS}/approval-transferred.png` });
    await act(transferredNo, '同意', '审批意见（同意）', '已核实，同意免费');
    await expect.poll(() => bellCount(page)).toBe(before - 1);
    const recordId = (await callAs<ListPage<{ id: number }>>(page, server, `${ORDERS}?roNo=${transferredNo}`, ORDERS_MENU)).data.items[0]!.id;
    const steps = (await historyOf(recordId)).steps.map((s) => [s.actionText, s.userName]);
    expect(steps.slice(1, 3)).toEqual([
      ['转办', expect.any(String)],
      ['同意', ADMIN_NAME],
    ]);
    expect(errors).toEqual([]);
  });

  let signedNo: string;
  let signedId: number;

  it('[加签] the 售后经理 adds the administrator as a signer; his own approval does not move the process on', async () => {
    // A new free settlement, asked by the advisor as in 维修工单 (tests/e2e/approvals.test.ts drives that dialog).
    await openAs('d11001fwgw', ORDERS_PATH, `${ORDERS}?`);
    const finished = (await callAs<ListPage<{ id: number; roNo: string }>>(page, server, `${ORDERS}?status=${FINISHED}&pageSize=20`, ORDERS_MENU)).data.items;
    for (const order of finished) {
      const asked = await callAs(page, server, `${ORDERS}/${order.id}/freeSettle`, ORDERS_MENU, 'POST', { comment: '保养套餐赠送工时' });
      if (asked.errMsg !== '') continue;
      signedNo = order.roNo;
      signedId = order.id;
      break;
    }
    expect(signedNo).toBeDefined();

    await openTodo('d11001shr');
    await todoRow(signedNo).first().waitFor();
    await expect.poll(() => bellCount(page)).toBe(1);
    // 加签 keeps the task in his list: he still approves it himself.
    await rowButton(todoRow(signedNo).first(), '加签').click();
    const dialog = dialogTitled(page, '加签');
    await dialog.waitFor();
    await chooseAdmin('加签', 'userIds');
    expect(await dialog.locator('.ant-select-selection-item').allInnerTexts()).toContain(ADMIN_NAME);
    await dialog.locator('#dialog_comment').fill('请厂端会签');
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/workflow\/task\/\d+\/addSigner$/.test(r.url()));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    expect(((await (await added).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog.waitFor({ state: 'detached' });
    expect(await todoRow(signedNo).count()).toBe(1);

    await act(signedNo, '同意', '审批意见（同意）', '同意，待厂端会签');
    await expect.poll(() => bellCount(page)).toBe(0);
    const history = await historyOf(signedId);
    expect(history.status).toBe('running');
    expect(history.current).toEqual(['Task_serviceManager']);
    expect(history.openTasks.map((t) => t.name)).toEqual(['售后经理审批（加签）']);
    expect(errors).toEqual([]);
  });

  it('[加签] the signer approves from his 我的待办, and then the process moves on', async () => {
    await openTodo('admin');
    const row = todoRow(signedNo).first();
    await row.waitFor();
    expect((await row.locator('[col-id="taskName"]').innerText()).trim()).toBe('售后经理审批（加签）');
    await bellMatchesList();
    await page.screenshot({ path: `${SCREENSHOTS}/approval-add-signer.png` });
    await act(signedNo, '同意', '审批意见（同意）', '厂端同意');
    const history = await historyOf(signedId);
    // Past the 售后经理's step: settled (at most ¥500) or waiting at the region's after-sales manager.
    expect(history.current).not.toContain('Task_serviceManager');
    if (history.status === 'running') expect(history.current).toEqual(['Task_regionAftersales']);
    else expect(history.status).toBe('approved');
    expect(history.steps.map((s) => s.action).slice(0, 4)).toEqual(['start', 'addSigner', 'agree', 'agree']);
    await bellMatchesList();
    expect(errors).toEqual([]);
  });
});

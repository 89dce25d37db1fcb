// The screen editor end to end in Chromium, under the server's own Content-Security-Policy: a configurator creates a
// screen from the list template, adds a column and a filter field and sees both in the preview, saves and publishes it
// to 维修工单; a service advisor with that menu sees the new screen with data; an invalid edit is marked and cannot be
// saved; a rollback restores the previous screen for the advisor.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../editor/templates';
import { pasteIntoMonaco } from './support/monacoPaste';
import { confirmOk, describePage, dialogShown, launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const ORDERS_PATH = '/repair/repairBusiness/repairOrder/index';
const SCREEN_ID = 'repair.followUps';

/** The list template with the VIN column and filter field added, as the configurator types it. */
function editedScreen() {
  const screen = TEMPLATES.list(SCREEN_ID, '回访工单');
  screen.filter!.fields.push({ fieldName: 'vin', label: 'VIN码', type: 'input' });
  screen.table!.columns.splice(1, 0, { title: 'VIN码', dataIndex: 'vin', width: 190 });
  return screen;
}

/** Collects the page's CSP violations (the browser's securitypolicyviolation events). */
const WATCH_CSP = () => {
  const seen: string[] = [];
  (window as unknown as { cspViolations: string[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
};
const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('the screen editor in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Page;
  let advisor: Page;
  let adminErrors: string[];

  const preview = () => admin.getByTestId('screen-preview');
  /** The column ids of the table headers on the page. */
  const headers = (page: Page) => page.locator('.ag-header-cell[col-id]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('col-id')));
  /** Replaces the editor's text as a user pastes it (support/monacoPaste.ts). */
  async function pasteScreen(text: string) {
    await pasteIntoMonaco(admin, '[data-testid="screen-json-editor"]', text);
  }

  /** What the advisor's 维修工单 shows: the published screen, with rows. */
  async function advisorSees() {
    const screen = advisor.locator(`[data-screen-id="${SCREEN_ID}"]`);
    await screen.locator('.ag-row').first().waitFor();
    return { headers: await headers(advisor), filters: await screen.locator('.dms-filter-bar label').allInnerTexts() };
  }

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    admin = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await admin.addInitScript(WATCH_CSP);
    adminErrors = watchPageErrors(admin);
    advisor = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('serves the app under a Content-Security-Policy without unsafe-eval', async () => {
    const response = await admin.goto(`${server.baseUrl}/#/lowcode/screens`);
    const policy = response!.headers()['content-security-policy']!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("worker-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    await signInThroughPage(admin, 'admin');
    await admin.getByText('repair.orders').first().waitFor();
  });

  it('creates a screen from the list template; a new column and filter field show in the preview; saves and publishes it', async () => {
    await admin.getByRole('button', { name: '新建页面' }).click();
    const dialog = admin.getByRole('dialog');
    // A new screen starts from a model unless another template is picked. In one loaded CI run the dialog stayed open
    // after 确定 with no screen made: a pick lost during the dialog's zoom-in leaves 从模型 chosen and its model
    // required. check() fails at once if the pick did not take.
    await dialogShown(admin, dialog);
    await dialog.getByRole('radio', { name: '列表页（筛选、表格与对话框）' }).check();
    await dialog.getByLabel('页面标识').fill(SCREEN_ID);
    await dialog.getByLabel('页面标题').fill('回访工单');
    await dialog.getByRole('button', { name: '确定' }).click();
    await admin.waitForURL(new RegExp(`#/lowcode/editor/${SCREEN_ID}$`)).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await describePage(admin, 'screen-editor-create')}`);
    });
    await preview().locator('.ag-row').first().waitFor();
    expect(await headers(admin)).not.toContain('vin');

    await pasteScreen(JSON.stringify(editedScreen(), null, 2));
    await expect.poll(() => headers(admin)).toContain('vin');
    await preview().locator('.dms-filter-bar').getByText('VIN码').waitFor();
    await preview().locator('.ag-row').first().waitFor();
    await admin.screenshot({ path: `${SCREENSHOTS}/screen-editor.png` });

    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').getByLabel('版本说明').fill('加 VIN 列与筛选');
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await admin.getByText('已保存为版本 2').waitFor();

    await admin.getByRole('button', { name: '发布' }).click();
    const publish = admin.getByRole('dialog', { name: '发布到菜单' });
    await publish.getByLabel('菜单').click();
    await admin.keyboard.type('1101');
    await admin.locator('.ant-select-item-option').filter({ hasText: '维修工单（1101）' }).click();
    await publish.getByRole('button', { name: '确定' }).click();
    await admin.getByText('已将版本 2 发布到菜单 维修工单').waitFor();
    expect(await violations(admin)).toEqual([]);
  });

  it('shows the published screen with data to a service advisor who has the menu', async () => {
    await advisor.goto(`${server.baseUrl}/#${ORDERS_PATH}`);
    await signInThroughPage(advisor, 'd11001fwgw');
    await advisor.waitForURL(new RegExp(`#${ORDERS_PATH}$`));
    const seen = await advisorSees();
    expect(seen.headers).toContain('vin');
    expect(seen.filters).toContain('VIN码');
  });

  it('marks an invalid edit and does not let it be saved', async () => {
    const invalid = editedScreen();
    invalid.table!.columns[4]!.dict = '9999';
    await pasteScreen(JSON.stringify(invalid, null, 2));
    await preview().getByText('服务器没有此字典类型：9999').waitFor();
    // F8 goes to the marker: the line is underlined and the marker's message shows beneath it.
    await admin.keyboard.press('F8');
    await admin.locator('.monaco-editor .squiggly-error').first().waitFor();
    await admin.locator('.monaco-editor .marker-widget').getByText('服务器没有此字典类型：9999').waitFor();
    await admin.screenshot({ path: `${SCREENSHOTS}/screen-editor-marker.png` });
    expect(await admin.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);
  });

  it('compares two versions and rolls back to the first: the advisor sees the previous screen again', async () => {
    await admin.getByRole('button', { name: '版本' }).click();
    const drawer = admin.locator('.ant-drawer');
    await drawer.locator('.ant-table-row').nth(1).waitFor();
    await drawer.locator('.ant-table-row .ant-checkbox-input').nth(0).check();
    await drawer.locator('.ant-table-row .ant-checkbox-input').nth(1).check();
    await drawer.getByRole('button', { name: '对比所选两个版本' }).click();
    await admin.locator('.monaco-diff-editor').waitFor();
    const diffDialog = admin.getByRole('dialog', { name: '版本 1 与版本 2 的差异' });
    await diffDialog.locator('.ant-modal-close').click();
    await diffDialog.waitFor({ state: 'hidden' });

    await drawer.locator('.ant-table-row', { hasText: '由模板新建' }).getByRole('button', { name: '回滚到此版本' }).click();
    await confirmOk(admin);
    await admin.getByText('已回滚，生成版本 3').waitFor();

    await advisor.reload();
    const seen = await advisorSees();
    expect(seen.headers).not.toContain('vin');
    expect(seen.filters).not.toContain('VIN码');
    expect(await violations(admin)).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});

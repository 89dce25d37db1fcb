// The configurator's whole path in Chromium (issue 21), as one test: the administrator adds the dictionaries of a new kind
// of record in 字典管理, creates the model 车辆保险 (a dictionary, a state flow, a reference to customers) in 低代码 ›
// 模型管理 with Monaco (markers at JSON paths, Monaco's own UI in Chinese), sees the table it will create, saves and
// publishes it (timed: publish to usable), is refused a narrowing change with nothing changed, compares versions (the
// diff opens at the first change), rolls back, and does not lose unsaved text by leaving the editor. Then the default
// screen of the model, a 菜单管理 group and leaf bound to it with the proposed keys, a grant in 角色管理 previewed as that
// role; a dealer's service advisor adds, edits, transitions, exports and imports records of the new kind; an advisor of
// a second dealer sees none of them; 审计日志 shows every step in words. Each step is timed (printed at the end).
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { BUTTON_RECLICK_LOCK_MS } from '../../runtime/blocks/buttonLock';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { xlsxOf } from '../support/excelFiles';
import { pasteIntoMonaco } from './support/monacoPaste';
import { confirmOk, describePage, launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const MODEL = 'vehicleInsurance';
const DICTIONARIES_PATH = '/system/dictionaries/index';
const MODELS_PATH = '/lowcode/models';
const SCREEN_ID = 'custom.vehicleInsurances';
const LEAF_PATH = '/insurance/policies/index';
const RECORDS = '/api/repair/vehicleInsurances';
/** Two advisors (role 维修顾问) of two dealers of the demo seed. */
const DEALER_USER = 'd11001fwgw';
const OTHER_DEALER_USER = 'd12001fwgw';
const IMPORT_HEADERS = ['保单号', '险种', '保费', '起保日期'];
const INSURANCE = JSON.parse(readFileSync('tests/fixtures/configurator/vehicleInsurance.json', 'utf8')) as { fields: { name: string; length?: number; dict?: string }[] } & Record<string, unknown>;

/** The fixture as the configurator types it, with one part changed. */
function insurance(change: (fields: (typeof INSURANCE)['fields'], model: Record<string, unknown>) => void = () => undefined): string {
  const copy = structuredClone(INSURANCE);
  copy.$schema = '../../schemas/model.schema.json';
  change(copy.fields, copy);
  return JSON.stringify(copy, null, 2);
}

/** Figures measured on the way, printed at the end (the closing note quotes them). */
const timings: Record<string, number> = {};

describe('the configurator in Chromium (issue 21)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  /** The first dealer's advisor, the leaf added in 菜单管理, the record the advisor adds, where files go. */
  let dealer: Page;
  let dealerErrors: string[];
  let leafMenuId: string;
  let recordId: number;
  let dir: string;

  /** The editor's visible lines (Monaco renders only those, its spaces as no-break spaces). */
  const editorText = () =>
    admin.evaluate(() => ((document.querySelector('[data-testid="model-json-editor"] .view-lines') as HTMLElement | null)?.innerText ?? '').replaceAll('\u00a0', ' '));
  /** Replaces the editor's text as a user pastes it (support/monacoPaste.ts). */
  async function pasteModel(text: string) {
    await pasteIntoMonaco(admin, '[data-testid="model-json-editor"]', text);
  }

  async function saveVersion(comment: string, version: number) {
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByRole('dialog').getByLabel('版本说明').fill(comment);
    await admin.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await admin.getByText(`已保存为版本 ${version}`).waitFor();
  }
  /** Fills a screen dialog's fields (by field name) and saves it. */
  async function submitDialog(title: string, values: Record<string, string>) {
    const dialog = admin.locator('.ant-modal').filter({ has: admin.locator('.ant-modal-title', { hasText: title }) });
    await dialog.waitFor();
    for (const [field, value] of Object.entries(values)) await dialog.locator(`#dialog_${field}`).fill(value);
    await dialog.getByRole('button', { name: '保 存' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const dialog = (title: string, on: Page = admin) => on.locator('.ant-modal').filter({ has: on.locator('.ant-modal-title', { hasText: title }) });
  /** Picks the option showing `text` in a dialog's select, typed first to narrow a long list (the list is virtual). */
  async function choose(title: string, field: string, text: string, on: Page = admin) {
    const select = dialog(title, on).locator(`#dialog_${field}`);
    await select.click();
    await select.fill(text);
    await on.locator('.ant-select-dropdown:visible').last().locator('.ant-select-item-option', { hasText: text }).first().click();
  }
  /** Saves a dialog; when it stays open, the failure names what the page said (a notice, a field's error). */
  async function saveDialog(title: string, on: Page = admin) {
    await dialog(title, on).getByRole('button', { name: /^(保\s?存|修\s?改)$/ }).click();
    try {
      await dialog(title, on).waitFor({ state: 'detached', timeout: 15_000 });
    } catch {
      const said = await on.locator('.ant-message, .ant-notification, .dms-field-error').allInnerTexts();
      await on.screenshot({ path: `${SCREENSHOTS}/configurator-failed-${title}.png` });
      throw new Error(`${title}：对话框未关闭：${said.join(' | ')}`);
    }
  }
  /** Types a date into a dialog's picker and confirms it. */
  async function typeDate(on: Page, input: Locator, text: string) {
    await input.click();
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => on.locator('.ant-picker-dropdown:visible').count()).toBe(0);
  }
  /** A call as the user signed in on `on`, from a menu, outside the page: signed with the key the server gave the browser. */
  async function serverCall<T = unknown>(on: Page, path: string, menuId: string): Promise<{ resultCode: number; errMsg: string; data: T }> {
    const token = (await on.context().cookies()).find((c) => c.name === 'token')!.value;
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { signing: { key: string } };
    const headers = { authorization: `Bearer ${decodeURIComponent(token)}`, menuId, ...signRequest(config.signing.key, { method: 'GET', url: path }, Date.now(), randomNonce()) };
    return (await (await fetch(`${server.baseUrl}${path}`, { headers })).json()) as { resultCode: number; errMsg: string; data: T };
  }

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    dir = await mkdtemp(join(tmpdir(), 'dms-configurator-e2e-'));
    admin = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    adminErrors = watchPageErrors(admin);
  });

  beforeEach(() => {
    onTestFailed(async () => {
      const pages = [admin && describePage(admin, 'admin'), dealer && describePage(dealer, 'dealer')].filter(Boolean);
      // eslint-disable-next-line no-console
      for (const seen of await Promise.all(pages)) console.log(`[issue21] 失败时的页面：${seen}`);
    });
  });

  afterAll(async () => {
    // eslint-disable-next-line no-console
    console.log(`[issue21] configurator timings (ms): ${JSON.stringify(timings)}`);
    await browser?.close();
    await server?.dispose();
  });

  it('[issue21] adds the dictionary types and codes of the new record in 字典管理', async () => {
    await admin.goto(`${server.baseUrl}/#${DICTIONARIES_PATH}`);
    await signInThroughPage(admin, 'admin');
    await admin.waitForURL(new RegExp(`#${DICTIONARIES_PATH}$`));
    const started = Date.now();
    const types = { '8601': ['保单状态', ['待生效', '已生效', '已退保']], '8602': ['险种', ['交强险', '商业险']] } as const;
    for (const [type, [name, codes]] of Object.entries(types)) {
      await admin.getByRole('button', { name: '新增字典类型' }).click();
      await submitDialog('新增字典类型', { type, name });
      for (const [index, text] of codes.entries()) {
        // A second click of the same button within a second is ignored (back-office §9): a quick hand waits that long.
        if (index > 0) await admin.waitForTimeout(BUTTON_RECLICK_LOCK_MS);
        await admin.getByRole('button', { name: '新增代码' }).click();
        await submitDialog('字典代码', { type, codeId: `${type}100${index + 1}`, codeCnDesc: text });
      }
    }
    timings.dictionaries = Date.now() - started;
    await admin.locator('#filter_type').fill('8601');
    await admin.locator('.dms-filter-bar button', { hasText: /查\s?询/ }).click();
    await admin.locator('.ag-row', { hasText: '86011003' }).waitFor();
  });

  it('[issue21] creates 车辆保险 in 模型管理: Chinese Monaco, markers at JSON paths, the table it will create, saved', async () => {
    await admin.goto(`${server.baseUrl}/#${MODELS_PATH}`);
    await admin.getByTestId('model-list').getByText('repairOrder').waitFor();
    await admin.getByRole('button', { name: '新建模型' }).click();
    const dialog = admin.getByRole('dialog', { name: '新建模型' });
    await dialog.getByLabel('模型名').fill(MODEL);
    await dialog.getByLabel('标题').fill('车辆保险');
    await dialog.getByRole('button', { name: '确定' }).click();
    await admin.waitForURL(new RegExp(`#/lowcode/model/${MODEL}$`));
    await admin.getByText('新模型（未保存）').waitFor();
    expect(await editorText()).toContain('"titleField": "code"');

    // Monaco's own UI speaks Chinese: the find widget.
    await admin.locator('[data-testid="model-json-editor"] .view-lines').click();
    await admin.keyboard.press('ControlOrMeta+F');
    await admin.locator('.monaco-editor .find-widget textarea[placeholder="查找"], .monaco-editor .find-widget input[placeholder="查找"]').first().waitFor();
    await admin.keyboard.press('Escape');

    // An unknown dictionary is marked at its JSON path; nothing can be saved.
    await pasteModel(insurance((fields) => (fields.find((f) => f.name === 'kind')!.dict = '9999')));
    const problems = admin.getByTestId('model-problems');
    await problems.getByText('/fields/1/dict').waitFor();
    await admin.keyboard.press('F8');
    await admin.locator('.monaco-editor .marker-widget').waitFor();
    await admin.keyboard.press('Escape');
    expect(await admin.getByRole('button', { name: '保存' }).isDisabled()).toBe(true);

    // The definition as it should be: no problems, the table with its columns.
    const typed = Date.now();
    await pasteModel(insurance());
    await admin.getByText('定义无误').waitFor();
    const columns = admin.getByTestId('model-check').locator('.ant-table-row');
    await columns.filter({ hasText: 'policy_no' }).waitFor();
    timings.checkAfterTyping = Date.now() - typed;
    expect(await columns.filter({ hasText: 'customer_id' }).count()).toBe(1);
    // The top of the definition beside its table.
    await admin.keyboard.press('ControlOrMeta+Home');
    await admin.screenshot({ path: `${SCREENSHOTS}/model-editor.png` });
    await saveVersion('车辆保险：险种、状态流转、引用客户', 1);
  });

  it('[issue21] publishes it at once (timed), and refuses a narrowing change with the reason, nothing changed', async () => {
    await admin.getByRole('button', { name: '发布' }).click();
    const started = Date.now();
    await admin.getByRole('dialog', { name: '发布版本 1' }).getByRole('button', { name: '确定' }).click();
    await admin.getByText(/已发布版本 1（[0-9.]+ 秒）/).waitFor();
    timings.publish = Date.now() - started;
    await admin.getByText('已发布版本 1', { exact: true }).waitFor();

    await pasteModel(insurance((fields) => (fields.find((f) => f.name === 'policyNo')!.length = 10)));
    await admin.getByText('不能发布的原因').waitFor();
    await saveVersion('保单号缩短为 10', 2);
    await admin.getByRole('button', { name: '发布' }).click();
    await admin.getByRole('dialog', { name: '发布版本 2' }).getByRole('button', { name: '确定' }).click();
    await admin.getByTestId('model-publish-refusal').getByText(/^发布被拒绝，数据库未做任何修改：/).waitFor();
    await admin.getByText('已发布版本 1', { exact: true }).waitFor();
  });

  it('[issue21] compares versions at the first change, and rolls back to the published one', async () => {
    await admin.getByRole('button', { name: '版本' }).click();
    const drawer = admin.locator('.ant-drawer');
    await drawer.locator('.ant-table-row').nth(1).waitFor();
    await drawer.locator('.ant-table-row .ant-checkbox-input').nth(0).check();
    await drawer.locator('.ant-table-row .ant-checkbox-input').nth(1).check();
    await drawer.getByRole('button', { name: '对比所选两个版本' }).click();
    const diff = admin.getByTestId('model-version-diff');
    await expect.poll(() => diff.getAttribute('data-first-change'), { timeout: 20_000 }).not.toBeNull();
    // policyNo's length is on line 12 of the formatted definition; the diff opens there, not at the top.
    const first = Number(await diff.getAttribute('data-first-change'));
    expect(first).toBeGreaterThan(1);
    const diffDialog = admin.getByRole('dialog', { name: '版本 1 与版本 2 的差异' });
    await diffDialog.locator('.ant-modal-close').click();
    await diffDialog.waitFor({ state: 'hidden' });

    await drawer.locator('.ant-table-row', { hasText: '车辆保险：险种' }).getByRole('button', { name: '回滚到此版本' }).click();
    await confirmOk(admin);
    await admin.getByText('已回滚，生成版本 3').waitFor();
    await admin.getByText('已发布版本 3').waitFor();
    await admin.getByText('最新版本 3').waitFor();
    // The drawer closes after a rollback; when its animation ends antd gives the focus back to 版本.
    await drawer.waitFor({ state: 'detached' });
  });

  it('[issue21] keeps unsaved text when the editor is left, and asks to go back to it', async () => {
    await pasteModel(insurance((_fields, model) => (model.title = '车辆保险（草稿）')));
    await admin.getByText('未保存', { exact: true }).waitFor();
    await admin.evaluate((path) => (window.location.hash = `#${path}`), MODELS_PATH);
    const ask = admin.locator('.ant-modal-confirm');
    await ask.getByText(`模型 ${MODEL} 有未保存的修改，尚未丢失。`, { exact: false }).waitFor();
    await ask.getByRole('button', { name: '返回编辑' }).click();
    await admin.waitForURL(new RegExp(`#/lowcode/model/${MODEL}$`));
    await admin.getByText('未保存', { exact: true }).waitFor();
    expect(await editorText()).toContain('"title": "车辆保险（草稿）"');
    // 返回列表 asks before it leaves; leaving drops the draft.
    await admin.getByRole('button', { name: '返回列表' }).click();
    await ask.getByText(`模型 ${MODEL} 有未保存的修改，离开将丢失这些修改。`, { exact: false }).waitFor();
    await ask.getByRole('button', { name: '离开' }).click();
    await admin.waitForURL(new RegExp(`#${MODELS_PATH}$`));
    expect(adminErrors).toEqual([]);
  });

  it('[issue21] makes the default screen of the model in 页面管理 (one pick, its id proposed)', async () => {
    const started = Date.now();
    await admin.goto(`${server.baseUrl}/#/lowcode/screens`);
    await admin.getByRole('button', { name: '新建页面' }).click();
    const create = admin.getByRole('dialog', { name: '新建页面' });
    await create.getByRole('combobox', { name: '模型' }).click();
    await admin.locator('.ant-select-item-option', { hasText: `车辆保险（${MODEL}）` }).click();
    expect(await create.getByLabel('页面标识').inputValue()).toBe(SCREEN_ID);
    await create.getByRole('button', { name: '确定' }).click();
    await admin.waitForURL(new RegExp(`#/lowcode/editor/${SCREEN_ID}$`));
    timings.defaultScreen = Date.now() - started;
  });

  it('[issue21] adds a menu group, then a leaf under it bound to the screen with its proposed keys, with no page reload', async () => {
    const started = Date.now();
    await admin.goto(`${server.baseUrl}/#/system/permission/menu/index`);
    await admin.getByRole('button', { name: '新增目录' }).click();
    await submitDialog('新增目录', { title: '保险业务', icon: 'SafetyOutlined', path: '/insurance' });
    await admin.getByRole('button', { name: '新增菜单' }).click();
    // The group added a moment before is offered (option lists are asked for again after a write).
    await choose('新增菜单', 'parentId', '保险业务');
    for (const [field, value] of Object.entries({ title: '车辆保险', path: LEAF_PATH })) await dialog('新增菜单').locator(`#dialog_${field}`).fill(value);
    await choose('新增菜单', 'screenId', `车辆保险（${SCREEN_ID}）`);
    // The proposal is listed for the administrator to confirm (all of it here).
    const proposal = dialog('新增菜单').locator('[data-field="permissionKeys"]');
    for (const key of ['GET_repair_vehicleInsurances', 'POST_repair_vehicleInsurances', 'POST_repair_vehicleInsurances/{id}/activate', 'GET_repair_vehicleInsurances/export', 'POST_repair_vehicleInsurances/import'])
      await proposal.getByText(key, { exact: true }).waitFor();
    const added = admin.waitForResponse((r) => r.url().endsWith('/api/auth/menuList/leaves') && r.request().method() === 'POST');
    await saveDialog('新增菜单');
    const leaf = ((await (await added).json()) as { data: { id: string; permission: string[] } }).data;
    leafMenuId = leaf.id;
    expect(leaf.permission).toContain('PUT_repair_vehicleInsurances/{id}');
    timings.menu = Date.now() - started;
    const menus = admin.locator('[data-screen-id="system.menus"]');
    await menus.locator('#filter_title').fill('车辆保险');
    await menus.locator('.dms-filter-bar button', { hasText: /查\s?询/ }).click();
    await menus.locator('.ag-row', { hasText: LEAF_PATH }).first().waitFor();
  });

  it('[issue21] grants the menu to the advisors\' role in 角色管理 and previews what the role sees', async () => {
    const started = Date.now();
    await admin.goto(`${server.baseUrl}/#/system/permission/role/index`);
    const advisors = () => admin.locator('.ag-row', { hasText: '维修顾问' });
    await advisors().first().waitFor();
    const index = await advisors().first().getAttribute('row-index');
    const rowButton = (name: string) => admin.locator(`.ag-row[row-index="${index}"] [col-id="__actions"] button`).filter({ hasText: name });
    await rowButton('授权一个菜单').click();
    await choose('授权一个菜单', 'menuId', '保险业务 / 车辆保险');
    // The menu's keys are listed; the administrator grants all of them (an edit dialog starts with no choice made).
    await dialog('授权一个菜单').locator('[data-field="keys"]').getByText('POST_repair_vehicleInsurances/{id}/activate', { exact: true }).waitFor();
    await dialog('授权一个菜单').getByText('菜单的全部权限标识', { exact: true }).click();
    await saveDialog('授权一个菜单');
    await rowButton('按角色预览').click();
    await expect.poll(() => dialog('按角色预览').locator('#dialog_menusText').inputValue(), { timeout: 15_000 }).toContain('车辆保险');
    timings.grant = Date.now() - started;
    expect(await dialog('按角色预览').locator('#dialog_keysText').inputValue()).toContain('POST_repair_vehicleInsurances/{id}/activate');
    await dialog('按角色预览').screenshot({ path: `${SCREENSHOTS}/configurator-role-preview.png` });
    await dialog('按角色预览').getByRole('button', { name: /^取\s?消$/ }).click();
    expect(adminErrors).toEqual([]);
  });

  // Kept-alive tabs stay in the page: only the shown page's screen is the one in use.
  const screenOf = (on: Page) => on.locator(`.dms-page:not([hidden]) [data-screen-id="${SCREEN_ID}"]`);
  const row = (on: Page, index: number) => screenOf(on).locator(`.ag-row[row-index="${index}"]`);
  const rowButton = (on: Page, index: number, name: string) => row(on, index).locator('[col-id="__actions"] button').filter({ hasText: name });
  const toolbarButton = (on: Page, name: RegExp | string) => screenOf(on).locator('.dms-toolbar').getByRole('button', { name });
  const total = (on: Page) => screenOf(on).locator('.dms-table-total').innerText();

  it('[issue21] a dealer\'s service advisor finds the new menu and adds, edits and activates a policy within the dealer', async () => {
    dealer = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', acceptDownloads: true })).newPage();
    dealerErrors = watchPageErrors(dealer);
    await dealer.goto(`${server.baseUrl}/#/home`);
    await signInThroughPage(dealer, DEALER_USER);
    await dealer.waitForURL(/#\/home$/);
    const sidebar = dealer.locator('.ant-layout-sider');
    await sidebar.locator('.ant-menu-submenu-title', { hasText: '保险业务' }).click();
    await sidebar.locator('.ant-menu-item', { hasText: '车辆保险' }).click();
    await dealer.waitForURL(new RegExp(`#${LEAF_PATH}$`));
    await screenOf(dealer).locator('.dms-filter-bar').getByText('保单号').waitFor();
    expect(await total(dealer)).toBe('共 0 条');

    let started = Date.now();
    await toolbarButton(dealer, /^新\s?增$/).click();
    const add = '新增车辆保险';
    await dialog(add, dealer).waitFor();
    await dialog(add, dealer).locator('#dialog_policyNo').fill('PI-E2E-0001');
    await choose(add, 'kind', '商业险', dealer);
    await dialog(add, dealer).locator('#dialog_premium').fill('4380.5');
    await typeDate(dealer, dialog(add, dealer).locator('#dialog_startDate'), '2026-12-01');
    const created = dealer.waitForResponse((r) => r.url().endsWith(RECORDS) && r.request().method() === 'POST');
    await saveDialog(add, dealer);
    const answer = (await (await created).json()) as { resultCode: number; data: { id: number; status: string; ownerCode: string } };
    expect(answer.data).toMatchObject({ status: '86011001', ownerCode: 'D11001' });
    recordId = answer.data.id;
    await expect.poll(() => row(dealer, 0).locator('[col-id="status"]').innerText()).toBe('待生效');
    timings.dealerAdd = Date.now() - started;

    started = Date.now();
    await rowButton(dealer, 0, '编辑').click();
    const edit = '编辑车辆保险';
    await expect.poll(() => dialog(edit, dealer).locator('#dialog_policyNo').inputValue()).toBe('PI-E2E-0001');
    await dialog(edit, dealer).locator('#dialog_premium').fill('4500');
    await saveDialog(edit, dealer);
    await expect.poll(() => row(dealer, 0).locator('[col-id="premium"]').innerText()).toBe('4,500.00');
    timings.dealerEdit = Date.now() - started;

    started = Date.now();
    await rowButton(dealer, 0, '生效').click();
    const confirm = dealer.locator('.ant-modal-confirm');
    await confirm.getByText('确认生效?').waitFor();
    await confirm.getByRole('button', { name: /^确\s?定$/ }).click();
    await expect.poll(() => row(dealer, 0).locator('[col-id="status"]').innerText()).toBe('已生效');
    // 已生效 is not editable: 编辑 is gone, 退保 is offered.
    await rowButton(dealer, 0, '退保').waitFor();
    expect(await rowButton(dealer, 0, '编辑').count()).toBe(0);
    timings.dealerTransition = Date.now() - started;
  });

  it('[issue21] the advisor exports the list through 下载中心 and imports a file of two policies', async () => {
    let started = Date.now();
    await toolbarButton(dealer, '导出到下载中心').click();
    await dealer.getByText('导出任务已创建，是否前往下载中心查看？').waitFor();
    await expect
      .poll(
        async () => {
          const goNow = dealer.locator('.ant-modal').getByRole('button', { name: '立即前往', exact: true });
          if (await goNow.isVisible()) await goNow.click({ timeout: 2_000 }).catch(() => undefined);
          return dealer.url();
        },
        { timeout: 30_000 },
      )
      .toMatch(/downloadCenter\/downloadCenter\/index/);
    const centre = dealer.locator('.dms-page:not([hidden]) [data-screen-id="personal.downloadCenter"]');
    const mine = centre.locator('.ag-row').filter({ hasText: '车辆保险.xlsx' });
    for (let i = 0; i < 20 && !(await mine.filter({ hasText: '已完成' }).first().isVisible()); i += 1) {
      await dealer.waitForTimeout(500);
      // Once (CI, under load) the page's 刷新 stayed "not visible" for 30 s; the list is then asked again as staff would,
      // by reloading the page, instead of failing this test and the audit test after it.
      const refreshed = await centre
        .locator('.dms-toolbar')
        .getByRole('button', { name: '刷新', exact: true })
        .click({ timeout: 5_000 })
        .then(() => true, () => false);
      if (!refreshed) {
        await dealer.screenshot({ path: `${SCREENSHOTS}/configurator-refresh-not-clickable.png` });
        await dealer.reload();
      }
    }
    const index = await mine.first().getAttribute('row-index');
    const downloading = dealer.waitForEvent('download');
    await centre.locator(`.ag-row[row-index="${index}"]`).getByText('下载', { exact: true }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('车辆保险.xlsx');
    const exported = join(dir, 'exported.xlsx');
    await file.saveAs(exported);
    timings.dealerExport = Date.now() - started;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(exported)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(expect.arrayContaining(['保单号', '险种', '保费', '起保日期', '保单状态']));
    expect(sheet.rowCount).toBe(2);
    expect(values(2)).toEqual(expect.arrayContaining(['PI-E2E-0001', '商业险', 4500, '已生效']));

    started = Date.now();
    await dealer.goto(`${server.baseUrl}/#${LEAF_PATH}`);
    await row(dealer, 0).locator('[col-id="policyNo"]').waitFor();
    await toolbarButton(dealer, '导入').click();
    const upload = join(dir, 'policies.xlsx');
    await writeFile(upload, await xlsxOf([IMPORT_HEADERS, ['PI-E2E-0002', '交强险', 950, '2026-12-15'], ['PI-E2E-0003', '商业险', 3200.5, '2027-01-01']]));
    await dealer.locator('.dms-import input[type=file]').setInputFiles(upload);
    await dealer.locator('.ant-modal').getByRole('button', { name: '导 入', exact: true }).click();
    await dealer.getByText('导入成功').waitFor({ timeout: 30_000 });
    await dealer.locator('.dms-import').waitFor({ state: 'detached' });
    await expect.poll(() => total(dealer), { timeout: 15_000 }).toBe('共 3 条');
    timings.dealerImport = Date.now() - started;
    const imported = await screenOf(dealer).locator('.ag-row').allInnerTexts();
    expect(imported.join('\n')).toContain('PI-E2E-0003');
    await dealer.screenshot({ path: `${SCREENSHOTS}/configurator-new-screen.png` });
    expect(dealerErrors).toEqual([]);
  });

  it('[issue21] an advisor of a second dealer, with the same role, sees none of those policies and is refused one by id', async () => {
    const other = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })).newPage();
    const errors = watchPageErrors(other);
    await other.goto(`${server.baseUrl}/#${LEAF_PATH}`);
    await signInThroughPage(other, OTHER_DEALER_USER);
    await other.waitForURL(new RegExp(`#${LEAF_PATH}$`));
    await screenOf(other).locator('.dms-filter-bar').getByText('保单号').waitFor();
    await expect.poll(() => total(other)).toBe('共 0 条');
    const refused = await serverCall(other, `${RECORDS}/${recordId}`, leafMenuId);
    expect(refused.resultCode).toBe(404);
    expect(refused.data).toBeNull();
    // The first dealer's advisor reads it through the same route.
    expect((await serverCall<{ policyNo: string }>(dealer, `${RECORDS}/${recordId}`, leafMenuId)).data.policyNo).toBe('PI-E2E-0001');
    expect(errors).toEqual([]);
  });

  it('[issue21] 审计日志 shows every step in words: publish, screen, menu, grant, and the advisor\'s add, edit, activation and import', async () => {
    const log = admin.locator('[data-screen-id="system.auditLog"]');
    type Entry = { userCode: string; menuTitle: string | null; operation: string; result: string; rowRef: string | null };
    const listOf = async (userCode: string): Promise<Entry[]> => {
      const listed = admin.waitForResponse((r) => r.url().includes('/api/auth/auditLogs?') && new URL(r.url()).searchParams.get('userCode') === userCode);
      await log.locator('#filter_userCode').fill(userCode);
      await log.locator('.dms-filter-bar button', { hasText: /查\s?询/ }).click();
      return ((await (await listed).json()) as { data: { items: Entry[] } }).data.items;
    };
    await admin.goto(`${server.baseUrl}/#/system/permission/auditLog/index`);
    await log.locator('#filter_userCode').waitFor();

    const advisor = await listOf(DEALER_USER);
    const words = (entries: Entry[]) => entries.map((e) => `${e.menuTitle ?? ''} ${e.operation} ${e.result}`);
    // Newest first: the import, the activation, the edit, the add, all on the new menu.
    expect(words(advisor).slice(0, 4)).toEqual(['车辆保险 导入 成功', '车辆保险 生效 成功', '车辆保险 编辑 成功', '车辆保险 新增 成功']);
    expect(advisor[1]!.rowRef).toBe(String(recordId));
    // What the screen shows for them, in its rows.
    for (const text of ['导入', '生效', '编辑', '新增']) await log.locator('.ag-row [col-id="operation"]', { hasText: text }).first().waitFor();

    const administrator = words(await listOf('admin'));
    for (const step of ['模型管理 新建模型 成功', '模型管理 发布模型 成功', '模型管理 发布模型 失败：参数不正确', '模型管理 回滚模型 成功', '页面管理 新建页面 成功', '菜单管理 新增目录 成功', '菜单管理 新增菜单 成功', '角色管理 授权一个菜单 成功', '字典管理 新增字典类型 成功'])
      expect(administrator).toContain(step);
    await admin.screenshot({ path: `${SCREENSHOTS}/configurator-audit-log.png` });
    expect(adminErrors).toEqual([]);
  });
});

// The configurator's path in Chromium (issue 21), as far as it is built: the administrator adds the dictionaries of a
// new kind of record in 字典管理, creates the model 车辆保险 (a dictionary, a state flow, a reference to customers) in
// 低代码 › 模型管理 with Monaco (markers at JSON paths, Monaco's own UI in Chinese), sees the table it will create, saves
// and publishes it (timed: publish to usable), is refused a narrowing change with nothing changed, compares versions
// (the diff opens at the first change), rolls back, and does not lose unsaved text by leaving the editor.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUTTON_RECLICK_LOCK_MS } from '../../runtime/blocks/buttonLock';
import { pasteIntoMonaco } from './support/monacoPaste';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const MODEL = 'vehicleInsurance';
const DICTIONARIES_PATH = '/system/dictionaries/index';
const MODELS_PATH = '/lowcode/models';
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

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    admin = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    adminErrors = watchPageErrors(admin);
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
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
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
});

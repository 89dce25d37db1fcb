import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';

const SCREEN_PATH = '/workflow/processConfig/processDefinition/index';
const PROCESS_NAME = '端到端折扣审批';
/** diagram-js swallows clicks for 400 ms after creating or connecting ends (its ghost-click trap); people never click that fast. */
const GHOST_CLICK_TRAP_MS = 450;
/** The open select dropdown, not one still fading out. */
const DROPDOWN = '.ant-select-dropdown:visible:not([class*="-leave"])';

describe('流程设计器 end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  /** Ids bpmn-js gave the drawn elements. */
  const ids: Record<'start' | 'review' | 'gateway' | 'end' | 'region' | 'toEnd' | 'toRegion', string> = {
    start: '',
    review: '',
    gateway: '',
    end: '',
    region: '',
    toEnd: '',
    toRegion: '',
  };

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
    pageErrors = watchPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const designer = () => page.getByTestId('workflow-designer');
  const canvas = () => designer().locator('.dms-workflow-canvas');
  const panel = () => designer().locator('.dms-workflow-panel');
  const message = (text: string) => page.locator('.ant-message-notice', { hasText: text });
  const selectedId = () => canvas().locator('.djs-element.selected').first().getAttribute('data-element-id');
  const shape = (id: string) => canvas().locator(`.djs-shape[data-element-id="${id}"]`);

  /** The table sits above the designer: bring the whole canvas into the window before drawing on it. */
  const showDesigner = () => designer().evaluate((el) => el.scrollIntoView({ block: 'end' }));
  const paletteCreate = async (action: string, x: number, y: number) => {
    await showDesigner();
    await canvas().locator(`.djs-palette .entry[data-action="${action}"]`).click();
    const box = (await canvas().boundingBox())!;
    await page.mouse.move(box.x + x - 20, box.y + y - 20);
    await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
    await page.mouse.click(box.x + x, box.y + y);
    await page.waitForTimeout(GHOST_CLICK_TRAP_MS);
    return (await selectedId())!;
  };
  const append = async (action: string) => {
    const before = await selectedId();
    await canvas().locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
    await expect.poll(selectedId).not.toBe(before);
    return (await selectedId())!;
  };
  const select = async (id: string) => {
    // Clicking empty canvas first closes the context pad of the last element, which may lie over this one.
    const box = (await canvas().boundingBox())!;
    await canvas().click({ position: { x: box.width - 200, y: 30 } });
    await shape(id).click();
    await expect.poll(selectedId).toBe(id);
  };
  /** Draws a flow with the context pad's connect tool. */
  const connect = async (from: string, to: string) => {
    await select(from);
    await canvas().locator('.djs-context-pad .entry[data-action="connect"]').click();
    await shape(to).click();
    await page.waitForTimeout(GHOST_CLICK_TRAP_MS);
  };
  /** Clicks a point on a flow's line (its bounding box centre may lie off an angled line). */
  const selectFlow = async (id: string) => {
    await showDesigner();
    const point = await canvas()
      .locator(`.djs-connection[data-element-id="${id}"] .djs-visual > path`)
      .evaluate((path: SVGPathElement) => {
        const p = path.getPointAtLength(path.getTotalLength() * 0.6);
        const m = path.getScreenCTM()!;
        return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
      });
    await page.mouse.click(point.x, point.y);
    // The flow's name label may lie on the line; selecting the label shows the flow's properties too.
    await expect.poll(selectedId).toMatch(new RegExp(`^${id}(_label)?$`));
  };
  /** The flow drawn from one shape to another, found by where its line starts and ends. */
  const flowBetween = async (from: string, to: string) => {
    const ends = await canvas()
      .locator('.djs-connection')
      .evaluateAll((nodes) =>
        nodes.map((node) => {
          const path = node.querySelector('.djs-visual > path') as SVGPathElement;
          const m = path.getScreenCTM()!;
          const at = (length: number) => {
            const p = path.getPointAtLength(length);
            return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
          };
          return { id: node.getAttribute('data-element-id')!, start: at(0), end: at(path.getTotalLength()) };
        }),
      );
    const [source, target] = await Promise.all([shape(from).boundingBox(), shape(to).boundingBox()]);
    const near = (p: { x: number; y: number }, box: { x: number; y: number; width: number; height: number }) =>
      p.x >= box.x - 6 && p.x <= box.x + box.width + 6 && p.y >= box.y - 6 && p.y <= box.y + box.height + 6;
    return ends.find((e) => near(e.start, source!) && near(e.end, target!))?.id ?? '';
  };
  const openSelect = (className: string, row: number) => panel().getByTestId(`condition-row-${row}`).locator(`.ant-select.${className}`).click();
  const pick = async (className: string, row: number, option: string) => {
    await openSelect(className, row);
    await page.locator(`${DROPDOWN} .ant-select-item-option`, { hasText: option }).first().click();
  };
  const dropdownOptions = () => page.locator(`${DROPDOWN} .ant-select-item-option`).allInnerTexts();
  /** The options a condition row's select offers, once they are shown. */
  const expectOptions = async (className: string, row: number, expected: string[]) => {
    await openSelect(className, row);
    await expect.poll(dropdownOptions).toEqual(expected);
    await page.keyboard.press('Escape');
  };

  it('[BO-PROD-14] [BB-WF-01] [BB-WF-04] [BB-WF-05] opens a new process: the palette, and the panel with the process name but not its id', async () => {
    await page.goto(`${server.baseUrl}/#${SCREEN_PATH}`);
    await page.waitForURL(/\/oauth\/authorize\?/);
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('Dms@2026');
    await page.getByRole('button', { name: '登 录' }).click();
    await canvas().locator('.djs-palette').waitFor();
    await page.locator('.ag-row').first().waitFor();

    const entries = await canvas()
      .locator('.djs-palette .entry[data-action^="create."]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(entries).toEqual(['开始', '结束', '分支条件（排他网关）', '用户任务', '会签任务', '数据对象', '数据存储', '扩展流程', '分组']);

    const processPanel = panel().getByTestId('process-properties');
    await expect.poll(() => processPanel.innerText()).toContain('流程名称');
    expect(await processPanel.innerText()).not.toMatch(/Process_/);
    expect(await designer().innerText()).not.toMatch(/Process_/);
    await panel().locator('#workflow-process-name').fill(PROCESS_NAME);
    await panel().locator('#workflow-process-name').press('Enter');
    await expect.poll(() => designer().getByTestId('workflow-name').innerText()).toBe(PROCESS_NAME);
  });

  it('[BB-WF-06] [BB-WF-51] [BB-WF-12] [BB-WF-13] [BB-WF-02] [BB-WF-03] draws start, a user task with a role from the server, a branch condition and an end, with undo and redo', async () => {
    ids.start = await paletteCreate('create.start-event', 160, 200);
    ids.review = await append('append.user-task');
    expect(await panel().getByTestId('element-properties').locator('.dms-panel-title').innerText()).toBe('用户任务');
    await panel().locator('#workflow-element-name').fill('服务经理审核');
    await panel().locator('#workflow-element-name').press('Enter');
    await expect.poll(() => shape(ids.review).textContent()).toContain('服务经理审核');

    const roles = panel().locator('#workflow-candidate-groups');
    await roles.click();
    await expect.poll(dropdownOptions).toEqual(expect.arrayContaining(['服务顾问', '技师']));
    // The search narrows the server's roles as typed (大区 also finds the sales and parts managers of the approvals).
    await roles.fill('大区售后');
    await expect.poll(dropdownOptions).toEqual(['大区售后经理']);
    await roles.fill('审核');
    await page.locator(`${DROPDOWN} .ant-select-item-option`, { hasText: '审核人' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().innerText()).toContain('审核人');
    for (const label of ['到期时间', '跟进时间', '优先级', '异步执行', '排他执行', '按钮', '表单属性', '表单字段']) expect(await panel().innerText()).toContain(label);
    await panel().getByText('按钮（0）').click();
    await panel().getByTestId('workflow-buttons').getByRole('button', { name: '添加' }).click();
    await panel().getByTestId('workflow-buttons').getByLabel('名称').fill('同意');
    await panel().getByTestId('workflow-buttons').getByLabel('编码').fill('agree');
    await panel().getByTestId('workflow-buttons').getByLabel('编码').press('Enter');
    await expect.poll(() => panel().getByText('按钮（1）').count()).toBe(1);
    await panel().getByRole('radio', { name: '蓝色' }).click();
    await expect.poll(() => shape(ids.review).locator('.djs-visual rect').first().getAttribute('style')).toContain('rgb(13, 67, 114)');

    ids.gateway = await append('append.gateway');
    ids.end = await paletteCreate('create.end-event', 760, 200);

    const undo = designer().getByRole('button', { name: '后退' });
    const redo = designer().getByRole('button', { name: '前进' });
    await undo.click();
    await expect.poll(() => shape(ids.end).count()).toBe(0);
    await redo.click();
    await expect.poll(() => shape(ids.end).count()).toBe(1);

    ids.region = await paletteCreate('create.user-task', 600, 380);
    await panel().locator('#workflow-element-name').fill('大区审批');
    await panel().locator('#workflow-element-name').press('Enter');
    await connect(ids.gateway, ids.end);
    await connect(ids.gateway, ids.region);
    await connect(ids.region, ids.end);
    ids.toEnd = await flowBetween(ids.gateway, ids.end);
    ids.toRegion = await flowBetween(ids.gateway, ids.region);
    expect(ids.toEnd).not.toBe('');
    expect(ids.toRegion).not.toBe('');
  });

  it('[BB-WF-07] [BB-WF-32] [BB-WF-33] [BB-WF-25] [BB-WF-27] conditions the flow to the end on a dictionary variable', async () => {
    await selectFlow(ids.toEnd);
    const table = panel().getByTestId('condition-table');
    await table.getByRole('button', { name: '新增条件' }).click();
    await pick('dms-condition-left', 0, '客户等级');
    await expectOptions('dms-condition-compare', 0, ['==', '!=']);
    await pick('dms-condition-compare', 0, '==');
    await expectOptions('dms-condition-right', 0, ['普通客户', '银卡会员', '金卡会员', '钻石会员']);
    await pick('dms-condition-right', 0, '钻石会员');
    await table.getByRole('button', { name: '完成' }).click();
    await expect.poll(() => panel().locator('.dms-condition-expression').innerText()).toBe("${customerLevel == '80311004'}");
    expect(await panel().locator('#workflow-element-name').inputValue()).toBe('客户等级 == 钻石会员');
    await expect.poll(() => canvas().locator(`.djs-element[data-element-id="${ids.toEnd}_label"]`).textContent()).toContain('钻石会员');
  });

  it('[BB-WF-31] [BB-WF-43] [BB-WF-44] [BB-WF-42] conditions the flow to the region on a number and a trimmed string joined by &&', async () => {
    await selectFlow(ids.toRegion);
    const table = panel().getByTestId('condition-table');
    await table.getByRole('button', { name: '新增条件' }).click();
    await pick('dms-condition-left', 0, '单据金额');
    await expectOptions('dms-condition-compare', 0, ['>', '>=', '==', '<=', '<', '!=']);
    await pick('dms-condition-compare', 0, '>');
    await table.getByTestId('condition-row-0').locator('input.dms-condition-right').fill('5000');
    await table.getByRole('button', { name: '完成' }).click();

    await table.getByRole('button', { name: '新增条件' }).click();
    await pick('dms-condition-left', 1, '经销商代码');
    await pick('dms-condition-compare', 1, '==');
    await table.getByTestId('condition-row-1').locator('input.dms-condition-right').fill(' D11001 ');
    await expectOptions('dms-condition-relational', 1, ['且 &&', '或 ||']);
    await pick('dms-condition-relational', 1, '且 &&');
    await table.getByTestId('condition-row-1').getByRole('button', { name: '完成' }).click();
    await expect.poll(() => panel().locator('.dms-condition-expression').innerText()).toBe("${amount > 5000 && ownerCode == 'D11001'}");
  });

  it('[BB-WF-45] [BB-WF-48] checks the diagram as 正常, saves it to the server as version 1 and to local storage', async () => {
    await designer().getByRole('button', { name: '检查' }).click();
    await expect.poll(() => designer().getByTestId('diagram-check').innerText()).toBe('正常');
    await designer().getByRole('button', { name: '保存', exact: true }).click();
    await message('保存成功，当前版本 1').waitFor();
    await expect.poll(() => page.locator('.ag-row').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining(PROCESS_NAME)]));

    await designer().getByRole('button', { name: '保存到本地' }).click();
    await message('已保存到本地').waitFor();
    const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('dms.workflow.draft') ?? 'null') as { xml: string; baseVersion: number });
    expect(draft.baseVersion).toBe(1);
    expect(draft.xml).toContain(`name="${PROCESS_NAME}"`);
    await page.screenshot({ path: `${SCREENSHOTS}/workflow-designer-saved.png`, fullPage: true });
  });

  it('[BB-WF-09] [BB-WF-10] finds the process intact from the server after reloading the page', async () => {
    await page.reload();
    await page.locator('.ag-row', { hasText: PROCESS_NAME }).waitFor();
    const opened = page.waitForResponse((r) => r.url().includes('/api/workflow/definition/get/'));
    await page.locator('.ag-row', { hasText: PROCESS_NAME }).locator('.dms-select input').click();
    await opened;
    await expect.poll(() => designer().getByTestId('workflow-name').innerText()).toBe(PROCESS_NAME);
    await expect.poll(() => shape(ids.review).textContent()).toContain('服务经理审核');
    for (const id of [ids.start, ids.gateway, ids.end, ids.region]) expect(await shape(id).count(), id).toBe(1);

    await select(ids.review);
    await expect.poll(() => panel().innerText()).toContain('审核人');
    await panel().getByText('按钮（1）').click();
    expect(await panel().getByTestId('workflow-buttons').getByLabel('名称').inputValue()).toBe('同意');
    expect(await panel().getByTestId('workflow-buttons').getByLabel('编码').inputValue()).toBe('agree');
    await selectFlow(ids.toRegion);
    expect(await panel().locator('.dms-condition-expression').innerText()).toBe("${amount > 5000 && ownerCode == 'D11001'}");
    const rows = panel().getByTestId('condition-table').locator('.dms-condition-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).locator('input.dms-condition-right').inputValue()).toBe('D11001');
    expect(await rows.nth(1).getByRole('button', { name: '编辑' }).count()).toBe(1);
    await selectFlow(ids.toEnd);
    expect(await panel().locator('.dms-condition-expression').innerText()).toBe("${customerLevel == '80311004'}");
    await designer().getByRole('button', { name: '检查' }).click();
    await expect.poll(() => designer().getByTestId('diagram-check').innerText()).toBe('正常');
  });

  it('[BB-WF-46] [BB-WF-49] breaks it with a second start, sees 存在多个开始或结束事件, and restores the local draft', async () => {
    await paletteCreate('create.start-event', 160, 420);
    await designer().getByRole('button', { name: '检查' }).click();
    await expect.poll(() => designer().getByTestId('diagram-check').innerText()).toBe('存在多个开始或结束事件');
    await message('存在多个开始或结束事件').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/workflow-designer-two-starts.png`, fullPage: true });

    await designer().getByRole('button', { name: '保存', exact: true }).click();
    await expect.poll(() => designer().getByTestId('diagram-check').innerText()).toBe('存在多个开始或结束事件');

    await designer().getByRole('button', { name: '从本地恢复' }).click();
    await page.locator('.ant-modal-confirm', { hasText: '未保存的修改' }).getByRole('button', { name: '确定' }).click();
    // The restored diagram is the proof; its three-second toast can be gone before a loaded machine looks.
    await expect.poll(() => canvas().locator('.djs-shape[data-element-id^="StartEvent"], .djs-shape[data-element-id^="Event_"]').count()).toBeGreaterThan(0);
    await designer().getByRole('button', { name: '检查' }).click();
    await expect.poll(() => designer().getByTestId('diagram-check').innerText()).toBe('正常');
    expect(pageErrors).toEqual([]);
  });
});

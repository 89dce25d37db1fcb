// 试驾登记 end to end in Chromium: a kind of record added with one model JSON (models/sales/testDrive.json) and one screen
// JSON (screens/sales/testDrives.json, whose menu block makes the menu) and no TypeScript. A sales consultant opens it
// from the menu, sees the seeded drives, registers one, starts it, is refused a finish with an end mileage below the
// start, finishes it, and a consultant of another dealer does not see it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { launchChromium, SCREENSHOTS, watchPageErrors } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { signInThroughPage } from './support/signIn';

const SCREEN_PATH = '/sales/salesManage/testDrives/index';
const LIST = '/api/2b/drive/testDrives';
const MENU_ID = 'sales_testDrives';
const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));

describe('试驾登记: one model JSON and one screen JSON, end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let pageErrors: string[];
  let driveNo: string;
  let driveId: number;

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    pageErrors = watchPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const dialog = (title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  const field = (title: string, id: string) => dialog(title).locator(`#dialog_${id}`);
  const openPopup = () => page.locator('.ant-select-dropdown:visible').last();
  const popupsClosed = () => expect.poll(() => page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible').count()).toBe(0);
  const totalText = () => page.locator('.dms-table-total').innerText();
  const cell = (row: number, colId: string) => page.locator(`.ag-row[row-index="${row}"] [col-id="${colId}"]`);
  const rowButtons = (row: number) => page.locator(`.ag-row[row-index="${row}"] [col-id="__actions"] button`);
  const rowButton = (row: number, name: string) => rowButtons(row).filter({ hasText: name });

  async function choose(title: string, id: string, option: string) {
    await field(title, id).click();
    await openPopup().locator(`.ant-select-item-option[title="${option}"]`).click();
    await popupsClosed();
  }

  async function chooseFirst(title: string, id: string): Promise<string> {
    await field(title, id).click();
    const first = openPopup().locator('.ant-select-item-option').first();
    const text = (await first.getAttribute('title'))!;
    await first.click();
    await popupsClosed();
    return text;
  }

  /** Opens the screen from the sidebar: 销售业务 › 销售管理 › 试驾登记. */
  async function openFromMenu(userCode: string) {
    await page.goto(`${server.baseUrl}/#/home`);
    await signInThroughPage(page, userCode);
    await page.waitForURL(/#\/home$/);
    const sidebar = page.locator('.ant-layout-sider');
    const group = (title: string) => sidebar.locator('.ant-menu-submenu-title', { hasText: title });
    const item = sidebar.locator('.ant-menu-item', { hasText: '试驾登记' });
    if (!(await group('销售管理').isVisible())) {
      await group('销售业务').click();
      await group('销售管理').waitFor();
    }
    if (!(await item.isVisible())) {
      await group('销售管理').click();
      await item.waitFor();
    }
    const firstPage = page.waitForResponse((r) => r.url().includes(`${LIST}?`));
    await item.click();
    await page.waitForURL(new RegExp(`#${SCREEN_PATH}$`));
    await firstPage;
  }

  async function searchDriveNo(value: string) {
    await page.locator('#filter_driveNo').fill(value);
    const found = page.waitForResponse((r) => r.url().includes(`${LIST}?`) && r.url().includes('driveNo='));
    await page.locator('.dms-filter-bar').getByRole('button', { name: '查 询' }).click();
    await found;
  }

  it('opens 试驾登记 from the menu as a sales consultant and lists the dealer\'s seeded drives', async () => {
    await openFromMenu('d11001xsgw');
    await page.locator('.ag-row').first().waitFor();
    // The seed gives every dealer twelve drives (models/sales/testDrive.json seed.perDealer).
    await expect.poll(totalText).toBe('共 12 条');
    const statuses = await page.locator('.ag-row [col-id="status"]').allInnerTexts();
    expect(statuses.every((s) => ['已计划', '试驾中', '已完成', '已取消'].includes(s.trim()))).toBe(true);
    expect(new Set(statuses.map((s) => s.trim())).size).toBeGreaterThan(1);
    expect(await cell(0, 'driveNo').innerText()).toMatch(/^SJD11001\d{10}$/);
    // Masked until the eye is clicked: the phone keeps its first three and last four digits.
    expect(await cell(0, 'phone').innerText()).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(await page.locator('.dms-filter-bar .dms-field-label').allInnerTexts()).toEqual(expect.arrayContaining(['试驾单号', '客户姓名', '联系电话', '试驾状态']));
    await page.screenshot({ path: `${SCREENSHOTS}/test-drives-list.png` });
  });

  it('registers a drive through the 新增 dialog, its number from the series shown in the list', async () => {
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const title = '新增试驾登记';
    await dialog(title).waitFor();
    // The model's rules reach the form: required fields and the formats.
    await dialog(title).getByRole('button', { name: '保 存' }).click();
    await expect.poll(() => dialog(title).locator('.dms-field-error').count()).toBeGreaterThanOrEqual(5);
    await field(title, 'customerName').fill('赵晓东');
    await field(title, 'phone').pressSequentially('13912345678');
    await field(title, 'carVin').fill('LHSA3B1C0TS000017');
    await field(title, 'carVin').blur();
    await expect.poll(() => dialog(title).locator('[data-field="carVin"] .dms-field-error').innerText()).toContain('校验位');
    await field(title, 'carVin').fill('LHSA3B1C9TS000017');
    await field(title, 'plateNo').fill('京AD12345');
    await choose(title, 'modelCode', '1.5L 自动豪华版');
    const consultant = await chooseFirst(title, 'consultantId');
    await field(title, 'planStart').click();
    await field(title, 'planStart').fill(`${tomorrow} 10:00:00`);
    await field(title, 'planStart').press('Enter');
    await popupsClosed();
    await field(title, 'route').fill('城市道路约5公里');
    expect(await dialog(title).locator('.dms-field-error').count()).toBe(0);
    await dialog(title).screenshot({ path: `${SCREENSHOTS}/test-drives-add.png` });

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(LIST));
    await dialog(title).getByRole('button', { name: '保 存' }).click();
    const answer = (await (await saved).json()) as { errMsg: string; data: { id: number; driveNo: string; status: string; consultantName: string } };
    expect(answer.errMsg).toBe('');
    expect(answer.data).toMatchObject({ status: '83011001', consultantName: consultant });
    driveNo = answer.data.driveNo;
    driveId = answer.data.id;
    expect(driveNo).toMatch(/^SJD11001\d{6}\d{4}$/);
    await dialog(title).waitFor({ state: 'detached' });

    await searchDriveNo(driveNo);
    await expect.poll(totalText).toBe('共 1 条');
    expect(await cell(0, 'driveNo').innerText()).toBe(driveNo);
    expect((await cell(0, 'status').innerText()).trim()).toBe('已计划');
    // A planned drive: 编辑, 开始试驾, 取消, 删除; not 结束试驾.
    expect(await rowButtons(0).allInnerTexts()).toEqual(['查看', '编辑', '开始试驾', '取消', '删除']);
  });

  it('starts it through the 开始试驾 dialog (开始里程, 驾驶证号, 试驾专员, 已签协议)', async () => {
    await rowButton(0, '开始试驾').click();
    const title = '编辑试驾开始登记';
    await dialog(title).waitFor();
    await expect.poll(() => field(title, 'driveNo').inputValue()).toBe(driveNo);
    await field(title, 'startMileage').pressSequentially('12000');
    await field(title, 'licenseNo').fill('11010519491231002X');
    await chooseFirst(title, 'staffId');
    await dialog(title).locator('[data-field="agreementSigned"]').getByText('客户已签署试驾协议').click();
    await dialog(title).screenshot({ path: `${SCREENSHOTS}/test-drives-start.png` });
    const started = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${LIST}/${driveId}/start`));
    await dialog(title).getByRole('button', { name: '修 改' }).click();
    expect(((await (await started).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog(title).waitFor({ state: 'detached' });
    await expect.poll(async () => (await cell(0, 'status').innerText()).trim()).toBe('试驾中');
    // The transition recorded when it started (实际开始时间, a column out of view on the right).
    expect(await serverGet<{ actualStart: string; startMileage: number }>(`${LIST}/${driveId}`)).toMatchObject({ actualStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), startMileage: 12000 });
    expect(await rowButtons(0).allInnerTexts()).toEqual(['查看', '结束试驾']);
  });

  it('refuses a finish with an end mileage below the start, in Chinese, then finishes it', async () => {
    await rowButton(0, '结束试驾').click();
    const title = '编辑试驾结束登记';
    await dialog(title).waitFor();
    await expect.poll(() => field(title, 'startMileage').inputValue()).toMatch(/^12,?\s?000$/);
    await field(title, 'endMileage').pressSequentially('11990');
    await choose(title, 'satisfaction', '满意');
    await field(title, 'feedback').fill('动力充沛，加速顺畅');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${LIST}/${driveId}/finish`));
    await dialog(title).getByRole('button', { name: '修 改' }).click();
    expect(((await (await refused).json()) as { errMsg: string }).errMsg).toBe('结束里程不能小于开始里程');
    await page.getByText('结束里程不能小于开始里程').first().waitFor();
    // The dialog stays open with the user's input.
    expect(await field(title, 'feedback').inputValue()).toBe('动力充沛，加速顺畅');

    await field(title, 'endMileage').fill('');
    await field(title, 'endMileage').pressSequentially('12018');
    const finished = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`${LIST}/${driveId}/finish`));
    await dialog(title).getByRole('button', { name: '修 改' }).click();
    expect(((await (await finished).json()) as { errMsg: string }).errMsg).toBe('');
    await dialog(title).waitFor({ state: 'detached' });
    await expect.poll(async () => (await cell(0, 'status').innerText()).trim()).toBe('已完成');
    expect(await rowButtons(0).allInnerTexts()).toEqual(['查看']);
    const record = await serverGet<Record<string, unknown>>(`${LIST}/${driveId}`);
    expect(record).toMatchObject({ driveNo, status: '83011003', startMileage: 12000, endMileage: 12018, satisfaction: '83051002', agreementSigned: '1', licenseNo: '11010519491231002X' });
    expect(String(record.actualEnd) >= String(record.actualStart)).toBe(true);
    await page.screenshot({ path: '/tmp/testDrives.png' });
    await page.screenshot({ path: `${SCREENSHOTS}/test-drives.png` });
    expect(pageErrors).toEqual([]);
  });

  it('is not seen by a sales consultant of another dealer', async () => {
    // A browser of its own (no session of the first consultant).
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
    await openFromMenu('d12001xsgw');
    await expect.poll(totalText).toBe('共 12 条');
    expect(await cell(0, 'driveNo').innerText()).toMatch(/^SJD12001/);
    await searchDriveNo(driveNo);
    await expect.poll(totalText).toBe('共 0 条');
    // Nor by asking for it directly.
    const answer = await serverCall(`${LIST}/${driveId}`);
    expect(answer.resultCode).toBe(404);
  });

  /** A GET as the signed-in user from the test drive menu, outside the page, signed with the key the server gave the browser. */
  async function serverCall<T>(path: string): Promise<{ resultCode: number; errMsg: string; data: T }> {
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { signing: { key: string } };
    const headers = { authorization: `Bearer ${decodeURIComponent(token)}`, menuId: MENU_ID, ...signRequest(config.signing.key, { method: 'GET', url: path }, Date.now(), randomNonce()) };
    return (await (await fetch(`${server.baseUrl}${path}`, { headers })).json()) as { resultCode: number; errMsg: string; data: T };
  }

  async function serverGet<T>(path: string): Promise<T> {
    const answer = await serverCall<T>(path);
    expect(answer.errMsg).toBe('');
    return answer.data;
  }
});

// One vehicle from booking to return visit in Chromium (issue 24's done means; domain.md §1's after-sales chain), each
// step by the staff member whose job it is, signed in with their own account at D11001:
//   the customer's booking for tomorrow (registered as the 预约登记 form does, which bookingForm.test.ts drives by hand);
//   服务顾问 d11001fwgw: 客户接待 with the booking number, 开单, the order's labour line on its record page, 分配技师, 派工;
//   技师 d11001js: 开工 and 完工 on 派工看板;
//   质检员 d11001zjy: from 质检队列 to the record page, 车间质检 of the line, 维修质检 合格 (the order 已完工);
//   财务 d11001dbzy: 结算 on the record page, then 收款并核销 of the receivable it posted;
//   服务顾问: 出厂 (refused while the receivable was open, server test repairWorkshop.test.ts);
//   客服专员 d11001kfzy: the return visit the settlement scheduled, answered 非常满意.
// The booking arrives, the reception is 已开单, the order 已交车, the receivable 已核销, the visit 已回访.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, dialogTitled, rowButton, signedInPage, visibleOption } from './support/approvalPages';
import { launchChromium, SCREENSHOTS } from './support/browser';
import { ServerProcess } from './support/serverProcess';
import { vinCheckDigit } from '../../schemas/formats/formats';

const PATHS = {
  receptions: '/repair/repairBusiness/receptions/index',
  orders: '/repair/repairBusiness/repairOrder/index',
  dispatches: '/repair/repairBusiness/dispatches/index',
  qcQueue: '/repair/repairBusiness/qcQueue/index',
  receivables: '/finance/receivables/receivables/index',
  returnVisits: '/repair/repairBusiness/returnVisits/index',
};
const API = {
  bookings: '/api/repair/BookingRegister/bookings',
  slots: '/api/repair/BookingRegister/calculateBookingOrder',
  receptions: '/api/repair/CustomerReception/receptions',
  orders: '/api/repair/order/repair/orders',
  dispatches: '/api/repair/order/repair/dispatches',
  qcQueue: '/api/repair/order/repair/qcQueue',
  receivables: '/api/2b/finance/receivables',
  returnVisits: '/api/repair/order/repair/returnVisits',
};
const ORDERS_MENU = '1101';
const BOOKINGS_MENU = '1103';
const SLOTS_MENU = 'repair_bookingSlots';

/** A VIN of the demo's brand with a valid check digit, of a serial range the seed does not use. */
function vinOf(serial: number): string {
  const body = `LHSA3B1C0TS9${String(serial % 100_000).padStart(5, '0')}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
}

const serial = Date.now();
const VEHICLE = { plateNo: `京AR${String(serial).slice(-4)}`, vin: vinOf(serial), customerName: '全程测试', phone: '13900139024', mileage: '36500' };
const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));

interface Row {
  id: number;
  [field: string]: unknown;
}

describe('one vehicle from booking to return visit, end to end in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  const allErrors: string[] = [];
  let bookingNo = '';
  let orderId = 0;
  let roNo = '';

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** Signs in as `userCode` in a context of its own, on `path` (with its filter values in the address). */
  async function as(userCode: string, path: string, answer: string): Promise<void> {
    if (page) {
      allErrors.push(...errors);
      await page.context().close();
    }
    ({ page, errors } = await signedInPage(browser, server, userCode, path, answer));
  }
  const shown = () => page.locator('.dms-page:not([hidden])');
  const record = () => shown().locator(`.dms-record[data-record-id="${orderId}"]`);
  const transitions = () => record().locator('[data-transition]').allInnerTexts();
  const currentStep = () => record().locator('.ant-steps-item-process .ant-steps-item-title').innerText();
  const order = async () => (await callAs<Row>(page, server, `${API.orders}/${orderId}`, ORDERS_MENU)).data;
  /** The row of the page's table showing exactly `text` in `colId` (an order number is the start of later ones). */
  async function onlyRow(colId: string, text: string): Promise<Locator> {
    const hits = shown().locator('.dms-table .ag-row').filter({ has: page.locator(`[col-id="${colId}"]`, { hasText: new RegExp(`^\\s*${text}\\s*$`) }) });
    await expect.poll(() => hits.count(), { timeout: 30_000 }).toBe(1);
    // The grid draws a row once in each of its pinned and scrolling parts: all of them, by the row's index.
    return shown().locator(`.dms-table .ag-row[row-index="${await hits.getAttribute('row-index')}"]`);
  }
  async function submit(dialog: Locator, path: string | RegExp): Promise<{ resultCode: number; errMsg: string; data: Row }> {
    const answered = page.waitForResponse((r) => r.request().method() !== 'GET' && (typeof path === 'string' ? r.url().endsWith(path) : path.test(r.url())));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    const answer = (await (await answered).json()) as { resultCode: number; errMsg: string; data: Row };
    expect(answer.resultCode, answer.errMsg).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    return answer;
  }
  /** A confirmed row action (开工, 完工): the row's button, then 确定 on the question. */
  async function confirmRow(row: Locator, name: string, path: RegExp): Promise<void> {
    await rowButton(row, name).click();
    const ask = page.locator('.ant-modal-confirm');
    await ask.waitFor();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && path.test(r.url()));
    await ask.getByRole('button', { name: '确定' }).click();
    const answer = (await (await answered).json()) as { resultCode: number; errMsg: string };
    expect(answer.resultCode, answer.errMsg).toBe(200);
    await ask.waitFor({ state: 'detached' });
  }
  /** A record-page transition: its button, then the button of the same name in its small form or confirmation. */
  async function transition(name: string, label: string, fill?: (dialog: Locator) => Promise<void>): Promise<void> {
    await record().locator(`[data-transition="${name}"]`).click();
    const dialog = dialogTitled(page, label);
    await dialog.waitFor();
    if (fill) await fill(dialog);
    const moved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/orders/${orderId}/${name}`));
    await dialog.getByRole('button', { name: label, exact: true }).click();
    const answer = (await (await moved).json()) as { resultCode: number; errMsg: string };
    expect(answer.resultCode, answer.errMsg).toBe(200);
  }
  /** The record page of the order, opened from the address the way a row's link opens it. */
  async function openRecord(): Promise<void> {
    const loaded = page.waitForResponse((r) => r.url().includes(`${API.orders}/${orderId}/meta`));
    await page.goto(`${server.baseUrl}/#${PATHS.orders}/${orderId}`);
    await loaded;
    await record().waitFor();
  }

  it('the advisor receives the booked car, opens its order, gives its line to a technician and dispatches it', async () => {
    await as('d11001fwgw', `${PATHS.receptions}?plateNo=${encodeURIComponent(VEHICLE.plateNo)}`, `${API.receptions}?`);
    // The customer's booking for tomorrow, in a slot with room, copied from a seeded booking's vehicle and advisor.
    const day = await callAs<{ slots: { slotStart: string; slotEnd: string; remaining: number }[] }>(page, server, `${API.slots}?date=${tomorrow}`, SLOTS_MENU);
    expect(day.resultCode, day.errMsg).toBe(200);
    const slot = day.data.slots.find((s) => s.remaining > 0)!;
    const { data: listed } = await callAs<{ items: Row[] }>(page, server, `${API.bookings}?page=1&pageSize=1`, BOOKINGS_MENU);
    const { data: seeded } = await callAs<Row>(page, server, `${API.bookings}/${listed.items[0]!.id}`, BOOKINGS_MENU);
    const { id: _id, bookingNo: _no, status: _status, createdAt: _c, updatedAt: _u, ...copy } = seeded;
    const booked = await callAs<Row>(page, server, API.bookings, BOOKINGS_MENU, 'POST', {
      ...copy, ...VEHICLE, mileage: Number(VEHICLE.mileage), repairTypeCode: 'RT02', bookingTime: `${tomorrow} ${slot.slotStart}:00`, arriveFrom: slot.slotStart, arriveTo: slot.slotEnd, lastMaintainDate: null, purchaseDate: null,
    });
    expect(booked.resultCode, booked.errMsg).toBe(200);
    bookingNo = String(booked.data.bookingNo);

    // 接待: the car arrives; the advisor registers it with its booking number.
    await shown().getByRole('button', { name: '接待', exact: true }).click();
    const reception = dialogTitled(page, '客户接待');
    await reception.waitFor();
    for (const [field, value] of Object.entries(VEHICLE)) await reception.locator(`#dialog_${field}`).fill(value);
    await reception.locator('#dialog_bookingNo').fill(bookingNo);
    await reception.locator('#dialog_repairTypeCode').click();
    await visibleOption(page, '定期保养').click();
    await reception.locator('#dialog_faultDesc').fill('客户预约保养，顺便检查四轮定位');
    const received = await submit(reception, API.receptions);
    expect(received.data).toMatchObject({ status: '80321001', visitType: '80271001', bookingNo });
    const row = await onlyRow('plateNo', VEHICLE.plateNo);
    // Held by this advisor: the others of the dealer see 正在由…接待.
    await expect.poll(() => row.locator('[col-id="lockText"]').innerText()).toMatch(/^正在由.+接待$/);

    // 开单: the reception becomes the repair order.
    await rowButton(row, '开单').click();
    const open = dialogTitled(page, '开单');
    await open.waitFor();
    await open.locator('#dialog_senderName').fill('全程测试');
    const opened = await submit(open, /\/receptions\/\d+\/openOrder$/);
    orderId = Number(opened.data.id);
    roNo = String(opened.data.roNo);
    expect(roNo).toMatch(/^ROD11001\d+/);
    const { data: bookings } = await callAs<{ items: Row[] }>(page, server, `${API.bookings}?bookingNo=${bookingNo}`, BOOKINGS_MENU);
    expect(bookings.items.find((b) => b.bookingNo === bookingNo)).toMatchObject({ status: '80511003' });

    // On the order's record page: its labour line (四轮定位 by its code; hours and rate the labour item's).
    await openRecord();
    expect(await currentStep()).toBe('待派工');
    await record().getByRole('button', { name: '编辑' }).click();
    await record().locator('.dms-record-tabs .ant-tabs-tab', { hasText: '维修项目' }).click();
    const labour = record().locator('[data-lines="labourLines"]');
    await labour.getByRole('button', { name: '新增行' }).click();
    await labour.locator('[data-line="1"] [data-column="labourCode"] input').fill('BY008');
    await labour.locator('[data-line="1"] [data-column="chargeType"] select').selectOption('80221001');
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`${API.orders}/${orderId}`));
    await record().getByRole('button', { name: '保存' }).click();
    const body = (await (await saved).json()) as { resultCode: number; errMsg: string; data: { labourLines: { labourName: string; amount: string }[]; totalAmount: string } };
    expect(body.resultCode, body.errMsg).toBe(200);
    expect(body.data.labourLines).toMatchObject([{ labourName: '四轮定位' }]);
    expect(Number(body.data.totalAmount)).toBeGreaterThan(0);

    // 分配技师: the line to d11001js (his name from his own sign-in), share 1; then 派工.
    const technician = await signedInPage(browser, server, 'd11001js', PATHS.dispatches, `${API.dispatches}?`);
    const techName = (await callAs<{ employeeName: string }>(technician.page, server, '/api/auth/userinfo', ORDERS_MENU)).data.employeeName;
    await technician.page.context().close();
    await record().getByRole('button', { name: '分配技师' }).click();
    const assign = dialogTitled(page, '分配技师');
    const select = assign.locator('[data-line="1"] [data-column="technicianId"] select');
    await expect.poll(() => select.locator('option').allInnerTexts(), { timeout: 15_000 }).toContain(techName);
    await select.selectOption({ label: techName });
    await submit(assign, `/orders/${orderId}/assign`);
    await expect.poll(() => transitions(), { timeout: 15_000 }).toEqual(['派工', '作废']);
    await transition('dispatch', '派工');
    await expect.poll(() => currentStep()).toBe('维修中');
    await page.screenshot({ path: `${SCREENSHOTS}/journey-dispatched.png` });
  });

  it('the technician starts and finishes the line on 派工看板', async () => {
    await as('d11001js', `${PATHS.dispatches}?roNo=${roNo}`, `${API.dispatches}?`);
    const row = await onlyRow('roNo', roNo);
    expect(await row.locator('[col-id="labourName"]').innerText()).toBe('四轮定位');
    await confirmRow(row, '开工', /\/dispatches\/\d+\/start$/);
    await expect.poll(() => rowButton(row, '完工').count(), { timeout: 15_000 }).toBe(1);
    await confirmRow(row, '完工', /\/dispatches\/\d+\/finish$/);
    expect(((await order()).labourLines as { lineStatus: string }[]).map((l) => l.lineStatus)).toEqual(['80231004']);
    expect(errors).toEqual([]);
  });

  it('the inspector passes the line (车间质检) and the order (维修质检) from 质检队列 through the record page', async () => {
    await as('d11001zjy', `${PATHS.qcQueue}?plateNo=${encodeURIComponent(VEHICLE.plateNo)}`, `${API.qcQueue}?`);
    const row = await onlyRow('roNo', roNo);
    await rowButton(row, '质检').click();
    await page.waitForURL(new RegExp(`#${PATHS.orders}/${orderId}`));
    await record().waitFor();
    await record().getByRole('button', { name: '车间质检' }).click();
    const lineQc = dialogTitled(page, '车间质检');
    await expect.poll(() => lineQc.locator('[data-lines="lines"] [data-line]').count(), { timeout: 15_000 }).toBe(1);
    expect(await lineQc.locator('[data-line="1"] [data-column="result"] select').inputValue()).toBe('80251001');
    await submit(lineQc, `/orders/${orderId}/lineQc`);
    await expect.poll(() => currentStep(), { timeout: 15_000 }).toBe('待质检');
    await record().getByRole('button', { name: '维修质检' }).click();
    const orderQc = dialogTitled(page, '维修质检');
    await orderQc.waitFor();
    // 合格 is chosen already: the inspector only confirms.
    await expect.poll(() => orderQc.locator('.ant-radio-wrapper-checked').innerText()).toBe('合格');
    await submit(orderQc, `/orders/${orderId}/orderQc`);
    await expect.poll(() => currentStep(), { timeout: 15_000 }).toBe('已完工');
    expect(await order()).toMatchObject({ status: '80211003', finalResult: '80251001', completedAt: expect.any(String) });
    expect(errors).toEqual([]);
  });

  let arNo = '';
  it('the cashier settles the order on its record page and takes the payment against the receivable it posted', async () => {
    await as('d11001dbzy', PATHS.orders, `${API.orders}?`);
    await openRecord();
    await expect.poll(() => transitions(), { timeout: 15_000 }).toContain('结算');
    await transition('settle', '结算');
    await expect.poll(() => currentStep(), { timeout: 15_000 }).toBe('已结算');
    const settled = await order();
    expect(settled).toMatchObject({ status: '80211004', settlementNo: expect.stringMatching(/^JSD11001/) });

    await page.goto(`${server.baseUrl}/#${PATHS.receivables}?sourceNo=${roNo}`);
    const row = await onlyRow('sourceNo', roNo);
    arNo = (await row.locator('[col-id="arNo"]').innerText()).trim();
    expect(arNo).toMatch(/^ARD11001/);
    await row.locator('[col-id="__actions"] button').filter({ hasText: /^收款并核销$/ }).click();
    const pay = dialogTitled(page, '收款并核销');
    await pay.waitFor();
    await pay.locator('#dialog_payMethod').click();
    await visibleOption(page, '现金').click();
    const paid = await submit(pay, /\/receivables\/\d+\/payAndWriteOff$/);
    expect(paid.data.receivable).toMatchObject({ arNo, status: '81081003', openAmount: '0.00', amount: settled.receivableAmount ?? expect.any(String) });
    await page.screenshot({ path: `${SCREENSHOTS}/journey-paid.png` });
    expect(errors).toEqual([]);
  });

  it('the advisor lets the car go (出厂) once it is paid', async () => {
    await as('d11001fwgw', PATHS.orders, `${API.orders}?`);
    await openRecord();
    await expect.poll(() => transitions(), { timeout: 15_000 }).toContain('出厂');
    await transition('release', '出厂');
    await expect.poll(() => currentStep(), { timeout: 15_000 }).toBe('已交车');
    expect(await order()).toMatchObject({ status: '80211006', releasedAt: expect.any(String) });
    expect(errors).toEqual([]);
  });

  it('customer service makes the return visit the settlement scheduled', async () => {
    await as('d11001kfzy', `${PATHS.returnVisits}?sourceNo=${roNo}`, `${API.returnVisits}?`);
    const row = await onlyRow('sourceNo', roNo);
    await rowButton(row, '回访').click();
    const visit = dialogTitled(page, '回访');
    await visit.waitFor();
    // The call got through (成功): the satisfaction asked for appears.
    await visit.locator('.ant-radio-wrapper', { hasText: /^成功$/ }).click();
    await visit.locator('.ant-radio-wrapper', { hasText: /^5 非常满意$/ }).click();
    await visit.locator('#dialog_content').fill('保养及四轮定位满意，车辆行驶正常');
    const answered = await submit(visit, /\/returnVisits\/\d+\/visit$/);
    expect(answered.data).toMatchObject({ status: '80331002', result: '80281001', satisfaction: 5, sourceNo: roNo });
    await page.screenshot({ path: `${SCREENSHOTS}/journey-visited.png` });
    allErrors.push(...errors);
    expect(allErrors).toEqual([]);
  });
});

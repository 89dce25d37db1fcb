// One customer from an imported clue to a delivery, end to end in Chromium (issue 25), each step by the person whose job
// it is at D11001: the reception (d11001kfzy) imports the clue and registers the customer's visit, the showroom manager
// (d11001xsgw, 展厅经理) assigns it to a consultant, the consultant (d11001xsgw2) follows up and converts it, plans a test
// drive, quotes and orders, the test-drive specialist (d11001scy) runs the drive, the manager approves the order, the
// cashier (d11001dbzy) takes the money against the receivable the approval posted, the manager confirms the payment,
// and the consultant gives the order its vehicle and hands it over through 交车.
import ExcelJS from 'exceljs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, describePage, launchChromium } from './support/browser';
import { callAs, dialogTitled, rowButton, rowsShowing, signedInPage, visibleOption } from './support/approvalPages';
import { ServerProcess } from './support/serverProcess';

const PATHS = {
  clues: '/sales/customerBusiness/clues/index',
  receptions: '/sales/customerBusiness/receptions/index',
  drives: '/sales/salesManage/testDrives/index',
  quotations: '/sales/salesManage/quotations/index',
  orders: '/sales/orderStock/salesOrders/index',
  deliveries: '/sales/orderStock/deliveries/index',
  receivables: '/finance/receivables/receivables/index',
};
const API = {
  clues: '/api/2b/clueCenter/jk/clue',
  receptions: '/api/2b/passenger/receptionist/receptions',
  drives: '/api/2b/drive/testDrives',
  quotations: '/api/2b/quotedPrice/quotations',
  orders: '/api/2b/retail/salesOrders',
  deliveries: '/api/2b/drive/GiveCar/queryReceiveDeliveryList',
  stock: '/api/vehicle/vehicleStock/stocks',
  receivables: '/api/2b/finance/receivables',
};
const PHONE = `1368${String(Date.now()).slice(-7)}`;
const NAME = '欧阳晓东';
const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));
const inAMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 30 * 86_400_000));

interface StockRow {
  vin: string;
  modelCode: string;
  modelName: string;
  configName: string;
  colorName: string;
}

describe('销售旅程: an imported clue to a delivery, in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let errors: string[] = [];
  const seen: string[] = [];
  let vehicle: StockRow;
  let consultantName = '';
  let quoteNo = '';
  let soNo = '';

  beforeAll(async () => {
    server = await ServerProcess.create();
    await server.start();
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** A fresh browser context signed in as `userCode` on the screen at `path`, once its list has answered. */
  async function as(userCode: string, path: string, list: string): Promise<void> {
    seen.push(...errors);
    await page?.context().close();
    ({ page, errors } = await signedInPage(browser, server, userCode, path, `${list}?`));
  }

  const dialog = (title: string) => dialogTitled(page, title);
  const field = (title: string, id: string) => dialog(title).locator(`#dialog_${id}`);
  const popupsClosed = () => expect.poll(() => page.locator('.ant-select-dropdown:visible, .ant-picker-dropdown:visible').count()).toBe(0);
  const row = (colId: string, text: string) => rowsShowing(page, colId, text).first();
  const statusOf = async (colId: string, text: string) => (await row(colId, text).locator('[col-id="status"]').innerText()).trim();
  /** The one row a filter by the customer's phone or name leaves (names and phones are masked in the table). */
  const onlyRow = () => page.locator('.dms-page:not([hidden]) .dms-table .ag-row').first();
  const onlyStatus = async () => (await onlyRow().locator('[col-id="status"]').innerText()).trim();

  async function choose(title: string, id: string, option: string) {
    await field(title, id).click();
    await visibleOption(page, option).click();
    await popupsClosed();
  }

  /** Types into a remote-search select and takes the option shown. */
  async function search(title: string, id: string, typed: string, option = typed) {
    await field(title, id).click();
    await field(title, id).pressSequentially(typed);
    await visibleOption(page, option).click();
    await popupsClosed();
  }

  async function typeDate(title: string, id: string, text: string) {
    await field(title, id).click();
    await field(title, id).fill(text);
    await field(title, id).press('Enter');
    await popupsClosed();
  }

  /** Submits the dialog and answers the server's message ('' when it succeeded). */
  async function submit(title: string, url: (u: string) => boolean, button = '保 存'): Promise<{ errMsg: string; data: Record<string, unknown> }> {
    const answered = page.waitForResponse((r) => r.request().method() !== 'GET' && url(r.url()));
    await dialog(title).getByRole('button', { name: button }).click();
    const answer = (await (await answered).json()) as { errMsg: string; data: Record<string, unknown> };
    expect(answer.errMsg).toBe('');
    await dialog(title).waitFor({ state: 'detached' });
    return answer;
  }

  async function filterBy(id: string, value: string, list: string) {
    await page.locator(`.dms-filter-bar #filter_${id}`).fill(value);
    const answered = page.waitForResponse((r) => r.url().includes(`${list}?`) && r.url().includes(`${id}=`));
    await page.locator('.dms-filter-bar').getByRole('button', { name: '查 询' }).click();
    await answered;
  }

  async function confirmRow(colId: string, text: string, action: string, url: (u: string) => boolean) {
    await rowButton(row(colId, text), action).click();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && url(r.url()));
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    expect(((await (await answered).json()) as { errMsg: string }).errMsg).toBe('');
  }

  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      console.error(await describePage(page, name));
      throw error;
    }
  };

  it('[BO-PROD-08] the reception imports the clue from Excel: it is 待分配', async () => {
    // The consultant the manager will choose, by the name the pickers show.
    await as('d11001xsgw2', PATHS.clues, API.clues);
    consultantName = (await callAs<{ employeeName: string }>(page, server, '/api/auth/userinfo', 'sales_clues')).data.employeeName;
    expect(consultantName).not.toBe('');
    await as('d11001kfzy', PATHS.clues, API.clues);
    await step('import', async () => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('sheet');
      sheet.addRow(['客户姓名', '联系电话', '性别', '线索来源', '意向车系', '所在城市', '备注']);
      sheet.addRow([NAME, PHONE, '男', '懂车帝', '华晟 S7', '北京市', '周末看车']);
      const file = join(SCREENSHOTS, 'sales-clue-import.xlsx');
      await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
      await page.locator('.dms-toolbar:visible').getByRole('button', { name: '导入', exact: true }).click();
      await page.locator('.dms-import input[type=file]').setInputFiles(file);
      await page.locator('.ant-modal').getByRole('button', { name: '导 入', exact: true }).click();
      await page.getByText('导入成功').waitFor({ timeout: 60_000 });
      await page.locator('.dms-import').waitFor({ state: 'detached' });
      await filterBy('phone', PHONE, API.clues);
      await expect.poll(() => page.locator('.dms-page:not([hidden]) .dms-table .ag-row').count()).toBe(1);
      await expect.poll(onlyStatus).toBe('待分配');
      expect((await onlyRow().locator('[col-id="clueSourceName"]').innerText()).trim()).toBe('懂车帝');
    });
  });

  it('the showroom manager assigns it to a consultant', async () => {
    await as('d11001xsgw', PATHS.clues, API.clues);
    await step('assign', async () => {
      await filterBy('phone', PHONE, API.clues);
      await rowButton(onlyRow(), '分配').click();
      const title = '编辑分配线索';
      await dialog(title).waitFor();
      await choose(title, 'consultantId', consultantName);
      await submit(title, (u) => u.includes(`${API.clues}/`) && u.endsWith('/assign'), '修 改');
      await expect.poll(onlyStatus).toBe('待跟进');
      const assigned = await callAs<{ items: { consultantName: string }[] }>(page, server, `${API.clues}?phone=${PHONE}`, 'sales_clues');
      expect(assigned.data.items[0]!.consultantName).toBe(consultantName);
    });
  });

  it('the consultant follows it up and converts it into a potential customer', async () => {
    await as('d11001xsgw2', PATHS.clues, API.clues);
    await step('follow and convert', async () => {
      await filterBy('phone', PHONE, API.clues);
      await rowButton(onlyRow(), '跟进').click();
      await dialog('编辑线索跟进').waitFor();
      await choose('编辑线索跟进', 'followWay', '电话');
      await field('编辑线索跟进', 'content').fill('电话沟通，客户周末到店看S7');
      await submit('编辑线索跟进', (u) => u.endsWith('/followUp'), '修 改');
      await rowButton(onlyRow(), '转潜客').click();
      const title = '编辑转为潜客';
      await dialog(title).waitFor();
      await choose(title, 'intentLevel', 'H');
      await submit(title, (u) => u.endsWith('/toPotential'), '修 改');
      await expect.poll(onlyStatus).toBe('已转潜客');
    });
  });

  it('the reception registers the customer’s visit with the consultant', async () => {
    await as('d11001kfzy', PATHS.receptions, API.receptions);
    await step('reception', async () => {
      await page.getByRole('button', { name: '登记到店' }).click();
      const title = '新增到店登记';
      await dialog(title).waitFor();
      await field(title, 'phone').pressSequentially(PHONE);
      await choose(title, 'consultantId', consultantName);
      const saved = await submit(title, (u) => u.endsWith('/receptionist/saveReceptionist'));
      expect(saved.data).toMatchObject({ customerName: NAME, visitKind: '83171001', status: '83181001' });
      await filterBy('customerName', NAME, API.receptions);
      await expect.poll(onlyStatus).toBe('接待中');
    });
  });

  it('the consultant plans a test drive; the test-drive specialist starts and finishes it', async () => {
    await as('d11001xsgw2', PATHS.drives, API.drives);
    let driveNo = '';
    await step('plan', async () => {
      await page.getByRole('button', { name: '新增', exact: true }).click();
      const title = '新增试驾登记';
      await dialog(title).waitFor();
      await search(title, 'potenId', NAME);
      await choose(title, 'modelCode', '2.0T 两驱豪华版');
      await field(title, 'consultantId').click();
      await visibleOption(page, consultantName).click();
      await popupsClosed();
      await field(title, 'carVin').click();
      await page.locator('.ant-select-dropdown:visible').last().locator('.ant-select-item-option').first().click();
      await popupsClosed();
      await typeDate(title, 'planStart', `${tomorrow} 10:00:00`);
      driveNo = String((await submit(title, (u) => u.endsWith('/testDrive/saveTestDrivePlan'))).data.driveNo);
    });
    await as('d11001scy', PATHS.drives, API.drives);
    await step('drive', async () => {
      await filterBy('driveNo', driveNo, API.drives);
      await rowButton(row('driveNo', driveNo), '开始试驾').click();
      const start = '编辑试驾开始登记';
      await dialog(start).waitFor();
      await field(start, 'startMileage').pressSequentially('60000');
      await field(start, 'licenseNo').fill('11010519491231002X');
      await field(start, 'staffId').click();
      await page.locator('.ant-select-dropdown:visible').last().locator('.ant-select-item-option').first().click();
      await popupsClosed();
      await dialog(start).locator('[data-field="agreementSigned"]').getByText('客户已签署试驾协议').click();
      await submit(start, (u) => u.endsWith('/start'), '修 改');
      await expect.poll(() => statusOf('driveNo', driveNo)).toBe('试驾中');
      await rowButton(row('driveNo', driveNo), '结束试驾').click();
      const finish = '编辑试驾结束登记';
      await dialog(finish).waitFor();
      await field(finish, 'endMileage').pressSequentially('60016');
      await choose(finish, 'satisfaction', '非常满意');
      await field(finish, 'feedback').fill('底盘扎实，过弯稳定');
      await submit(finish, (u) => u.endsWith('/finish'), '修 改');
      await expect.poll(() => statusOf('driveNo', driveNo)).toBe('已完成');
    });
  });

  it('the consultant quotes a vehicle the dealer has in stock and makes it 有效, then orders it', async () => {
    await as('d11001xsgw2', PATHS.quotations, API.quotations);
    const stock = await callAs<{ items: StockRow[] }>(page, server, `${API.stock}?status=83221002&modelCode=HS-S7-M1&pageSize=1`, 'sales_stockModelTable');
    vehicle = stock.data.items[0]!;
    await step('quote', async () => {
      await page.getByRole('button', { name: '新增报价' }).click();
      const title = '新增报价';
      await dialog(title).waitFor();
      await search(title, 'potenId', NAME);
      const cascade = 'brandId-seriesId-modelId-configId-colorId';
      for (const [level, option] of ['华晟', '华晟 S7', vehicle.modelName, vehicle.configName, vehicle.colorName].entries()) {
        const input = level === 0 ? field(title, cascade) : dialog(title).locator(`#dialog_${cascade}_${level}`);
        await expect.poll(() => input.isDisabled()).toBe(false);
        await input.click();
        await visibleOption(page, option).click();
        await popupsClosed();
      }
      await field(title, 'discount').fill('');
      await field(title, 'discount').pressSequentially('6000');
      await typeDate(title, 'validUntil', inAMonth);
      const saved = await submit(title, (u) => u.endsWith('/customerPrice/insertCustomerPrice'));
      quoteNo = String(saved.data.quoteNo);
      expect(saved.data).toMatchObject({ customerName: NAME, modelCode: 'HS-S7-M1', guidePrice: expect.stringMatching(/^\d+\.00$/) });
      await filterBy('quoteNo', quoteNo, API.quotations);
      await rowButton(row('quoteNo', quoteNo), '生效').click();
      await dialog('编辑报价生效').waitFor();
      await submit('编辑报价生效', (u) => u.endsWith('/issue'), '修 改');
      await expect.poll(() => statusOf('quoteNo', quoteNo)).toBe('有效');
    });
    await as('d11001xsgw2', PATHS.orders, API.orders);
    await step('order', async () => {
      await page.getByRole('button', { name: '新增订单' }).click();
      const title = '新增销售订单';
      await dialog(title).waitFor();
      await search(title, 'quotationId', quoteNo);
      const saved = await submit(title, (u) => u.endsWith(API.orders));
      soNo = String(saved.data.soNo);
      await filterBy('soNo', soNo, API.orders);
      await expect.poll(() => statusOf('soNo', soNo)).toBe('待审核');
    });
  });

  it('the showroom manager approves the order; the consultant gives it the vehicle; the manager confirms the payment', async () => {
    await as('d11001xsgw', PATHS.orders, API.orders);
    await step('approve', async () => {
      await filterBy('soNo', soNo, API.orders);
      await confirmRow('soNo', soNo, '审核', (u) => u.endsWith('/approve'));
      await expect.poll(() => statusOf('soNo', soNo)).toBe('已审核');
    });
    await as('d11001xsgw2', PATHS.orders, API.orders);
    await step('allocate', async () => {
      await filterBy('soNo', soNo, API.orders);
      await rowButton(row('soNo', soNo), '配车').click();
      const title = '编辑配车';
      await dialog(title).waitFor();
      await search(title, 'vin', vehicle.vin.slice(-6), vehicle.vin);
      await submit(title, (u) => u.endsWith('/allocate'), '修 改');
      await expect.poll(() => statusOf('soNo', soNo)).toBe('已配车');
    });
    // The money comes in at the cashier: 审核 posted the order's 整车销售 receivable, paid and written off here.
    await as('d11001dbzy', `${PATHS.receivables}?sourceNo=${soNo}`, API.receivables);
    await step('cashier', async () => {
      await expect.poll(() => statusOf('sourceNo', soNo)).toBe('未核销');
      await rowButton(row('sourceNo', soNo), '收款并核销').click();
      const title = '收款并核销';
      await dialog(title).waitFor();
      await choose(title, 'payMethod', '现金');
      const paid = await submit(title, (u) => u.endsWith('/payAndWriteOff'), '修 改');
      expect(paid.data.receivable).toMatchObject({ sourceNo: soNo, openAmount: '0.00' });
      await expect.poll(() => statusOf('sourceNo', soNo)).toBe('已核销');
    });
    await as('d11001xsgw', PATHS.orders, API.orders);
    await step('payment', async () => {
      await filterBy('soNo', soNo, API.orders);
      await rowButton(row('soNo', soNo), '收款确认').click();
      const title = '编辑收款确认';
      await dialog(title).waitFor();
      await field(title, 'invoiceNo').fill('26110212345678901234');
      await submit(title, (u) => u.endsWith('/confirmPayment'), '修 改');
      await expect.poll(() => statusOf('soNo', soNo)).toBe('待交车');
    });
  });

  it('the consultant hands the car over through 交车: the order is 已交车, the vehicle 已出库', async () => {
    await as('d11001xsgw2', PATHS.deliveries, API.deliveries);
    await step('deliver', async () => {
      await page.getByRole('button', { name: '安排交车' }).click();
      const plan = '新增安排交车';
      await dialog(plan).waitFor();
      await search(plan, 'salesOrderId', soNo.slice(-6), soNo);
      await typeDate(plan, 'plannedAt', `${tomorrow} 15:00:00`);
      const saved = await submit(plan, (u) => u.endsWith('/GiveCar/deliveries'));
      const deliveryNo = String(saved.data.deliveryNo);
      await filterBy('deliveryNo', deliveryNo, API.deliveries);
      await rowButton(row('deliveryNo', deliveryNo), '交车').click();
      const title = '编辑交车';
      await dialog(title).waitFor();
      for (const item of ['外观', '钥匙×2', '合格证', '随车工具', '发票']) await dialog(title).locator('[data-field="checklist"]').getByText(item, { exact: true }).click();
      await choose(title, 'pdiPassed', '通过');
      await choose(title, 'customerSigned', '已签字');
      await submit(title, (u) => u.endsWith('/deliver'), '修 改');
      await expect.poll(() => statusOf('deliveryNo', deliveryNo)).toBe('已交车');
      await page.screenshot({ path: `${SCREENSHOTS}/sales-journey-delivered.png` });
    });
    const order = await callAs<{ items: { status: string; vin: string; potenId: number }[] }>(page, server, `${API.orders}?soNo=${soNo}`, 'sales_salesOrders');
    expect(order.data.items[0]).toMatchObject({ status: '83201005', vin: vehicle.vin });
    const stock = await callAs<{ items: { status: string; soNo: string }[] }>(page, server, `${API.stock}?vin=${vehicle.vin}`, 'sales_stockModelTable');
    expect(stock.data.items[0]).toMatchObject({ status: '83221004', soNo });
    seen.push(...errors);
    expect(seen).toEqual([]);
  });
});


// Every customer-business call and permission path of building-blocks §7 (and the sales calls of back-office §7) served
// at its path and called, on both databases: each answers resultCode 200 with its data for the staff who use it, and the
// menus that carry them are the spec's groups. The behaviour behind each is tested with its area (clues.test.ts,
// salesOrders.test.ts, salesInvariants.test.ts, querySchemes.test.ts).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../support/excelFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { freshPhone, SALES_PATHS as P, SalesFlow } from './salesSupport';

describe(`客户业务的规范接口 (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
  });
  afterAll(() => t?.close());

  it('[BB-API-26] consultantWork/addConsult, updConsult and delConsult/{id} add, change and remove a consultant’s day', async () => {
    const consultantId = s.ids.get('d11001xsgw3')!;
    const added = await s.ok('d11001xsgw', 'POST', `${P.consultantWork}/addConsult`, { workDate: '2099-03-01', consultantId, shift: '83271001', onDuty: '1', receptionOrder: 2, maxNewClues: 12 });
    expect(added).toMatchObject({ workDate: '2099-03-01', consultantId, consultantName: expect.any(String), shift: '83271001' });
    const changed = await s.ok('d11001xsgw', 'PUT', `${P.consultantWork}/updConsult`, { id: added.id, onDuty: '0' });
    expect(changed).toMatchObject({ id: added.id, onDuty: '0' });
    expect(await s.ok('d11001xsgw', 'DELETE', `${P.consultantWork}/delConsult/${added.id}`)).toBeNull();
    expect((await s.call('d11001xsgw', 'GET', `${P.consultantWork}/works/${added.id}`)).resultCode).toBe(404);
    // A consultant reads the roster, does not plan it.
    expect((await s.call('d11001xsgw2', 'POST', `${P.consultantWork}/addConsult`, { workDate: '2099-03-02', consultantId, onDuty: '1' })).resultCode).toBe(403);
  });

  it('[BB-API-27] clueSource/addClueSource, editClueSource and removeClueSource maintain the manufacturer’s source tree', async () => {
    const added = await s.ok('admin', 'POST', `${P.clueSources}/addClueSource`, { sourceCode: 'OEM99', sourceName: '小红书', sourceKind: '83341001', parentCode: 'OEM', sort: 99 });
    expect(added).toMatchObject({ sourceCode: 'OEM99', parentName: '厂端下发' });
    expect(await s.ok('admin', 'POST', `${P.clueSources}/editClueSource`, { id: added.id, sourceName: '小红书种草' })).toMatchObject({ sourceName: '小红书种草' });
    expect(await s.ok('admin', 'DELETE', `${P.clueSources}/removeClueSource`, undefined, { id: String(added.id) })).toBeNull();
    // A source clues name stays (switch it off instead), and dealers only read the tree.
    const used = await s.db.selectFrom('clueSources' as never).select('id' as never).where('sourceCode' as never, '=', 'OEM04' as never).executeTakeFirstOrThrow();
    expect(await s.call('admin', 'DELETE', `${P.clueSources}/removeClueSource`, undefined, { id: String((used as { id: number }).id) })).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^线索来源“汽车之家”已有\d+条线索使用，不能删除，可停用$/) });
    expect((await s.call('d11001xsgw', 'POST', `${P.clueSources}/addClueSource`, { sourceCode: 'DLR99', sourceName: '店外拦截', sourceKind: '83341002' })).resultCode).toBe(403);
  });

  it('[BB-API-28] marketactivity/newlyAddMarketActivity, modifyMarketActivity and exportMarketActivity', async () => {
    const added = await s.ok('d11001xsgw', 'POST', `${P.marketActivity}/newlyAddMarketActivity`, { name: '五一车展', activityType: '83231001', startDate: '2099-05-01', endDate: '2099-05-03', budget: '30000.00', targetClues: 80 });
    expect(String(added.activityNo)).toMatch(/^HDD11001\d{10}$/);
    expect(await s.ok('d11001xsgw', 'PUT', `${P.marketActivity}/modifyMarketActivity`, { id: added.id, budget: '32000.50' })).toMatchObject({ budget: '32000.50', status: '83251001' });
    expect(await s.call('d11001xsgw', 'PUT', `${P.marketActivity}/modifyMarketActivity`, { id: added.id, endDate: '2099-04-30' })).toMatchObject({ resultCode: 400, errMsg: '结束日期不能早于开始日期' });
    const file = await s.call<Buffer>('d11001xsgw', 'GET', `${P.marketActivity}/exportMarketActivity`, undefined, { name: '五一车展' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual(expect.arrayContaining(['五一车展', '车展', 32000.5, '草稿']));
  });

  it('[BB-API-29] jk/clue/importClueByExcel, editClue, getClueById and exportClueByExcel', async () => {
    const phone = freshPhone();
    const status = await s.importFile('d11001kfzy', `${P.clues}/importClueByExcel`, await xlsxOf([['客户姓名', '联系电话', '性别', '线索来源', '意向车系', '所在城市', '备注'], ['周晓明', phone, '男', '汽车之家', '华晟 S7', '北京市', '询价']]));
    expect(status).toMatchObject({ importStatus: 1, result: { errorList: [], total: 1 } });
    const [id] = (await s.db.selectFrom('clues' as never).select('id' as never).where('phone' as never, '=', phone as never).execute()).map((r) => Number((r as { id: number }).id));
    const clue = await s.ok('d11001kfzy', 'GET', `${P.clues}/getClueById`, undefined, { id: String(id) });
    expect(clue).toMatchObject({ customerName: '周晓明', clueSourceName: '汽车之家', intentSeriesName: '华晟 S7', cityName: '北京市', status: '83111001' });
    expect(await s.ok('d11001kfzy', 'POST', `${P.clues}/editClue`, { id, remark: '周末到店' })).toMatchObject({ remark: '周末到店' });
    const file = await s.call<Buffer>('d11001kfzy', 'GET', `${P.clues}/exportClueByExcel`, undefined, { phone });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual(expect.arrayContaining(['周晓明', '汽车之家', '待分配', '周末到店']));
  });

  it('[BB-API-30] customerBusiness/insertPotenCus, getCustomerBusinessDetailById and updatePotenInfo', async () => {
    const created = await s.ok('d11001xsgw2', 'POST', `${P.customerBusiness}/insertPotenCus`, { name: '吴海燕', phone: freshPhone(), intentLevel: '83071001', intentModelCode: 'HS-E6-M1' });
    expect(created).toMatchObject({ consultantId: s.ids.get('d11001xsgw2'), status: '83101001', intentModelName: '长续航版 520km' });
    expect(String(created.potenNo)).toMatch(/^QKD11001\d{10}$/);
    expect(await s.ok('d11001xsgw2', 'GET', `${P.customerBusiness}/getCustomerBusinessDetailById`, undefined, { id: String(created.id) })).toMatchObject({ id: created.id, name: '吴海燕' });
    expect(await s.ok('d11001xsgw2', 'PUT', `${P.customerBusiness}/updatePotenInfo`, { id: created.id, intentLevel: '83071002', buyType: '83081003' })).toMatchObject({ intentLevel: '83071002', buyType: '83081003' });
  });

  it('[BB-API-31] testDrive/saveTestDrivePlan plans a drive of a customer in a register car; cancelOrFinishTestDrive ends it', async () => {
    const customer = await s.potential();
    const { rows } = await (await import('kysely')).sql<{ vin: string }>`select vin from test_drive_cars where owner_code = 'D11001' and status = '83191001' order by id limit 1`.execute(s.db);
    const plan = { potenId: customer.id, modelCode: 'HS-A5-M1', carVin: rows[0]!.vin, consultantId: s.ids.get('d11001xsgw2'), planStart: '2099-01-01 10:00:00' };
    const drive = await s.ok('d11001xsgw2', 'POST', `${P.drive}/saveTestDrivePlan`, plan);
    expect(drive).toMatchObject({ status: '83011001', customerName: '测试客户', carPlateNo: expect.any(String), plateNo: expect.any(String) });
    // The test-drive specialist ends drives; the consultant does not.
    expect((await s.call('d11001xsgw2', 'POST', `${P.drive}/cancelOrFinishTestDrive`, { id: drive.id, operate: 'cancel', cancelReason: '83041001' })).resultCode).toBe(403);
    const cancelled = await s.ok('d11001scy', 'POST', `${P.drive}/cancelOrFinishTestDrive`, { id: drive.id, operate: 'cancel', cancelReason: '83041001' });
    expect(cancelled).toMatchObject({ status: '83011004', cancelReason: '83041001' });
    expect(await s.call('d11001scy', 'POST', `${P.drive}/cancelOrFinishTestDrive`, { id: drive.id, operate: 'finish' })).toMatchObject({ resultCode: 400, errMsg: '试驾登记当前为“已取消”，不能结束试驾' });
  });

  it('[BB-API-32] receptionist/saveReceptionist registers an arrival; updateReceptionById/{id} changes it', async () => {
    const phone = freshPhone();
    const reception = await s.ok('d11001kfzy', 'POST', `${P.receptionist}/saveReceptionist`, { customerName: '冯建军', phone, intentLevel: '83071003', consultantId: s.ids.get('d11001xsgw3'), visitors: 2 });
    expect(reception).toMatchObject({ status: '83181001', visitKind: '83171001', customerName: '冯建军', potenName: '冯建军' });
    expect(String(reception.receptionNo)).toMatch(/^ZTD11001\d{10}$/);
    expect(await s.ok('d11001kfzy', 'PUT', `${P.receptionist}/updateReceptionById/${reception.id}`, { visitors: 3 })).toMatchObject({ visitors: 3 });
    expect(await s.ok('d11001kfzy', 'POST', `${P.receptionist}/receptions/${reception.id}/leave`)).toMatchObject({ status: '83181002', leaveAt: expect.any(String) });
  });

  it('[BB-API-33] appoint/cancelAppoint, potenCus/combineClue and customerPrice/insertCustomerPrice', async () => {
    const customer = await s.potential();
    const at = '2099-02-03 10:00:00';
    const invitation = await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/appoint`, { purpose: '83141002', appointAt: at });
    expect(invitation).toMatchObject({ status: '83151001', consultantId: s.ids.get('d11001xsgw2') });
    expect(await s.ok('d11001xsgw2', 'POST', `${P.appoint}/cancelAppoint`, { id: invitation.id, cancelReason: '客户出差' })).toMatchObject({ status: '83151003', cancelReason: '客户出差' });

    // The customer leaves the number again on another site: a clue of the customer's phone, merged into the customer.
    const again = await s.ok('d11001kfzy', 'POST', P.clues, { customerName: '测试客户', phone: customer.phone, clueSource: 'OEM05' });
    const merged = await s.ok<{ potenId: number; mergedClues: number }>('d11001xsgw', 'POST', `${P.potenCus}/combineClue`, { potenId: customer.id, clueIds: [again.id] });
    expect(merged).toMatchObject({ potenId: customer.id, mergedClues: 1 });
    expect(await s.ok('d11001xsgw', 'GET', `${P.clues}/${again.id}`)).toMatchObject({ status: '83111005', potenId: customer.id });

    const vehicle = await s.freeVehicle();
    const quote = await s.ok('d11001xsgw2', 'POST', `${P.customerPrice}/insertCustomerPrice`, { potenId: customer.id, configId: vehicle.configId, colorId: vehicle.colorId, discount: '3000.00', validUntil: '2099-12-31' });
    expect(quote).toMatchObject({ status: '83061004', customerName: '测试客户', modelCode: vehicle.modelCode, guidePrice: expect.stringMatching(/^\d+\.00$/) });
  });

  it('[BB-API-34] bind/ImportExcelDlr imports a dealer’s work numbers by employee number; bind/exportExceldlr exports them', async () => {
    const employee = await s.db.selectFrom('users').select('employeeNo').where('userCode', '=', 'd11001kfzy').executeTakeFirstOrThrow();
    const status = await s.importFile('d11001xsgw', `${P.bind}/ImportExcelDlr`, await xlsxOf([['员工编号', '平台', '工号', '备注'], [employee.employeeNo, 'CTI外呼', '81100199', '前台外呼']]));
    expect(status).toMatchObject({ importStatus: 1, result: { errorList: [], total: 1 } });
    const file = await s.call<Buffer>('d11001xsgw', 'GET', `${P.bind}/exportExceldlr`, undefined, { workNo: '81100199' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual(expect.arrayContaining([employee.employeeNo, 'CTI外呼', '81100199', '已绑定']));
  });

  it('[BB-API-13] clue employeeList lists the day’s consultants with their clues; clue audit queryConsultant their audits', async () => {
    const staff = await s.ok<{ userId: number; userName: string; onDuty: string; assignedToday: number }[]>('d11001xsgw', 'GET', '/api/2b/clueCenter/clue/employeeList');
    expect(staff.map((c) => c.userId).sort()).toEqual([s.ids.get('d11001xsgw'), s.ids.get('d11001xsgw2'), s.ids.get('d11001xsgw3')].sort());
    const audits = await s.ok<{ userId: number; pending: number }[]>('d11001xsgw', 'GET', '/api/2b/clueCenter/clue/audit/queryConsultant');
    expect(audits.length).toBe(3);
    expect(audits.reduce((n, c) => n + c.pending, 0)).toBeGreaterThan(0);
  });

  it('[BB-API-15] remaining appointments: each hour’s places are the consultants on duty less the invitations of the hour', async () => {
    const slots = await s.ok<{ slot: string; capacity: number; booked: number; remaining: number }[]>('d11001xsgw2', 'GET', `${P.appoint}/remainingAppointments`, undefined, { day: '2099-02-03' });
    expect(slots).toHaveLength(12);
    expect(slots[0]).toMatchObject({ slot: '09:00', capacity: 3, booked: 0, remaining: 3 });
    const customer = await s.potential();
    await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/appoint`, { purpose: '83141001', appointAt: '2099-02-03 14:30:00' });
    const after = await s.ok<{ slot: string; remaining: number }[]>('d11001xsgw2', 'GET', `${P.appoint}/remainingAppointments`, undefined, { day: '2099-02-03' });
    expect(after.find((x) => x.slot === '14:00')).toMatchObject({ remaining: 2 });
  });

  it('[BB-API-19] the invite report’s wait-invite record lists the customers due a call with no invitation waiting', async () => {
    const page = await s.ok<{ total: number; items: { status: string; nextFollowAt: string }[] }>('d11001xsgw', 'GET', P.inviteReport, undefined, { pageSize: '100' });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((r) => r.status === '83101001')).toBe(true);
    const sorted = page.items.map((r) => r.nextFollowAt);
    expect([...sorted].sort()).toEqual(sorted);
  });

  it('[BB-API-22] [BB-EXP-03] GiveCar checkReceiveDelivery, queryReceiveDeliveryList, and GiveCar export as an arraybuffer', async () => {
    const { delivery } = await s.readyDelivery();
    const check = await s.ok<{ passed: boolean; items: { item: string; passed: boolean }[] }>('d11001xsgw2', 'GET', `${P.giveCar}/checkReceiveDelivery`, undefined, { id: String(delivery.id) });
    expect(check).toMatchObject({ passed: true });
    expect(check.items.map((i) => i.item)).toEqual(['全款已收', '机动车销售统一发票', 'PDI检查', '交车检查']);
    const list = await s.ok<{ total: number; items: { id: number }[] }>('d11001xsgw2', 'GET', `${P.giveCar}/queryReceiveDeliveryList`, undefined, { status: '83211001', pageSize: '500' });
    expect(list.items.map((d) => d.id)).toContain(delivery.id);
    const file = await t.call<Buffer>({ method: 'GET', url: `${P.giveCar}/export`, token: s.tokens.get('d11001xsgw2')!, menuId: (await s.menuFor('d11001xsgw2', 'GET', `${P.giveCar}/export`))!, query: { status: '83211001' } });
    expect(file.httpStatus).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.data as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual(expect.arrayContaining(['交车单号', '订单号', 'VIN', '交车状态']));
  });

  it('[BO-API-10] report/stockModelTable sums the dealer’s stock per model with the age bands', async () => {
    const table = await s.ok<{ items: { modelCode: string; inTransit: number; inStock: number; allocated: number; forSale: number; age0To30: number; age31To60: number; age61To90: number; ageOver90: number }[] }>(
      'd11001xsgw',
      'GET',
      P.stockModelTable,
    );
    expect(table.items.length).toBe(10);
    for (const row of table.items) {
      expect(row.forSale).toBe(row.inTransit + row.inStock);
      expect(row.age0To30 + row.age31To60 + row.age61To90 + row.ageOver90).toBe(row.inStock);
    }
    const { rows } = await (await import('kysely')).sql<{ n: number }>`select count(*)::int as n from vehicle_stocks where owner_code = 'D11001' and status = '83221002'`.execute(s.db);
    expect(table.items.reduce((n, r) => n + r.inStock, 0)).toBe(Number(rows[0]!.n));
  });

  it('[BB-PERM-05] [BB-PERM-06] [BO-ROUTE-17] the customer-business groups are menus carrying their keys; tag management at its path with the marketing key', async () => {
    const menus = await s.db.selectFrom('menus').select(['id', 'title', 'path', 'permission']).where('id', 'like', 'sales_%').execute();
    const keysOf = (title: string) => {
      const menu = menus.find((m) => m.title === title);
      expect(menu, title).toBeDefined();
      return menu!.permission as unknown as string[];
    };
    const groups: Record<string, string[]> = {
      顾问工作: ['POST_customer-business_consultantWork/addConsult', 'PUT_customer-business_consultantWork/updConsult', 'DELETE_customer-business_consultantWork/delConsult/{id}'],
      线索来源: ['POST_clue-center_clueSource/addClueSource', 'POST_clue-center_clueSource/editClueSource', 'DELETE_clue-center_clueSource/removeClueSource'],
      市场活动: ['POST_action_marketactivity/newlyAddMarketActivity', 'PUT_action_marketactivity/modifyMarketActivity', 'GET_action_marketactivity/exportMarketActivity'],
      线索查询: ['GET_clue-center_jk/clue/exportClueByExcel', 'POST_clue-center_jk/clue/importClueByExcel', 'POST_clue-center_jk/clue/editClue', 'GET_clue-center_jk/clue/getClueById'],
      潜客管理: ['GET_customer-business_customerBusiness/getCustomerBusinessDetailById', 'POST_customer-business_customerBusiness/insertPotenCus', 'PUT_customer-business_customerBusiness/updatePotenInfo'],
      试驾登记: ['POST_drive_testDrive/saveTestDrivePlan', 'POST_drive_testDrive/cancelOrFinishTestDrive'],
      展厅接待: ['POST_passenger_receptionist/saveReceptionist', 'PUT_passenger_receptionist/updateReceptionById/{id}'],
      邀约: ['POST_appointment_appoint/cancelAppoint'],
      合并客户: ['POST_customer-business_potenCus/combineClue'],
      报价: ['POST_quoted-price_customerPrice/insertCustomerPrice'],
      工号绑定: ['POST_cti_bind/ImportExcelDlr', 'GET_cti_bind/exportExceldlr'],
      跟进记录: ['GET_customer-business_customerBusiness/followUps'],
      订单管理: ['POST_retail_salesOrders', 'POST_retail_salesOrders/{id}/approve'],
      交车: ['GET_drive_GiveCar/checkReceiveDelivery', 'GET_drive_GiveCar/queryReceiveDeliveryList', 'GET_drive_GiveCar/export'],
      试驾车: ['POST_drive_testDrive/cars'],
      车展接待登记: ['POST_passenger_receptionist/exhibitionRegistrations'],
    };
    for (const [title, keys] of Object.entries(groups)) expect(keysOf(title), title).toEqual(expect.arrayContaining(keys));
    const tags = menus.find((m) => m.title === '标签管理')!;
    expect(tags.path).toBe('/coordinate/userSelection/TagManagement/index');
    expect(tags.permission).toContain('ALL_customer-marketing_/coordinate/userSelection/TagManagement/index');
  });
});

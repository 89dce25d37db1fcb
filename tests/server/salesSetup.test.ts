// The sales area's working data at D11001 on both databases: event registrations become the event's clues, customer
// tags (rule tags recomputed from their rule, manual ones given once), work numbers (one bound per employee and
// platform, and one employee per number), the consultants' roster (one row a day), market activities through their
// states, and test-drive cars (one active drive per car).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../support/excelFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { freshPhone, SALES_PATHS as P, SalesFlow } from './salesSupport';

describe(`销售基础与营销数据 (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
  });
  afterAll(() => t?.close());

  it('an event registration makes a clue of the event (source 车展); a known phone is named, not registered twice', async () => {
    const activity = await s.ok('d11001xsgw', 'POST', `${P.marketActivity}/newlyAddMarketActivity`, { name: '城市车展', activityType: '83231001', startDate: '2099-06-01', endDate: '2099-06-03', budget: '50000.00' });
    const registration = { activityNo: activity.activityNo, customerName: '车展客户', phone: freshPhone(), intentSeriesCode: 'HS-E6' };
    // A draft event takes no registrations.
    expect(await s.call('d11001kfzy', 'POST', `${P.receptionist}/exhibitionRegistrations`, registration)).toMatchObject({ resultCode: 400, errMsg: '市场活动不存在，或尚未发布、已结束' });
    for (const step of ['submit', 'approve', 'start']) await s.ok('d11001xsgw', 'POST', `${P.marketActivity}/activities/${activity.id}/${step}`);
    const first = await s.ok('d11001kfzy', 'POST', `${P.receptionist}/exhibitionRegistrations`, registration);
    expect(first.clueId).toEqual(expect.any(Number));
    expect(await s.ok('d11001kfzy', 'GET', `${P.clues}/${first.clueId}`)).toMatchObject({ clueSource: 'DLR02', activityNo: activity.activityNo, intentSeriesName: '华晟 E6', status: '83111001' });
    const again = await s.ok('d11001kfzy', 'POST', `${P.receptionist}/exhibitionRegistrations`, registration);
    expect(again).toMatchObject({ clueId: first.clueId, remark: expect.stringMatching(/^该客户已是本店客户（XSD11001\d{10}），未重复生成线索$/) });
    expect(await s.ok('d11001xsgw', 'GET', `${P.marketActivity}/activities/${activity.id}`)).toMatchObject({ clueCount: 1 });
    expect(await s.call('d11001xsgw', 'POST', `${P.marketActivity}/activities/${activity.id}/finish`)).toMatchObject({ resultCode: 400, errMsg: '结束前请填写：实际费用' });
    expect(await s.ok('d11001xsgw', 'POST', `${P.marketActivity}/activities/${activity.id}/finish`, { actualCost: '48800.00' })).toMatchObject({ status: '83251005' });
  });

  it('a rule tag is recomputed from its rule; a manual tag is given to a customer once, and its count follows', async () => {
    const rule = [{ fieldName: 'intentLevel', conditionCode: 'in', value: ['83071001'] }, { fieldName: 'buyType', conditionCode: 'in', value: ['83081003'] }];
    expect(await s.call('d11001xsgw', 'POST', `${P.tags}/tags`, { tagCode: 'BAD', tagName: '坏规则', tagKind: '83261002', rule: [{ fieldName: 'ownerCode', value: ['D12001'] }] })).toMatchObject({ resultCode: 400, errMsg: '标签规则的字段 ownerCode 不是潜客的筛选条件' });
    const tag = await s.ok('d11001xsgw', 'POST', `${P.tags}/tags`, { tagCode: 'HOTTRADE', tagName: 'H级置换', tagKind: '83261002', rule });
    const refreshed = await s.ok('d11001xsgw', 'POST', `${P.tags}/tags/${tag.id}/refresh`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from potential_customers where owner_code = 'D11001' and intent_level = '83071001' and buy_type = '83081003'`.execute(s.db);
    expect(refreshed).toMatchObject({ customerCount: rows[0]!.n, refreshedAt: expect.any(String) });
    expect(rows[0]!.n).toBeGreaterThan(0);
    expect(await s.call('d11001xsgw', 'POST', `${P.tags}/customerTags`, { tagId: tag.id, potenId: 1 })).toMatchObject({ resultCode: 400, errMsg: '规则标签由规则计算，不能手动打标' });
    const manual = await s.ok('d11001xsgw', 'POST', `${P.tags}/tags`, { tagCode: 'FLEET', tagName: '车队客户', tagKind: '83261001' });
    const customer = await s.potential();
    const given = await s.ok('d11001xsgw2', 'POST', `${P.tags}/customerTags`, { tagId: manual.id, potenId: customer.id });
    expect(await s.call('d11001xsgw2', 'POST', `${P.tags}/customerTags`, { tagId: manual.id, potenId: customer.id })).toMatchObject({ resultCode: 400, errMsg: '该客户已有这个标签' });
    expect(await s.ok('d11001xsgw', 'GET', `${P.tags}/tags/${manual.id}`)).toMatchObject({ customerCount: 1 });
    await s.ok('d11001xsgw', 'DELETE', `${P.tags}/customerTags/${given.id}`);
    expect(await s.ok('d11001xsgw', 'GET', `${P.tags}/tags/${manual.id}`)).toMatchObject({ customerCount: 0 });
  });

  it('an employee has one bound work number per platform and a number one employee; two bindings at once, one wins', async () => {
    const userId = s.ids.get('d11001scy')!;
    const bind = (workNo: string, who = userId) => s.call('d11001xsgw', 'POST', `${P.bind}/bindings`, { userId: who, platform: '83281003', workNo });
    const answers = await Promise.all([bind('APP-0001'), bind('APP-0002')]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toMatch(/^员工.+在厂端APP已绑定工号APP-000[12]，请先解绑$/);
    const bound = answers.find((a) => a.resultCode === 200)!.data!;
    expect(await bind(String(bound.workNo), s.ids.get('d11001kfzy')!)).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^厂端APP工号APP-000[12]已绑定给.+$/) });
    await s.ok('d11001xsgw', 'POST', `${P.bind}/bindings/${bound.id}/unbind`);
    expect((await bind('APP-0003')).resultCode).toBe(200);
    // Another dealer's employee is not bound here; a file binding one employee twice on a platform writes nothing.
    expect(await bind('APP-0009', s.ids.get('d12001xsgw')!)).toMatchObject({ resultCode: 400, errMsg: '员工不是本店在职员工' });
    const employee = await s.db.selectFrom('users').select('employeeNo').where('userCode', '=', 'd11001xsgw3').executeTakeFirstOrThrow();
    const status = await s.importFile('d11001xsgw', `${P.bind}/ImportExcelDlr`, await xlsxOf([['员工编号', '平台', '工号', '备注'], [employee.employeeNo, '企业微信', 'wx-a', ''], [employee.employeeNo, '企业微信', 'wx-b', '']]));
    expect(status.result.total).toBe(0);
    expect(status.result.errorList.map((e) => e.rowNO)).toContain(3);
  });

  it('a consultant has one roster row a day; a car is in one drive at a time (two starts at once, one wins)', async () => {
    const consultantId = s.ids.get('d11001xsgw3')!;
    await s.ok('d11001xsgw', 'POST', `${P.consultantWork}/addConsult`, { workDate: '2099-07-01', consultantId, onDuty: '1' });
    expect(await s.call('d11001xsgw', 'POST', `${P.consultantWork}/addConsult`, { workDate: '2099-07-01', consultantId, onDuty: '0' })).toMatchObject({ resultCode: 400, errMsg: '该销售顾问2099-07-01已有排班' });

    const car = (await sql<{ vin: string; mileage: number }>`select vin, mileage from test_drive_cars where owner_code = 'D11001' and status = '83191001' order by id desc limit 1`.execute(s.db)).rows[0]!;
    const drives = [];
    for (let n = 0; n < 2; n++) {
      const customer = await s.potential();
      drives.push(await s.ok('d11001xsgw2', 'POST', `${P.drive}/saveTestDrivePlan`, { potenId: customer.id, modelCode: 'HS-A3-M1', carVin: car.vin, consultantId: s.ids.get('d11001xsgw2'), planStart: '2099-07-01 10:00:00' }));
    }
    const start = (id: number, mileage: number) => s.call('d11001scy', 'POST', `${P.testDrives}/${id}/start`, { startMileage: mileage, licenseNo: '11010519491231002X', agreementSigned: '1', staffId: s.ids.get('d11001scy') });
    expect(await start(drives[0]!.id, Number(car.mileage) - 1)).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^开始里程不能小于试驾车.+的当前里程\d+$/) });
    const answers = await Promise.all(drives.map((d) => start(d.id, Number(car.mileage) + 1)));
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toMatch(/^试驾车.+当前为“使用中”，不能开始试驾$/);
    const winner = drives[answers.findIndex((a) => a.resultCode === 200)]!;
    await s.ok('d11001scy', 'POST', `${P.drive}/cancelOrFinishTestDrive`, { id: winner.id, operate: 'finish', endMileage: Number(car.mileage) + 9, feedback: '满意', satisfaction: '83051001' });
    expect((await sql<{ status: string; mileage: number }>`select status, mileage from test_drive_cars where vin = ${car.vin}`.execute(s.db)).rows[0]).toMatchObject({ status: '83191001', mileage: Number(car.mileage) + 9 });
  });
});

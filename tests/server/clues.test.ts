// 线索 to 潜客 at D11001 on both databases (domain.md §4): the reception imports clues (a phone already a clue or a
// customer is reported on its row and not inserted, the other rows are), hands them out in turn to the consultants on
// duty, a consultant follows up, converts or asks for an invalid one that the showroom manager audits; a customer is
// followed up within the interval of the level, defeated with the manager's approval, and merged with its duplicates.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../support/excelFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { freshPhone, SALES_PATHS as P, SalesFlow } from './salesSupport';

const HEAD = ['客户姓名', '联系电话', '性别', '线索来源', '意向车系', '所在城市', '备注'];
const STATUS = { unassigned: '83111001', following: '83111002', converted: '83111003', invalid: '83111004', merged: '83111005', auditing: '83111006' };

describe(`线索与潜客 (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
  });
  afterAll(() => t?.close());

  const clueOf = async (phone: string) => (await sql<{ id: number; status: string; consultantId: number | null }>`select id, status, consultant_id from clues where phone = ${phone} order by id`.execute(s.db)).rows;

  it('[BO-IMP-08] an import reports each row whose phone is already a clue or a customer (or repeats the file) and inserts the others', async () => {
    const customer = await s.potential();
    const clue = await s.ok('d11001kfzy', 'POST', P.clues, { customerName: '马丽', phone: freshPhone(), clueSource: 'OEM01' });
    const [fresh, twice] = [freshPhone(), freshPhone()];
    const status = await s.importFile('d11001kfzy', `${P.clues}/importClueByExcel`, await xlsxOf([
      HEAD,
      ['杜鹏', fresh, '男', '懂车帝', '华晟 A5', '北京市', ''],
      ['马丽', clue.phone as string, '女', '官网', '', '', ''],
      ['孙一', customer.phone as string, '', '抖音', '', '', ''],
      ['钱二', twice, '', 'APP', '', '', ''],
      ['钱二', twice, '', 'APP', '', '', ''],
    ]));
    expect(status.importStatus).toBe(1);
    expect(status.result.total).toBe(2);
    expect(status.result.errorList).toEqual([
      { rowNO: 3, errorMsg: `手机号${String(clue.phone)}已有有效线索${String(clue.clueNo)}，未导入`, skipped: true },
      { rowNO: 4, errorMsg: `手机号${String(customer.phone)}已是潜客${String(customer.potenNo)}（测试客户），请在潜客中跟进或合并客户，未导入`, skipped: true },
      { rowNO: 6, errorMsg: `手机号${twice}与第5行重复，未导入`, skipped: true },
    ]);
    expect((await clueOf(fresh)).map((c) => c.status)).toEqual([STATUS.unassigned]);
    expect(await clueOf(twice)).toHaveLength(1);
    expect(await clueOf(clue.phone as string)).toHaveLength(1);
    // A bad row still writes nothing (the file is fixed and sent again; its duplicates are reported then).
    const broken = await s.importFile('d11001kfzy', `${P.clues}/importClueByExcel`, await xlsxOf([HEAD, ['赵六', freshPhone(), '', '不存在的来源', '', '', ''], ['马丽', clue.phone as string, '', '官网', '', '', '']]));
    expect(broken.result.total).toBe(0);
    expect(broken.result.errorList.map((e) => e.rowNO)).toEqual([2]);
    expect(broken.result.errorList[0]!.skipped).toBeUndefined();
  });

  it('a consultant sees only the clues assigned to them; the manager and the reception see the dealer’s; a manual duplicate is refused', async () => {
    const phone = freshPhone();
    const own = await s.ok('d11001xsgw2', 'POST', P.clues, { customerName: '自建', phone, clueSource: 'DLR01' });
    expect(own).toMatchObject({ consultantId: s.ids.get('d11001xsgw2'), status: STATUS.following, assignedAt: expect.any(String) });
    expect(await s.call('d11001kfzy', 'POST', P.clues, { customerName: '再录', phone, clueSource: 'DLR01' })).toMatchObject({ resultCode: 400, errMsg: `手机号${phone}已有有效线索${String(own.clueNo)}` });
    const mine = await s.ok<{ total: number; items: { consultantId: number | null }[] }>('d11001xsgw2', 'GET', P.clues, undefined, { pageSize: '1000' });
    expect(mine.items.every((c) => c.consultantId === s.ids.get('d11001xsgw2'))).toBe(true);
    const [dealer, reception] = await Promise.all([s.ok<{ total: number }>('d11001xsgw', 'GET', P.clues), s.ok<{ total: number }>('d11001kfzy', 'GET', P.clues)]);
    expect(dealer.total).toBeGreaterThan(mine.total);
    expect(reception.total).toBe(dealer.total);
    // Another consultant's clue is not found for them, even by id.
    expect((await s.call('d11001xsgw3', 'GET', `${P.clues}/getClueById`, undefined, { id: String(own.id) })).resultCode).toBe(404);
  });

  it('round-robin gives the unassigned clues to today’s on-duty consultants in turn; the manager assigns by hand only to sales consultants', async () => {
    const created = await Promise.all([1, 2, 3].map((n) => s.ok('d11001kfzy', 'POST', P.clues, { customerName: `轮${n}`, phone: freshPhone(), clueSource: 'OEM04' })));
    const before = await s.ok<{ userId: number; assignedToday: number; onDuty: string }[]>('d11001xsgw', 'GET', '/api/2b/clueCenter/clue/employeeList');
    const onDuty = before.filter((c) => c.onDuty === '1');
    const answer = await s.ok<{ count: number; assigned: { consultantId: number }[] }>('d11001kfzy', 'POST', `${P.clues}/autoAssign`, { ids: created.map((c) => c.id) });
    expect(answer.count).toBe(3);
    // Each went to whoever had the fewest that day.
    const counts = new Map(onDuty.map((c) => [c.userId, c.assignedToday]));
    for (const { consultantId } of answer.assigned) {
      expect(counts.has(consultantId)).toBe(true);
      expect(counts.get(consultantId)).toBe(Math.min(...counts.values()));
      counts.set(consultantId, counts.get(consultantId)! + 1);
    }
    const hand = await s.ok('d11001kfzy', 'POST', P.clues, { customerName: '手动', phone: freshPhone(), clueSource: 'OEM04' });
    expect(await s.call('d11001xsgw', 'POST', `${P.clues}/${hand.id}/assign`, { consultantId: s.ids.get('d11001kfzy') })).toMatchObject({ resultCode: 400, errMsg: '所选销售顾问不是本店在职的销售顾问' });
    // The reception hands out by turn, not by hand.
    expect((await s.call('d11001kfzy', 'POST', `${P.clues}/${hand.id}/assign`, { consultantId: s.ids.get('d11001xsgw3') })).resultCode).toBe(403);
    expect(await s.ok('d11001xsgw', 'POST', `${P.clues}/${hand.id}/assign`, { consultantId: s.ids.get('d11001xsgw3') })).toMatchObject({ status: STATUS.following, consultantId: s.ids.get('d11001xsgw3') });
  });

  it('a consultant follows up and asks for an invalid clue; the showroom manager audits it; the consultant cannot audit', async () => {
    const clue = await s.ok('d11001xsgw2', 'POST', P.clues, { customerName: '空号', phone: freshPhone(), clueSource: 'OEM03' });
    await s.ok('d11001xsgw2', 'POST', `${P.clues}/${clue.id}/followUp`, { followWay: '83131001', content: '电话为空号' });
    expect((await s.ok('d11001xsgw2', 'GET', `${P.clues}/${clue.id}`)).firstFollowAt).toEqual(expect.any(String));
    expect(await s.ok('d11001xsgw2', 'POST', `${P.clues}/${clue.id}/applyInvalid`, { invalidReason: '83121001' })).toMatchObject({ status: STATUS.auditing });
    expect((await s.call('d11001xsgw2', 'POST', `${P.clues}/${clue.id}/approveInvalid`)).resultCode).toBe(403);
    const audits = await s.ok<{ userId: number; pending: number }[]>('d11001xsgw', 'GET', '/api/2b/clueCenter/clue/audit/queryConsultant');
    expect(audits.find((a) => a.userId === s.ids.get('d11001xsgw2'))!.pending).toBeGreaterThan(0);
    expect(await s.ok('d11001xsgw', 'POST', `${P.clues}/${clue.id}/approveInvalid`)).toMatchObject({ status: STATUS.invalid, invalidReason: '83121001' });
  });

  it('a clue becomes a potential customer (已转潜客) with the clue’s name, phone and source; the follow-up interval follows the level', async () => {
    const clue = await s.ok('d11001xsgw2', 'POST', P.clues, { customerName: '郑凯', phone: freshPhone(), clueSource: 'OEM05' });
    const customer = await s.ok('d11001xsgw2', 'POST', `${P.clues}/${clue.id}/toPotential`, { intentLevel: '83071001', intentModelCode: 'HS-S7-M2' });
    expect(customer).toMatchObject({ name: '郑凯', phone: clue.phone, clueId: clue.id, clueSource: 'OEM05', clueSourceName: '懂车帝', consultantId: s.ids.get('d11001xsgw2'), nextFollowAt: expect.any(String) });
    expect(await s.ok('d11001xsgw2', 'GET', `${P.clues}/${clue.id}`)).toMatchObject({ status: STATUS.converted, potenId: customer.id });
    // H: within two days.
    const late = await s.call('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/followUp`, { followWay: '83131002', content: '发了配置表', nextFollowAt: '2099-01-01 10:00:00' });
    expect(late).toMatchObject({ resultCode: 400, errMsg: '意向级别为H的客户，下次跟进时间不能晚于2天后' });
    await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/followUp`, { followWay: '83131002', content: '发了配置表', levelAfter: '83071003' });
    expect(await s.ok('d11001xsgw2', 'GET', `${P.potentials}/${customer.id}`)).toMatchObject({ intentLevel: '83071003', followCount: 1, lastFollowAt: expect.any(String) });
  });

  it('a defeat asked by the consultant waits for the showroom manager, who approves or rejects it', async () => {
    const customer = await s.potential();
    expect(await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/applyDefeat`, { defeatReasonCode: '83301002', defeatReason: '已购竞品' })).toMatchObject({ status: '83101004' });
    expect((await s.call('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/approveDefeat`)).resultCode).toBe(403);
    expect(await s.ok('d11001xsgw', 'POST', `${P.potentials}/${customer.id}/rejectDefeat`)).toMatchObject({ status: '83101001' });
    await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${customer.id}/applyDefeat`, { defeatReasonCode: '83301002', defeatReason: '已购竞品' });
    expect(await s.ok('d11001xsgw', 'POST', `${P.potentials}/${customer.id}/approveDefeat`)).toMatchObject({ status: '83101005' });
  });
});

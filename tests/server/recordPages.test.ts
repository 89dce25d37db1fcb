// The record page's questions to the model engine (issue 22): which steps, which transitions THIS user may perform on
// THIS record now, and the record's audit history in field labels. The server decides; data scope applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordHistoryEntry, RecordMeta } from '../../schemas/api/recordPages';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const ORDERS = '/api/repair/order/repair/orders';
const ORDER = {
  vin: 'LHSA3B1C9TS000017',
  plateNo: '京AD12345',
  customerName: '测试车主',
  phone: '13800138000',
  repairTypeCode: 'RT02',
  status: '80211001',
  mileage: 12345,
};

describe(`record page metadata and history (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};

  const technician: { id?: number } = {};

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['d11001fwgw', 'd11001js', 'd11001zjy', 'd31001fwgw', 'admin']) tokens[user] = await t.login(user);
    technician.id = Number((await t.server.database.db.selectFrom('users').select('id').where('userCode', '=', 'd11001js').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => t?.close());

  const create = async () => {
    const answer = await t.call<{ id: number; roNo: string }>({ method: 'POST', url: ORDERS, token: tokens.d11001fwgw, payload: ORDER });
    expect(answer.resultCode).toBe(200);
    return answer.data!;
  };
  const meta = (id: number, user = 'd11001fwgw') => t.call<RecordMeta>({ method: 'GET', url: `${ORDERS}/${id}/meta`, token: tokens[user], menuId: '1101' });
  const history = (id: number, user = 'd11001fwgw') => t.call<RecordHistoryEntry[]>({ method: 'GET', url: `${ORDERS}/${id}/history`, token: tokens[user], menuId: '1101' });
  const allowed = (answer: RecordMeta) => answer.transitions.filter((x) => x.allowed).map((x) => x.name);
  const move = (id: number, name: string, payload: object = {}) => t.call({ method: 'POST', url: `${ORDERS}/${id}/${name}`, token: tokens.d11001fwgw, payload });
  /** An order with one labour line assigned to the dealer's technician: ready for 派工. */
  const assigned = async () => {
    const answer = await t.call<{ id: number; roNo: string; labourLines: { lineKey: string }[] }>({ method: 'POST', url: ORDERS, token: tokens.d11001fwgw, payload: { ...ORDER, labourLines: [{ labourCode: 'BY001' }] } });
    const dispatches = [{ lineKey: answer.data!.labourLines[0]!.lineKey, technicianId: technician.id, shareRate: '1' }];
    expect((await t.call({ method: 'POST', url: `${ORDERS}/${answer.data!.id}/assign`, token: tokens.d11001fwgw, payload: { dispatches } })).resultCode).toBe(200);
    return answer.data!;
  };

  it('answers the steps of the states, the current one, the title, and only the transitions of the current state for the advisor', async () => {
    const order = await create();
    const answer = (await meta(order.id)).data!;
    expect(answer.recordTitle).toBe(order.roNo);
    expect(answer.title).toBe('维修工单');
    expect(answer.state!.current).toBe('80211001');
    expect(answer.state!.steps.map((s) => s.code)).toEqual(['80211001', '80211002', '80211005', '80211003', '80211004', '80211006', '80211007']);
    expect(answer.state!.steps.every((s) => s.name !== s.code)).toBe(true);
    // Without lines assigned to technicians 派工 is not offered, with its reason; 作废 asks for its reason in its form.
    expect(allowed(answer)).toEqual(['void']);
    expect(answer.transitions.find((x) => x.name === 'dispatch')!.reason).toBe('请先为每个维修项目分配技师（分摊比例合计为1）');
    expect(answer.transitions.find((x) => x.name === 'complete')!.reason).toBe('当前状态不能完工');
    expect(answer.editable).toBe(true);
    expect(answer.approval).toBeNull();
  });

  it('honours the keys the menu grants: the technician reads the order but may neither save it nor move it', async () => {
    const order = await create();
    const answer = await meta(order.id, 'd11001js');
    expect(answer.resultCode).toBe(200);
    expect(allowed(answer.data!)).toEqual([]);
    expect(answer.data!.transitions.find((x) => x.name === 'dispatch')!.reason).toBe('无派工权限');
    expect(answer.data!.editable).toBe(false);
  });

  it('honours the side: the manufacturer holds every key but may not move a dealer’s order', async () => {
    const order = await create();
    const answer = (await meta(order.id, 'admin')).data!;
    expect(allowed(answer)).toEqual([]);
    expect(answer.transitions.find((x) => x.name === 'dispatch')!.reason).toBe('派工只能由经销商操作');
  });

  it('answers another dealer’s record as not found, meta and history alike', async () => {
    const order = await create();
    for (const answer of [await meta(order.id, 'd31001fwgw'), await history(order.id, 'd31001fwgw')]) {
      expect(answer).toMatchObject({ resultCode: 404, errMsg: '记录不存在或无权访问' });
    }
    expect((await meta(999_999_999)).resultCode).toBe(404);
  });

  it('follows the record through its states and shows a process transition as under approval once submitted', async () => {
    const order = await assigned();
    expect(allowed((await meta(order.id)).data!)).toEqual(['dispatch', 'void']);
    expect((await move(order.id, 'dispatch')).resultCode).toBe(200);
    expect(allowed((await meta(order.id)).data!)).toEqual(['void']);
    // The workshop moves it on: the technician's work, 车间质检 (送检), 维修质检 (完工).
    const dispatches = (await t.call<{ items: { id: number }[] }>({ method: 'GET', url: '/api/repair/order/repair/dispatches', token: tokens.d11001js, query: { roId: String(order.id) } })).data!.items;
    for (const step of ['start', 'finish']) await t.call({ method: 'POST', url: `/api/repair/order/repair/dispatches/${dispatches[0]!.id}/${step}`, token: tokens.d11001js });
    await t.call({ method: 'POST', url: `${ORDERS}/${order.id}/lineQc`, token: tokens.d11001zjy, payload: { lines: [{ lineKey: order.labourLines[0]!.lineKey, result: '80251001' }] } });
    expect((await meta(order.id)).data!.state!.current).toBe('80211005');
    await t.call({ method: 'POST', url: `${ORDERS}/${order.id}/orderQc`, token: tokens.d11001zjy, payload: { result: '80251001' } });
    const finished = (await meta(order.id)).data!;
    expect(allowed(finished)).toEqual(['settle', 'settleApproval', 'freeSettle']);
    expect(finished.transitions.find((x) => x.name === 'freeSettle')!.process).toBe(true);
    expect(finished.transitions.find((x) => x.name === 'settle')!.requires.map((f) => [f.fieldName, f.required])).toEqual([['settleDiscount', false], ['roundOff', false]]);
    expect((await move(order.id, 'freeSettle', { comment: '老客户保养赠送' })).resultCode).toBe(200);
    const approving = (await meta(order.id)).data!;
    expect(approving.approval).toMatchObject({ processName: expect.any(String) });
    expect(allowed(approving)).toEqual([]);
    expect(approving.transitions.find((x) => x.name === 'settle')!.reason).toBe('维修工单审批中');
    expect(approving.editable).toBe(false);
  });

  it('answers the same to parallel questions while two transitions race: exactly one dispatch wins and the record is in its next state', async () => {
    const order = await assigned();
    const results = await Promise.all([move(order.id, 'dispatch'), move(order.id, 'dispatch'), meta(order.id), meta(order.id)]);
    expect(results.slice(0, 2).filter((r) => r.resultCode === 200)).toHaveLength(1);
    const after = (await meta(order.id)).data!;
    expect(after.state!.current).toBe('80211002');
    expect(allowed(after)).toEqual(['void']);
  });

  it('tells the history in field labels: who, when, what, the fields and the lines changed', async () => {
    const order = await create();
    const read = await t.call<Record<string, unknown>>({ method: 'GET', url: `${ORDERS}/${order.id}`, token: tokens.d11001fwgw });
    const saved = await t.call({
      method: 'PUT',
      url: `${ORDERS}/${order.id}`,
      token: tokens.d11001fwgw,
      payload: { ...read.data, plateNo: '京AD54321', labourLines: [{ labourCode: 'BY001', stdHours: '1.0', price: '120.00' }], partLines: [] },
    });
    expect(saved.resultCode).toBe(200);
    const key = ((saved.data as { labourLines: { lineKey: string }[] }).labourLines[0]!).lineKey;
    await t.call({ method: 'POST', url: `${ORDERS}/${order.id}/assign`, token: tokens.d11001fwgw, payload: { dispatches: [{ lineKey: key, technicianId: technician.id, shareRate: '1' }] } });
    expect((await move(order.id, 'dispatch')).resultCode).toBe(200);
    const entries = (await history(order.id)).data!;
    expect(entries.map((e) => e.action)).toEqual(['派工', '修改', '新增']);
    expect(entries[0]!.changes).toContainEqual({ field: 'status', label: '工单状态', before: '待派工', after: expect.any(String) });
    expect(entries[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'plateNo', label: '车牌号', before: '京AD12345', after: '京AD54321' },
        { field: 'labourLines', label: '维修项目', before: '0 行', after: '1 行' },
        { field: 'labourAmount', label: '工时费', before: '0.00', after: '120.00' },
      ]),
    );
    expect(entries[1]!.userName).toBeTruthy();
    expect(entries[1]!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

// Custom query schemes (back-office §3 and §7) on both databases: GET /api/dms.ws.order/test/testList and /testAddList
// with menuId and interfaceAddress keep a user's named conditions and columns per screen, answered with success and data;
// a shared scheme is offered to the dealer's other users of the menu, never to another dealer's; only the author changes
// or removes it; a menu the user does not hold keeps no schemes; /selectCrowd keeps its own and picks its customers by
// them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { QueryScheme } from '../../schemas/api/querySchemes';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const BASE = '/api/dms.ws.order/test';
const SCREEN = { menuId: 'sales_clues', interfaceAddress: 'clue-center:GET jk/clue' };
const CONDITIONS = [
  { fieldName: 'status', conditionCode: 'in', componentType: 'select', value: ['83111002'], selectItem: [{ value: '83111002', text: '待跟进' }] },
  { fieldName: 'createdFrom|createdTo', conditionCode: 'between', componentType: 'input', value: ['2026-06-01', '2026-06-30'] },
];
const COLUMNS = [
  { label: '线索编号', value: 'clueNo' },
  { label: '客户姓名', value: 'customerName' },
];

describe(`自定义查询方案 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['d11001xsgw', 'd11001xsgw2', 'd12001xsgw', 'd11001fwgw']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const list = (who: string, screen = SCREEN) => t.call<QueryScheme[]>({ method: 'GET', url: `${BASE}/testList`, token: tokens[who], query: screen });
  const save = (who: string, input: Record<string, unknown>) =>
    t.call<QueryScheme>({ method: 'GET', url: `${BASE}/testAddList`, token: tokens[who], query: { ...SCREEN, ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) } });

  it('[BO-API-21] [BO-API-23] [BO-ENT-14] [BO-ENT-15] saves a named scheme with its conditions and columns and lists it for the screen, answered with success and data', async () => {
    const saved = await save('d11001xsgw', { labelName: '本月待跟进', selectCondition: CONDITIONS, columns: COLUMNS, shared: '1' });
    expect(saved).toMatchObject({ resultCode: 200, success: true, data: { labelName: '本月待跟进', selectCondition: CONDITIONS, columns: COLUMNS, shared: true, own: true } });
    const mine = await list('d11001xsgw');
    expect(mine).toMatchObject({ resultCode: 200, success: true });
    expect(mine.data!.map((s) => s.labelName)).toContain('本月待跟进');
    // The same save as a POST body; a name the user already has is refused.
    const posted = await t.call<QueryScheme>({ method: 'POST', url: `${BASE}/testAddList`, token: tokens.d11001xsgw, payload: { ...SCREEN, labelName: '我的线索', selectCondition: [], columns: COLUMNS } });
    expect(posted.data).toMatchObject({ labelName: '我的线索', shared: false });
    expect(await save('d11001xsgw', { labelName: '我的线索', selectCondition: [] })).toMatchObject({ resultCode: 409, errMsg: '已有名为“我的线索”的查询方案' });
    expect(await save('d11001xsgw', { labelName: '坏条件', selectCondition: [{ fieldName: 'status', conditionCode: 'regex', componentType: 'select', value: [] }] })).toMatchObject({ resultCode: 400, errMsg: '查询条件格式不正确' });
  });

  it('a shared scheme is offered to the dealer’s users of the menu, not to another dealer; only the author changes or removes it', async () => {
    const colleague = await list('d11001xsgw2');
    const shared = colleague.data!.find((s) => s.labelName === '本月待跟进')!;
    expect(shared).toMatchObject({ own: false, shared: true });
    expect(colleague.data!.some((s) => s.labelName === '我的线索')).toBe(false);
    expect((await list('d12001xsgw')).data!.some((s) => s.labelName === '本月待跟进')).toBe(false);
    expect(await save('d11001xsgw2', { id: String(shared.id), labelName: '改名', selectCondition: [] })).toMatchObject({ resultCode: 404, errMsg: '查询方案不存在，或不是您保存的' });
    expect((await t.call({ method: 'POST', url: `${BASE}/testDelete`, token: tokens.d11001xsgw2, payload: { id: shared.id } })).resultCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `${BASE}/testDelete`, token: tokens.d11001xsgw, payload: { id: shared.id } })).resultCode).toBe(200);
    expect((await list('d11001xsgw2')).data!.some((s) => s.id === shared.id)).toBe(false);
  });

  it('a menu the user does not hold keeps no schemes; the standalone /selectCrowd keeps its own', async () => {
    expect(await list('d11001fwgw')).toMatchObject({ resultCode: 403, errMsg: '当前菜单没有权限，不能使用查询方案' });
    const crowd = { menuId: 'selectCrowd', interfaceAddress: 'customer:GET crowd/customers' };
    const saved = await t.call<QueryScheme>({ method: 'POST', url: `${BASE}/testAddList`, token: tokens.d11001fwgw, payload: { ...crowd, labelName: '半年未进厂', selectCondition: [{ fieldName: 'idleDays', conditionCode: 'gte', componentType: 'input', value: [180] }], columns: [] } });
    expect(saved.resultCode).toBe(200);
    expect((await list('d11001fwgw', crowd)).data!.map((s) => s.labelName)).toEqual(['半年未进厂']);
  });

  it('a /selectCrowd scheme picks the customers its conditions describe: its values, as the page sends them, filter the crowd query', async () => {
    const crowd = { menuId: 'selectCrowd', interfaceAddress: 'customer:GET crowd/customers' };
    const selectCondition = [
      { fieldName: 'gender', conditionCode: 'eq', componentType: 'select', value: ['10021001'] },
      { fieldName: 'seriesName', conditionCode: 'like', componentType: 'input', value: ['E6'] },
    ];
    const saved = await t.call<QueryScheme>({ method: 'POST', url: `${BASE}/testAddList`, token: tokens.d11001fwgw, payload: { ...crowd, labelName: 'E6男车主', selectCondition, columns: [] } });
    expect(saved.resultCode).toBe(200);
    const scheme = (await list('d11001fwgw', crowd)).data!.find((s) => s.labelName === 'E6男车主')!;
    // The filter bar fills each field from its condition and searches with them.
    const query = Object.fromEntries(scheme.selectCondition.map((c) => [c.fieldName, String(c.value[0])]));
    const page = (await t.call<Page<{ gender: string | null; vehicles: string }>>({ method: 'GET', url: '/api/customer/crowd/customers', token: tokens.d11001fwgw, query: { ...query, pageSize: '1000' } })).data!;
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((c) => c.gender === '10021001' && c.vehicles.includes('华晟 E6'))).toBe(true);
    const all = (await t.call<Page<unknown>>({ method: 'GET', url: '/api/customer/crowd/customers', token: tokens.d11001fwgw, query: { pageSize: '1' } })).data!;
    expect(page.total).toBeLessThan(all.total);
  });
});

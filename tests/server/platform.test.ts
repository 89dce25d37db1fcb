import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { MenuNode } from '../../schemas/api/session';

describe(`login, menus, dictionaries and the envelope (${DB_KIND})`, () => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer();
    token = await t.login('d11001fwgw');
  });
  afterAll(() => t?.close());

  it('[BO-ENT-02] signs in with the demo password and answers the session user info: the token it was asked with, who the user is, their company and top organisation', async () => {
    const answer = await t.call<Record<string, unknown>>({ method: 'GET', url: '/api/auth/userinfo', token });
    expect(answer.resultCode).toBe(200);
    const db = t.server.database.db;
    const user = await db.selectFrom('users').select(['id', 'employeeName', 'employeeNo', 'orgId']).where('userCode', '=', 'd11001fwgw').executeTakeFirstOrThrow();
    const dealer = await db.selectFrom('organizations').select(['id', 'orgName']).where('id', '=', user.orgId).executeTakeFirstOrThrow();
    const top = await db.selectFrom('organizations').select(['id', 'orgName']).where('parentId', 'is', null).executeTakeFirstOrThrow();
    expect(answer.data).toMatchObject({
      token,
      userCode: 'd11001fwgw',
      userId: Number(user.id),
      employeeName: user.employeeName,
      employeeNo: user.employeeNo,
      companyId: Number(dealer.id),
      ownerCode: 'D11001',
      roleOrgId: Number(dealer.id),
      dataType: '10461001',
      orgName: dealer.orgName,
      topOrgId: Number(top.id),
      topOrgName: '华晟汽车销售有限公司',
    });
    expect(top.orgName).toBe('华晟汽车销售有限公司');
    // Another user's session answers that user's own token, not the first one's.
    const other = await t.login('d31001js');
    expect((await t.call<Record<string, unknown>>({ method: 'GET', url: '/api/auth/userinfo', token: other })).data).toMatchObject({ token: other, userCode: 'd31001js' });
  });

  it('[BO-ERR-07] answers resultCode 40105 without a token, with a forged token, and with a token signed by another key', async () => {
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${token.slice(0, -4)}abcd`]) {
      const answer = await t.call({ method: 'GET', url: '/api/dict/codes', headers: authorization ? { authorization } : {} });
      expect(answer).toMatchObject({ resultCode: 40105, errMsg: '登录已过期，请重新登录' });
    }
  });

  it('[BO-ENT-03] [BO-MENU-01] [BB-API-02] answers the three-level menu tree with permission keys and returnCode 0', async () => {
    const answer = await t.call<MenuNode[]>({ method: 'GET', url: '/api/auth/menus', token });
    expect(answer).toMatchObject({ resultCode: 200, returnCode: '0' });
    const [top] = answer.data!;
    // 维修工单 under 维修业务 (客户接待 comes first: the desk is where an order begins).
    const first = top!.children[0]!.children[0]!;
    const leaf = top!.children[0]!.children.find((m) => m.id === '1101')!;
    expect([top!.level, top!.children[0]!.level, leaf.level, first.level]).toEqual([0, 1, 2, 2]);
    expect(leaf).toMatchObject({
      id: '1101',
      path: '/repair/repairBusiness/repairOrder/index',
      key: '/repair/repairBusiness/repairOrder/index',
      component: 'screen:repair.orders',
      meta: { title: '维修工单', keepAlive: true },
      pyt: '10041001',
    });
    expect(leaf.permission).toContain('POST_repair_order/repair/orders');
    expect(top!.nextPath).toBe(first.path);
  });

  it('[BO-ENT-11] [BB-ENT-01] answers dictionaries with type, codeId, codeCnDesc and codeEnDesc', async () => {
    const all = await t.call<{ type: string; codeId: string; codeCnDesc: string; codeEnDesc: string }[]>({ method: 'GET', url: '/api/dict/codes', token });
    expect(all.data).toContainEqual({ type: '8021', codeId: '80211001', codeCnDesc: '待派工', codeEnDesc: 'Waiting' });
    const one = await t.call<{ type: string }[]>({ method: 'GET', url: '/api/dict/codes', token, query: { type: '1008' } });
    expect(new Set(one.data!.map((d) => d.type))).toEqual(new Set(['1008']));
  });

  it('serves screen definitions by id', async () => {
    const screen = await t.call<{ id: string; title: string }>({ method: 'GET', url: '/api/lowcode/screens/repair.orders', token });
    expect(screen.data).toMatchObject({ id: 'repair.orders', title: '维修工单' });
    const missing = await t.call({ method: 'GET', url: '/api/lowcode/screens/no.such', token });
    expect(missing).toMatchObject({ resultCode: 404, errMsg: '页面定义不存在：no.such' });
  });

  it('[BO-ENT-01] answers unknown api routes and malformed bodies with the envelope', async () => {
    const unknown = await t.call({ method: 'GET', url: '/api/no/such/route', token });
    expect(unknown).toMatchObject({ httpStatus: 404, resultCode: 404, errMsg: '接口不存在', data: null });
    const malformed = await t.call({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' });
    expect(malformed).toMatchObject({ resultCode: 400, errMsg: '请求参数不正确' });
  });
});

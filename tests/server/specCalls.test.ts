// The spec's call table (building-blocks §7) as the product serves it: the envelope every answer carries and the
// dictionary list the screens' selects read. The calls of each business area are tested with their area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { DictionaryEntry } from '../../schemas/api/dictionaries';

describe(`the spec's calls (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;

  beforeAll(async () => {
    t = await startTestServer();
    advisor = await t.login('d11001fwgw');
  });
  afterAll(() => t?.close());

  it('[BB-API-01] answers every call of the app shell with resultCode 200 and its data, and a refusal with another code, errMsg and no data', async () => {
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; query?: Record<string, string>; payload?: Record<string, unknown> }[] = [
      { method: 'GET', url: '/api/auth/userinfo' },
      { method: 'GET', url: '/api/auth/menus' },
      { method: 'GET', url: '/api/auth/menu/favorite', query: { type: '1' } },
      { method: 'GET', url: '/api/dict/codes', query: { type: '8021' } },
      { method: 'GET', url: '/api/dict/regions' },
      { method: 'GET', url: '/api/message/notice/readNum' },
      { method: 'POST', url: '/api/message/push/apps/latest' },
      { method: 'POST', url: '/api/message/push/apps/list', query: { page: '1' } },
      { method: 'GET', url: '/api/repair/RepairCount/gethomePageInterfaceSum' },
      { method: 'GET', url: '/api/report/RepairCount/getRepairOrderNum', query: { days: '7' } },
      { method: 'GET', url: '/api/repair/vehicleHealthCheckSAReminder/selectSAReminder' },
      { method: 'POST', url: '/api/org/dealer/selectOrgInfo', payload: { companyType: '15061003' } },
      { method: 'POST', url: '/api/org/user/listUserPosition', payload: { roleType: ['10061012'] } },
    ];
    for (const call of calls) {
      const answer = await t.call({ ...call, token: advisor });
      const where = `${call.method} ${call.url}`;
      expect(answer.httpStatus, where).toBe(200);
      expect(answer.resultCode, where).toBe(200);
      expect(answer, where).toHaveProperty('data');
      expect(answer.data, where).not.toBeUndefined();
      expect(answer.data, where).not.toBeNull();
    }
    const refused = await t.call({ method: 'PUT', url: '/api/repair/reminders/999999999/read', token: advisor });
    expect(refused.resultCode).not.toBe(200);
    expect(refused).toMatchObject({ data: null, errMsg: '记录不存在或无权访问' });
    const unauthenticated = await t.call({ method: 'GET', url: '/api/auth/menus' });
    expect(unauthenticated.resultCode).not.toBe(200);
    expect(unauthenticated.data).toBeNull();
    expect(typeof unauthenticated.errMsg).toBe('string');
  });

  it('[BB-API-04] answers the dictionary code list of a type as the stored codes in their order, and every type without one', async () => {
    const stored = await t.server.database.db.selectFrom('dictCodes').select(['type', 'codeId', 'codeCnDesc', 'codeEnDesc']).where('type', '=', '8021').orderBy('sort').execute();
    expect(stored.length).toBeGreaterThan(3);
    const answer = await t.call<DictionaryEntry[]>({ method: 'GET', url: '/api/dict/codes', token: advisor, query: { type: '8021' } });
    expect(answer.data).toEqual(stored);
    const all = await t.call<DictionaryEntry[]>({ method: 'GET', url: '/api/dict/codes', token: advisor });
    expect(new Set(all.data!.map((c) => c.type)).size).toBeGreaterThan(10);
    expect(all.data!.filter((c) => c.type === '8021')).toEqual(stored);
    expect(await t.call({ method: 'GET', url: '/api/dict/codes', token: advisor, query: { type: '80x1' } })).toMatchObject({ resultCode: 400, data: null });
  });

  it('[BB-API-10] [BB-API-11] [BB-API-12] keeps each application’s messages apart by the app id header', async () => {
    const token = await t.login('d12001fwgw');
    const as = (appId: string) => ({ token, headers: { appId } });
    expect((await t.call<number>({ method: 'GET', url: '/api/message/notice/readNum', ...as('dms-web') })).data).toBeGreaterThan(0);
    expect((await t.call<number>({ method: 'GET', url: '/api/message/notice/readNum', ...as('another-app') })).data).toBe(0);
    const latest = await t.call<{ msgId: number }[]>({ method: 'POST', url: '/api/message/push/apps/latest', ...as('dms-web') });
    expect(latest.data!.length).toBeGreaterThan(0);
    expect((await t.call<unknown[]>({ method: 'POST', url: '/api/message/push/apps/latest', ...as('another-app') })).data).toEqual([]);
    expect((await t.call<{ total: number }>({ method: 'POST', url: '/api/message/push/apps/list', query: { page: '1', size: '10' }, ...as('another-app') })).data!.total).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/message/push/apps/${latest.data![0]!.msgId}`, ...as('another-app') })).resultCode).toBe(404);
    expect((await t.call<{ count: number }>({ method: 'POST', url: '/api/message/push/apps/allRead', ...as('another-app') })).data!.count).toBe(0);
    expect((await t.call<number>({ method: 'GET', url: '/api/message/notice/readNum', ...as('dms-web') })).data).toBeGreaterThan(0);
  });
});

// The two notice calls of building-blocks §7 as the message service serves them: GET notice read number (the bell's
// unread count) and GET notice read list (the unread messages that count is made of; the read ones on request), each
// user's own, kept apart by application, and a wrong query refused in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAppShellTables } from '../../server/db/appShellTables';
import { ERROR_CATALOGUE } from '../../server/http/errors';
import type { MessageView } from '../../schemas/api/messages';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const READ_NUM = '/api/message/notice/readNum';
const READ_LIST = '/api/message/notice/readList';

describe(`the notice calls (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherDealer: string;
  let advisorId: number;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherDealer] = await Promise.all([t.login('d11001fwgw'), t.login('d12001fwgw')]);
    advisorId = (await t.server.database.db.selectFrom('users').select('id').where('userCode', '=', 'd11001fwgw').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const readNum = async (token: string, appId?: string) => (await t.call<number>({ method: 'GET', url: READ_NUM, token, ...(appId ? { headers: { appId } } : {}) })).data!;
  const readList = (token: string, query: Record<string, string> = {}, appId?: string) =>
    t.call<MessageView[]>({ method: 'GET', url: READ_LIST, token, query, ...(appId ? { headers: { appId } } : {}) });
  const messages = () => withAppShellTables(t.server.database.db);

  it('[BB-API-09] GET notice read number counts the user’s unread messages; GET notice read list answers those messages, newest first', async () => {
    const count = await readNum(advisor);
    expect(count).toBeGreaterThan(0);
    const stored = await messages().selectFrom('messages').select('msgId').where('userId', '=', advisorId).where('appId', '=', 'dms-web').where('readAt', 'is', null).execute();
    expect(count).toBe(stored.length);

    const answer = await readList(advisor, { size: '100' });
    expect(answer).toMatchObject({ httpStatus: 200, resultCode: 200 });
    const list = answer.data!;
    expect(list.length).toBe(Math.min(count, 100));
    const storedIds = new Set(stored.map((m) => m.msgId));
    expect(list.filter((m) => !storedIds.has(m.msgId))).toEqual([]);
    for (const message of list) {
      expect(message).toEqual({
        msgId: expect.any(Number),
        remindType: expect.stringMatching(/^8971\d{4}$/),
        title: expect.any(String),
        content: expect.any(String),
        roNo: message.roNo === null ? null : expect.stringMatching(/^ROD11001\d{10}$/),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        readFlag: '0',
        readStatus: '89741001',
      });
    }
    const order = [...list].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.msgId - a.msgId));
    expect(list.map((m) => m.msgId)).toEqual(order.map((m) => m.msgId));
    // Ten by default, as the bell's list.
    expect((await readList(advisor)).data!).toHaveLength(Math.min(count, 10));
  });

  it('[BB-API-09] the list follows the count: a message read leaves both; readFlag 1 lists the read ones, remindType one kind', async () => {
    const before = await readNum(advisor);
    const [first] = (await readList(advisor, { size: '1' })).data!;
    expect((await t.call<MessageView>({ method: 'GET', url: `/api/message/push/apps/${first!.msgId}`, token: advisor })).data!.readFlag).toBe('1');
    expect(await readNum(advisor)).toBe(before - 1);
    expect((await readList(advisor, { size: '100' })).data!.map((m) => m.msgId)).not.toContain(first!.msgId);
    const read = (await readList(advisor, { readFlag: '1', size: '100' })).data!;
    expect(read.map((m) => m.msgId)).toContain(first!.msgId);
    expect(read.every((m) => m.readFlag === '1' && m.readStatus === '89741002')).toBe(true);
    const prices = (await readList(advisor, { remindType: '89710002', readFlag: '1', size: '100' })).data!;
    expect(prices.every((m) => m.remindType === '89710002')).toBe(true);
  });

  it('[BB-API-09] a second dealer’s user never sees the first one’s notices, nor another application’s', async () => {
    const title = `只给 D11001 服务顾问的通知 ${Date.now()}`;
    const { msgId } = await messages()
      .insertInto('messages')
      .values({ appId: 'dms-web', userId: advisorId, remindType: '89710001', title, content: '系统维护通知', roNo: null, createdAt: new Date(), readAt: null })
      .returning('msgId')
      .executeTakeFirstOrThrow();
    const mine = (await readList(advisor, { size: '100' })).data!;
    expect(mine[0]).toMatchObject({ msgId, title, readFlag: '0' });

    const theirs = [...(await readList(otherDealer, { size: '100' })).data!, ...(await readList(otherDealer, { readFlag: '1', size: '100' })).data!];
    expect(theirs.length).toBeGreaterThan(0);
    const mineAll = new Set([...mine, ...(await readList(advisor, { readFlag: '1', size: '100' })).data!].map((m) => m.msgId));
    expect(theirs.filter((m) => mineAll.has(m.msgId))).toEqual([]);
    expect(theirs.map((m) => m.title)).not.toContain(title);

    // Another application's bell is empty for the same user.
    expect((await readList(advisor, { size: '100' }, 'another-app')).data).toEqual([]);
    expect(await readNum(advisor, 'another-app')).toBe(0);
  });

  it('[BB-API-09] a wrong query answers 400 in Chinese, naming the parameter; no token answers the session error', async () => {
    const badFlag = await readList(advisor, { readFlag: 'yes' });
    expect(badFlag).toMatchObject({ resultCode: 400, data: null });
    expect(badFlag.errMsg).toMatch(/^是否已读/);
    expect(badFlag.errMsg).toMatch(/[\u4e00-\u9fff]/);
    expect(badFlag.errMsg).not.toMatch(/must|should/i);
    const badSize = await readList(advisor, { size: '1000' });
    expect(badSize).toMatchObject({ resultCode: 400, data: null });
    expect(badSize.errMsg).toMatch(/^条数/);
    expect((await readList(advisor, { remindType: 'notice' })).errMsg).toMatch(/^消息类型/);
    expect((await t.call({ method: 'GET', url: READ_LIST })).resultCode).toBe(ERROR_CATALOGUE.sessionExpired.resultCode);
  });
});

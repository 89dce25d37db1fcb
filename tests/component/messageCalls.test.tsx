// The message service's calls as the header bell makes them (building-blocks §7): each carries the app id header, and
// the paged list asks for its page and a size of 10.
import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import runtimeConfigJson from '../../runtime/public/config.json';
import { NoticeStore, type MessageView } from '../../runtime/stores/notices';
import { fakeServer, ok } from './fakeServer';

const message = (msgId: number, readFlag: '0' | '1' = '0') => ({ msgId, title: `消息${msgId}`, readFlag }) as unknown as MessageView;

describe('the message calls', () => {
  beforeEach(() => setRuntimeConfig({ ...runtimeConfigJson, clientId: 'dms-web-test' }));

  const serve = () =>
    fakeServer({
      'GET /api/message/notice/readNum': ok(3),
      'POST /api/message/push/apps/latest': ok([message(1), message(2)]),
      'POST /api/message/push/apps/list': ok({ total: 12, items: Array.from({ length: 10 }, (_, i) => message(i + 1)) }),
      'GET /api/message/push/apps/2': ok(message(2, '1')),
      'POST /api/message/push/apps/allRead': ok({ count: 2 }),
    });

  it('[BB-API-10] sends the app id header with the latest messages and with mark all read', async () => {
    const { calls } = serve();
    const store = new NoticeStore();
    await store.loadLatest();
    await store.markAllRead();
    const latest = calls.find((c) => c.url === '/api/message/push/apps/latest')!;
    const allRead = calls.find((c) => c.url === '/api/message/push/apps/allRead')!;
    expect(latest.headers.appId).toBe('dms-web-test');
    expect(allRead.headers.appId).toBe('dms-web-test');
    expect(store.unreadCount).toBe(0);
    expect(store.latest.every((m) => m.readFlag === '1')).toBe(true);
  });

  it('[BB-API-11] asks the list for its page and a size of 10, with the app id header', async () => {
    const { calls } = serve();
    const store = new NoticeStore();
    await store.loadPage(2);
    const list = calls.find((c) => c.url === '/api/message/push/apps/list')!;
    expect(list.params).toEqual({ page: 2, size: 10 });
    expect(list.headers.appId).toBe('dms-web-test');
    expect(store.page.items).toHaveLength(10);
    expect(store.pageNumber).toBe(2);
  });

  it('[BB-API-12] opens one message by its id with the app id header, and shows it read', async () => {
    const { calls } = serve();
    const store = new NoticeStore();
    await store.loadLatest();
    const opened = await store.open(2);
    const one = calls.find((c) => c.url === '/api/message/push/apps/2')!;
    expect(one.method).toBe('GET');
    expect(one.headers.appId).toBe('dms-web-test');
    expect(opened.readFlag).toBe('1');
    expect(store.latest.find((m) => m.msgId === 2)!.readFlag).toBe('1');
  });
});

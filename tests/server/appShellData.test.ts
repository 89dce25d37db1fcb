// The data behind the app shell: the home page figures, reminders, the message list, starred menus, regions, and the two
// standalone pages, from the seeded database and within each user's data scope.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAppShellTables } from '../../server/db/appShellTables';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { DailyOrderCount, HomePageSum } from '../../schemas/api/home';
import type { MessageView, ReminderView } from '../../schemas/api/messages';
import type { RegionNode } from '../../schemas/api/dictionaries';
import type { VehicleOverview } from '../../schemas/api/customers';
import type { Page } from '../../schemas/api/page';
import type { StarredMenu } from '../../schemas/api/session';

describe(`the app shell's data (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let manufacturer: string;
  let advisorId: number;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, manufacturer] = await Promise.all([t.login('d11001fwgw'), t.login('admin')]);
    advisorId = (await t.server.database.db.selectFrom('users').select('id').where('userCode', '=', 'd11001fwgw').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t?.close());

  const get = <T>(url: string, token: string, query?: Record<string, string | number>) =>
    t.call<T>({ method: 'GET', url, token, ...(query ? { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) } : {}) });
  const db = () => t.server.database.db;

  describe('the 概览 home page', () => {
    it('[BO-ROUTE-09] counts the workshop of the user’s scope: waiting, in repair, finished unsettled, as the orders table says', async () => {
      const sum = (await get<HomePageSum>('/api/repair/RepairCount/gethomePageInterfaceSum', advisor)).data!;
      const byStatus = async (ownerCodes: string[] | null) => {
        let query = db().selectFrom('repairOrders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status');
        if (ownerCodes) query = query.where('ownerCode', 'in', ownerCodes);
        return Object.fromEntries((await query.execute()).map((r) => [r.status, Number(r.n)]));
      };
      const dealer = await byStatus(['D11001']);
      expect(sum).toMatchObject({ waitingDispatch: dealer['80211001'] ?? 0, inRepair: dealer['80211002'] ?? 0, finishedUnsettled: dealer['80211003'] ?? 0 });
      expect(sum.waitingDispatch + sum.inRepair + sum.finishedUnsettled).toBeGreaterThan(0);
      const all = await byStatus(null);
      expect((await get<HomePageSum>('/api/repair/RepairCount/gethomePageInterfaceSum', manufacturer)).data).toMatchObject({ finishedUnsettled: all['80211003'] });
    });

    it('counts today’s and this month’s orders in Beijing time, and the advisor’s unread reminders', async () => {
      const before = (await get<HomePageSum>('/api/repair/RepairCount/gethomePageInterfaceSum', advisor)).data!;
      const created = await t.call<{ id: number }>({
        method: 'POST',
        url: '/api/repair/order/repair/orders',
        token: advisor,
        payload: { vin: 'LHSA3B1C9TS000017', plateNo: '京AD12345', customerName: '首页', phone: '13900139000', repairTypeCode: 'RT01', status: '80211001', mileage: 100 },
      });
      expect(created.resultCode).toBe(200);
      const after = (await get<HomePageSum>('/api/repair/RepairCount/gethomePageInterfaceSum', advisor)).data!;
      expect(after.openedToday).toBe(before.openedToday + 1);
      expect(after.openedThisMonth).toBe(before.openedThisMonth + 1);
      expect(after.waitingDispatch).toBe(before.waitingDispatch + 1);
      const unread = await withAppShellTables(db())
        .selectFrom('reminders')
        .select(['remindType', (eb) => eb.fn.countAll<number>().as('n')])
        .where('advisorId', '=', advisorId)
        .where('readAt', 'is', null)
        .groupBy('remindType')
        .execute();
      const counts = Object.fromEntries(unread.map((r) => [r.remindType, Number(r.n)]));
      expect(after).toMatchObject({ healthCheckReminders: counts['89731001'] ?? 0, followUpReminders: counts['89731002'] ?? 0 });
      expect(after.healthCheckReminders).toBeGreaterThan(0);
    });

    it('[BO-API-09] gives the orders of each of the last N days, every day listed', async () => {
      const days = (await get<DailyOrderCount[]>('/api/report/RepairCount/getRepairOrderNum', manufacturer, { days: 7 })).data!;
      expect(days).toHaveLength(7);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
      expect(days.at(-1)!.day).toBe(today);
      const rows = await sql<{ n: number }>`select count(*) as n from repair_orders where to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') = ${today}`.execute(db());
      expect(days.at(-1)!.count).toBe(Number(rows.rows[0]!.n));
      expect(new Set(days.map((d) => d.day)).size).toBe(7);
    });
  });

  describe('reminders', () => {
    it('[BO-API-06] [BO-API-07] gives a service advisor their own health-check and follow-up reminders, and marks one read', async () => {
      const health = (await get<Page<ReminderView>>('/api/repair/vehicleHealthCheckSAReminder/selectSAReminder', advisor, { readFlag: '0', pageSize: 50 })).data!;
      expect(health.total).toBeGreaterThan(0);
      expect(health.items.every((r) => r.remindType === '89731001' && r.ownerCode === 'D11001' && r.readFlag === '0')).toBe(true);
      const followUps = (await get<Page<ReminderView>>('/api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder', manufacturer)).data!;
      expect(followUps.items.every((r) => r.remindType === '89731002')).toBe(true);
      const first = health.items[0]!;
      expect((await t.call({ method: 'PUT', url: `/api/repair/reminders/${first.id}/read`, token: advisor })).resultCode).toBe(200);
      const again = (await get<Page<ReminderView>>('/api/repair/reminders', advisor, { remindType: '89731001', readFlag: '0', pageSize: 50 })).data!;
      expect(again.total).toBe(health.total - 1);
    });

    it('answers another dealer’s reminder as not found', async () => {
      const other = await withAppShellTables(db()).selectFrom('reminders').select('id').where('ownerCode', '=', 'D31001').executeTakeFirstOrThrow();
      expect(await t.call({ method: 'PUT', url: `/api/repair/reminders/${other.id}/read`, token: advisor })).toMatchObject({ resultCode: 404, errMsg: '记录不存在或无权访问' });
    });
  });

  describe('the message list', () => {
    it('[BB-STATE-10] counts unread messages, lists the latest and a page of 10, and marks all read', async () => {
      const token = await t.login('d12001fwgw');
      const unread = (await get<number>('/api/message/notice/readNum', token)).data!;
      expect(unread).toBeGreaterThan(0);
      const latest = await t.call<MessageView[]>({ method: 'POST', url: '/api/message/push/apps/latest', token });
      expect(latest.data!.length).toBe(5);
      const page = await t.call<Page<MessageView>>({ method: 'POST', url: '/api/message/push/apps/list', token, query: { page: '1' } });
      expect(page.data!.items).toHaveLength(10);
      expect(page.data!.items.map((m) => m.msgId)).toEqual([...page.data!.items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.msgId - a.msgId)).map((m) => m.msgId));
      const opened = await get<MessageView>(`/api/message/push/apps/${latest.data![0]!.msgId}`, token);
      expect(opened.data!.readFlag).toBe('1');
      const all = await t.call<{ count: number }>({ method: 'POST', url: '/api/message/push/apps/allRead', token });
      expect(all.data!.count).toBe(unread - (latest.data![0]!.readFlag === '0' ? 1 : 0));
      expect((await get<number>('/api/message/notice/readNum', token)).data).toBe(0);
    });

    it('[BB-STATE-16] sends repair-order reminders as remindType 89710003 with the order number', async () => {
      const page = await t.call<Page<MessageView>>({ method: 'POST', url: '/api/message/push/apps/list', token: advisor, query: { remindType: '89710003', size: '100' } });
      expect(page.data!.total).toBeGreaterThan(0);
      for (const message of page.data!.items) expect(message.roNo).toMatch(/^ROD11001\d{10}$/);
    });

    it('[BB-STATE-15] sends price reminders (remindType 89710002) to service advisors', async () => {
      const page = await t.call<Page<MessageView>>({ method: 'POST', url: '/api/message/push/apps/list', token: advisor, query: { remindType: '89710002' } });
      expect(page.data!.items.map((m) => m.title)).toContain('前刹车片促销价');
    });

    it('never shows another user’s message', async () => {
      const theirs = await withAppShellTables(db()).selectFrom('messages').select('msgId').where('userId', '<>', advisorId).executeTakeFirstOrThrow();
      expect((await get(`/api/message/push/apps/${theirs.msgId}`, advisor)).resultCode).toBe(404);
    });
  });

  describe('starred menus', () => {
    it('[BB-STATE-21] [BB-STATE-22] [BB-API-07] [BB-API-08] stars a menu once however often it is starred, and unstars it', async () => {
      const star = (menuId: string, starred: boolean) => t.call<StarredMenu[]>({ method: 'PUT', url: '/api/auth/menu/point', token: advisor, payload: { menuId, type: 1, starred } });
      expect((await star('1101', true)).data).toEqual([{ menuId: '1101', key: '/repair/repairBusiness/repairOrder/index', path: '/repair/repairBusiness/repairOrder/index', title: '维修工单', icon: null }]);
      expect((await star('1101', true)).data).toHaveLength(1);
      await star('1102', true);
      expect((await get<StarredMenu[]>('/api/auth/menu/favorite', advisor, { type: 1 })).data!.map((m) => m.menuId)).toEqual(['1101', '1102']);
      expect((await star('1101', false)).data!.map((m) => m.menuId)).toEqual(['1102']);
      expect(await star('1100', true)).toMatchObject({ resultCode: 404, errMsg: '菜单不存在或不能收藏' });
      expect((await get<StarredMenu[]>('/api/auth/menu/favorite', manufacturer, { type: 1 })).data).toEqual([]);
    });
  });

  describe('regions and the standalone pages', () => {
    it('[BB-STATE-07] answers the region tree province, city, county with tcRegionList', async () => {
      const tree = (await get<RegionNode[]>('/api/dict/regions', advisor)).data!;
      const guangdong = tree.find((p) => p.regionName === '广东省')!;
      expect(guangdong.tcRegionList.map((c) => c.regionName)).toEqual(['广州市', '深圳市']);
      expect(guangdong.tcRegionList[1]!.tcRegionList.map((d) => d.regionName)).toContain('南山区');
      expect(guangdong.tcRegionList[1]!.tcRegionList[0]).toEqual({ regionCode: '440304', regionName: '福田区', tcRegionList: [] });
    });

    it('[BO-ROUTE-03] gives /onepage one vehicle, its owner and its repair history, inside the user’s scope only', async () => {
      const order = await db().selectFrom('repairOrders').select(['vin', 'plateNo']).where('ownerCode', '=', 'D11001').orderBy('id').executeTakeFirstOrThrow();
      const byVin = (await get<VehicleOverview>('/api/repair/onepage/vehicle', advisor, { vin: order.vin })).data!;
      expect(byVin.vehicle).toMatchObject({ vin: order.vin, plateNo: order.plateNo, brandName: '华晟' });
      expect(byVin.customer.customerName.length).toBeGreaterThan(1);
      const count = await db().selectFrom('repairOrders').select((eb) => eb.fn.countAll<number>().as('n')).where('vin', '=', order.vin).executeTakeFirstOrThrow();
      expect(byVin.repairOrders).toHaveLength(Number(count.n));
      expect((await get<VehicleOverview>('/api/repair/onepage/vehicle', advisor, { plateNo: order.plateNo })).data!.vehicle.vin).toBe(order.vin);
      const elsewhere = await db().selectFrom('vehicles').select('vin').where('ownerCode', '=', 'D44001').executeTakeFirstOrThrow();
      expect((await get('/api/repair/onepage/vehicle', advisor, { vin: elsewhere.vin })).resultCode).toBe(404);
    });

    it('[BO-ROUTE-03] gives /onepage its repair history page by page, by VIN or plate, inside the user’s scope only', async () => {
      // A vehicle with more than one order, so a page of one is a real page.
      const busiest = await db()
        .selectFrom('repairOrders')
        .select(['vin', (eb) => eb.fn.countAll<number>().as('n')])
        .where('ownerCode', '=', 'D11001')
        .groupBy('vin')
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .executeTakeFirstOrThrow();
      const total = Number(busiest.n);
      expect(total).toBeGreaterThan(1);
      type History = Page<VehicleOverview['repairOrders'][number]>;
      const history = async (query: Record<string, string | number>) => (await get<History>('/api/repair/onepage/repairOrders', advisor, query)).data!;
      const all = await history({ vin: busiest.vin, pageSize: 100 });
      const overview = (await get<VehicleOverview>('/api/repair/onepage/vehicle', advisor, { vin: busiest.vin })).data!;
      expect(all.total).toBe(total);
      expect(all.items).toEqual(overview.repairOrders);
      const second = await history({ vin: busiest.vin.toLowerCase(), current: 2, pageSize: 1 });
      expect(second).toEqual({ total, items: [all.items[1]] });
      const plate = await db().selectFrom('vehicles').select('plateNo').where('vin', '=', busiest.vin).executeTakeFirstOrThrow();
      expect((await history({ plateNo: plate.plateNo, pageSize: 100 })).items.map((o) => o.roNo)).toEqual(all.items.map((o) => o.roNo));
      // Nothing asked for, or a vehicle of another dealer: no orders, not an error (the page opens without a vehicle).
      expect(await history({})).toEqual({ total: 0, items: [] });
      const elsewhere = await db().selectFrom('repairOrders').select('vin').where('ownerCode', '=', 'D44001').executeTakeFirstOrThrow();
      expect(await history({ vin: elsewhere.vin })).toEqual({ total: 0, items: [] });
    });

    it('[BO-ROUTE-05] gives /selectCrowd the dealer’s customers, filtered by series and idle days', async () => {
      const page = (await get<Page<{ ownerCode: string; vehicles: string; lastVisit: string | null }>>('/api/customer/crowd/customers', advisor, { seriesName: '华晟 E6', idleDays: 90, pageSize: 100 })).data!;
      expect(page.total).toBeGreaterThan(0);
      expect(page.items.every((c) => c.ownerCode === 'D11001' && c.vehicles.includes('华晟 E6'))).toBe(true);
      const cutoff = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
      expect(page.items.every((c) => c.lastVisit === null || c.lastVisit <= cutoff)).toBe(true);
    });
  });
});

// Data scope over every resource of dealer data: a dealer user asking for another dealer's row by id, in a list filter,
// in an update and a delete gets not found (never forbidden-with-details); the manufacturer sees the dealers under it,
// a region the dealers of its region. And the audit log of the writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../server/http/errors';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { BOUNDARY, FILE_MENU, JPEG_HEAD, multipartBody } from './uploadBodies';
import type { Page } from '../../schemas/api/page';

const ORDERS = '/api/repair/order/repair/orders';
const BOOKINGS = '/api/repair/BookingRegister/bookings';
const LABOUR_ITEMS = '/api/repair/basedata/labourItems';
const SALES_TARGETS = '/api/2b/target/target/salesTargets';
const PHOTOS = '/api/repair/vehiclePhotos';
const CROWD = '/api/customer/crowd/customers';
const ONEPAGE = '/api/repair/onepage/vehicle';
const NOT_FOUND = { resultCode: 404, errMsg: ERROR_CATALOGUE.notFound.errMsg, data: null };

interface Row extends Record<string, unknown> {
  id: number;
  ownerCode: string;
}

describe(`data scope of every resource (${DB_KIND})`, () => {
  let t: TestServer;
  let dealer: string;
  let manufacturer: string;
  let region: string;
  let otherDealer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [dealer, manufacturer, region, otherDealer] = await Promise.all([t.login('d11001fwgw'), t.login('admin'), t.login('rnmanager'), t.login('d31001fwgw')]);
  });
  afterAll(() => t?.close());

  /** The first row of D31001 (another dealer, another region) and of D11001 in the manufacturer's list. */
  async function rowsOf(url: string, query: Record<string, string> = {}): Promise<{ other: Row; own: Row }> {
    const page = await t.call<Page<Row>>({ method: 'GET', url, token: manufacturer, query: { pageSize: '2000', ...query } });
    const items = page.data!.items;
    const other = items.find((r) => r.ownerCode === 'D31001');
    const own = items.find((r) => r.ownerCode === 'D11001');
    if (!other || !own) throw new Error(`no rows of both dealers in ${url}`);
    return { other, own };
  }

  it('[BO-PERM-08] a dealer user gets another dealer\'s repair order as not found: by id, in a list filter, in an update and a delete', async () => {
    const { other, own } = await rowsOf(ORDERS);
    expect(await t.call({ method: 'GET', url: `${ORDERS}/${other.id}`, token: dealer })).toMatchObject(NOT_FOUND);
    const filtered = await t.call<Page<Row>>({ method: 'GET', url: ORDERS, token: dealer, query: { roNo: String(other.roNo) } });
    expect(filtered.data).toEqual({ total: 0, items: [] });
    const body = { vin: other.vin, plateNo: other.plateNo, customerName: '改名', phone: other.phone, repairTypeCode: other.repairTypeCode, status: other.status, mileage: other.mileage };
    expect(await t.call({ method: 'PUT', url: `${ORDERS}/${other.id}`, token: dealer, payload: body })).toMatchObject(NOT_FOUND);
    expect(await t.call({ method: 'DELETE', url: `${ORDERS}/${other.id}`, token: dealer })).toMatchObject(NOT_FOUND);
    // Untouched, and the dealer's own row is there for it.
    expect(await t.call({ method: 'GET', url: `${ORDERS}/${other.id}`, token: manufacturer })).toMatchObject({ resultCode: 200, data: { customerName: other.customerName } });
    expect(await t.call({ method: 'GET', url: `${ORDERS}/${own.id}`, token: dealer })).toMatchObject({ resultCode: 200, data: { id: own.id } });
    const list = await t.call<Page<Row>>({ method: 'GET', url: ORDERS, token: dealer, query: { pageSize: '100' } });
    expect(new Set(list.data!.items.map((r) => r.ownerCode))).toEqual(new Set(['D11001']));
  });

  it('[BO-PERM-08] a dealer user gets another dealer\'s booking as not found: by id, in a list filter and in an update', async () => {
    const { other } = await rowsOf(BOOKINGS);
    expect(await t.call({ method: 'GET', url: `${BOOKINGS}/${other.id}`, token: dealer })).toMatchObject(NOT_FOUND);
    const filtered = await t.call<Page<Row>>({ method: 'GET', url: BOOKINGS, token: dealer, query: { bookingNo: String(other.bookingNo) } });
    expect(filtered.data).toEqual({ total: 0, items: [] });
    const full = (await t.call<Row>({ method: 'GET', url: `${BOOKINGS}/${other.id}`, token: manufacturer })).data!;
    const body = Object.fromEntries(Object.entries(full).filter(([, v]) => v !== null));
    expect(await t.call({ method: 'PUT', url: `${BOOKINGS}/${other.id}`, token: dealer, payload: body })).toMatchObject(NOT_FOUND);
  });

  it('[BO-PERM-08] a dealer user gets another dealer\'s reminder as not found when marking it read, and never lists it', async () => {
    const reminders = await t.call<Page<Row>>({ method: 'GET', url: '/api/repair/reminders', token: manufacturer, query: { pageSize: '200' } });
    const other = reminders.data!.items.find((r) => r.ownerCode !== 'D11001')!;
    expect(await t.call({ method: 'PUT', url: `/api/repair/reminders/${other.id}/read`, token: dealer })).toMatchObject(NOT_FOUND);
    const own = await t.call<Page<Row>>({ method: 'GET', url: '/api/repair/reminders', token: dealer, query: { pageSize: '200' } });
    expect(own.data!.items.every((r) => r.ownerCode === 'D11001')).toBe(true);
  });

  it('[BO-PERM-08] a dealer user lists only its own labour items, and another dealer\'s item in a save is not found and untouched', async () => {
    const { other } = await rowsOf(LABOUR_ITEMS);
    const own = await t.call<Page<Row>>({ method: 'GET', url: LABOUR_ITEMS, token: dealer, query: { pageSize: '1000' } });
    expect(own.data!.items.length).toBeGreaterThan(0);
    expect(new Set(own.data!.items.map((r) => r.ownerCode))).toEqual(new Set(['D11001']));
    expect(await t.call({ method: 'POST', url: `${LABOUR_ITEMS}/batch`, token: dealer, payload: { deleted: [{ id: other.id }] } })).toMatchObject(NOT_FOUND);
    const { id: _id, ownerCode: _owner, dealerName: _name, updatedAt: _at, ...fields } = other;
    const renamed = { ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)), id: other.id, labourName: '改名' };
    expect(await t.call({ method: 'POST', url: `${LABOUR_ITEMS}/batch`, token: dealer, payload: { updated: [renamed] } })).toMatchObject(NOT_FOUND);
    const still = await t.call<Page<Row>>({ method: 'GET', url: LABOUR_ITEMS, token: manufacturer, query: { pageSize: '2000', labourCode: String(other.labourCode) } });
    expect(still.data!.items.find((r) => r.id === other.id)).toMatchObject({ labourName: other.labourName });
  });

  it('[BO-PERM-08] a dealer user lists only its own sales targets', async () => {
    await rowsOf(SALES_TARGETS);
    const own = await t.call<Page<Row>>({ method: 'GET', url: SALES_TARGETS, token: await t.login('d11001xsgw'), query: { pageSize: '1000' } });
    expect(own.data!.items.length).toBeGreaterThan(0);
    expect(new Set(own.data!.items.map((r) => r.ownerCode))).toEqual(new Set(['D11001']));
  });

  it('[BO-PERM-08] a dealer user gets another dealer\'s vehicle photo record and uploaded file as not found, and never lists them', async () => {
    const url = '/api/file/image';
    const upload = await t.app.inject({
      method: 'POST',
      url,
      payload: multipartBody([{ field: 'file', name: 'car.jpg', content: Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]) }]),
      headers: { ...t.signatureHeaders('POST', url), authorization: `Bearer ${otherDealer}`, menuId: FILE_MENU, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const photo = upload.json<{ data: string }>().data;
    const saved = await t.call<Row>({ method: 'POST', url: PHOTOS, token: otherDealer, payload: { plateNo: '沪A12345', photo } });
    expect(saved.resultCode).toBe(200);
    expect(await t.call({ method: 'GET', url: `${PHOTOS}/${saved.data!.id}`, token: dealer })).toMatchObject(NOT_FOUND);
    const list = await t.call<Page<Row>>({ method: 'GET', url: PHOTOS, token: dealer, query: { pageSize: '1000' } });
    expect(list.data!.items.some((r) => r.id === saved.data!.id)).toBe(false);
    expect(await t.call({ method: 'GET', url: photo, token: dealer })).toMatchObject(NOT_FOUND);
    expect(await t.call({ method: 'GET', url: photo.replace('preview', 'download'), token: dealer })).toMatchObject(NOT_FOUND);
    // Nor can the dealer attach it to a record of its own.
    expect(await t.call({ method: 'POST', url: PHOTOS, token: dealer, payload: { plateNo: '京A12345', photo } })).toMatchObject(NOT_FOUND);
    expect((await t.call({ method: 'GET', url: `${PHOTOS}/${saved.data!.id}`, token: manufacturer })).resultCode).toBe(200);
  });

  it('[BO-PERM-08] a dealer user finds another dealer\'s vehicle on the one-page overview as not found, and sees only its own repair history', async () => {
    const { other, own } = await rowsOf(ORDERS);
    expect(await t.call({ method: 'GET', url: ONEPAGE, token: dealer, query: { vin: String(other.vin) } })).toMatchObject({ resultCode: 404, data: null });
    const mine = await t.call<{ repairOrders: { roNo: string }[] }>({ method: 'GET', url: ONEPAGE, token: dealer, query: { vin: String(own.vin) } });
    expect(mine.resultCode).toBe(200);
    expect(mine.data!.repairOrders.every((o) => o.roNo.startsWith('ROD11001'))).toBe(true);
  });

  it('[BO-PERM-08] the crowd list shows a customer\'s last visit at its own dealer only, never a visit to another dealer', async () => {
    interface Member extends Record<string, unknown> {
      customerId: number;
      vehicles: string;
      lastVisit: string | null;
      ownerCode: string;
    }
    const crowd = async () => (await t.call<Page<Member>>({ method: 'GET', url: CROWD, token: dealer, query: { pageSize: '1000' } })).data!.items;
    const before = await crowd();
    expect(new Set(before.map((m) => m.ownerCode))).toEqual(new Set(['D11001']));
    const member = before.find((m) => m.vehicles)!;
    const plateNo = member.vehicles.split('，')[0]!.split(' ')[0]!;
    const vehicle = await t.call<{ vehicle: { vin: string } }>({ method: 'GET', url: ONEPAGE, token: dealer, query: { plateNo } });
    const { other } = await rowsOf(ORDERS);
    // The same car serviced today at another dealer (D31001).
    const visit = { vin: vehicle.data!.vehicle.vin, plateNo, customerName: '外店客户', phone: '13800138000', repairTypeCode: other.repairTypeCode, status: other.status, mileage: 12345 };
    expect((await t.call({ method: 'POST', url: ORDERS, token: otherDealer, payload: visit })).resultCode).toBe(200);
    const after = (await crowd()).find((m) => m.customerId === member.customerId)!;
    expect(after.lastVisit).toBe(member.lastVisit);
  });

  it('[BO-PERM-07] the manufacturer (org type 10461003) sees every dealer under it; a region only its own dealers', async () => {
    const { other, own } = await rowsOf(ORDERS);
    expect((await t.call({ method: 'GET', url: `${ORDERS}/${own.id}`, token: manufacturer })).resultCode).toBe(200);
    // rnmanager: 北方大区 holds D11001, not D31001 (东部大区).
    expect((await t.call({ method: 'GET', url: `${ORDERS}/${own.id}`, token: region })).resultCode).toBe(200);
    expect(await t.call({ method: 'GET', url: `${ORDERS}/${other.id}`, token: region })).toMatchObject(NOT_FOUND);
    const userInfo = await t.call<{ dataType: string }>({ method: 'GET', url: '/api/auth/userinfo', token: manufacturer });
    expect(userInfo.data!.dataType).toBe('10461003');
  });

  it('records every write in the audit log: who, when, menu, key, row, before and after; refused writes too', async () => {
    const { own } = await rowsOf(ORDERS);
    const body = { vin: own.vin, plateNo: own.plateNo, customerName: '审计测试', phone: own.phone, repairTypeCode: own.repairTypeCode, status: own.status, mileage: own.mileage };
    expect((await t.call({ method: 'PUT', url: `${ORDERS}/${own.id}`, token: dealer, payload: body })).resultCode).toBe(200);
    const refused = await t.call({ method: 'DELETE', url: `${ORDERS}/${own.id}`, token: dealer, menuId: '1102' });
    expect(refused.resultCode).toBe(403);
    const log = await t.call<Page<Record<string, unknown>>>({ method: 'GET', url: '/api/auth/auditLogs', token: manufacturer, query: { userCode: 'd11001fwgw' } });
    expect(log.resultCode).toBe(200);
    const [latest, previous] = log.data!.items;
    expect(latest).toMatchObject({ userCode: 'd11001fwgw', menuId: '1102', permissionKey: 'DELETE_repair_order/repair/orders/{id}', rowRef: String(own.id), resultCode: 403 });
    expect(previous).toMatchObject({ userCode: 'd11001fwgw', menuId: '1101', permissionKey: 'PUT_repair_order/repair/orders/{id}', rowRef: String(own.id), resultCode: 200 });
    // In words for the reader: the button's label on the menu's screen (else the method's verb), the result, the dealer.
    expect(latest).toMatchObject({ operation: '删除', result: '拒绝：无权限' });
    expect(previous).toMatchObject({ operation: '编辑', result: '成功', dealerName: expect.stringContaining('华晟') });
    expect(JSON.parse(String(previous!.before))).toMatchObject({ id: own.id, customerName: own.customerName });
    expect(JSON.parse(String(previous!.after))).toMatchObject({ id: own.id, customerName: '审计测试' });
    expect(String(previous!.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  // Last: it moves the region manager to a region without dealers.
  it('[BO-PERM-07] a user whose scope holds no dealer lists nothing, with no error, on both databases', async () => {
    const db = t.server.database.db;
    const manufacturerOrg = await db.selectFrom('organizations').select('id').where('orgType', '=', '10461003').executeTakeFirstOrThrow();
    const empty = await db
      .insertInto('organizations')
      .values({ orgCode: 'RXEMPTY', orgName: '筹建大区', parentId: manufacturerOrg.id, orgType: '10461002', companyType: '15061001', groupOrgId: null, provinceName: null, cityName: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').where('userCode', '=', 'rnmanager').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ orgId: empty.id }).where('id', '=', user.id).execute();
    await db.updateTable('userPositions').set({ orgId: empty.id }).where('userId', '=', user.id).execute();
    for (const url of [ORDERS, SALES_TARGETS]) {
      const page = await t.call<Page<Row>>({ method: 'GET', url, token: region });
      expect({ url, resultCode: page.resultCode, total: page.data?.total, items: page.data?.items.length }).toEqual({ url, resultCode: 200, total: 0, items: 0 });
    }
  });
});

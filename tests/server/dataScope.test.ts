// Data scope over every resource of dealer data: a dealer user asking for another dealer's row by id, in a list filter,
// in an update and a delete gets not found (never forbidden-with-details); the manufacturer sees the dealers under it,
// a region the dealers of its region. And the audit log of the writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepairOrderView } from '../../server/data/repairOrders';
import { ERROR_CATALOGUE } from '../../server/http/errors';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

const ORDERS = '/api/repair/order/repair/orders';
const BOOKINGS = '/api/repair/BookingRegister/bookings';
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

  beforeAll(async () => {
    t = await startTestServer();
    [dealer, manufacturer, region] = await Promise.all([t.login('d11001fwgw'), t.login('admin'), t.login('rnmanager')]);
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
    const list = await t.call<Page<RepairOrderView>>({ method: 'GET', url: ORDERS, token: dealer, query: { pageSize: '100' } });
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
    expect(JSON.parse(String(previous!.before))).toMatchObject({ id: own.id, customerName: own.customerName });
    expect(JSON.parse(String(previous!.after))).toMatchObject({ id: own.id, customerName: '审计测试' });
    expect(String(previous!.createdAt)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

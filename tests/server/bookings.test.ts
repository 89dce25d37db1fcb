import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialEntry, MaterialOptionEntry } from '../../server/data/materials';
import { formatDateTime } from '../../server/http/dates';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { ConsultantRow, PositionUserRow } from '../../schemas/api/staff';
import type { Page } from '../../schemas/api/page';

const BOOKINGS = '/api/repair/BookingRegister/bookings';

/** What the form sends: the booking's fields ('|' pairs already split). */
type BookingInput = Record<string, unknown> & { brandId: number; advisorId: number; budgetFrom: number; budgetTo: number };
/** A booking as answered: every field, amounts as exact decimal text ("800.00"), and the names shown beside them. */
type BookingView = Record<string, unknown> & { id: number; bookingNo: string; ownerCode: string; plateNo: string; bookingTime: string; regionName: string | null; materialName: string; repairTypeName: string };
const tomorrow = formatDateTime(new Date(Date.now() + 86_400_000)).slice(0, 10);

describe(`service bookings (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherDealer: string;
  let admin: string;
  let booking: BookingInput;

  const get = async <T>(url: string, token = advisor, query: Record<string, string | string[]> = {}) => (await t.call<T>({ method: 'GET', url, token, query })).data!;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherDealer, admin] = await Promise.all([t.login('d11001fwgw'), t.login('d31001fwgw'), t.login('admin')]);
    const path: number[] = [(await get<MaterialEntry[]>('/api/basedata/materials/level/1'))[0]!.materialId];
    for (let level = 2; level <= 5; level++) path.push((await get<MaterialEntry[]>(`/api/basedata/materials/${path.at(-1)}/items`)).at(-1)!.materialId);
    const [options, advisors, technicians, receptionists] = await Promise.all([
      get<MaterialOptionEntry[]>(`/api/basedata/materialOption/${path[3]}/PKG`),
      get<ConsultantRow[]>('/api/basedata/employees/consultants', advisor, { positionCode: 'FWGW' }),
      get<PositionUserRow[]>('/api/basedata/employees/byPosition', advisor, { positionCode: 'JS' }),
      get<PositionUserRow[]>('/api/basedata/employees/byPosition', advisor, { positionCode: 'KFZY' }),
    ]);
    const [brandId, seriesId, modelId, configId, colorId] = path as [number, number, number, number, number];
    booking = {
      customerName: '赵晓东',
      phone: '13912345678',
      gender: '10021001',
      idCardNo: '11010519491231002X',
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110105',
      address: '建国路88号',
      contactType: '80541001',
      contactValue: 'zhaoxd88',
      customerTags: ['老客户', 'VIP'],
      callbackChannels: ['80551001', '80551003'],
      plateNo: '京AD12345',
      vin: 'LHSA3B1C9TS000017',
      brandId,
      seriesId,
      modelId,
      configId,
      colorId,
      optionIds: [options[0]!.optionId],
      mileage: 23500,
      purchaseDate: '2024-03-15',
      lastMaintainDate: '2026-01-10 00:00:00',
      insuranceExpiry: '2027-03',
      modelYear: '2024',
      warrantyFrom: '2027-03',
      warrantyTo: '2029-03',
      bookingTime: `${tomorrow} 09:30:00`,
      arriveFrom: '09:30',
      arriveTo: '10:00',
      deliveryTime: '17:00',
      repairTypeCode: 'RT02',
      serviceItems: ['80531001', '80531005'],
      bookingSource: '80521002',
      faultSystem: 'F03',
      faultSymptom: 'F0301',
      repairItem: 'R0101',
      workshopCode: 'WS1',
      bayCode: 'A02',
      advisorId: advisors[0]!.userId,
      technicianId: technicians[0]!.userId,
      receptionistId: receptionists[0]!.userId,
      budgetFrom: 800,
      budgetTo: 1500.5,
      pickupDateFrom: tomorrow,
      pickupDateTo: tomorrow,
      loanCarFrom: `${tomorrow} 09:30:00`,
      loanCarTo: `${tomorrow} 18:00:00`,
      needPickup: '1',
      pickupFrom: '08:00:00',
      pickupTo: '09:00:00',
      callbackTime: '19:30:00',
      remark: '客户希望上午完成',
    };
  });
  afterAll(() => t?.close());

  it('lists the seeded bookings of the caller\'s dealer only, newest booking time first', async () => {
    const own = await get<Page<BookingView>>(BOOKINGS, advisor, { pageSize: '50' });
    expect(own.total).toBeGreaterThan(10);
    expect(own.items.every((b) => b.ownerCode === 'D11001')).toBe(true);
    const times = own.items.map((b) => b.bookingTime);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await get<Page<BookingView>>(BOOKINGS, admin, { pageSize: '1' });
    expect(all.total).toBeGreaterThan(own.total);
  });

  it('saves a booking with every field and answers it back, names resolved', async () => {
    const saved = await t.call<BookingView>({ method: 'POST', url: BOOKINGS, token: advisor, payload: booking });
    expect(saved.errMsg).toBe('');
    const view = saved.data!;
    expect(view).toMatchObject({ ...booking, budgetFrom: '800.00', budgetTo: '1500.50', status: '80511001', ownerCode: 'D11001' });
    expect(view.bookingNo).toMatch(new RegExp(`^BKD11001${tomorrow.slice(2).replaceAll('-', '')}\\d{4}$`));
    expect(view.regionName).toBe('北京市 北京市 朝阳区');
    expect(view.materialName).toBe('华晟 E6 性能版 610km 智享配置 月光银');
    expect(view.repairTypeName).toBe('定期保养');
    expect(await get<BookingView>(`${BOOKINGS}/${view.id}`)).toEqual(view);
  });

  it('filters by the linked select, a batch of VINs, status, date range and the material cascade', async () => {
    const query = async (q: Record<string, string | string[]>) => (await get<Page<BookingView>>(BOOKINGS, advisor, q)).items.map((b) => b.plateNo);
    expect(await query({ searchKey: 'plateNo', searchValue: 'AD12345' })).toEqual(['京AD12345']);
    expect(await query({ searchKey: 'phone', searchValue: '13912345678' })).toEqual(['京AD12345']);
    expect(await query({ vin: `LHSA3B1C9TS000017,${'L'.repeat(17)}` })).toEqual(['京AD12345']);
    expect(await query({ status: ['80511001'], bookingFrom: tomorrow, bookingTo: tomorrow, brandId: String(booking.brandId), seriesId: String(booking.seriesId) })).toContain('京AD12345');
    expect(await query({ status: ['80511004'], searchKey: 'plateNo', searchValue: 'AD12345' })).toEqual([]);
  });

  it('updates a booking, keeping pick-up times only while the car is picked up', async () => {
    const created = (await t.call<BookingView>({ method: 'POST', url: BOOKINGS, token: advisor, payload: { ...booking, plateNo: '京B54321' } })).data!;
    const updated = await t.call<BookingView>({ method: 'PUT', url: `${BOOKINGS}/${created.id}`, token: advisor, payload: { ...booking, plateNo: '京B54321', status: '80511002', needPickup: '0' } });
    expect(updated.data).toMatchObject({ status: '80511002', needPickup: '0', pickupFrom: null, pickupTo: null, bookingNo: created.bookingNo });
  });

  it('answers another dealer\'s booking as not found, for reading and for updating', async () => {
    const own = (await get<Page<BookingView>>(BOOKINGS, advisor, { pageSize: '1' })).items[0]!;
    expect(await t.call({ method: 'GET', url: `${BOOKINGS}/${own.id}`, token: otherDealer })).toMatchObject({ resultCode: 404, errMsg: '记录不存在或无权访问' });
    expect(await t.call({ method: 'PUT', url: `${BOOKINGS}/${own.id}`, token: otherDealer, payload: booking })).toMatchObject({ resultCode: 404 });
    expect((await t.call({ method: 'POST', url: BOOKINGS, token: admin, payload: booking })).resultCode).toBe(403);
  });

  it('refuses bad values with one Chinese message naming each problem', async () => {
    const answer = await t.call({
      method: 'POST',
      url: BOOKINGS,
      token: advisor,
      payload: {
        ...booking,
        phone: '12345678901',
        idCardNo: '110105194912310021',
        vin: 'LHSA3B1C0TS000017',
        colorId: booking.brandId,
        countyCode: '310115',
        faultSymptom: 'F0101',
        arriveFrom: '11:00',
        arriveTo: '10:00',
        bookingTime: '2020-01-01 09:00:00',
      },
    });
    expect(answer.resultCode).toBe(400);
    for (const problem of ['联系电话格式不正确', '证件号码格式不正确', 'VIN格式不正确', '车型不存在', '所在地区不存在', '故障现象不存在', '到店时段的开始不能晚于结束', '预约进厂时间不能早于今天']) {
      expect(answer.errMsg).toContain(problem);
    }
  });

  it('refuses staff of another dealer or another position, and an option of another configuration', async () => {
    const elsewhere = await get<ConsultantRow[]>('/api/basedata/employees/consultants', otherDealer, { positionCode: 'FWGW' });
    const answer = await t.call({ method: 'POST', url: BOOKINGS, token: advisor, payload: { ...booking, advisorId: elsewhere[0]!.userId, technicianId: booking.advisorId, optionIds: [999999] } });
    expect(answer.errMsg).toContain('服务顾问不是本店在职人员');
    expect(answer.errMsg).toContain('指定技师不是本店在职人员');
    expect(answer.errMsg).toContain('选装配置不属于所选配置');
  });

  it('names a missing required field by its title', async () => {
    const { advisorId: _advisorId, ...withoutAdvisor } = booking;
    expect(await t.call({ method: 'POST', url: BOOKINGS, token: advisor, payload: withoutAdvisor })).toMatchObject({ resultCode: 400, errMsg: '服务顾问不能为空' });
  });

  it('serves the option trees of the booking form as value, text and children', async () => {
    const fault = await get<{ value: string; text: string; children: unknown[] }[]>('/api/repair/BookingRegister/trees/fault');
    expect(fault[0]).toMatchObject({ value: 'F01', text: '发动机' });
    expect(fault[0]!.children.length).toBeGreaterThan(1);
    expect(await t.call({ method: 'GET', url: '/api/repair/BookingRegister/trees/nope', token: advisor })).toMatchObject({ resultCode: 404 });
  });
});

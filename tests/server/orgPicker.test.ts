import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { AreaNode, DealerCompany, GroupCompany, OrgTreeNode, PickerEmployee, RegionOrg } from '../../schemas/api/orgPicker';

describe(`the picker's organisation data and the repair-order print (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let advisor: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, advisor] = await Promise.all([t.login('admin'), t.login('d11001fwgw')]);
  });
  afterAll(() => t?.close());

  const orgInfo = <T>(body: object, token = admin) => t.call<T>({ method: 'POST', url: '/api/org/dealer/selectOrgInfo', token, body });

  it('[BB-PICK-22] [BB-PICK-09] [BB-PICK-31] [BB-API-06] lists dealers (companyType 15061003) as a data list with companyCode, companyNameCn, companyId, cityId, gmsNameCn, provinceId', async () => {
    const answer = await orgInfo<DealerCompany[]>({ companyType: '15061003' });
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toHaveLength(7);
    expect(Object.keys(answer.data![0]!).sort()).toEqual(['cityId', 'companyCode', 'companyId', 'companyNameCn', 'gmsNameCn', 'provinceId']);
    expect(answer.data!.find((d) => d.companyCode === 'D44003')).toMatchObject({ provinceId: '440000', cityId: '440300', gmsNameCn: '南方大区' });
  });

  it('[BB-PICK-23] [BB-PICK-18] lists the group companies (companyType 15061002) with companyNameCn and companyCode, and their dealers by groupCompanyId', async () => {
    const groups = await orgInfo<GroupCompany[]>({ companyType: '15061002' });
    expect(groups.data!.map((g) => g.companyCode)).toEqual(['G01', 'G02']);
    const g01 = groups.data![0]!;
    const dealers = await orgInfo<DealerCompany[]>({ companyType: '15061003', groupCompanyId: g01.companyId });
    expect(dealers.data!.map((d) => d.companyCode).sort()).toEqual(['D11001', 'D12001', 'D31001']);
  });

  it('[BB-PICK-24] [BB-PICK-25] [BB-PICK-14] [BB-PICK-30] lists region organisations by orgTypes and orgKind 10701002, and their dealers by oemOrgIds', async () => {
    const regions = await orgInfo<RegionOrg[]>({ orgTypes: ['15061001', '15061005', '15061006'], orgKind: '10701002' });
    expect(regions.data!.map((r) => r.orgNameCn)).toEqual(['北方大区', '东部大区', '南方大区']);
    expect(Object.keys(regions.data![0]!).sort()).toEqual(['orgId', 'orgNameCn', 'orgType', 'parentOrgId']);
    const north = await orgInfo<DealerCompany[]>({ companyType: '15061003', oemOrgIds: [regions.data![0]!.orgId] });
    expect(north.data!.map((d) => d.companyCode).sort()).toEqual(['D11001', 'D12001']);
    const some = await orgInfo<DealerCompany[]>({ companyType: '15061003', companyIds: north.data!.map((d) => d.companyId).slice(0, 1) });
    expect(some.data).toHaveLength(1);
  });

  it('[BB-PICK-08] filters dealers by code and name, case-insensitively, and keeps a dealer account to its own dealer', async () => {
    const byCode = await orgInfo<DealerCompany[]>({ companyType: '15061003', companyCode: 'd44' });
    expect(byCode.data!.map((d) => d.companyCode).sort()).toEqual(['D44001', 'D44003']);
    const own = await orgInfo<DealerCompany[]>({ companyType: '15061003' }, advisor);
    expect(own.data!.map((d) => d.companyCode)).toEqual(['D11001']);
  });

  it('[BB-PICK-33] [BB-PICK-17] answers the area list (orgType, authority, menuId) as provinces and cities of visible dealers', async () => {
    const areas = await t.call<AreaNode[]>({ method: 'GET', url: '/api/org/area/list', token: admin, query: { orgType: '15061001', authority: '1', menuId: '1101' } });
    expect(areas.data!.map((a) => a.regionName)).toEqual(['北京市', '天津市', '上海市', '江苏省', '湖南省', '广东省']);
    expect(areas.data!.find((a) => a.regionId === '440000')!.children.map((c) => c.regionName)).toEqual(['广州市', '深圳市']);
  });

  it('[BB-PICK-32] [BB-PICK-15] [BB-API-20] answers the org tree from an org id with role org id, authority, menuId and firstId', async () => {
    const me = await t.call<{ orgId: number }>({ method: 'GET', url: '/api/auth/userinfo', token: admin });
    const rootId = (me.data as { orgId: number }).orgId;
    const tree = await t.call<OrgTreeNode[]>({ method: 'GET', url: `/api/org/orgs/getAllOrgsByOrgId/${rootId}`, token: admin, query: { roleOrgId: String(rootId), authority: '1', menuId: '1101', firstId: '' } });
    const root = tree.data![0]!;
    expect(Object.keys(root).sort()).toEqual(['id', 'orgId', 'orgList', 'orgName', 'orgNameCn', 'parentOrgId', 'rootId']);
    expect(root.orgList.map((r) => r.orgName)).toEqual(['北方大区', '东部大区', '南方大区']);
    expect(root.orgList[0]!.orgList.every((d) => d.rootId === rootId)).toBe(true);
  });

  it('[BB-PICK-19] [BB-PICK-10] [BB-PICK-13] [BB-PICK-12] [BB-API-14] lists employees of role types 10061012 and 100610151, one row per person, employed only by default', async () => {
    const answer = await t.call<PickerEmployee[]>({ method: 'POST', url: '/api/org/user/listUserPosition', token: advisor, body: { roleType: ['10061012', '100610151'] } });
    const people = answer.data!;
    expect(people.length).toBeGreaterThan(0);
    expect(new Set(people.map((p) => p.userId)).size).toBe(people.length);
    expect(people.every((p) => p.isOnjob === '10081001' && p.orgName.startsWith('北京'))).toBe(true);
    expect(Object.keys(people[0]!)).toEqual(expect.arrayContaining(['employeeName', 'employeeStatus', 'userId', 'userPositionDetailVos', 'orgName', 'isOnjob']));
    const codes = new Set(people.flatMap((p) => p.userPositionDetailVos.map((v) => v.positionCode)));
    expect([...codes].sort()).toEqual(['FWGW', 'XSGW']);
    expect(await t.call({ method: 'POST', url: '/api/org/user/listUserPosition', token: advisor, body: { roleType: [] } })).toMatchObject({ data: [] });
  });

  it('lists the test-drive staff (SCY) under role type 10061015 with the sales consultants, as the real staff of the dealer; 100610151 stays the sales consultants', async () => {
    const staff = await t.server.database.db
      .selectFrom('userPositions as up')
      .innerJoin('users as u', 'u.id', 'up.userId')
      .innerJoin('organizations as o', 'o.id', 'up.orgId')
      .select(['u.id as userId'])
      .where('up.positionCode', '=', 'SCY')
      .where('o.orgCode', '=', 'D11001')
      .where('u.isOnjob', '=', '10081001')
      .execute();
    expect(staff.length).toBeGreaterThan(0);
    const showroom = (await t.call<PickerEmployee[]>({ method: 'POST', url: '/api/org/user/listUserPosition', token: advisor, body: { roleType: ['10061015'] } })).data!;
    const drivers = showroom.filter((p) => p.userPositionDetailVos.some((v) => v.positionCode === 'SCY'));
    expect(drivers.map((p) => p.userId).sort((a, b) => a - b)).toEqual(staff.map((s) => Number(s.userId)).sort((a, b) => a - b));
    expect(drivers[0]!.userPositionDetailVos.find((v) => v.positionCode === 'SCY')).toMatchObject({ positionName: '试乘试驾专员' });
    expect([...new Set(showroom.flatMap((p) => p.userPositionDetailVos.map((v) => v.positionCode)))].sort()).toEqual(['SCY', 'XSGW']);
    const consultants = (await t.call<PickerEmployee[]>({ method: 'POST', url: '/api/org/user/listUserPosition', token: advisor, body: { roleType: ['100610151'] } })).data!;
    expect([...new Set(consultants.flatMap((p) => p.userPositionDetailVos.map((v) => v.positionCode)))]).toEqual(['XSGW']);
  });

  it('answers the repair-order print info of an order in scope, and not of another dealer\'s', async () => {
    const list = await t.call<{ items: { id: number; roNo: string }[] }>({ method: 'GET', url: '/api/repair/order/repair/orders', token: advisor, query: { pageSize: '1' } });
    const order = list.data!.items[0]!;
    const info = await t.call<{ roNo: string; labourAmount: string; partAmount: string; addItemAmount: string; totalAmount: string; printedAt: string }>({ method: 'GET', url: `/api/repair/order/repair/queryPrintInfo/${order.id}`, token: advisor });
    expect(info.data).toMatchObject({ roNo: order.roNo, dealerName: '北京华晟京通汽车销售服务有限公司' });
    // Money is exact decimal text; the total is labour + parts + additional items to the cent, never a float sum.
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    expect(info.data!.totalAmount).toMatch(/^\d+\.\d{2}$/);
    expect(cents(info.data!.totalAmount)).toBe(cents(info.data!.labourAmount) + cents(info.data!.partAmount) + cents(info.data!.addItemAmount));
    expect(info.data!.printedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const other = await t.call<{ items: { id: number; ownerCode: string }[] }>({ method: 'GET', url: '/api/repair/order/repair/orders', token: admin, query: { pageSize: '50' } });
    const foreign = other.data!.items.find((o) => o.ownerCode !== 'D11001')!;
    expect(await t.call({ method: 'GET', url: `/api/repair/order/repair/queryPrintInfo/${foreign.id}`, token: advisor })).toMatchObject({ resultCode: 404 });
  });

  it('sanitises the repair order description (rich text) when it is saved, and refuses text over 50000 characters', async () => {
    const order = { vin: 'LHSA3B1C9TS000017', plateNo: '京AD12345', customerName: '测试车主', phone: '13800138000', repairTypeCode: 'RT02', status: '80211001', mileage: 12345 };
    const dirty = '<p onclick="steal()">更换<strong>机油</strong><script>alert(1)</script></p><img src="https://img.example/a.png" onerror="alert(2)">';
    const created = await t.call<{ id: number }>({ method: 'POST', url: '/api/repair/order/repair/orders', token: advisor, body: { ...order, descriptionHtml: dirty } });
    expect(created.resultCode).toBe(200);
    const saved = await t.call<{ descriptionHtml: string }>({ method: 'GET', url: `/api/repair/order/repair/orders/${created.data!.id}`, token: advisor });
    expect(saved.data!.descriptionHtml).toBe('<p>更换<strong>机油</strong></p><img src="https://img.example/a.png" />');
    const tooLong = await t.call({ method: 'PUT', url: `/api/repair/order/repair/orders/${created.data!.id}`, token: advisor, body: { ...order, descriptionHtml: `<p>${'字'.repeat(50001)}</p>` } });
    expect(tooLong).toMatchObject({ resultCode: 400, errMsg: '维修说明不能超过50000字' });
  });
});

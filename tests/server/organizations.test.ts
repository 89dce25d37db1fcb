// 组织机构, 渠道 and 公司 (domain.md §6): the organisation tree as a model on its base table, edited by the manufacturer
// only; a dealer moved to another region is seen by that region's manager at once (the data scope reads the tree on
// every request); channels by dealer with their states and the picker that leaves out closed ones; companies with a
// checked unified social credit code, one per organisation, dealer companies owned by their group company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { creditCodeCheckChar } from '../../schemas/formats/formats';
import { DEALERS, GROUPS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const ORGS = '/org-service/org/orgs';
const BY_LOGIN = '/org-service/org/orgsByLogin';
const CHANNELS = '/org-service/channel/channels';
const CHANNEL_OPTIONS = '/org-service/channel/channelOptions';
const COMPANIES = '/org-service/company/companys';
const ORDERS = '/api/repair/order/repair/orders';

type Row = Record<string, unknown> & { id: number };
const users = ['admin', 'rnmanager', 'remanager', 'd11001fwgw', 'd11001dbzy', 'd31001dbzy'] as const;
type Who = (typeof users)[number];

/** A valid credit code (GB 32100) for the test's own companies. */
const creditCode = (body: string) => `${body}${creditCodeCheckChar(body)}`;

describe(`[BO-PROD-12] 组织机构、渠道与公司 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, menuId?: string) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), ...(menuId ? { menuId } : {}) });
  const list = async (who: Who, url: string, query = '') => (await call<Page<Row>>(who, 'GET', `${url}?${query.includes('pageSize=') ? '' : 'pageSize=500&'}${query}`)).data!;
  const orgOf = async (code: string) => (await list('admin', ORGS, `orgCode=${code}`)).items.find((o) => o.orgCode === code)!;

  it('[BB-SVC-04] serves the standalone org service at its own base, signed and checked like /api', async () => {
    expect(await t.call({ method: 'GET', url: ORGS, token: tokens.admin, signed: false })).toMatchObject({ resultCode: 40110 });
    expect(await t.call({ method: 'GET', url: ORGS, signed: true })).toMatchObject({ resultCode: 40105 });
    expect(await t.call({ method: 'GET', url: '/org-service/org/nothing', token: tokens.admin })).toMatchObject({ resultCode: 404 });
    expect(await call('admin', 'GET', ORGS)).toMatchObject({ resultCode: 200 });
  });

  it('[BO-PERM-07] the seeded tree: the manufacturer, three regions and two groups beneath it, the dealers under their regions, with the 1046 and 1506 codes', async () => {
    const orgs = (await list('admin', ORGS)).items;
    const byCode = new Map(orgs.map((o) => [o.orgCode, o]));
    expect(byCode.get('HSQC')).toMatchObject({ orgType: '10461003', parentId: null, companyType: null });
    for (const code of ['RN', 'RE', 'RS']) expect(byCode.get(code)).toMatchObject({ orgType: '10461002', companyType: '15061001', parentName: '华晟汽车销售有限公司' });
    for (const group of GROUPS) expect(byCode.get(group.orgCode)).toMatchObject({ orgType: '10461004', companyType: '15061002', orgName: group.orgName });
    for (const dealer of DEALERS) {
      expect(byCode.get(dealer.orgCode)).toMatchObject({ orgType: '10461001', companyType: '15061003', orgName: dealer.orgName, parentId: byCode.get(dealer.region)!.id });
      expect(byCode.get(dealer.orgCode)!.groupOrgId).toBe(dealer.group ? byCode.get(dealer.group)!.id : null);
    }
    expect(byCode.get('D11001')).toMatchObject({ parentName: '北方大区', groupOrgName: '京沪汽车服务集团有限公司' });
  });

  it('[BO-API-13] [BB-API-21] GET org/orgsByLogin answers the organisations at and beneath the signed-in user\'s own, in the picker\'s shape', async () => {
    const codes = async (who: Who, query = '') => ((await call<{ orgCode: string }[]>(who, 'GET', `${BY_LOGIN}${query}`, undefined, 'org_organizations')).data ?? []).map((o) => o.orgCode);
    expect(await codes('admin')).toEqual(expect.arrayContaining(['HSQC', 'RN', 'G01', 'D11001', 'D43001']));
    expect((await codes('admin', '?orgType=10461002')).sort()).toEqual(['RE', 'RN', 'RS']);
    expect((await codes('admin', '?orgType=10461003,10461004')).sort()).toEqual(['G01', 'G02', 'HSQC']);
    const answer = await call<Record<string, unknown>[]>('admin', 'GET', `${BY_LOGIN}?orgType=10461001&orgName=京通`, undefined, 'org_organizations');
    expect(answer.data).toEqual([
      { orgId: expect.any(Number), orgCode: 'D11001', orgName: '北京华晟京通汽车销售服务有限公司', orgNameCn: '北京华晟京通汽车销售服务有限公司', parentOrgId: expect.any(Number), orgType: '10461001', companyType: '15061003' },
    ]);
  });

  it('[BO-API-12] the manufacturer adds a dealer under a region (POST org/orgs); code and type are kept, the parent follows the tree, the company type the org type', async () => {
    const rs = await orgOf('RS');
    const g02 = await orgOf('G02');
    const dealer = { orgCode: 'd45001', orgName: '南宁华晟邕江汽车销售服务有限公司', orgType: '10461001', parentId: rs.id, groupOrgId: g02.id, provinceName: '广西壮族自治区', cityName: '南宁市', sort: 120 };
    const created = await call('admin', 'POST', ORGS, dealer);
    expect(created).toMatchObject({ resultCode: 200, data: { orgCode: 'D45001', companyType: '15061003', parentName: '南方大区', groupOrgName: '粤湘汽车服务集团有限公司' } });
    const id = created.data!.id;
    expect(await call('admin', 'POST', ORGS, { ...dealer, orgName: '重复' })).toMatchObject({ resultCode: 409, errMsg: '组织编码已存在' });
    expect(await call('admin', 'PUT', `${ORGS}/${id}`, { orgCode: 'D45002' })).toMatchObject({ resultCode: 400, errMsg: '组织编码不可修改' });
    expect(await call('admin', 'PUT', `${ORGS}/${id}`, { orgType: '10461002' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('组织类型不可修改') });
    expect(await call('admin', 'PUT', `${ORGS}/${id}`, { parentId: g02.id })).toMatchObject({ resultCode: 400, errMsg: '经销商的上级组织应为大区' });
    expect(await call('admin', 'POST', ORGS, { orgCode: 'RW', orgName: '西部大区', orgType: '10461002', parentId: rs.id })).toMatchObject({ resultCode: 400, errMsg: '大区的上级组织应为厂端' });
    expect(await call('admin', 'POST', ORGS, { orgCode: 'HSQC2', orgName: '另一个厂端', orgType: '10461003' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('厂端只有一个') });
    expect(await call('admin', 'POST', ORGS, { orgCode: 'G03', orgName: '集团三', orgType: '10461004', parentId: (await orgOf('HSQC')).id, groupOrgId: g02.id })).toMatchObject({
      resultCode: 400,
      errMsg: '只有经销商可以属于集团',
    });
    expect(await call('admin', 'POST', ORGS, { ...dealer, orgCode: 'D45009', groupOrgId: rs.id })).toMatchObject({ resultCode: 400, errMsg: '所属集团不存在' });
    // Organisations are never deleted: staff and records keep naming them.
    expect((await call('admin', 'DELETE', `${ORGS}/${id}`)).httpStatus).toBe(404);
  });

  it('only the manufacturer\'s own organisation edits the tree: a region manager (manufacturer side) and a dealer are refused', async () => {
    const d11001 = await orgOf('D11001');
    // The region manager holds no menu of the tree; given the key, his organisation type still refuses him.
    expect(await call('rnmanager', 'PUT', `${ORGS}/${d11001.id}`, { orgName: '改名' }, 'org_organizations')).toMatchObject({ resultCode: 403 });
    expect(await call('d11001fwgw', 'PUT', `${ORGS}/${d11001.id}`, { orgName: '改名' }, 'org_organizations')).toMatchObject({ resultCode: 403 });
    expect((await orgOf('D11001')).orgName).toBe('北京华晟京通汽车销售服务有限公司');
  });

  it('moving a dealer to another region changes at once whose lists show its repair orders', async () => {
    const dealersIn = async (who: Who) => new Set((await list(who, ORDERS, 'pageSize=5000')).items.map((r) => r.ownerCode));
    const totalOf = async (who: Who) => (await call<Page<Row>>(who, 'GET', `${ORDERS}?pageSize=1`)).data!.total;
    const [rnBefore, reBefore, rnTotal, reTotal] = await Promise.all([dealersIn('rnmanager'), dealersIn('remanager'), totalOf('rnmanager'), totalOf('remanager')]);
    expect([...rnBefore].sort()).toEqual(['D11001', 'D12001']);
    expect(reBefore.has('D32001')).toBe(true);
    const d32001Orders = (await call<Page<Row>>('admin', 'GET', `${ORDERS}?pageSize=1&ownerCode=D32001`)).data!.total;
    expect(d32001Orders).toBeGreaterThan(0);

    const d32001 = await orgOf('D32001');
    const rn = await orgOf('RN');
    expect(await call('admin', 'PUT', `${ORGS}/${d32001.id}`, { parentId: rn.id })).toMatchObject({ resultCode: 200, data: { parentName: '北方大区' } });
    // The very next request of each manager reads the new tree: no sign-in again, no cache to wait for.
    const [rnAfter, reAfter] = await Promise.all([dealersIn('rnmanager'), dealersIn('remanager')]);
    expect([...rnAfter].sort()).toEqual(['D11001', 'D12001', 'D32001']);
    expect(reAfter.has('D32001')).toBe(false);
    expect(await totalOf('rnmanager')).toBe(rnTotal + d32001Orders);
    expect(await totalOf('remanager')).toBe(reTotal - d32001Orders);
    const order = (await list('admin', ORDERS, 'pageSize=1&ownerCode=D32001')).items[0]!;
    expect(await call('rnmanager', 'GET', `${ORDERS}/${order.id}`)).toMatchObject({ resultCode: 200, data: { ownerCode: 'D32001' } });
    expect(await call('remanager', 'GET', `${ORDERS}/${order.id}`)).toMatchObject({ resultCode: 404 });

    // And back: the move is one write, audited like any other.
    expect(await call('admin', 'PUT', `${ORGS}/${d32001.id}`, { parentId: (await orgOf('RE')).id })).toMatchObject({ resultCode: 200 });
    expect([...(await dealersIn('rnmanager'))].sort()).toEqual(['D11001', 'D12001']);
    const history = await call<unknown[]>('admin', 'GET', `${ORGS}/${d32001.id}/history`);
    expect(history.data!.length).toBeGreaterThanOrEqual(2);
  });

  it('[BO-PROD-12] seeded channels: 1–2 per dealer, named as the dealer is, a dealer\'s query staff see only their own', async () => {
    const all = (await list('admin', CHANNELS)).items;
    for (const dealer of DEALERS) {
      const own = all.filter((c) => c.ownerCode === dealer.orgCode);
      expect(own.length, dealer.orgCode).toBeGreaterThanOrEqual(1);
      expect(own.length, dealer.orgCode).toBeLessThanOrEqual(2);
    }
    expect(all.find((c) => c.channelName === '北京华晟京通通州城市展厅')).toMatchObject({ channelCode: 'D11001-C01', channelType: '85011002', status: '85021002', dealerName: '北京华晟京通汽车销售服务有限公司', cityName: '北京市' });
    const mine = (await list('d11001dbzy', CHANNELS)).items;
    expect(new Set(mine.map((c) => c.ownerCode))).toEqual(new Set(['D11001']));
    // Read only for the dealer: writing is the manufacturer's.
    expect(await call('d11001dbzy', 'PUT', `${CHANNELS}/${mine[0]!.id}`, { channelName: '改名' })).toMatchObject({ resultCode: 403, errMsg: '渠道由厂端维护' });
  });

  it('[BO-API-12] the manufacturer adds a channel (POST channel/channels) for a dealer, opens it, closes it: 停业 leaves the picker, the record stays', async () => {
    const channel = { channelCode: 'd11001-c09', channelName: '北京华晟京通大兴城市展厅', channelType: '85011002', businessScope: ['85031001', '85031003'], provinceCode: '110000', cityCode: '110100', address: '北京市大兴区兴华大街1号' };
    expect(await call('admin', 'POST', CHANNELS, channel)).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('请选择经销商') });
    const created = await call('admin', 'POST', CHANNELS, { ...channel, ownerCode: 'D11001' });
    expect(created).toMatchObject({ resultCode: 200, data: { channelCode: 'D11001-C09', status: '85021001', ownerCode: 'D11001', cityName: '北京市' } });
    const id = created.data!.id;
    expect(await call('admin', 'POST', CHANNELS, { ...channel, channelCode: 'D11001-C10', ownerCode: 'D11001', businessScope: [] })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('业务范围') });
    expect(await call('admin', 'POST', CHANNELS, { ...channel, channelCode: 'D11001-C11', ownerCode: 'D11001', cityCode: '440100' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('所在城市不存在') });
    expect(await call('admin', 'PUT', `${CHANNELS}/${id}`, { channelCode: 'D11001-C19' })).toMatchObject({ resultCode: 400, errMsg: '渠道编码不可修改' });

    const picker = async (who: Who) => ((await call<{ value: string }[]>(who, 'GET', CHANNEL_OPTIONS, undefined, 'org_channels')).data ?? []).map((c) => c.value);
    expect(await picker('admin')).not.toContain('D11001-C09');
    expect(await call('admin', 'POST', `${CHANNELS}/${id}/open`, {})).toMatchObject({ resultCode: 400, errMsg: '开业前请填写：开业日期' });
    expect(await call('admin', 'POST', `${CHANNELS}/${id}/open`, { openedAt: '2026-01-05' })).toMatchObject({ resultCode: 200, data: { status: '85021002', openedAt: '2026-01-05' } });
    expect(await picker('admin')).toContain('D11001-C09');
    expect(await picker('d11001dbzy')).toEqual(expect.arrayContaining(['D11001-C01', 'D11001-C09']));
    expect((await picker('d11001dbzy')).every((code) => code.startsWith('D11001-'))).toBe(true);

    expect(await call('admin', 'POST', `${CHANNELS}/${id}/suspend`, {})).toMatchObject({ resultCode: 200, data: { status: '85021003' } });
    expect(await picker('admin')).not.toContain('D11001-C09');
    expect(await picker('admin')).not.toContain('D32001-C01');
    expect(await call('admin', 'GET', `${CHANNELS}/${id}`)).toMatchObject({ resultCode: 200, data: { channelName: '北京华晟京通大兴城市展厅', status: '85021003' } });
    expect(await call('admin', 'POST', `${CHANNELS}/${id}/resume`, {})).toMatchObject({ resultCode: 200, data: { status: '85021002' } });
    expect(await call('admin', 'POST', `${CHANNELS}/${id}/revoke`, {})).toMatchObject({ resultCode: 200, data: { status: '85021004' } });
    expect(await call('admin', 'POST', `${CHANNELS}/${id}/resume`, {})).toMatchObject({ resultCode: 400 });
    expect(await picker('admin')).not.toContain('D11001-C09');
  });

  it('seeded companies: one per dealer named as the dealer is, one per group owning its dealers\' companies, every credit code valid', async () => {
    const all = (await list('admin', COMPANIES)).items;
    expect(all).toHaveLength(DEALERS.length + GROUPS.length);
    for (const company of all) expect(creditCode(String(company.creditCode).slice(0, 17))).toBe(company.creditCode);
    const jingtong = all.find((c) => c.companyCode === 'CD11001')!;
    expect(jingtong).toMatchObject({ companyNameCn: '北京华晟京通汽车销售服务有限公司', companyType: '15061003', orgName: '北京华晟京通汽车销售服务有限公司', groupCompanyName: '京沪汽车服务集团有限公司', taxpayerType: '85041001' });
    expect(all.find((c) => c.companyCode === 'CD32001')).toMatchObject({ groupCompanyId: null });
    const owned = all.filter((c) => c.groupCompanyName === '粤湘汽车服务集团有限公司').map((c) => c.companyCode);
    expect(owned.sort()).toEqual(['CD43001', 'CD44001', 'CD44003']);
    // A dealer's staff see their own company and its group's.
    const mine = (await list('d11001dbzy', COMPANIES)).items.map((c) => c.companyCode);
    expect(mine.sort()).toEqual(['CD11001', 'CG01']);
    expect((await list('d31001dbzy', COMPANIES)).items.map((c) => c.companyCode).sort()).toEqual(['CD31001', 'CG01']);
  });

  it('[BO-API-12] the manufacturer registers a company (POST company/companys): the credit code is checked, one company per organisation, of the organisation\'s kind', async () => {
    const dealer = await call('admin', 'POST', ORGS, { orgCode: 'D46001', orgName: '海口华晟椰城汽车销售服务有限公司', orgType: '10461001', parentId: (await orgOf('RS')).id });
    const orgId = dealer.data!.id;
    const groupCompany = (await list('admin', COMPANIES, 'companyCode=CG02')).items[0]!;
    const company = {
      companyCode: 'cd46001',
      companyNameCn: '海口华晟椰城汽车销售服务有限公司',
      creditCode: creditCode('91460100MA5T3K8X2'),
      legalPerson: '林海涛',
      registeredCapital: '30000000',
      companyType: '15061003',
      orgId,
      groupCompanyId: groupCompany.id,
    };
    const bad = `${company.creditCode.slice(0, 17)}${company.creditCode.endsWith('0') ? '1' : '0'}`;
    expect(await call('admin', 'POST', COMPANIES, { ...company, creditCode: bad })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('统一社会信用代码格式不正确') });
    expect(await call('admin', 'POST', COMPANIES, { ...company, companyType: '15061002', groupCompanyId: null })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('所属组织与公司类型不符') });
    const created = await call('admin', 'POST', COMPANIES, company);
    expect(created).toMatchObject({ resultCode: 200, data: { companyCode: 'CD46001', registeredCapital: '30000000.00', taxpayerType: '85041001', orgName: '海口华晟椰城汽车销售服务有限公司', groupCompanyName: '粤湘汽车服务集团有限公司' } });
    expect(await call('admin', 'POST', COMPANIES, { ...company, companyCode: 'CD46002', creditCode: creditCode('91460100MA5T3K8X3') })).toMatchObject({ resultCode: 409, errMsg: '所属组织已存在' });
    expect(await call('admin', 'POST', COMPANIES, { ...company, companyCode: 'CD46003', orgId: (await orgOf('D43001')).id })).toMatchObject({ resultCode: 409, errMsg: '统一社会信用代码已存在' });
    expect(await call('admin', 'PUT', `${COMPANIES}/${created.data!.id}`, { companyCode: 'CD46009' })).toMatchObject({ resultCode: 400, errMsg: '公司编码不可修改' });
    expect(await call('d11001dbzy', 'POST', COMPANIES, { ...company, companyCode: 'CD46004' })).toMatchObject({ resultCode: 403, errMsg: '公司由厂端维护' });
  });
});

// Who the product is for (back-office §1, building-blocks §1): the staff of the dealerships (sales consultants, service
// advisors, technicians, inspectors, finance staff), the staff of the manufacturer and its organisation (regions), and
// the process administrators. Each seeded account of each kind signs in as it is seeded, reads its menu answer, and
// finds its own area's menus there and not another area's; a call of another area is refused on the server too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../schemas/api/session';
import type { UserInfo } from '../../schemas/api/session';
import { ORG_TYPE } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';

/** The seeded accounts of each kind of user (server/seed/demoWorld.ts: dealer code + position code; admin; region managers). */
const ACCOUNTS = {
  salesConsultant: 'd11001xsgw2',
  serviceAdvisor: 'd11001fwgw',
  technician: 'd11001js',
  inspector: 'd11001zjy',
  finance: 'd11001dbzy',
  repairManager: 'd11001shr',
  manufacturer: 'admin',
  region: 'rnmanager',
} as const;
type Kind = keyof typeof ACCOUNTS;

/** Leaves of each area, as their menus are titled; an account sees its area's and none of the areas not its own. */
const AREA = {
  sales: ['报价', '交车', '跟进记录'],
  repair: ['客户接待', '结算单'],
  workshop: ['维修看板', '派工看板', '车辆照片'],
  inspection: ['质检队列', '质检记录'],
  finance: ['收款单', '退款', '应收单', '银行流水', '销项发票'],
  organisation: ['组织机构', '车辆物料', '选装包'],
  processDesign: ['流程定义'],
  system: ['用户管理', '角色管理', '菜单管理'],
} as const;
type Area = keyof typeof AREA;

const SAVE_PROCESS = 'POST_workflow_definition/save';

describe(`[BO-PROD-01] the product's users, each with its own area (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens = {} as Record<Kind, string>;
  const trees = {} as Record<Kind, MenuNode[]>;

  beforeAll(async () => {
    t = await startTestServer();
    for (const [kind, userCode] of Object.entries(ACCOUNTS) as [Kind, string][]) {
      tokens[kind] = await t.login(userCode);
      const answer = await t.call<MenuNode[]>({ method: 'GET', url: '/api/auth/menus', token: tokens[kind] });
      expect(answer.resultCode, userCode).toBe(200);
      trees[kind] = answer.data!;
    }
  });
  afterAll(() => t?.close());

  const nodes = (kind: Kind): MenuNode[] => {
    const walk = (list: MenuNode[]): MenuNode[] => list.flatMap((n) => [n, ...walk(n.children)]);
    return walk(trees[kind]);
  };
  const titles = (kind: Kind) => nodes(kind).map((n) => n.meta.title);
  const leaf = (kind: Kind, title: string) => nodes(kind).find((n) => n.meta.title === title && n.children.length === 0);
  /** The account's menus hold every leaf of each area it works in, and none of the areas it does not. */
  const expectAreas = (kind: Kind, own: Area[], notOwn: Area[]) => {
    const seen = titles(kind);
    for (const area of own) expect(seen, `${ACCOUNTS[kind]} 应有 ${area}`).toEqual(expect.arrayContaining([...AREA[area]]));
    for (const area of notOwn) for (const title of AREA[area]) expect(seen, `${ACCOUNTS[kind]} 不应有 ${title}`).not.toContain(title);
  };
  const urlOfKey = (key: string) => {
    const route = t.app.routeAccessTable.find((r) => r.key === key && r.method !== 'HEAD');
    expect(route, key).toBeTruthy();
    return route!.url;
  };
  const get = (kind: Kind, key: string) => t.call({ method: 'GET', url: urlOfKey(key), token: tokens[kind] });

  it('[BO-PROD-01] [BO-PROD-02] [BB-PROD-01] every kind of staff signs in to the one web application: dealer staff on their dealer, the manufacturer’s and the region’s on their organisation', async () => {
    const info = async (kind: Kind) => (await t.call<UserInfo>({ method: 'GET', url: '/api/auth/userinfo', token: tokens[kind] })).data!;
    for (const kind of ['salesConsultant', 'serviceAdvisor', 'technician', 'inspector', 'finance'] as const) {
      expect(await info(kind), ACCOUNTS[kind]).toMatchObject({ userCode: ACCOUNTS[kind], orgType: ORG_TYPE.dealer, ownerCode: 'D11001' });
      expect(trees[kind].length, ACCOUNTS[kind]).toBeGreaterThan(0);
    }
    expect(await info('manufacturer')).toMatchObject({ orgType: ORG_TYPE.manufacturer, dataType: ORG_TYPE.manufacturer });
    expect((await info('region')).orgType).toBe(ORG_TYPE.region);
    expect((await info('serviceAdvisor')).positions).toEqual(['FWGW']);
    expect((await info('technician')).positions).toEqual(['JS']);
    expect((await info('inspector')).positions).toEqual(['ZJY']);
    expect((await info('salesConsultant')).positions).toEqual(['XSGW']);
  });

  it('[BO-PROD-02] [BB-PROD-01] a sales consultant gets the sales menus, and no workshop, finance or organisation menu', () => {
    expectAreas('salesConsultant', ['sales'], ['repair', 'workshop', 'inspection', 'finance', 'organisation', 'processDesign', 'system']);
    expect(titles('salesConsultant')).toContain('销售业务');
    expect(titles('salesConsultant')).not.toContain('维修工单');
  });

  it('[BO-PROD-02] [BB-PROD-01] a service advisor gets the repair orders with 新增 and the reception, and no sales, finance or organisation menu', () => {
    expectAreas('serviceAdvisor', ['repair'], ['sales', 'finance', 'organisation', 'processDesign', 'system']);
    expect(leaf('serviceAdvisor', '维修工单')!.permission).toContain('POST_repair_order/repair/orders');
  });

  it('[BO-PROD-02] a technician gets the workshop menus and reads the repair orders, and has no finance, sales or organisation menu', async () => {
    expectAreas('technician', ['workshop'], ['sales', 'finance', 'organisation', 'processDesign', 'system']);
    expect(titles('technician')).not.toContain('财务管理');
    const orders = leaf('technician', '维修工单')!;
    expect(orders.permission).toContain('GET_repair_order/repair/orders');
    expect(orders.permission).not.toContain('POST_repair_order/repair/orders');
    // The server refuses what the menus leave out: the receipts of finance.
    expect((await get('technician', 'GET_finance_receipts')).resultCode).toBe(403);
    expect((await get('technician', 'GET_repair_order/repair/orders')).resultCode).toBe(200);
  });

  it('[BO-PROD-02] an inspector gets the inspection menus and the order’s quality checks, and no finance or sales menu', () => {
    expectAreas('inspector', ['inspection'], ['sales', 'finance', 'organisation', 'processDesign', 'system']);
    expect(leaf('inspector', '维修工单')!.permission).toEqual(expect.arrayContaining(['POST_repair_order/repair/orders/{id}/lineQc', 'POST_repair_order/repair/orders/{id}/orderQc']));
    expect(leaf('serviceAdvisor', '维修工单')!.permission).not.toContain('POST_repair_order/repair/orders/{id}/lineQc');
  });

  it('[BO-PROD-02] finance staff get 财务管理 and its documents, and no workshop, sales or organisation-tree menu', async () => {
    expectAreas('finance', ['finance'], ['sales', 'workshop', 'inspection', 'organisation', 'processDesign', 'system']);
    expect(titles('finance')).toContain('财务管理');
    expect((await get('finance', 'GET_finance_receipts')).resultCode).toBe(200);
    expect((await get('salesConsultant', 'GET_finance_receipts')).resultCode).toBe(403);
  });

  it('[BO-PROD-02] [BB-PROD-01] the manufacturer’s staff get the organisation management menus (组织与物料) and every area; dealer staff never see the organisation tree', async () => {
    expectAreas('manufacturer', ['organisation', 'sales', 'repair', 'workshop', 'finance', 'processDesign', 'system'], []);
    expect(titles('manufacturer')).toEqual(expect.arrayContaining(['组织与物料', '组织管理']));
    expect((await get('manufacturer', 'GET_org-service_org/orgs')).resultCode).toBe(200);
    for (const kind of ['salesConsultant', 'serviceAdvisor', 'technician', 'inspector', 'finance'] as const) {
      expect(titles(kind), ACCOUNTS[kind]).not.toContain('组织机构');
      expect((await get(kind, 'GET_org-service_org/orgs')).resultCode, ACCOUNTS[kind]).toBe(403);
    }
  });

  it('[BO-PROD-02] the organisation’s region staff read their dealers’ repair orders and have no dealer’s finance or the organisation tree', () => {
    expectAreas('region', [], ['finance', 'organisation', 'processDesign', 'system']);
    const orders = leaf('region', '维修工单')!;
    expect(orders.permission).toContain('GET_repair_order/repair/orders');
    expect(orders.permission).not.toContain('POST_repair_order/repair/orders');
  });

  it('[BB-PROD-01] the process administrator sees 流程定义 with the workflow designer and may save a process; a repair manager only reads it; an advisor has no process design', async () => {
    const definitions = leaf('manufacturer', '流程定义')!;
    expect(definitions.component).toBe('screen:workflow.processDefinitions');
    expect(definitions.permission).toContain(SAVE_PROCESS);
    const screen = await t.call<{ definition: { blocks?: { type: string }[] } } | { blocks?: { type: string }[] }>({ method: 'GET', url: '/api/lowcode/screens/workflow.processDefinitions', token: tokens.manufacturer });
    expect(JSON.stringify(screen.data)).toContain('"workflow-designer"');

    const readOnly = leaf('repairManager', '流程定义')!;
    expect(readOnly.permission.length).toBeGreaterThan(0);
    expect(readOnly.permission.every((key) => key.startsWith('GET_'))).toBe(true);
    expect(readOnly.permission).not.toContain(SAVE_PROCESS);
    const saveUrl = urlOfKey(SAVE_PROCESS);
    expect((await t.call({ method: 'POST', url: saveUrl, token: tokens.repairManager, menuId: readOnly.id, payload: {} })).resultCode).toBe(403);
    // The administrator passes the access check (the empty process is then refused for what it lacks, not for who sent it).
    expect((await t.call({ method: 'POST', url: saveUrl, token: tokens.manufacturer, menuId: definitions.id, payload: {} })).resultCode).not.toBe(403);

    for (const kind of ['serviceAdvisor', 'salesConsultant', 'technician', 'finance'] as const) expect(leaf(kind, '流程定义'), ACCOUNTS[kind]).toBeUndefined();
  });
});

// Routes that serve one side of the network (accountSide.ts): the other side is refused with the rule's own words, and
// the route's key is left out of that side's menu tree, so no screen offers it a button whose every press is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { keysRefusedToSide, type SideRule } from '../../server/permissions/accountSide';
import { DB_KIND, startTestServer, type TestServer } from './harness';

interface Node {
  id: string;
  permission: string[];
  children: Node[];
}

const OPEN_ORDER_KEY = 'POST_repair_order/repair/orders';
const SAVE_TARGETS_KEY = 'POST_target_target/salesTargets/batch';
/** The sales-target model's rule for changing targets (models/sales/salesTarget.json). */
const SAVE_TARGETS_RULE = repositoryModels().find((m) => m.model.name === 'salesTarget')!.model.writes!.update as SideRule;

describe(`routes of one side of the network (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let advisor: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, advisor] = await Promise.all([t.login('admin'), t.login('d11001fwgw')]);
  });
  afterAll(() => t?.close());

  async function keysOf(token: string, menuId: string): Promise<string[] | undefined> {
    const answer = await t.call<Node[]>({ method: 'GET', url: '/api/auth/menus', token });
    const find = (nodes: Node[]): Node | undefined => nodes.map((n) => (n.id === menuId ? n : find(n.children))).find(Boolean);
    return find(answer.data!)?.permission;
  }

  it('[BO-PERM-03] the administrator\'s 维修工单 has no 新增 key: only a dealer\'s staff open repair orders', async () => {
    const keys = await keysOf(admin, '1101');
    expect(keys).toContain('PUT_repair_order/repair/orders/{id}');
    expect(keys).not.toContain(OPEN_ORDER_KEY);
    expect(await keysOf(advisor, '1101')).toContain(OPEN_ORDER_KEY);
    // Called anyway: refused before the body is read, with the rule's words.
    const forced = await t.call({ method: 'POST', url: '/api/repair/order/repair/orders', token: admin, menuId: '1101', payload: {} });
    expect(forced).toMatchObject({ resultCode: 403, errMsg: '维修工单只能由经销商账号开单' });
  });

  it('[BO-PERM-03] the manufacturer\'s sales-target save is left out of no manufacturer menu and refused to a dealer', async () => {
    expect(await keysOf(admin, '2101')).toContain(SAVE_TARGETS_KEY);
    const table = t.app.routeAccessTable;
    expect(keysRefusedToSide(table, 'dealer')).toContain(SAVE_TARGETS_KEY);
    expect(keysRefusedToSide(table, 'manufacturer')).toContain(OPEN_ORDER_KEY);
    expect(keysRefusedToSide(table, 'manufacturer')).not.toContain(SAVE_TARGETS_KEY);
    expect(SAVE_TARGETS_RULE.side).toBe('manufacturer');
  });

  it('[BO-PERM-03] an import route takes the side of its importer: the administrator gets no 工时项目 import key', async () => {
    const keys = await keysOf(admin, '1104');
    expect(keys).toContain('GET_repair_basedata/labourItems');
    expect(keys).not.toContain('POST_repair_basedata/labourItems/import');
    expect(keys).not.toContain('POST_repair_basedata/labourItems/batch');
  });
});

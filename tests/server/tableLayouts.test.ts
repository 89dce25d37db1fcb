import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableLayout } from '../../server/data/tableLayouts';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const URL = '/api/lowcode/tableLayouts';
const KEY = '/repair/repairBusiness/labourItem/index';
const layout = (savedAt: string, hiddenRemark: boolean): TableLayout => ({
  layoutKey: KEY,
  columns: [
    { dataIndex: 'remark', hidden: hiddenRemark, width: 180 },
    { dataIndex: 'labourCode', hidden: false },
  ],
  savedAt,
});

describe(`per-user column layouts (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let colleague: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, colleague] = await Promise.all([t.login('d11001fwgw'), t.login('d11001js')]);
  });
  afterAll(() => t?.close());

  const get = (token: string, layoutKey = KEY) => t.call<TableLayout | null>({ method: 'GET', url: URL, token, query: { layoutKey } });
  const put = (token: string, payload: object) => t.call<TableLayout>({ method: 'PUT', url: URL, token, payload });

  it('[BB-TBL-27] keeps a user’s layout of a table under its route path, for any of the user’s PCs', async () => {
    expect((await get(advisor)).data).toBeNull();
    expect((await put(advisor, layout('2026-06-30T08:00:00.000Z', true))).resultCode).toBe(200);
    expect((await get(advisor)).data).toEqual(layout('2026-06-30T08:00:00.000Z', true));
    // Saving again replaces it.
    await put(advisor, layout('2026-06-30T09:00:00.000Z', false));
    expect((await get(advisor)).data).toEqual(layout('2026-06-30T09:00:00.000Z', false));
    expect((await get(advisor, '/repair/repairBusiness/repairOrder/index')).data).toBeNull();
  });

  it('gives each user only their own layouts', async () => {
    expect((await get(colleague)).data).toBeNull();
    await put(colleague, layout('2026-06-30T10:00:00.000Z', true));
    expect((await get(colleague)).data!.columns[0]!.hidden).toBe(true);
    expect((await get(advisor)).data!.columns[0]!.hidden).toBe(false);
  });

  it('refuses a malformed layout and a missing key, and asks for a session', async () => {
    expect((await put(advisor, { layoutKey: KEY, columns: [{ dataIndex: 'x' }], savedAt: '2026-06-30T10:00:00.000Z' })).resultCode).toBe(400);
    expect((await put(advisor, { layoutKey: KEY, columns: [], savedAt: 'yesterday' })).resultCode).toBe(400);
    expect((await t.call({ method: 'GET', url: URL, token: advisor })).resultCode).toBe(400);
    expect((await t.call({ method: 'GET', url: URL, query: { layoutKey: KEY } })).resultCode).toBe(40105);
  });
});

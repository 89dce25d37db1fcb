// The models' demo rows in a freshly seeded database: written for every dealer, served by the engine within each user's
// scope, and numbered so the engine's own counters continue after them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { nextNumber } from '../../server/models/namingSeries';
import { DEALERS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const LIST = '/api/2b/drive/testDrives';

describe(`demo rows from the models' seed hints (${DB_KIND})`, () => {
  let t: TestServer;
  const testDrive = repositoryModels().find((m) => m.model.name === 'testDrive')!;

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('seeds perDealer test drives for every dealer and reports them in the seed summary', async () => {
    const perDealer = testDrive.model.seed!.perDealer!;
    // The summary names every model seeded from its hints (收款单 too), each with its rows for every dealer.
    const seededModels = repositoryModels().filter((m) => m.model.seed?.perDealer);
    expect(seededModels.map((m) => m.model.name)).toContain('testDrive');
    expect(t.server.seeded?.models).toEqual(Object.fromEntries(seededModels.map((m) => [m.model.name, DEALERS.length * m.model.seed!.perDealer!])));
    const { rows } = await sql<{ ownerCode: string; n: number }>`select owner_code, count(*)::int as n from test_drives group by owner_code order by owner_code`.execute(t.server.database.db);
    expect(rows.map((r) => [r.ownerCode, Number(r.n)])).toEqual(DEALERS.map((d) => [d.orgCode, perDealer]).sort());
  });

  it('serves them through the engine within the user\'s scope, with names of the references', async () => {
    const token = await t.login('d11001xsgw');
    const page = await t.call<{ total: number; items: Record<string, unknown>[] }>({ method: 'GET', url: LIST, token, query: { pageSize: '50' } });
    expect(page.resultCode).toBe(200);
    expect(page.data!.total).toBe(testDrive.model.seed!.perDealer);
    expect(page.data!.items.every((row) => row.ownerCode === 'D11001')).toBe(true);
    const finished = page.data!.items.find((row) => row.status === '83011003')!;
    expect(finished).toMatchObject({ consultantName: expect.any(String), staffName: expect.any(String), modelName: expect.any(String), dealerName: '北京华晟京通汽车销售服务有限公司' });
    expect(String(finished.actualEnd) > String(finished.actualStart)).toBe(true);
    const detail = await t.call<Record<string, unknown>>({ method: 'GET', url: `${LIST}/${String(finished.id)}`, token });
    expect(detail.data).toMatchObject({ driveNo: finished.driveNo, endMileage: finished.endMileage });
  });

  it('lets the engine\'s naming series continue after the seeded numbers of a prefix', async () => {
    const db = t.server.database.db;
    const { rows } = await sql<{ driveNo: string; createdAt: Date }>`select drive_no, created_at from test_drives where owner_code = 'D11001' order by drive_no desc limit 1`.execute(db);
    const last = rows[0]!;
    const next = await db.transaction().execute((tx) => nextNumber<Database>(tx, testDrive, { ownerCode: 'D11001' }, new Date(last.createdAt)));
    expect(next.slice(0, -4)).toBe(last.driveNo.slice(0, -4));
    expect(Number(next.slice(-4))).toBe(Number(last.driveNo.slice(-4)) + 1);
  });
});

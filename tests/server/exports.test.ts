import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJobView } from '../../server/exports/exportJobs';
import { EXPORT_TEXT, MAX_ATTEMPTS } from '../../server/exports/exportJobs';
import { JOB_STATUS, withExportTables } from '../../server/exports/exportTables';
import { exportRunner } from '../../server/routes/downloadCentre';
import { STANDARD_LABOURS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

const EXPORT = '/api/repair/basedata/labourItems/export';
const JOBS = '/api/2b/download/jobs';
const PER_DEALER = STANDARD_LABOURS.length + 2;
const HEADERS = ['序号', '工时代码', '工时名称', '标准工时代码', '维修类型', '标准工时', '工时单价', '适用车系', '启用', '生效日期', '备注', '经销商'];

async function download(t: TestServer, token: string, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `${JOBS}/${id}/file`, headers: { authorization: `Bearer ${token}`, menuId: '1920', ...t.signatureHeaders('GET', `${JOBS}/${id}/file`) } });
  return response;
}

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe(`download-centre export jobs (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherDealer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherDealer] = await Promise.all([t.login('d11001fwgw'), t.login('d31001fwgw')]);
  });
  afterAll(() => t?.close());

  const runner = () => exportRunner(t.server.database.db, t.config);
  const jobs = (token: string) => t.call<Page<ExportJobView>>({ method: 'GET', url: JOBS, token, query: { pageSize: '50' } });

  it('runs the export as a job within the data scope, lists it in the download centre and downloads the file', async () => {
    const asked = await t.call<ExportJobView>({ method: 'GET', url: EXPORT, token: advisor, query: { repairTypeCode: [] as unknown as string } });
    expect(asked.resultCode).toBe(200);
    expect(asked.data!.fileName).toBe('工时项目.xlsx');
    expect([JOB_STATUS.queued, JOB_STATUS.running]).toContain(asked.data!.status);
    await runner().idle();
    const listed = (await jobs(advisor)).data!.items.find((j) => j.id === asked.data!.id)!;
    expect(listed).toMatchObject({ status: JOB_STATUS.done, progress: 100, rowCount: PER_DEALER });
    expect(listed.size).toBeGreaterThan(1000);
    expect(listed.finishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const file = await download(t, advisor, listed.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('工时项目.xlsx'));
    expect(file.rawPayload.length).toBe(listed.size);
    const sheet = (await readSheet(file.rawPayload)).getWorksheet('sheet')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(sheet.rowCount).toBe(PER_DEALER + 1);
    // The index column, coded values as their text, and only the dealer's own rows (data scope).
    const rows = Array.from({ length: PER_DEALER }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1));
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: PER_DEALER }, (_, i) => i + 1));
    expect(rows.every((r) => r[11] === rows[0]![11])).toBe(true);
    expect(rows.every((r) => r[8] === '启用' || r[8] === '停用')).toBe(true);
    expect(rows.some((r) => typeof r[4] === 'string' && /[\u4e00-\u9fa5]/.test(r[4]))).toBe(true);
  });

  it('lists only the user’s own jobs; another user’s file reads as not found', async () => {
    const mine = (await jobs(advisor)).data!.items;
    expect(mine.length).toBeGreaterThan(0);
    expect((await jobs(otherDealer)).data!.items).toEqual([]);
    const theirs = await download(t, otherDealer, mine[0]!.id);
    expect(theirs.json()).toMatchObject({ resultCode: 404 });
  });

  it('writes cells that begin with = + - @ as text, never as formulas', async () => {
    const crafted = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1:A2)'];
    const saved = await t.call({
      method: 'POST',
      url: '/api/repair/basedata/labourItems/batch',
      token: advisor,
      payload: { inserted: crafted.map((remark, i) => ({ labourCode: `FX-0${i}`, labourName: '公式测试', repairTypeCode: 'RT01', stdHours: 1, price: 1, effectiveDate: '2026-01-01', remark })) },
    });
    expect(saved.resultCode).toBe(200);
    const asked = await t.call<ExportJobView>({ method: 'GET', url: EXPORT, token: advisor, query: { labourCode: 'FX-0' } });
    await runner().idle();
    const sheet = (await readSheet((await download(t, advisor, asked.data!.id)).rawPayload)).getWorksheet('sheet')!;
    const remarks = [2, 3, 4, 5].map((r) => sheet.getRow(r).getCell(11));
    expect(remarks.map((c) => c.value)).toEqual(crafted);
    expect(remarks.every((c) => c.type === ExcelJS.ValueType.String && c.formula === undefined)).toBe(true);
  });

  it('after a restart queues a job left running again, and fails one interrupted too often (never stuck running)', async () => {
    const db = withExportTables(t.server.database.db);
    const base = { userId: 1, kind: 'model:labourItem', params: '{}', ownerCodes: JSON.stringify(['D11001']), fileName: '工时项目.xlsx', status: JOB_STATUS.running };
    await db.insertInto('exportJobs').values([{ ...base, id: 'a'.repeat(32), attempts: 1 }, { ...base, id: 'b'.repeat(32), attempts: MAX_ATTEMPTS }]).execute();
    expect(await runner().resume()).toEqual({ requeued: 1, failed: 1 });
    await runner().idle();
    const [resumed, failed] = await Promise.all(['a', 'b'].map((c) => db.selectFrom('exportJobs').selectAll().where('id', '=', c.repeat(32)).executeTakeFirstOrThrow()));
    expect(resumed).toMatchObject({ status: JOB_STATUS.done, rowCount: PER_DEALER + 4, attempts: 2 });
    expect(failed).toMatchObject({ status: JOB_STATUS.failed, errorMsg: EXPORT_TEXT.interrupted });
  });

  it('removes a finished file after the configured days and shows the job as expired', async () => {
    const db = withExportTables(t.server.database.db);
    const done = (await jobs(advisor)).data!.items.find((j) => j.status === JOB_STATUS.done)!;
    expect(t.config.files.exportKeepDays).toBe(7);
    const expires = new Date(done.expiresAt!.replace(' ', 'T') + '+08:00').getTime();
    const finished = new Date(done.finishedAt!.replace(' ', 'T') + '+08:00').getTime();
    expect(expires - finished).toBe(7 * 86_400_000);
    await db.updateTable('exportJobs').set({ expiresAt: new Date(Date.now() - 1000) }).where('id', '=', done.id).execute();
    expect(await runner().expire()).toBe(1);
    expect((await jobs(advisor)).data!.items.find((j) => j.id === done.id)).toMatchObject({ status: JOB_STATUS.expired });
    expect((await download(t, advisor, done.id)).json()).toMatchObject({ resultCode: 400, errMsg: EXPORT_TEXT.notReady });
  });
});

describe(`download-centre export of 100,000 rows (${DB_KIND})`, () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startTestServer();
    token = await t.login('d31001fwgw');
    await sql`insert into labour_items (owner_code, labour_code, labour_name, repair_type_code, std_hours, price, series, enabled, effective_date, remark)
      select 'D31001', 'BULK-' || g, '批量工时项目' || g, 'RT01', 1.5, 100 + g % 100, '["华晟 A3","华晟 A5"]'::jsonb, '1', date '2026-01-01', '备注' || g
      from generate_series(1, 100000) g`.execute(t.server.database.db);
  }, 180_000);
  afterAll(() => t?.close());

  it('streams 100,000 rows into the file with flat memory', async () => {
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const asked = await t.call<ExportJobView>({ method: 'GET', url: EXPORT, token, query: { labourCode: 'BULK-' } });
    await exportRunner(t.server.database.db, t.config).idle();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const job = (await t.call<Page<ExportJobView>>({ method: 'GET', url: JOBS, token })).data!.items.find((j) => j.id === asked.data!.id)!;
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(`[export 100k x 12] ${seconds.toFixed(1)} s, file ${mb(job.size)} MB, rss ${mb(rssBefore)} -> peak ${mb(peak)} MB (+${mb(peak - rssBefore)} MB), ${DB_KIND}`);
    expect(job).toMatchObject({ status: JOB_STATUS.done, rowCount: 100_000 });
    expect(peak - rssBefore).toBeLessThan(300 * 1024 * 1024);
  }, 180_000);
});

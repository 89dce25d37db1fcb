// Scale-out (DESIGN §6, issue 19): three server processes on one PostgreSQL and one S3-compatible bucket behind a
// round-robin proxy. Imports, exports and uploads go through the proxy; one instance is killed with SIGKILL while every
// instance holds an export, another is stopped with SIGTERM while it holds one. Every job must finish exactly once
// (pg-boss completes each once, each export leaves one file, each import writes its rows once), and no upload is lost or
// doubled. Runs in `npm test` when PostgreSQL is reachable (scripts/test.ts), as its own vitest project.
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJobView } from '../../server/exports/exportJobs';
import { JOB_STATUS } from '../../server/exports/exportTables';
import type { Page } from '../../schemas/api/page';
import type { ImportStatus } from '../../server/imports/importJobs';
import { DEMO_PASSWORD } from '../../server/seed/catalogue';
import { startTestS3, type TestS3 } from '../server/s3TestServer';
import { FILE_MENU, JPEG_HEAD, multipartBody, BOUNDARY, sha } from '../server/uploadBodies';
import { LABOUR_HEADERS, labourRow, multipartFile, xlsxOf } from '../support/excelFiles';
import { createPostgresDatabase } from '../support/postgresDatabase';
import { client, startInstance, startProxy, type Instance, type Proxy } from './cluster';

const LABOUR_MENU = '1104';
const DOWNLOAD_MENU = '1920';
const EXPORT = '/api/repair/basedata/labourItems/export';
const IMPORT = '/api/repair/basedata/labourItems/import';
const JOBS = '/api/2b/download/jobs';
/** Rows the exporting dealer holds, so that an export runs for seconds and the kill finds every instance busy. */
const BULK_ROWS = 8_000;
const IMPORTS = 4;
const IMPORT_ROWS = 2_000;
const EXPORTS = 6;
/** pg-boss gives a dead instance's job to another after this; it must exceed the longest export here. */
const EXPIRE_SECONDS = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 90_000, state?: () => Promise<unknown>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await state?.().catch(String))}`);
    await sleep(200);
  }
}

describe('three instances on one PostgreSQL behind a round-robin proxy', () => {
  let database: { url: string; drop(): Promise<void> };
  let s3: TestS3;
  let sqlClient: pg.Client;
  let instances: Instance[] = [];
  let proxy: Proxy;
  let api: ReturnType<typeof client>;
  let exporter: string;
  let importer: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    s3 = await startTestS3();
    const env = { ...s3.env, DATABASE_URL: database.url, SEED_ANCHOR_DATE: '2026-06-30', JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS), SHUTDOWN_GRACE_SECONDS: '5', OAUTH_REDIRECT_URIS: 'http://localhost/' };
    // The first one migrates and seeds; the others start on the ready database.
    instances.push(await startInstance('a', env));
    instances.push(...(await Promise.all([startInstance('b', env), startInstance('c', env)])));
    proxy = await startProxy(instances);
    api = client(proxy.url);
    sqlClient = new pg.Client({ connectionString: database.url });
    await sqlClient.connect();
    await sqlClient.query(
      `insert into labour_items (owner_code, labour_code, labour_name, repair_type_code, std_hours, price, effective_date)
       select 'D11001', 'BULK-' || n, '批量工时' || n, 'RT01', 1.5, 120, date '2026-01-01' from generate_series(1, $1) n`,
      [BULK_ROWS],
    );
    [exporter, importer] = await Promise.all([api.login('d11001fwgw', DEMO_PASSWORD), api.login('d31001fwgw', DEMO_PASSWORD)]);
  }, 240_000);

  afterAll(async () => {
    for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await proxy?.close();
    await sqlClient?.end();
    await s3?.close();
    await database?.drop();
  });

  const query = async <T>(text: string, values: unknown[] = []) => (await sqlClient.query(text, values)).rows as T[];
  const exportJob = (menuId = LABOUR_MENU) => api.call<ExportJobView>({ method: 'GET', url: `${EXPORT}?fileName=export.xlsx`, token: exporter, menuId });
  const upload = async (i: number) => {
    const content = Buffer.concat([JPEG_HEAD, randomBytes(200_000 + i)]);
    const answer = await api.call<{ uid: string }>({ method: 'POST', url: '/api/file/upload', token: exporter, menuId: FILE_MENU, body: multipartBody([{ field: 'file', name: `照片${i}.jpg`, content }]), contentType: `multipart/form-data; boundary=${BOUNDARY}` });
    expect(answer.resultCode, answer.errMsg).toBe(200);
    return { uid: answer.data!.uid, sha: sha(content) };
  };
  const jobState = async () => ({
    exports: await query(`select id, status, attempts, progress, error_msg from export_jobs`),
    boss: await query(`select name, state, retry_count, data->>'id' id, output from pgboss.job`),
  });
  const runningExports = async () => Number((await query<{ n: string }>(`select count(*) n from export_jobs where status = $1`, [JOB_STATUS.running]))[0]!.n);

  it('finishes every import and export exactly once and loses no upload when one instance is killed and one is stopped', async () => {
    const uploads = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(i)));
    // Imports by another dealer (their rows do not change what the exports read), each with its own codes.
    for (let i = 0; i < IMPORTS; i++) {
      const file = await xlsxOf([LABOUR_HEADERS, ...Array.from({ length: IMPORT_ROWS }, (_, r) => labourRow(`IMP${i}-${r}`))]);
      const answer = await api.call<ImportStatus>({ method: 'POST', url: IMPORT, token: importer, menuId: LABOUR_MENU, body: multipartFile.body(`工时${i}.xlsx`, file), contentType: multipartFile.contentType });
      expect(answer.resultCode, answer.errMsg).toBe(200);
    }
    const asked = await Promise.all(Array.from({ length: EXPORTS }, () => exportJob()));
    for (const answer of asked) expect(answer.resultCode, answer.errMsg).toBe(200);
    const exportIds = asked.map((a) => a.data!.id);

    // Each instance runs one export at a time: three running at once means every instance holds one.
    await until('every instance running an export', async () => (await runningExports()) === 3, 60_000);
    const killed = instances[0]!;
    killed.process.kill('SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');
    uploads.push(...(await Promise.all(Array.from({ length: 4 }, (_, i) => upload(100 + i)))));

    const jobsNow = async () => (await api.call<Page<ExportJobView>>({ method: 'GET', url: `${JOBS}?pageSize=50`, token: exporter, menuId: DOWNLOAD_MENU })).data!.items;
    await until('every export finished', async () => {
      const mine = (await jobsNow()).filter((j) => exportIds.includes(j.id));
      return mine.length === EXPORTS && mine.every((j) => j.status === JOB_STATUS.done);
    }, 90_000, jobState);
    await until('every import finished', async () => Number((await query<{ n: string }>(`select count(*) n from import_jobs where status = 0`))[0]!.n) === 0);

    // A graceful stop: SIGTERM while both remaining instances hold an export; the stopped one hands its job back.
    const more = await Promise.all([exportJob(), exportJob()]);
    await until('both instances running an export', async () => (await runningExports()) === 2, 60_000);
    const stopped = instances[1]!;
    const stopAsked = Date.now();
    stopped.process.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(15_000);
    const laterIds = more.map((a) => a.data!.id);
    await until('the handed-back export finished on the last instance', async () => {
      const mine = (await jobsNow()).filter((j) => laterIds.includes(j.id));
      return mine.length === 2 && mine.every((j) => j.status === JOB_STATUS.done);
    });

    // Exports: each done once, one file each (none left by the killed run), the whole sheet in it.
    const allIds = [...exportIds, ...laterIds];
    const rows = await query<{ id: string; status: string; attempts: number; row_count: number; storage_key: string }>(`select id, status, attempts, row_count, storage_key from export_jobs where id = any($1)`, [allIds]);
    const expectedRows = Number((await query<{ n: string }>(`select count(*) n from labour_items where owner_code = 'D11001'`))[0]!.n);
    expect(rows).toHaveLength(allIds.length);
    for (const row of rows) expect(row).toMatchObject({ status: JOB_STATUS.done, row_count: expectedRows });
    // The kill took an export from a running instance: it was claimed a second time; the handed-back one was not.
    expect(rows.filter((r) => exportIds.includes(r.id) && r.attempts === 2).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => laterIds.includes(r.id)).map((r) => r.attempts)).toEqual([1, 1]);
    const objects = (await s3Objects(s3, 'exports')).sort();
    expect(objects).toEqual(rows.map((r) => r.storage_key).sort());
    const completions = await query<{ id: string; n: string }>(`select data->>'id' id, count(*) n from pgboss.job where name = 'exports' and state = 'completed' group by 1`);
    expect(Object.fromEntries(completions.map((c) => [c.id, Number(c.n)]))).toEqual(Object.fromEntries(allIds.map((id) => [id, 1])));
    expect(await query(`select id from pgboss.job where state in ('created', 'retry', 'active')`)).toEqual([]);
    const oneFile = await api.call({ method: 'GET', url: `${JOBS}/${laterIds[0]}/file`, token: exporter, menuId: DOWNLOAD_MENU });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(oneFile.bytes! as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('sheet')!.rowCount).toBe(expectedRows + 1);

    // Imports: each finished with all its rows, written once; no uploaded workbook left in the bucket.
    const imports = await query<{ status: number; result: string }>(`select status, result from import_jobs`);
    expect(imports).toHaveLength(IMPORTS);
    for (const job of imports) expect({ status: job.status, total: (JSON.parse(job.result) as ImportStatus['result']).total }).toEqual({ status: 1, total: IMPORT_ROWS });
    const imported = await query<{ prefix: string; n: string }>(`select split_part(labour_code, '-', 1) prefix, count(*) n from labour_items where owner_code = 'D31001' and labour_code like 'IMP%' group by 1 order by 1`);
    expect(imported.map((r) => [r.prefix, Number(r.n)])).toEqual(Array.from({ length: IMPORTS }, (_, i) => [`IMP${i}`, IMPORT_ROWS]));
    expect(await s3Objects(s3, 'imports')).toEqual([]);

    // Uploads: one row and one object each, the same bytes back through the proxy.
    const stored = await query<{ uid: string }>(`select uid from stored_files`);
    expect(stored.map((s) => s.uid).sort()).toEqual(uploads.map((u) => u.uid).sort());
    expect((await s3Objects(s3, 'files')).length).toBe(uploads.length);
    for (const { uid, sha: expected } of uploads) {
      const file = await api.call({ method: 'GET', url: `/api/file/download/${uid}`, token: exporter, menuId: FILE_MENU });
      expect(sha(file.bytes!)).toBe(expected);
    }
    // Every instance served requests: the proxy really spread them.
    expect([...proxy.served.values()].every((n) => n > 0)).toBe(true);
    expect(proxy.served.size).toBe(3);
  });
});

/** The keys under a prefix of the test bucket, through the same S3 API the server uses. */
async function s3Objects(s3: TestS3, prefix: string): Promise<string[]> {
  const { S3FileStore } = await import('../../server/files/s3FileStore');
  const store = new S3FileStore(s3.settings);
  try {
    return (await store.list(prefix)).map((o) => o.key);
  } finally {
    store.close?.();
  }
}

// One measured subject of the Excel benchmark, in its own process so its memory is its own: the driver (bench.ts)
// samples this process's RSS between the START and END lines printed here. Subjects:
// - export-job:   100,000 x 20 through the download centre's job (keyset batches -> exceljs streaming writer -> store);
// - export-plain: the same rows into exceljs's plain Workbook, written with writeBuffer, then stored;
// - import-job:   a 50,000-row sales-target file through the import job (streaming reader, checks, one transaction);
// - import-plain: the same file loaded whole by exceljs's plain Workbook, then the same checks and write.
// Setup (database, migrations, seed, data) happens before START and is not measured. The database is a fresh one on the
// PostgreSQL of TEST_DATABASE_URL when set (as in production: the server's RSS is then its own), else embedded PGlite,
// whose whole database lives in the server's memory.
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createPGlite, openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/schema';
import { ExportRunner } from '../../../server/exports/exportJobs';
import { SHEET_NAME } from '../../../server/exports/exportFile';
import { EXPORTERS, type Exporter } from '../../../server/exports/exporters';
import { LocalFileStore } from '../../../server/files/fileStore';
import type { SessionUser } from '../../../server/http/session';
import { IMPORTERS } from '../../../server/imports/importers';
import { ImportRunner, lastImport } from '../../../server/imports/importJobs';
import { InProcessQueue } from '../../../server/jobs/inProcessQueue';
import { checkRows } from '../../../server/imports/importRows';
import type { RawCell, SheetRow } from '../../../server/imports/sheetReader';
import { ownerScope } from '../../../server/data/scope';
import { createPostgresDatabase } from '../../support/postgresDatabase';
import { MODEL_HOOKS } from '../../../server/hooks';
import { repositoryModels } from '../../../server/models/modelCatalogue';
import { migrateModels } from '../../../server/models/modelMigrations';
import { modelImporter, modelSheetKind } from '../../../server/models/modelSheets';

export const EXPORT_ROWS = 100_000;
export const EXPORT_COLUMNS = 20;
const BATCH = 2000;
const OWNER = 'D11001';

const subject = process.argv[2];
const importFile = process.argv[3];

const dealerUser = (ownerCode: string | null, id = 1, orgId = 1): SessionUser => ({
  id,
  userCode: 'bench',
  employeeName: '基准',
  employeeNo: '0',
  orgId,
  orgCode: ownerCode ?? 'HSQC',
  orgName: '基准',
  orgType: ownerCode ? '10461001' : '10461003',
  ownerCode,
  positions: [],
});

/** 20 columns of the kinds a wide export has: codes, names, amounts, counts, dates. */
async function fillBenchRows(db: Kysely<Database>): Promise<void> {
  await sql`create table bench_rows (id bigint generated always as identity primary key, owner_code varchar(32) not null,
    c01 text, c02 text, c03 text, c04 numeric(12,2), c05 integer, c06 text, c07 date, c08 text, c09 numeric(12,2), c10 text,
    c11 text, c12 integer, c13 text, c14 numeric(12,2), c15 text, c16 date, c17 text, c18 text, c19 integer)`.execute(db);
  await sql`insert into bench_rows (owner_code, c01, c02, c03, c04, c05, c06, c07, c08, c09, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19)
    select ${OWNER}, 'RO' || lpad(g::text, 8, '0'), '京A' || lpad((g % 99999)::text, 5, '0'), 'LHS' || md5(g::text), (g % 5000) * 1.25, g % 300,
      (array['一般维修','保养','首保','钣喷','索赔'])[1 + g % 5], date '2026-01-01' + (g % 365), '客户' || (g % 7919), (g % 900) * 3.5, md5((g * 7)::text),
      '维修顾问' || (g % 40), g % 12, (array['已结算','在修','待结算'])[1 + g % 3], (g % 777) * 0.5, '华晟 A' || (g % 9), date '2025-06-01' + (g % 200),
      '=SUM(A1)' || g, '备注：更换机油机滤，检查制动系统' || (g % 13), g
    from generate_series(1, ${EXPORT_ROWS}) g`.execute(db);
}

const benchExporter: Exporter = {
  fileName: '基准导出.xlsx',
  columns: Array.from({ length: EXPORT_COLUMNS }, (_, i) => ({ header: `列${i + 1}` })),
  async count(db, ownerCodes) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from bench_rows where owner_code in (${sql.join(ownerCodes)})`.execute(db);
    return rows[0]!.n;
  },
  async *rows(db, ownerCodes) {
    for (let after = 0; ; ) {
      const { rows } = await sql<Record<string, unknown>>`select id, owner_code, c01, c02, c03, c04, c05, c06, to_char(c07, 'YYYY-MM-DD') as c07, c08, c09, c10, c11, c12, c13, c14, c15, to_char(c16, 'YYYY-MM-DD') as c16, c17, c18, c19
        from bench_rows where owner_code in (${sql.join(ownerCodes)}) and id > ${after} order by id limit ${BATCH}`.execute(db);
      if (rows.length === 0) return;
      yield rows.map((row) => Object.values(row).slice(1) as (string | number | null)[]);
      after = Number(rows[rows.length - 1]!.id);
    }
  },
};

/** The plain workbook's rows as the import's rows (row 1 the header). */
async function* plainRows(sheet: ExcelJS.Worksheet): AsyncGenerator<SheetRow> {
  for (let n = 1; n <= sheet.rowCount; n += 1) {
    const values = sheet.getRow(n).values as unknown[];
    yield { rowNO: n, cells: (Array.isArray(values) ? values.slice(1) : []).map((v) => (v === undefined ? null : (v as RawCell))) };
  }
}

const mark = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-bench-excel-'));
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  const pglite = postgres ? undefined : await createPGlite();
  const { db, close } = await openDatabase({ dataDir, databaseUrl: postgres?.url, ...(pglite ? { pglite } : {}) });
  await migrateToLatest(db);
  const store = new LocalFileStore(join(dataDir, 'files'));
  try {
    if (subject === 'export-job' || subject === 'export-plain') {
      await fillBenchRows(db);
      EXPORTERS.benchRows = benchExporter;
      const user = dealerUser(OWNER);
      mark('START');
      const t0 = performance.now();
      let size = 0;
      if (subject === 'export-job') {
        const runner = new ExportRunner(db, store, new InProcessQueue(), { keepDays: 1 });
        await runner.start();
        const job = await runner.create(user, 'benchRows', {});
        await runner.idle();
        const done = await runner.find(user.id, job.id);
        if (done?.status !== '2' || done.rowCount !== EXPORT_ROWS) throw new Error(`export job ended ${JSON.stringify(done)}`);
        size = done.size;
      } else {
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet(SHEET_NAME);
        sheet.columns = [{ header: '序号' }, ...benchExporter.columns.map((c) => ({ header: c.header }))];
        let n = 0;
        for await (const batch of benchExporter.rows(db, await ownerScope(db, user), {})) for (const values of batch) sheet.addRow([++n, ...values]);
        const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
        await store.write('exports/plain', Readable.from([bytes]));
        size = bytes.length;
      }
      mark(`END ${JSON.stringify({ ms: performance.now() - t0, size })}`);
    } else if (subject === 'import-job' || subject === 'import-plain') {
      // Loaded here only: the export subjects' memory is not the seed's.
      const { seedDemoData } = await import('../../../server/seed/index');
      await seedDemoData(db, { anchorDate: '2026-06-30', repairOrders: 200 });
      const admin = await db.selectFrom('users').select(['id', 'orgId']).where('userCode', '=', 'admin').executeTakeFirstOrThrow();
      const user = dealerUser(null, admin.id, admin.orgId);
      // The sales-target importer is the model's (models/sales/salesTarget.json), registered as its routes would.
      const models = repositoryModels();
      await migrateModels(db, models);
      const targets = models.find((m) => m.model.name === 'salesTarget')!;
      const kind = modelSheetKind(targets);
      IMPORTERS[kind] = modelImporter({ loaded: targets, hooks: MODEL_HOOKS.salesTarget, models: new Map(models.map((m) => [m.model.name, m])) }) as (typeof IMPORTERS)[string];
      const bytes = readFileSync(importFile!);
      mark('START');
      const t0 = performance.now();
      let total = 0;
      if (subject === 'import-job') {
        const runner = new ImportRunner(db, store, new InProcessQueue());
        await runner.start();
        await runner.submit(user, kind, 'targets.xlsx', bytes);
        await runner.idle();
        const status = await lastImport(db, user.id, kind);
        if (status.result.errorList.length > 0 || status.importStatus !== 1) throw new Error(`import ended ${JSON.stringify(status).slice(0, 500)}`);
        total = status.result.total;
      } else {
        const importer = IMPORTERS[kind]!;
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
        const checked = await checkRows<Record<string, unknown>>(plainRows(workbook.worksheets[0]!), await importer.fields(db, await ownerScope(db, user)));
        if (checked.errors.length > 0) throw new Error(`plain import found errors ${JSON.stringify(checked.errors.slice(0, 3))}`);
        const errors = await db.transaction().execute((tx) => importer.write(tx, user, checked.records));
        if (errors.length > 0) throw new Error(`plain import refused ${JSON.stringify(errors.slice(0, 3))}`);
        total = checked.records.length;
      }
      mark(`END ${JSON.stringify({ ms: performance.now() - t0, total })}`);
    } else {
      throw new Error(`unknown subject ${subject}`);
    }
  } finally {
    await close();
    await pglite?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

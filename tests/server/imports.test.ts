import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, type ImportStatus } from '../../server/imports/importJobs';
import { IMPORT_TEXT } from '../../server/imports/importRows';
import { createFileStore } from '../../server/files/fileStores';
import { withExportTables } from '../../server/exports/exportTables';
import { fullSheet, LABOUR_HEADERS, labourRow, multipartFile, xlsOf, xlsxOf, zipBomb } from '../support/excelFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

const IMPORT = '/api/repair/basedata/labourItems/import';
const LAST = '/api/repair/basedata/labourItems/import/last';

describe(`Excel import of the labour price list (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;

  beforeAll(async () => {
    t = await startTestServer();
    advisor = await t.login('d11001fwgw');
  });
  afterAll(() => t?.close());

  const post = async (name: string, content: Buffer) =>
    (
      await t.app.inject({
        method: 'POST',
        url: IMPORT,
        payload: multipartFile.body(name, content),
        headers: { ...t.signatureHeaders('POST', IMPORT), authorization: `Bearer ${advisor}`, menuId: '1104', 'content-type': multipartFile.contentType },
      })
    ).json() as { resultCode: number; errMsg: string; data: ImportStatus };
  const last = async () => (await t.call<ImportStatus>({ method: 'GET', url: LAST, token: advisor })).data!;
  const imported = async (name: string, content: Buffer) => {
    const answer = await post(name, content);
    expect(answer.resultCode, answer.errMsg).toBe(200);
    expect(answer.data.importStatus).toBe(0);
    await t.server.jobs.imports.idle();
    return last();
  };
  const count = async (labourCode: string) => (await t.call<Page<{ labourCode: string }>>({ method: 'GET', url: '/api/repair/basedata/labourItems', token: advisor, query: { labourCode, pageSize: '1' } })).data!.total;

  it('answers the import template: an xlsx whose header row is the import definition', async () => {
    const answer = await t.call<Buffer>({ method: 'GET', url: '/api/repair/basedata/labourItems/import/template', token: advisor });
    expect(answer.httpStatus).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.data! as unknown as ArrayBuffer);
    expect((workbook.getWorksheet('sheet')!.getRow(1).values as unknown[]).slice(1)).toEqual(LABOUR_HEADERS);
  });

  it('[BO-IMP-07] [BO-IMP-08] imports a good xlsx and answers importStatus 1 with an empty errorList and the rows in dataList', async () => {
    const status = await imported('工时导入.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('IMP-A1'), labourRow('IMP-A2', { 生效日期: new Date(Date.UTC(2026, 3, 1)), 启用: '停用' })]));
    expect(status).toMatchObject({ importStatus: 1, errorMsg: null, result: { errorList: [], total: 2 } });
    expect(status.result.dataList).toMatchObject([
      { rowNO: 2, labourCode: 'IMP-A1', repairTypeCode: 'RT01', series: ['华晟 A3', '华晟 A5'], enabled: '1', effectiveDate: '2026-03-01' },
      { rowNO: 3, labourCode: 'IMP-A2', enabled: '0', effectiveDate: '2026-04-01' },
    ]);
    expect(await count('IMP-A')).toBe(2);
  });

  it('leaves no uploaded workbook behind, and removes one a stop left between an import\'s finish and its removal', async () => {
    const store = createFileStore(t.config);
    await imported('工时导入.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('IMP-L1')]));
    expect(await store.list('imports')).toEqual([]);
    // As an instance killed after committing the finish and before removing the bytes leaves it.
    const jobs = withExportTables(t.server.database.db);
    const finished = await jobs.selectFrom('importJobs').select('id').where('status', '=', 1).limit(1).executeTakeFirstOrThrow();
    const leftKey = `imports/le/left-${finished.id}`;
    await store.write(leftKey, Readable.from([Buffer.from('left')]));
    await jobs.updateTable('importJobs').set({ storageKey: leftKey }).where('id', '=', finished.id).execute();
    expect((await store.list('imports')).length).toBe(1);
    // The next import to finish, on any instance, sweeps it (so does every start).
    await imported('工时导入.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('IMP-L2')]));
    expect(await store.list('imports')).toEqual([]);
    expect((await jobs.selectFrom('importJobs').select('storageKey').where('id', '=', finished.id).executeTakeFirstOrThrow()).storageKey).toBeNull();
  });

  it('[BO-IMP-10] writes no row when any row is bad, and names each bad row by its Excel row number', async () => {
    const status = await imported('bad.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('IMP-B1'), labourRow('IMP-B2', { 维修类型: '不存在的类型', 标准工时: 'abc' }), labourRow('IMP-B3'), labourRow('IMP-B1')]));
    expect(status.importStatus).toBe(1);
    expect(status.result.errorList).toEqual([
      { rowNO: 3, errorMsg: `${IMPORT_TEXT.unknownChoice('维修类型', '不存在的类型')}；${IMPORT_TEXT.notNumber('标准工时')}` },
      { rowNO: 5, errorMsg: IMPORT_TEXT.repeated('工时代码', 'IMP-B1', 2) },
    ]);
    expect(status.result.dataList).toEqual([]);
    expect(await count('IMP-B')).toBe(0);
  });

  it('refuses codes already stored, writing nothing', async () => {
    const status = await imported('again.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('IMP-C1'), labourRow('IMP-A1')]));
    expect(status.result.errorList).toEqual([{ rowNO: 3, errorMsg: '工时代码“IMP-A1”已存在' }]);
    expect(await count('IMP-C')).toBe(0);
  });

  it('reads legacy xls through @e965/xlsx', async () => {
    const status = await imported('legacy.xls', xlsOf([LABOUR_HEADERS, ['IMP-D1', '旧格式工时', null, '一般维修', 2, 200, '', '启用', '2026-05-01', null]]));
    expect(status).toMatchObject({ importStatus: 1, result: { errorList: [], total: 1 } });
    expect(await count('IMP-D1')).toBe(1);
  });

  it('takes headers in another order and with stray spaces, dates as serial numbers and text, and formulas by their value', async () => {
    const headers = [...LABOUR_HEADERS].reverse().map((h, i) => (i % 2 ? ` ${h} ` : h.split('').join(' ')));
    const rows = [
      labourRow('IMP-E1', { 生效日期: 46082 }),
      labourRow('IMP-E2', { 生效日期: '2026/3/5' }),
      labourRow('IMP-E3', { 生效日期: '2026年3月6日', 工时单价: { formula: '100+20', result: 120 } }),
    ].map((r) => [...r].reverse());
    const status = await imported('order.xlsx', await xlsxOf([headers, ...rows]));
    expect(status.result.errorList).toEqual([]);
    expect(status.result.dataList.map((r) => [r.labourCode, r.effectiveDate, r.price])).toEqual([
      ['IMP-E1', '2026-03-01', 120],
      ['IMP-E2', '2026-03-05', 120],
      ['IMP-E3', '2026-03-06', 120],
    ]);
  });

  it('reports merged cells as the empty cells they leave, writing nothing', async () => {
    const file = await xlsxOf([LABOUR_HEADERS, labourRow('IMP-F1'), labourRow('IMP-F2', { 工时名称: null })], (sheet) => sheet.mergeCells('B2:B3'));
    const status = await imported('merged.xlsx', file);
    expect(status.result.errorList).toEqual([{ rowNO: 3, errorMsg: IMPORT_TEXT.required('工时名称') }]);
    expect(await count('IMP-F')).toBe(0);
  });

  it('[BO-IMP-13] fails with a clear message: not Excel renamed .xlsx, zip bomb, empty sheet, missing headers, invalid dates', async () => {
    expect(await imported('fake.xlsx', Buffer.from('这不是 Excel 文件，只是改了扩展名'))).toMatchObject({ importStatus: -1, errorMsg: IMPORT_TEXT.notExcel });
    expect(await imported('fake.xls', Buffer.from('PK\u0003\u0004 not really'))).toMatchObject({ importStatus: -1, errorMsg: IMPORT_TEXT.notExcel });
    expect(await imported('bomb.xlsx', await zipBomb(100))).toMatchObject({ importStatus: -1, errorMsg: IMPORT_TEXT.zipBomb });
    expect(await imported('empty.xlsx', await xlsxOf([]))).toMatchObject({ importStatus: -1, errorMsg: IMPORT_TEXT.empty });
    expect(await imported('headers-only.xlsx', await xlsxOf([LABOUR_HEADERS]))).toMatchObject({ importStatus: -1, errorMsg: IMPORT_TEXT.empty });
    expect(await imported('missing.xlsx', await xlsxOf([LABOUR_HEADERS.slice(1), labourRow('IMP-G1').slice(1)]))).toMatchObject({
      importStatus: -1,
      errorMsg: IMPORT_TEXT.missingHeaders(['工时代码']),
    });
    const badDate = await imported('date.xlsx', await xlsxOf([LABOUR_HEADERS, labourRow('IMP-H1', { 生效日期: '2026-02-30' })]));
    expect(badDate.result.errorList).toEqual([{ rowNO: 2, errorMsg: IMPORT_TEXT.notDate('生效日期') }]);
  });

  it('[BO-IMP-01] refuses a file that is not xls or xlsx before reading it', async () => {
    expect(await post('prices.csv', Buffer.from('a,b'))).toMatchObject({ resultCode: 400, errMsg: IMPORT_TEXT.onlyExcel });
  });

  it('refuses a 200 MB file at the upload ceiling', async () => {
    const answer = await post('huge.xlsx', Buffer.alloc(200 * 1024 * 1024, 0x41));
    expect(answer.resultCode).toBe(413);
  }, 120_000);

  it('refuses a workbook with 1,048,576 rows without reading it to the end', async () => {
    const status = await imported('full.xlsx', await fullSheet());
    expect(status).toMatchObject({ importStatus: -1, errorMsg: IMPORT_TEXT.tooManyRows(MAX_IMPORT_ROWS) });
  }, 180_000);
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportStatus } from '../../server/imports/importJobs';
import { IMPORT_TEXT } from '../../server/imports/importRows';
import { multipartFile, TARGET_HEADERS, targetRow, xlsxOf } from '../support/excelFiles';
import { exportRunner } from '../../server/routes/downloadCentre';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

const BASE = '/api/2b/target/target';

interface SalesTargetView {
  id: number;
  ownerCode: string;
  dealerName: string;
  targetMonth: string;
  seriesCode: string;
  seriesName: string;
  modelCode: string;
  modelName: string;
  retailTarget: number;
  wholesaleTarget: number;
  remark: string | null;
  updatedAt: string;
}

describe(`销售目标: list, import, save and export within the data scope (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let sales: string;
  let region: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, sales, region] = await Promise.all([t.login('admin'), t.login('d11001xsgw'), t.login('rnmanager')]);
  });
  afterAll(() => t?.close());

  const list = async (token: string, query: Record<string, string> = {}) => (await t.call<Page<SalesTargetView>>({ method: 'GET', url: `${BASE}/salesTargets`, token, query })).data!;
  const upload = (token: string, name: string, content: Buffer) =>
    t.call<ImportStatus>({ method: 'POST', url: `${BASE}/import`, token, payload: multipartFile.body(name, content), headers: { 'content-type': multipartFile.contentType } });
  const imported = async (content: Buffer) => {
    const answer = await upload(admin, '销售目标.xlsx', content);
    expect(answer.resultCode, answer.errMsg).toBe(200);
    expect(answer.data!.importStatus).toBe(0);
    await t.server.jobs.imports.idle();
    return (await t.call<ImportStatus>({ method: 'GET', url: `${BASE}/import/last`, token: admin })).data!;
  };
  const month = async (targetMonth: string) => list(admin, { targetMonthFrom: targetMonth, targetMonthTo: targetMonth, pageSize: '100' });

  it('lists the seeded targets within the data scope: a dealer its own, a region its dealers, the manufacturer all', async () => {
    const [all, own, north] = await Promise.all([list(admin), list(sales), list(region)]);
    expect(all.total).toBeGreaterThan(own.total);
    expect(new Set((await list(sales, { pageSize: '500' })).items.map((r) => r.ownerCode))).toEqual(new Set(['D11001']));
    expect(north.total).toBeLessThan(all.total);
    expect(north.total).toBeGreaterThan(own.total);
    expect(all.items[0]).toMatchObject({ seriesName: expect.stringMatching(/^华晟 /), modelName: expect.any(String), dealerName: expect.any(String) });
    // Another dealer's targets read as absent to the dealer's staff, even when asked for by name.
    expect((await list(sales, { ownerCode: 'D31001' })).total).toBe(0);
  });

  it('answers the import template with the import headers', async () => {
    const answer = await t.call<Buffer>({ method: 'GET', url: `${BASE}/import/template`, token: admin });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.data! as unknown as ArrayBuffer);
    expect((workbook.getWorksheet('sheet')!.getRow(1).values as unknown[]).slice(1)).toEqual(TARGET_HEADERS);
  });

  it('[BO-API-17] [BO-API-18] [BO-IMP-10] a file with two bad rows writes nothing; GET target/import/last names both rows', async () => {
    const status = await imported(
      await xlsxOf([
        TARGET_HEADERS,
        targetRow({ 目标月份: '2027-02' }),
        targetRow({ 目标月份: '2027-02', 车型: '2.0T 两驱豪华版' }),
        targetRow({ 目标月份: '2027-02', 经销商代码: 'D99999', '零售目标（台）': 1.5 }),
      ]),
    );
    expect(status).toMatchObject({ importStatus: 1, errorMsg: null, result: { dataList: [], total: 0 } });
    expect(status.result.errorList).toEqual([
      { rowNO: 4, errorMsg: `${IMPORT_TEXT.unknownChoice('经销商代码', 'D99999')}；${IMPORT_TEXT.precision('零售目标（台）', 0)}` },
    ]);
    // Checked against the catalogue once every cell is right: a model of another series.
    const second = await imported(await xlsxOf([TARGET_HEADERS, targetRow({ 目标月份: '2027-02' }), targetRow({ 目标月份: '2027-02', 车型: '2.0T 两驱豪华版' }), targetRow({ 目标月份: '2027-02' })]));
    expect(second.result.errorList).toEqual([
      { rowNO: 3, errorMsg: '车型不属于该车系' },
      { rowNO: 4, errorMsg: '与第2行的经销商、月份与车型重复' },
    ]);
    expect((await month('2027-02')).total).toBe(0);
  });

  it('[BO-IMP-07] [BO-IMP-08] imports good rows (a month as a date cell too) and a later import replaces the same dealer, month and model', async () => {
    const first = await imported(
      await xlsxOf([TARGET_HEADERS, targetRow(), targetRow({ 目标月份: new Date(Date.UTC(2027, 0, 1)), 车型: '1.4T 自动运动版', 经销商代码: 'D31001' })]),
    );
    expect(first).toMatchObject({ importStatus: 1, result: { errorList: [], total: 2 } });
    expect(first.result.dataList).toMatchObject([
      { rowNO: 2, ownerCode: 'D11001', targetMonth: '2027-01', seriesCode: 'HS-A3', modelCode: 'HS-A3-M1', retailTarget: 12 },
      { rowNO: 3, ownerCode: 'D31001', targetMonth: '2027-01', modelCode: 'HS-A3-M3' },
    ]);
    await imported(await xlsxOf([TARGET_HEADERS, targetRow({ '零售目标（台）': 20, 备注: '修订' })]));
    const rows = (await month('2027-01')).items;
    expect(rows.map((r) => [r.ownerCode, r.modelName, r.retailTarget, r.remark])).toEqual([
      ['D11001', '1.5L 手动舒适版', 20, '修订'],
      ['D31001', '1.4T 自动运动版', 12, null],
    ]);
  });

  it('[BO-IMP-07] reads Chinese text intact across the streaming reader\'s chunks (3,000 rows, each with its own remark)', async () => {
    const models = [
      ['华晟 A3', '1.5L 手动舒适版'],
      ['华晟 S7', '2.0T 两驱豪华版'],
      ['华晟 E6', '长续航版 520km'],
    ];
    const dealers = ['D11001', 'D12001', 'D31001', 'D32001'];
    const rows = Array.from({ length: 3000 }, (_, n) => {
      const [series, model] = models[n % 3]!;
      const month = Math.floor(n / 12);
      return targetRow({ 经销商代码: dealers[Math.floor(n / 3) % 4]!, 目标月份: `${1900 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`, 车系: series, 车型: model, 备注: `第${n + 2}行：华晟经销商月度目标` });
    });
    const status = await imported(await xlsxOf([TARGET_HEADERS, ...rows]));
    expect(status.result.errorList).toEqual([]);
    expect(status.result.total).toBe(3000);
    expect(status.result.dataList.every((r) => r.remark === `第${r.rowNO}行：华晟经销商月度目标`)).toBe(true);
    const stored = await list(admin, { targetMonthFrom: '1900-01', targetMonthTo: '1999-12', pageSize: '3000' });
    expect(stored.items.filter((r) => !/^第\d+行：华晟经销商月度目标$/.test(r.remark ?? ''))).toEqual([]);
  }, 60_000);

  it('refuses imports and changes from a dealer account: the manufacturer sets the targets', async () => {
    expect((await upload(sales, 'x.xlsx', await xlsxOf([TARGET_HEADERS, targetRow()]))).resultCode).toBe(403);
    const [row] = (await list(sales, { pageSize: '1' })).items;
    const save = await t.call({ method: 'POST', url: `${BASE}/salesTargets/batch`, token: sales, payload: { updated: [{ id: row!.id, retailTarget: 1, wholesaleTarget: 1 }] } });
    expect(save.resultCode).toBe(403);
  });

  it('saves the edited and deleted rows of the table', async () => {
    const [a, b] = (await month('2027-01')).items;
    const save = await t.call<{ updated: number; deleted: number }>({
      method: 'POST',
      url: `${BASE}/salesTargets/batch`,
      token: admin,
      payload: { inserted: [], updated: [{ ...a!, retailTarget: 30, wholesaleTarget: 33 }], deleted: [{ id: b!.id }] },
    });
    expect(save.data).toEqual({ updated: 1, deleted: 1 });
    expect((await month('2027-01')).items.map((r) => [r.ownerCode, r.retailTarget, r.wholesaleTarget])).toEqual([['D11001', 30, 33]]);
  });

  it('[BB-EXP-03] the GET export answers the workbook itself (bytes, not an envelope) within the data scope', async () => {
    const answer = await t.call<Buffer>({ method: 'GET', url: `${BASE}/salesTargets/exportFile`, token: sales, query: { targetMonthFrom: '2027-01', targetMonthTo: '2027-01', fileName: '一月目标.xlsx' } });
    expect(answer.httpStatus).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.data! as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('sheet')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['序号', '经销商代码', '经销商', '目标月份', '车系', '车型', '零售目标（台）', '批发目标（台）', '备注']);
    expect((sheet.getRow(2).values as unknown[]).slice(1, 8)).toEqual([1, 'D11001', expect.any(String), '2027-01', '华晟 A3', '1.5L 手动舒适版', 30]);
    expect(sheet.rowCount).toBe(2);
  });

  it('exports through the download centre with the requester scope', async () => {
    const job = await t.call<{ id: string }>({ method: 'GET', url: `${BASE}/salesTargets/export`, token: region, query: { targetMonthFrom: '2026-01', targetMonthTo: '2026-01' } });
    expect(job.resultCode).toBe(200);
    await exportRunner(t.server.database.db, t.config).idle();
    const file = await t.call<Buffer>({ method: 'GET', url: `/api/2b/download/jobs/${job.data!.id}/file`, token: region });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.data! as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('sheet')!.getSheetValues().slice(2) as unknown[][];
    expect(rows.length).toBe((await list(region, { targetMonthFrom: '2026-01', targetMonthTo: '2026-01' })).total);
    expect(new Set(rows.map((r) => r[2]))).not.toContain('D31001');
  });
});

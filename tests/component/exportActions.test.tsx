import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runAction } from '../../runtime/screen/screenExtensions';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { fakeServer, ok, withHeaders, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const saved: { blob: Blob; name: string }[] = [];
vi.mock('../../runtime/upload/transfer', async (original) => ({
  ...(await original<typeof import('../../runtime/upload/transfer')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));
// jsdom has no Web Worker: the worker's own build runs in place, progress included.
vi.mock('../../runtime/export/workerBuild', async () => {
  const { buildXlsx } = await import('../../runtime/export/xlsxBuild');
  return { buildInWorker: buildXlsx };
});

const screen: Screen = {
  id: 'test.export',
  title: '测试',
  service: 'repair',
  table: {
    api: 'repair:GET basedata/labourItems',
    columns: [
      { title: '工时代码', dataIndex: 'labourCode' },
      { title: '维修类型', dataIndex: 'repairTypeCode', editItems: [{ value: 'RT01', text: '一般维修' }] },
      { title: '更新时间', dataIndex: 'updatedAt', hidden: true },
    ],
  },
};
const ROWS = [
  { labourCode: 'BP001', repairTypeCode: 'RT01', updatedAt: 'x' },
  { labourCode: 'BP002', repairTypeCode: 'RT01', updatedAt: 'y' },
  { labourCode: 'BP003', repairTypeCode: 'RT02', updatedAt: 'z' },
];

function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('export buttons', () => {
  let calls: FakeCall[];
  let listed: { total: number; items: object[] };
  let store: ScreenStore;

  beforeEach(() => {
    saved.length = 0;
    listed = { total: 3, items: ROWS.slice(0, 2) };
    calls = fakeServer({
      'GET /api/repair/basedata/labourItems': (call: FakeCall) => {
        const size = Number((call.params as Record<string, unknown>).pageSize);
        return ok({ total: listed.total, items: size >= listed.total ? ROWS.slice(0, listed.total) : listed.items });
      },
      'GET /api/repair/basedata/labourItems/export': ok({ id: 'a'.repeat(32), status: '0' }),
    }).calls;
    store = new ScreenStore(screen, []);
    renderInApp(<div />);
  });

  const run = (action: Parameters<typeof runAction>[0]) => {
    let done = false;
    act(() => void runAction(action, { store }).then(() => (done = true)));
    return () => done;
  };

  it('[BO-EXP-08] warns 请先执行搜索并结果不为空，再进行导出！ when no search has run', async () => {
    const done = run({ type: 'exportExcel' });
    expect(await view.findByText('请先执行搜索并结果不为空，再进行导出！')).toBeTruthy();
    await waitFor(() => expect(done()).toBe(true));
    expect(calls).toHaveLength(0);
  });

  it('[BO-EXP-09] warns the same when the search found nothing (total 0)', async () => {
    listed = { total: 0, items: [] };
    await act(() => store.search({}));
    run({ type: 'exportExcel' });
    expect(await view.findByText('请先执行搜索并结果不为空，再进行导出！')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('[BO-EXP-01] [BO-EXP-02] [BO-EXP-03] asks 是否将Excel表格保存至本地文件夹？ with 下载 and 取消; cancelling says 已取消', async () => {
    await act(() => store.search({}));
    const done = run({ type: 'exportExcel' });
    expect(await view.findByText('是否将Excel表格保存至本地文件夹？')).toBeTruthy();
    expect(view.getByRole('button', { name: '下载' })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: '取消' }));
    expect(await view.findByText('已取消')).toBeTruthy();
    await waitFor(() => expect(done()).toBe(true));
    expect(saved).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('[BO-EXP-13] [BO-EXP-16] [BO-EXP-17] [BO-EXP-12] fetches page 1 with the page size equal to the total and saves 表格数据.xlsx', async () => {
    await act(() => store.search({ keyword: '刹车' }));
    const done = run({ type: 'exportExcel', exportParams: { scene: 'all' } });
    fireEvent.click(await view.findByRole('button', { name: '下载' }));
    await waitFor(() => expect(done()).toBe(true));
    const fetchAll = calls[1]!.params as Record<string, unknown>;
    expect(fetchAll).toMatchObject({ keyword: '刹车', scene: 'all', current: 1, pageNum: 1, pageSize: 3, limit: 3 });
    expect(saved.map((s) => s.name)).toEqual(['表格数据.xlsx']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blobBytes(saved[0]!.blob));
    const sheet = workbook.getWorksheet('sheet')!;
    expect([1, 2, 3, 4].map((r) => (sheet.getRow(r).values as unknown[]).slice(1))).toEqual([
      ['序号', '工时代码', '维修类型'],
      [1, 'BP001', '一般维修'],
      [2, 'BP002', '一般维修'],
      [3, 'BP003', 'RT02'],
    ]);
  });

  it('[BO-EXP-07] warns 数据为空，无法导出！ when the full fetch answers no rows', async () => {
    await act(() => store.search({}));
    listed = { total: 0, items: [] };
    run({ type: 'exportExcel' });
    fireEvent.click(await view.findByRole('button', { name: '下载' }));
    expect(await view.findByText('数据为空，无法导出！')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('[BO-EXP-04] [BO-EXP-05] [BO-EXP-06] [BO-EXP-10] [BB-EXP-01] [BB-EXP-02] calls the export function with the query and exportParams; exportType text by default: a JSON answer, then the download centre', async () => {
    await act(() => store.search({ keyword: '刹车' }));
    const done = run({ type: 'exportJob', exportMethod: 'repair:GET basedata/labourItems/export', exportParams: { scene: 'all' }, exportName: '工时.xlsx' });
    expect(await view.findByText('导出任务已创建，是否前往下载中心查看？')).toBeTruthy();
    const call = calls.at(-1)!;
    expect(call.url).toBe('/api/repair/basedata/labourItems/export');
    expect(call.params).toEqual({ keyword: '刹车', scene: 'all', fileName: '工时.xlsx' });
    expect(call.responseType ?? 'json').toBe('json');
    expect(view.getByRole('button', { name: '暂不前往' })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: '立即前往' }));
    await waitFor(() => expect(done()).toBe(true));
    expect(window.location.hash).toBe('#/downloadManage/downloadCenter/downloadCenter/index');
    expect(saved).toHaveLength(0);
  });

  it('[BB-EXP-01] exportMethod decides the call: a POST export function gets the query and exportParams as its body', async () => {
    fakeServer({ 'POST /api/repair/basedata/labourItems/export': (call: FakeCall) => (calls.push(call), ok({ id: 'b'.repeat(32) })) });
    const done = run({ type: 'exportJob', exportMethod: 'repair:POST basedata/labourItems/export', exportParams: { scene: 'all' } });
    fireEvent.click(await view.findByRole('button', { name: '暂不前往' }));
    await waitFor(() => expect(done()).toBe(true));
    const call = calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', params: undefined, data: { scene: 'all' } });
  });

  it('[BB-EXP-01] [BB-EXP-03] exportType arraybuffer: the GET export answers the workbook, read as an arraybuffer and saved under exportName', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('sheet').addRow(['序号', '经销商代码']);
    const bytes = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const exportCalls = fakeServer({ 'GET /api/2b/target/target/salesTargets/exportFile': file }).calls;
    const done = run({ type: 'exportJob', exportMethod: 'target:GET target/salesTargets/exportFile', exportType: 'arraybuffer', exportName: '销售目标.xlsx', exportParams: { seriesCode: 'HS-A3' } });
    await waitFor(() => expect(done()).toBe(true));
    expect(exportCalls[0]).toMatchObject({ method: 'GET', responseType: 'arraybuffer', params: { seriesCode: 'HS-A3', fileName: '销售目标.xlsx' } });
    expect(saved.map((s) => s.name)).toEqual(['销售目标.xlsx']);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await blobBytes(saved[0]!.blob));
    expect(back.getWorksheet('sheet')!.getRow(1).values).toEqual([undefined, '序号', '经销商代码']);
    expect(view.queryByText('导出任务已创建，是否前往下载中心查看？')).toBeNull();
  });

  it('[BB-EXP-03] an arraybuffer export answered with an error envelope shows the server\'s message and saves nothing', async () => {
    const envelope = new TextEncoder().encode(JSON.stringify({ resultCode: 400, errMsg: '导出超过 100000 行，请使用导出到下载中心', data: null }));
    fakeServer({ 'GET /api/2b/target/target/salesTargets/exportFile': withHeaders(envelope.buffer, { 'content-type': 'application/json; charset=utf-8' }) });
    // Away from the home page, which stays quiet (back-office §8).
    window.location.hash = '#/sales/salesManage/salesTarget/index';
    let failed = false;
    act(() => void runAction({ type: 'exportJob', exportMethod: 'target:GET target/salesTargets/exportFile', exportType: 'arraybuffer' }, { store }).catch(() => (failed = true)));
    expect(await view.findByText('导出超过 100000 行，请使用导出到下载中心')).toBeTruthy();
    await waitFor(() => expect(failed).toBe(true));
    expect(saved).toHaveLength(0);
  });
});

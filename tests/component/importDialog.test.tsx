import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_POLL_MS, readImportStatus } from '../../runtime/import/importStatus';
import { runAction } from '../../runtime/screen/screenExtensions';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';
import { appeared } from './appeared';

const screen: Screen = { id: 'test.import', title: '测试', service: 'repair', table: { api: 'repair:GET basedata/labourItems', columns: [{ title: '工时代码', dataIndex: 'labourCode' }] } };
const ACTION = { type: 'importExcel', api: 'repair:POST basedata/labourItems/import', statusApi: 'repair:GET basedata/labourItems/import/last' };
const running = { importStatus: 0, errorMsg: null, result: { errorList: [], dataList: [] } };
const done = (errorList: object[] = []) => ({ importStatus: 1, errorMsg: null, result: { errorList, dataList: [] } });

describe('Excel import dialog', () => {
  let calls: FakeCall[];
  let statuses: object[];
  let posted: object;
  let polls: (() => void)[];
  let delays: number[];

  beforeEach(() => {
    statuses = [];
    posted = ok(running);
    polls = [];
    delays = [];
    const realSetTimeout = globalThis.setTimeout;
    // The 10 s polls are run by the test; every other timer (antd's) runs as usual.
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number, ...args: unknown[]) => {
      if (ms === IMPORT_POLL_MS) {
        delays.push(ms);
        polls.push(fn);
        return 0 as unknown as ReturnType<typeof setTimeout>;
      }
      return realSetTimeout(fn, ms, ...args);
    }) as typeof setTimeout);
    calls = fakeServer({
      'POST /api/repair/basedata/labourItems/import': () => posted,
      'GET /api/repair/basedata/labourItems/import/last': () => ok(statuses.shift() ?? running),
      'GET /api/repair/basedata/labourItems': ok({ total: 0, items: [] }),
    }).calls;
    renderInApp(<div />);
  });
  afterEach(() => vi.restoreAllMocks());

  const open = () => {
    const state = { closed: false };
    const store = new ScreenStore(screen, []);
    act(() => void runAction(ACTION, { store }).then(() => (state.closed = true)));
    return state;
  };
  const choose = async (name: string) => {
    const input = await appeared(() => document.querySelector<HTMLInputElement>('.dms-import input[type=file]'), 'the file input');
    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], name)] } }));
  };
  const importButton = () => view.getByRole('button', { name: '导 入' });
  const runPoll = async () => {
    const next = polls.shift()!;
    await act(async () => next());
  };
  const apiCalls = () => calls.map((c) => `${c.method} ${c.url}`);

  it('[BO-IMP-01] accepts only xls and xlsx', async () => {
    open();
    await choose('prices.csv');
    expect(document.querySelector('.dms-import input[type=file]')!.getAttribute('accept')).toBe('.xls,.xlsx');
    expect(await view.findByText('只能上传 xls、xlsx 格式的文件！')).toBeTruthy();
    fireEvent.click(importButton());
    expect(await view.findByText('请先上传正确的文件！')).toBeTruthy();
  });

  it('[BO-IMP-02] says 请先上传正确的文件！ without a file', async () => {
    open();
    fireEvent.click(await view.findByRole('button', { name: '导 入' }));
    expect(await view.findByText('请先上传正确的文件！')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('[BO-IMP-03] [BO-IMP-04] [BO-IMP-05] [BO-IMP-06] [BO-IMP-07] sends nothing until 导入, posts to the action path, polls every 10 s while importStatus is 0', async () => {
    open();
    await choose('工时.xlsx');
    expect(calls).toHaveLength(0);
    fireEvent.click(importButton());
    await waitFor(() => expect(polls).toHaveLength(1));
    expect(apiCalls()).toEqual(['POST /api/repair/basedata/labourItems/import']);
    expect(calls[0]!.data).toBeInstanceOf(FormData);
    statuses = [running, done([{ rowNO: 3, errorMsg: '工时单价必须是数字' }])];
    await runPoll();
    expect(polls).toHaveLength(1);
    await runPoll();
    expect(polls).toHaveLength(0);
    expect(delays).toEqual([10_000, 10_000]);
    expect(apiCalls()).toEqual(['POST /api/repair/basedata/labourItems/import', 'GET /api/repair/basedata/labourItems/import/last', 'GET /api/repair/basedata/labourItems/import/last']);
  });

  it('[BO-IMP-09] [BO-IMP-10] shows the error rows with their Excel row numbers and messages', async () => {
    const state = open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    await waitFor(() => expect(polls).toHaveLength(1));
    statuses = [done([{ rowNO: 3, errorMsg: '维修类型“X”不存在' }, { rowNO: 7, errorMsg: '工时代码不能为空' }])];
    await runPoll();
    expect(await view.findByText('维修类型“X”不存在')).toBeTruthy();
    expect(view.getByText('工时代码不能为空')).toBeTruthy();
    const rows = [...document.querySelectorAll('.dms-import tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['3', '维修类型“X”不存在'],
      ['7', '工时代码不能为空'],
    ]);
    expect(await view.findByText('数据格式错误！')).toBeTruthy();
    expect(state.closed).toBe(false);
  });

  it('[BO-IMP-11] [BO-IMP-12] on success says so, closes the dialog and reloads the table', async () => {
    const state = open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    await waitFor(() => expect(polls).toHaveLength(1));
    statuses = [done()];
    await runPoll();
    expect(await view.findByText('导入成功')).toBeTruthy();
    await waitFor(() => expect(state.closed).toBe(true));
    await waitFor(() => expect(apiCalls().at(-1)).toBe('GET /api/repair/basedata/labourItems'));
    expect(document.querySelector('.dms-import')).toBeNull();
  });

  it('[BO-IMP-13] shows the error message on importStatus -1', async () => {
    open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    await waitFor(() => expect(polls).toHaveLength(1));
    statuses = [{ importStatus: -1, errorMsg: '文件格式不正确，请上传 Excel 文件（xls、xlsx）', result: { errorList: [], dataList: [] } }];
    await runPoll();
    expect(await view.findByText('文件格式不正确，请上传 Excel 文件（xls、xlsx）')).toBeTruthy();
  });

  it('[BO-IMP-14] asks before closing while an import runs', async () => {
    const state = open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    await waitFor(() => expect(polls).toHaveLength(1));
    fireEvent.click(view.getByRole('button', { name: '关闭' }));
    expect(await view.findByText('导入正在进行，确定关闭吗？')).toBeTruthy();
    expect(state.closed).toBe(false);
    fireEvent.click(view.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(state.closed).toBe(true));
  });

  it('[BO-IMP-16] reads errorList and the success flag from the url object of the answer', async () => {
    expect(readImportStatus({ url: { errorList: [{ rowNO: 2, errorMsg: 'x' }], success: false } }, '')).toEqual({ kind: 'done', errors: [{ rowNO: 2, errorMsg: 'x' }], success: false });
    posted = { resultCode: 200, errMsg: '', data: { url: { errorList: [], success: true } } };
    const state = open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    expect(await view.findByText('导入成功')).toBeTruthy();
    await waitFor(() => expect(state.closed).toBe(true));
    expect(polls).toHaveLength(0);
  });

  it('[BO-IMP-15] marks itself as uploaded when the result says success: shown as 已导入, and closing reloads the table', async () => {
    posted = { resultCode: 200, errMsg: '', data: { url: { errorList: [{ rowNO: 4, errorMsg: '工时代码不能为空' }], success: true } } };
    const state = open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    expect(await view.findByText('已导入')).toBeTruthy();
    expect(view.getByText('工时代码不能为空')).toBeTruthy();
    expect(state.closed).toBe(false);
    const listed = () => apiCalls().filter((c) => c === 'GET /api/repair/basedata/labourItems').length;
    const before = listed();
    fireEvent.click(view.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(state.closed).toBe(true));
    await waitFor(() => expect(listed()).toBe(before + 1));
  });

  it('[BO-IMP-15] stays unmarked when the result does not say success; closing then leaves the table as it was', async () => {
    posted = { resultCode: 200, errMsg: '', data: { url: { errorList: [{ rowNO: 4, errorMsg: '工时代码不能为空' }], success: false } } };
    const state = open();
    await choose('工时.xlsx');
    fireEvent.click(importButton());
    expect(await view.findByText('工时代码不能为空')).toBeTruthy();
    expect(view.queryByText('已导入')).toBeNull();
    fireEvent.click(view.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(state.closed).toBe(true));
    expect(apiCalls()).not.toContain('GET /api/repair/basedata/labourItems');
  });
});

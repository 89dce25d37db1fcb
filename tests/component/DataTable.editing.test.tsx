import { act, fireEvent, screen as view, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_RECLICK_LOCK_MS } from '../../runtime/blocks/buttonLock';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { cell, cellText, editor, findHeader, loaded, renderTable, rowsShown } from './tableHarness';

const SAVE = 'POST_repair_basedata/labourItems/batch';

const screen: Screen = {
  id: 'test.edit',
  title: '测试',
  service: 'repair',
  permissions: { save: SAVE },
  table: {
    api: 'repair:GET basedata/labourItems',
    selection: 'checkbox',
    newRow: { enabled: '1', price: 200 },
    columns: [
      { title: '工时代码', dataIndex: 'labourCode', editable: 'row.isNewRow', editRequired: true, editPattern: '^[A-Z0-9-]{2,20}$' },
      { title: '工时名称', dataIndex: 'labourName', editable: true, editRequired: true, maxlength: 50 },
      {
        title: '标准工时代码',
        dataIndex: 'stdLabourCode',
        editable: true,
        searchHelper: { api: 'repair:GET basedata/standardLabours', valueKey: 'code', textKey: 'name', fill: { labourName: 'name', stdHours: 'stdHours' } },
      },
      { title: '标准工时', dataIndex: 'stdHours', type: 'number', editable: true, editType: 'number', precision: 1, min: 0, max: 999 },
      { title: '工时单价', dataIndex: 'price', type: 'money', editable: true, editType: 'number', precision: 2, min: 0, max: 99999, editRequired: true, summation: true },
      { title: '启用', dataIndex: 'enabled', editable: true, editType: 'checkbox' },
    ],
  },
  toolbar: [
    { label: '新增行', permission: 'save', action: { type: 'addRow' } },
    { label: '删除行', permission: 'save', action: { type: 'deleteRows' } },
    { label: '保 存', permission: 'save', action: { type: 'saveRows', api: 'repair:POST basedata/labourItems/batch' } },
  ],
};

const items = () => [
  { id: 1, labourCode: 'BY001', labourName: '更换机油机滤', stdLabourCode: 'BY001', stdHours: 0.5, price: 280, enabled: '1', updatedAt: '2026-06-01 10:00:00' },
  { id: 2, labourCode: 'WX001', labourName: '更换前刹车片', stdLabourCode: 'WX001', stdHours: 0.8, price: 280, enabled: '1', updatedAt: '2026-06-01 10:00:00' },
  { id: 3, labourCode: 'BP001', labourName: '前保险杠喷漆', stdLabourCode: 'BP001', stdHours: 3, price: 320, enabled: '0', updatedAt: '2026-06-01 10:00:00' },
];

describe('the data table: editable cells', () => {
  let calls: FakeCall[];

  beforeEach(() => {
    calls = fakeServer({
      'GET /api/repair/basedata/labourItems': () => ok({ total: 3, items: items() }),
      'GET /api/repair/basedata/standardLabours': (call) =>
        ok(String((call.params as { keyword: string }).keyword).includes('机油') ? [{ code: 'BY001', name: '更换机油机滤', stdHours: 0.5 }] : []),
      'POST /api/repair/basedata/labourItems/batch': ok({ inserted: 1, updated: 1, deleted: 1 }),
      'GET /api/lowcode/tableLayouts': ok(null),
    }).calls;
  });

  const open = async () => {
    const rendered = renderTable(screen, [SAVE]);
    await loaded(rendered.store);
    await rowsShown(3);
    return rendered;
  };
  const startEditing = async (rowIndex: number, colId: string) => {
    await userEvent.click(cell(rowIndex, colId)!);
    return waitFor(() => {
      expect(cell(rowIndex, colId)!.classList.contains('ag-cell-inline-editing')).toBe(true);
      return editor()!;
    });
  };
  const isEditing = (rowIndex: number, colId: string) => cell(rowIndex, colId)?.classList.contains('ag-cell-inline-editing') ?? false;
  const problemTip = () => document.querySelector('.dms-cell-problem:not(.ant-tooltip-hidden)')?.textContent ?? null;

  it('[BB-TBL-02] [BB-TBL-10] opens a cell for editing on a click; a cell its row may not edit stays read-only', async () => {
    await open();
    const input = await startEditing(0, 'labourName');
    expect(input.value).toBe('更换机油机滤');
    expect(input.maxLength).toBe(50);
    await userEvent.keyboard('{Escape}');
    // Codes are editable only on new rows (editable: row.isNewRow).
    await userEvent.click(cell(0, 'labourCode')!);
    expect(isEditing(0, 'labourCode')).toBe(false);
    expect((await findHeader('labourName')).querySelector('.dms-th-required')!.textContent).toBe('*');
  });

  it('[BB-TBL-39] [BB-TBL-14] [BB-TBL-13] says {title}不能为空 on blur and keeps the cell open; Esc cancels and restores the value', async () => {
    const { store } = await open();
    const input = await startEditing(0, 'labourName');
    await userEvent.clear(input);
    await userEvent.click(cell(1, 'labourName')!);
    await waitFor(() => expect(problemTip()).toBe('工时名称不能为空'));
    expect(isEditing(0, 'labourName')).toBe(true);
    expect(isEditing(1, 'labourName')).toBe(false);
    expect(cell(0, 'labourName')!.classList.contains('dms-cell-error')).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(editor()));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(isEditing(0, 'labourName')).toBe(false));
    expect(cellText(0, 'labourName')).toBe('更换机油机滤');
    expect(store.rows[0]!.labourName).toBe('更换机油机滤');
    expect(store.edits!.changes.dirty).toBe(false);
    expect(cell(0, 'labourName')!.classList.contains('dms-cell-error')).toBe(false);
  });

  it('[BB-TBL-12] Enter commits the cell, fires the enter event and goes on to the next editable cell', async () => {
    const { store } = await open();
    const entered = vi.fn();
    store.edits!.onEnter(entered);
    const input = await startEditing(1, 'labourName');
    await userEvent.clear(input);
    await userEvent.type(input, '更换后刹车片{Enter}');
    await waitFor(() => expect(entered).toHaveBeenCalledWith(expect.objectContaining({ field: 'labourName', rowIndex: 1 })));
    expect(store.rows[1]!.labourName).toBe('更换后刹车片');
    await waitFor(() => expect(isEditing(1, 'stdLabourCode')).toBe(true));
    expect(store.edits!.changes.sets().updated.map((r) => r.id)).toEqual([2]);
  });

  it('[BB-TBL-11] arrow keys move between cells, and up and down carry an edit to the next row', async () => {
    await open();
    await userEvent.click(cell(0, 'labourCode')!);
    await waitFor(() => expect(document.activeElement?.getAttribute('col-id')).toBe('labourCode'));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement?.getAttribute('col-id')).toBe('labourName'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.closest('.ag-row')?.getAttribute('row-index')).toBe('1'));
    await startEditing(1, 'labourName');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(isEditing(2, 'labourName')).toBe(true));
    expect(isEditing(1, 'labourName')).toBe(false);
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(isEditing(1, 'labourName')).toBe(true));
  });

  it('[BB-TBL-33] [BB-TBL-34] [BB-TBL-35] [BB-TBL-36] [BB-TBL-38] a number cell refuses keystrokes that break its rules', async () => {
    const { store } = await open();
    const input = await startEditing(0, 'stdHours');
    await userEvent.clear(input);
    await userEvent.type(input, '-a12.34');
    expect(input.value).toBe('12.3');
    await userEvent.clear(input);
    await userEvent.type(input, '9999');
    expect(input.value).toBe('999');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(store.rows[0]!.stdHours).toBe(999));
    expect(cellText(0, 'stdHours')).toBe('999.0');
  });

  it('[BB-TBL-41] [BB-TBL-54] a search helper looks up the typed text and accepts only a chosen value, which fills the row', async () => {
    const { store } = await open();
    const input = await startEditing(1, 'stdLabourCode');
    await userEvent.clear(input);
    await userEvent.type(input, '机油');
    const lookups = () => calls.filter((c) => c.url === '/api/repair/basedata/standardLabours');
    await waitFor(() => expect(lookups().at(-1)?.params).toEqual({ keyword: '机油' }));
    await userEvent.click(cell(0, 'labourName')!);
    await waitFor(() => expect(problemTip()).toBe('标准工时代码只能选择'));
    expect(isEditing(1, 'stdLabourCode')).toBe(true);
    fireEvent.click(await view.findByText('BY001 更换机油机滤'));
    await waitFor(() => expect(isEditing(1, 'stdLabourCode')).toBe(false));
    expect(store.rows[1]).toMatchObject({ stdLabourCode: 'BY001', labourName: '更换机油机滤', stdHours: 0.5 });
    expect(cellText(1, 'labourName')).toBe('更换机油机滤');
  });

  it('[BB-TBL-15] [BB-TBL-42] [BB-TBL-45] adds a row flagged new at the top, and will not save it with its required cells empty', async () => {
    const { store } = await open();
    fireEvent.click(view.getByRole('button', { name: '新增行' }));
    await rowsShown(4);
    await waitFor(() => expect(isEditing(0, 'labourCode')).toBe(true));
    const added = store.rows[0]!;
    expect(added).toMatchObject({ isNewRow: true, enabled: '1', price: 200 });
    expect(typeof added._uid).toBe('string');
    expect(document.querySelector('.ag-grid-scrolling-container .ag-row[row-index="0"]')!.classList.contains('dms-row-new')).toBe(true);
    await userEvent.keyboard('{Escape}');
    fireEvent.click(view.getByRole('button', { name: '保 存' }));
    expect(await view.findByText('红色标记单元格的值不允许为空！')).toBeTruthy();
    await waitFor(() => expect(cell(0, 'labourCode')!.classList.contains('dms-cell-error')).toBe(true));
    expect(cell(0, 'labourName')!.classList.contains('dms-cell-error')).toBe(true);
    expect(cell(0, 'labourCode')!.getAttribute('title')).toBe('工时代码不能为空');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Filling the cell clears its mark.
    await userEvent.type(await startEditing(0, 'labourCode'), 'ZD-01{Enter}');
    await waitFor(() => expect(cell(0, 'labourCode')!.classList.contains('dms-cell-error')).toBe(false));
  });

  it('[BB-TBL-16] [BB-TBL-17] deletes rows (a new row removed again leaves no trace) and saves the three sets in one call', async () => {
    const { store } = await open();
    act(() => Object.assign(store.addRow(), { labourCode: 'ZD-01', labourName: '空调清洗' }));
    act(() => void store.addRow());
    await rowsShown(5);
    act(() => store.setSelection([store.rows[0]!]));
    fireEvent.click(view.getByRole('button', { name: '删除行' }));
    await rowsShown(4);
    await userEvent.type(await startEditing(1, 'labourName'), '（新）{Enter}');
    await waitFor(() => expect(store.rows[1]!.labourName).toBe('更换机油机滤（新）'));
    await userEvent.keyboard('{Escape}');
    act(() => store.setSelection([store.rows[3]!]));
    // A second click of the same button within BUTTON_RECLICK_LOCK_MS is ignored (back-office §9).
    await new Promise((resolve) => setTimeout(resolve, BUTTON_RECLICK_LOCK_MS));
    fireEvent.click(view.getByRole('button', { name: '删除行' }));
    await rowsShown(3);

    fireEvent.click(view.getByRole('button', { name: '保 存' }));
    const saved = await waitFor(() => {
      const post = calls.find((c) => c.method === 'POST');
      expect(post).toBeTruthy();
      return post!.data as Record<string, Record<string, unknown>[]>;
    });
    expect(saved.inserted).toEqual([{ labourCode: 'ZD-01', labourName: '空调清洗', enabled: '1', price: 200 }]);
    expect(saved.updated).toEqual([{ ...items()[0], labourName: '更换机油机滤（新）' }]);
    expect(saved.deleted).toEqual([items()[2]]);
    expect(await view.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/repair/basedata/labourItems')).toHaveLength(2));
    expect(store.edits!.changes.dirty).toBe(false);
  });

  it('[BB-TBL-43] reports a cell that does not match its pattern before saving', async () => {
    const { store } = await open();
    fireEvent.click(view.getByRole('button', { name: '新增行' }));
    await waitFor(() => expect(isEditing(0, 'labourCode')).toBe(true));
    await userEvent.keyboard('{Escape}');
    act(() => {
      store.rows[0]!.labourCode = 'bad code';
      store.rows[0]!.labourName = '名称';
    });
    fireEvent.click(view.getByRole('button', { name: '保 存' }));
    expect(await view.findByText('红色标记单元格的值格式不正确！')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('[BB-TBL-40] says {title}格式不正确 on blur when the value does not match the pattern', async () => {
    await open();
    fireEvent.click(view.getByRole('button', { name: '新增行' }));
    await waitFor(() => expect(isEditing(0, 'labourCode')).toBe(true));
    await userEvent.type(editor()!, 'bad code');
    await userEvent.click(cell(2, 'labourName')!);
    await waitFor(() => expect(problemTip()).toBe('工时代码格式不正确'));
    expect(isEditing(0, 'labourCode')).toBe(true);
  });

  it('[BB-TBL-44] reports a search-helper cell left with unchosen text when saving', async () => {
    await open();
    const input = await startEditing(0, 'stdLabourCode');
    await userEvent.clear(input);
    await userEvent.type(input, '刹车');
    fireEvent.click(view.getByRole('button', { name: '保 存' }));
    expect(await view.findByText('搜索帮助单元格的值仅支持选择！')).toBeTruthy();
    expect(isEditing(0, 'stdLabourCode')).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks before unsaved edits are dropped by loading another page', async () => {
    const { store } = await open();
    await userEvent.type(await startEditing(0, 'labourName'), '改{Enter}');
    await waitFor(() => expect(store.edits!.changes.dirty).toBe(true));
    await userEvent.keyboard('{Escape}');
    const listed = () => calls.filter((c) => c.url === '/api/repair/basedata/labourItems').length;
    act(() => void store.reload());
    fireEvent.click(await view.findByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
    expect(listed()).toBe(1);
    expect(store.rows[0]!.labourName).toBe('更换机油机滤改');
    act(() => void store.reload());
    fireEvent.click(await view.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(listed()).toBe(2));
    await waitFor(() => expect(store.rows[0]!.labourName).toBe('更换机油机滤'));
  });
});

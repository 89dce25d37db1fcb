import { fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FilterBar } from '../../runtime/blocks/FilterBar';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const screen = (fields: NonNullable<Screen['filter']>['fields'], filter: Partial<NonNullable<Screen['filter']>> = {}): Screen => ({
  id: 'test.filter',
  title: '测试',
  service: 'repair',
  filter: { fields, ...filter },
  table: { api: 'repair:GET rows', columns: [{ title: '单号', dataIndex: 'no' }] },
});

const FIELDS = [
  { fieldName: 'no', label: '单号', type: 'input' },
  { fieldName: 'plate', label: '车牌号', type: 'input' },
  { fieldName: 'from|to', label: '日期', type: 'date-range' },
  { fieldName: 'status', label: '状态', type: 'select', options: [{ value: '1', text: '待确认' }] },
  { fieldName: 'name', label: '客户', type: 'input' },
];

describe('the filter bar', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = fakeServer({ 'GET /api/repair/rows': ok({ total: 0, items: [] }) }).calls;
  });

  const searches = () => calls.filter((c) => c.url === '/api/repair/rows').map((c) => {
    const { current: _c, pageSize: _s, pageNum: _n, page: _p, limit: _l, size: _z, currentPage: _cp, ...filters } = c.params as Record<string, unknown>;
    return filters;
  });
  const labels = () => [...document.querySelectorAll('.dms-filter-bar .dms-field-label')].map((l) => l.textContent);

  it('[BO-FLT-01] [BO-FLT-02] [BO-FLT-21] [BO-FLT-22] starts collapsed to one row of four columns with more than three fields, and expands and collapses', () => {
    renderInApp(<FilterBar store={new ScreenStore(screen(FIELDS), [])} />);
    expect(labels()).toEqual(['单号', '车牌号', '日期']);
    expect(document.querySelector('[data-field="no"]')!.className).toContain('ant-col-6');
    fireEvent.click(view.getByRole('button', { name: /展开/ }));
    expect(labels()).toEqual(['单号', '车牌号', '日期', '状态', '客户']);
    fireEvent.click(view.getByRole('button', { name: /收起/ }));
    expect(labels()).toHaveLength(3);
  });

  it('shows no toggle when the fields fit', () => {
    renderInApp(<FilterBar store={new ScreenStore(screen(FIELDS.slice(0, 3)), [])} />);
    expect(view.queryByRole('button', { name: /展开/ })).toBeNull();
  });

  it('[BO-FLT-23] labels are 80 wide unless the screen says otherwise', () => {
    renderInApp(<FilterBar store={new ScreenStore(screen(FIELDS), [])} />);
    expect((document.querySelector('.dms-filter-bar .dms-field-label') as HTMLElement).style.width).toBe('80px');
  });

  it('[BO-FLT-05] [BO-FLT-06] validates and searches with the values on 查 询 and on Enter', async () => {
    renderInApp(<FilterBar store={new ScreenStore(screen(FIELDS), [])} />);
    fireEvent.change(document.querySelector('#filter_no')!, { target: { value: ' RO1 ' } });
    fireEvent.click(view.getByRole('button', { name: /查 询/ }));
    await waitFor(() => expect(searches()).toEqual([{ no: 'RO1' }]));
    fireEvent.change(document.querySelector('#filter_plate')!, { target: { value: '京A' } });
    fireEvent.keyDown(document.querySelector('#filter_plate')!, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(searches()).toEqual([{ no: 'RO1' }, { no: 'RO1', plate: '京A' }]));
  });

  it('[BO-FLT-07] does not search while a required field is empty', async () => {
    renderInApp(<FilterBar store={new ScreenStore(screen([{ fieldName: 'no', label: '单号', type: 'input', required: true }]), [])} />);
    fireEvent.click(view.getByRole('button', { name: /查 询/ }));
    await waitFor(() => expect(document.querySelector('.dms-filter-bar .dms-field-error')?.textContent).toBe('单号不能为空'));
    expect(searches()).toEqual([]);
  });

  it('[BO-FLT-03] [BO-FLT-04] clears the form on 重 置 and emits the reset: the table searches again with the defaults', async () => {
    const fields = [...FIELDS.slice(0, 3), { fieldName: 'status', label: '状态', type: 'select', defaultValue: '1', options: [{ value: '1', text: '待确认' }] }];
    renderInApp(<FilterBar store={new ScreenStore(screen(fields), [])} />);
    fireEvent.change(document.querySelector('#filter_no')!, { target: { value: 'RO1' } });
    fireEvent.click(within(document.querySelector('.dms-filter-bar')!).getByRole('button', { name: /重 置/ }));
    await waitFor(() => expect(searches()).toEqual([{ status: '1' }]));
    expect((document.querySelector('#filter_no') as HTMLInputElement).value).toBe('');
  });
});

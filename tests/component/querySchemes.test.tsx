// The custom query schemes of a filter bar (back-office §3, BO-ENT-14/15): the picker lists the screen's schemes from
// testList (by menu and table api), picking one fills the filter from its conditions, searches and shows its columns;
// 保存方案 sends the filter's values as typed conditions and the table's shown columns to testAddList.
import { fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FilterBar } from '../../runtime/blocks/FilterBar';
import { conditionsOf, valuesOf } from '../../runtime/blocks/schemes/schemeValues';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { ColumnLayout } from '../../runtime/table/columnLayout';
import type { QueryScheme } from '../../schemas/api/querySchemes';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

const FIELDS: NonNullable<Screen['filter']>['fields'] = [
  { fieldName: 'customerName', label: '客户姓名', type: 'input' },
  { fieldName: 'status', label: '线索状态', type: 'select', multiple: true, options: [{ value: '83111001', text: '待分配' }, { value: '83111002', text: '待跟进' }] },
  { fieldName: 'createdFrom|createdTo', label: '创建日期', type: 'date-range' },
];

const SCREEN: Screen = {
  id: 'sales.clues',
  title: '线索查询',
  service: 'clue-center',
  filter: { fields: FIELDS, schemes: true },
  table: { api: 'clue-center:GET jk/clue', columns: [{ title: '线索编号', dataIndex: 'clueNo' }, { title: '客户姓名', dataIndex: 'customerName' }, { title: '销售顾问', dataIndex: 'consultantName' }] },
};

const SCHEME: QueryScheme = {
  id: 7,
  labelName: '六月待跟进',
  selectCondition: [
    { fieldName: 'status', conditionCode: 'in', componentType: 'select', value: ['83111002'] },
    { fieldName: 'createdFrom|createdTo', conditionCode: 'between', componentType: 'input', value: ['2026-06-01', '2026-06-30'] },
    { fieldName: 'gone', conditionCode: 'eq', componentType: 'input', value: ['x'] },
  ],
  columns: [
    { label: '客户姓名', value: 'customerName' },
    { label: '线索编号', value: 'clueNo' },
  ],
  shared: true,
  own: false,
  userName: '张伟',
  updatedAt: '2026-06-30 10:00:00',
};

describe('custom query schemes in the filter bar', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = fakeServer({
      'GET /api/dms.ws.order/test/testList': ok([SCHEME]),
      'POST /api/dms.ws.order/test/testAddList': (call: FakeCall) => ok({ ...SCHEME, id: 8, own: true, labelName: (call.data as { labelName: string }).labelName }),
      'GET /api/2b/clueCenter/jk/clue': ok({ total: 0, items: [] }),
    }).calls;
  });
  const searches = () => calls.filter((c) => c.url === '/api/2b/clueCenter/jk/clue').map((c) => {
    const { status, createdFrom, createdTo, customerName } = c.params as Record<string, unknown>;
    return { status, createdFrom, createdTo, customerName };
  });

  it('[BO-ENT-14] [BO-ENT-15] turns filter values into typed conditions and back, leaving out fields the screen lost', () => {
    const conditions = conditionsOf(FIELDS, { customerName: '王', status: ['83111002'], createdFrom: '2026-06-01', createdTo: '2026-06-30' });
    expect(conditions).toEqual([
      { fieldName: 'customerName', conditionCode: 'like', componentType: 'input', value: ['王'] },
      { fieldName: 'status', conditionCode: 'in', componentType: 'select', value: ['83111002'], selectItem: [{ value: '83111001', text: '待分配' }, { value: '83111002', text: '待跟进' }] },
      { fieldName: 'createdFrom|createdTo', conditionCode: 'between', componentType: 'input', value: ['2026-06-01', '2026-06-30'] },
    ]);
    expect(valuesOf(FIELDS, SCHEME.selectCondition)).toEqual({ customerName: undefined, status: ['83111002'], 'createdFrom|createdTo': ['2026-06-01', '2026-06-30'] });
  });

  it('[BO-API-21] [BO-API-22] lists the screen’s schemes by menu and table api (menuId, interfaceAddress); picking one searches with its conditions and shows its columns', async () => {
    const store = new ScreenStore(SCREEN, [], undefined, 'sales_clues');
    renderInApp(<FilterBar store={store} />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/dms.ws.order/test/testList')).toBe(true));
    expect(calls.find((c) => c.url === '/api/dms.ws.order/test/testList')!.params).toEqual({ menuId: 'sales_clues', interfaceAddress: 'clue-center:GET jk/clue' });
    fireEvent.mouseDown(within(view.getByTestId('query-schemes')).getByRole('combobox'));
    fireEvent.click(await view.findByText('六月待跟进（共享） 张伟'));
    await waitFor(() => expect(searches()).toEqual([{ status: ['83111002'], createdFrom: '2026-06-01', createdTo: '2026-06-30', customerName: undefined }]));
    // The table was not shown yet: its columns follow when it hands over its layout.
    const layout = new ColumnLayout(SCREEN.table!.columns);
    store.attachLayout(layout);
    expect(layout.visibleKeys).toEqual(['customerName', 'clueNo']);
  });

  it('[BO-API-22] 保存方案 saves the filter’s values as conditions and the shown columns with menuId and interfaceAddress, shared when ticked', async () => {
    const store = new ScreenStore(SCREEN, [], undefined, 'sales_clues');
    store.attachLayout(new ColumnLayout(SCREEN.table!.columns));
    store.showColumns(['clueNo', 'consultantName']);
    renderInApp(<FilterBar store={store} />);
    fireEvent.change(document.querySelector('#filter_customerName')!, { target: { value: '李' } });
    fireEvent.click(view.getByRole('button', { name: '保存方案' }));
    fireEvent.change(await view.findByLabelText('方案名称'), { target: { value: '姓李的客户' } });
    fireEvent.click(view.getByRole('checkbox', { name: '共享给本店其他用户' }));
    fireEvent.click(view.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/dms.ws.order/test/testAddList')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.data).toEqual({
      menuId: 'sales_clues',
      interfaceAddress: 'clue-center:GET jk/clue',
      labelName: '姓李的客户',
      shared: true,
      selectCondition: [{ fieldName: 'customerName', conditionCode: 'like', componentType: 'input', value: ['李'] }],
      columns: [
        { value: 'clueNo', label: '线索编号' },
        { value: 'consultantName', label: '销售顾问' },
      ],
    });
  });
});

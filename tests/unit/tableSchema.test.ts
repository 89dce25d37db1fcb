// The table and column parts of the screen contract: every property of building-blocks §3 is accepted, and what the
// schema cannot check (flex members, renderers, choices, patterns, conditions) is caught with a path and a message.
import { describe, expect, it } from 'vitest';
import runtimeConfig from '../../runtime/public/config.json';
import { checkScreen } from '../../schemas/screen/screenChecks';
import type { Column, Screen } from '../../schemas/screen/screen.types';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';

const validate = createScreenAjv().compile(screenSchema);
const context = { services: new Set(Object.keys(runtimeConfig.services)) };
const check = (columns: unknown[], table: Record<string, unknown> = {}) =>
  checkScreen({ id: 'test.columns', title: '测试', service: 'repair', table: { api: 'repair:GET basedata/labourItems', columns, ...table } }, validate, context);

describe('the table and column contract', () => {
  const every: Column[] = [
    {
      title: '工时代码',
      dataIndex: 'labourCode',
      width: 120,
      minWidth: 80,
      fixed: 'left',
      align: 'left',
      sorter: true,
      hidden: false,
      hiddenFilter: true,
      render: 'tag',
      editable: 'row.isNewRow',
      editType: 'input',
      editRequired: true,
      editPattern: '^[A-Z0-9-]{2,20}$',
      maxlength: 20,
      filter: true,
      filterType: 'input',
      flex: ['labourName'],
      flexList: ['summary'],
    },
    { title: '工时名称', dataIndex: 'labourName', groupName: '名称', editable: true, editType: 'select', editItems: [{ value: 'a', text: '甲' }] },
    { title: '汇总', dataIndex: 'summary', groupName: '名称' },
    {
      title: '计价',
      dataIndex: 'pricing',
      children: [
        { title: '工时单价', dataIndex: 'price', type: 'money', editable: true, editType: 'number', precision: 2, min: 0, max: 99999, summation: true, filter: true, filterType: 'number', filterField: 'priceFrom|priceTo' },
        { title: '折扣', dataIndex: 'rate', type: 'percent' },
      ],
    },
    { title: '生效日期', dataIndex: 'effectiveDate', type: 'date', dateFormat: 'YYYY/MM/DD', editable: true, editType: 'date-picker', filter: true, filterType: 'date-range' },
    { title: '启用', dataIndex: 'enabled', editable: true, editType: 'checkbox', filter: true, filterType: 'radio', filterItems: [{ value: '1', text: '启用' }] },
    { title: '车系', dataIndex: 'series', editable: true, editType: 'select-multiple', dict: '8021', filter: true, filterType: 'checkbox' },
    { title: '电话', dataIndex: 'phone', mask: 'phone' },
    { title: '标准工时代码', dataIndex: 'stdLabourCode', editable: true, searchHelper: { api: 'repair:GET basedata/standardLabours', queryParam: 'keyword', valueKey: 'code', textKey: 'name', datakey: 'records', fill: { labourName: 'name' } } },
    { title: '类型', dataIndex: 'repairTypeCode', request: { api: 'repair:GET basedataRepairtypes/findAllRepairType', valueKey: 'code', textKey: 'name' }, render: 'signed' },
  ];

  it('[BB-TBL-46] [BB-TBL-47] [BB-TBL-48] [BB-TBL-49] [BB-TBL-50] accepts every column property of the specification', () => {
    const result = check(every, { selection: 'radio', pagination: false, height: 300, columnPicker: true, newRow: { enabled: '1', series: [] } });
    expect(result).toMatchObject({ ok: true });
    const screen = (result as { screen: Screen }).screen;
    expect(Object.keys(screen.table!.columns[0]!)).toEqual(expect.arrayContaining(['title', 'dataIndex', 'width', 'minWidth', 'fixed', 'align', 'sorter', 'hidden', 'hiddenFilter', 'render', 'editable', 'editType', 'editRequired', 'editPattern', 'maxlength', 'filter', 'filterType', 'flex', 'flexList']));
  });

  it('[BB-TBL-47] [BB-TBL-49] refuses edit and filter types the table does not have', () => {
    const result = check([{ title: '甲', dataIndex: 'a', editType: 'textarea', filterType: 'slider' }]);
    expect(result).toMatchObject({ ok: false });
    expect((result as { problems: { path: string }[] }).problems.map((p) => p.path)).toEqual(['/table/columns/0/editType', '/table/columns/0/filterType']);
  });

  it('[BB-TBL-59] refuses a height under the 140 minimum', () => {
    expect(check([{ title: '甲', dataIndex: 'a' }], { height: 100 })).toMatchObject({ ok: false });
    expect(check([{ title: '甲', dataIndex: 'a' }], { height: 'auto' })).toMatchObject({ ok: true });
  });

  it.each([
    [[{ title: '甲', dataIndex: 'a' }, { title: '乙', dataIndex: 'a' }], '/table/columns/1/dataIndex', '列 dataIndex 重复：a'],
    [[{ title: '甲', dataIndex: 'a', flex: ['nope'] }], '/table/columns/0/flex/0', '列组成员不是本表的其他列：nope'],
    [[{ title: '甲', dataIndex: 'a', render: 'sparkle' }], '/table/columns/0/render', '未注册的单元格渲染器：sparkle'],
    [[{ title: '甲', dataIndex: 'a', editable: true, editType: 'select' }], '/table/columns/0/editType', '下拉编辑需要 editItems、dict 或 request 提供选项'],
    [[{ title: '甲', dataIndex: 'a', filter: true, filterType: 'radio' }], '/table/columns/0/filterType', '多选与单选筛选需要 filterItems，或列的 editItems、dict、request'],
    [[{ title: '甲', dataIndex: 'a', editPattern: '([a-z' }], '/table/columns/0/editPattern', '正则表达式有误：([a-z'],
    [[{ title: '甲', dataIndex: 'a', editable: 'row.isNewRow ==' }], '/table/columns/0/editable', expect.stringContaining('表达式有误')],
    [[{ title: '甲', dataIndex: 'a', searchHelper: { api: 'billing:GET x' } }], '/table/columns/0/searchHelper/api', '未注册的服务：billing'],
  ])('catches what the schema cannot (%#)', (columns, path, message) => {
    const result = check(columns);
    expect(result).toMatchObject({ ok: false });
    expect((result as { problems: unknown[] }).problems).toEqual([{ path, message }]);
  });
});

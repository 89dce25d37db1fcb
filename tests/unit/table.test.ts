import { describe, expect, it } from 'vitest';
import type { Column } from '../../schemas/screen/screen.types';
import { checkCell, checkRows, tableMessages } from '../../runtime/table/cellValidation';
import { ColumnLayout } from '../../runtime/table/columnLayout';
import { leafNodes } from '../../runtime/table/columnTree';
import { estimatedWidth, formatGrouped, formatPercent, formatTwoDecimals, sumTwoDecimals } from '../../runtime/table/formats';
import { filterFieldNames, filterParams, isEmptyFilter, rowFilter } from '../../runtime/table/headerFilters';
import { maskValue } from '../../runtime/masking/masks';
import { acceptsNumberCellInput, acceptsRangeFilterInput, orderedRange, settleNumberCell } from '../../runtime/table/numberInput';
import { adoptRows, newRow, RowChanges, stripRowMeta } from '../../runtime/table/rows';
import { tableHeight } from '../../runtime/table/tableHeight';

const col = (over: Partial<Column> & { dataIndex: string }): Column => ({ title: over.dataIndex, ...over });

describe('number cells (building-blocks §5)', () => {
  const type = (text: string, rules = {}) => acceptsNumberCellInput(text, rules);

  it('[BB-TBL-33] accept only an optional minus, digits and optional decimals', () => {
    for (const ok of ['', '-', '7', '-12', '12.', '12.5', '0.25']) expect(type(ok), ok).toBe(true);
    for (const bad of ['a', '1a', '1.2.3', '+1', '1e5', ' 1', '--1', '1-', '.5']) expect(type(bad), bad).toBe(false);
  });

  it('[BB-TBL-34] reject input beyond the precision', () => {
    expect(type('12.34', { precision: 2 })).toBe(true);
    expect(type('12.345', { precision: 2 })).toBe(false);
    expect(type('0.5', { precision: 1 })).toBe(true);
    expect(type('0.55', { precision: 1 })).toBe(false);
  });

  it('[BB-TBL-35] forbid decimals when the precision is 0', () => {
    expect(type('12', { precision: 0 })).toBe(true);
    expect(type('12.', { precision: 0 })).toBe(false);
  });

  it('[BB-TBL-36] reject input above max', () => {
    expect(type('999', { max: 999 })).toBe(true);
    expect(type('1000', { max: 999 })).toBe(false);
    expect(type('999.1', { max: 999 })).toBe(false);
    // A negative maximum: typing -5 passes through -, which must stay possible.
    expect(type('-1', { max: -5 })).toBe(true);
  });

  it('[BB-TBL-37] reject input below min (a positive min is settled on commit, since 50 is typed through 5)', () => {
    expect(type('-101', { min: -100 })).toBe(false);
    expect(type('-99', { min: -100 })).toBe(true);
    expect(type('5', { min: 10 })).toBe(true);
    expect(settleNumberCell('5', { min: 10 })).toBe(10);
    expect(settleNumberCell('50', { min: 10, max: 30 })).toBe(30);
    expect(settleNumberCell('', {})).toBeNull();
    expect(settleNumberCell('-', {})).toBeNull();
    expect(settleNumberCell('12.', {})).toBe(12);
  });

  it('[BB-TBL-38] refuse a minus when min is 0', () => {
    expect(type('-', { min: 0 })).toBe(false);
    expect(type('-3', { min: 0 })).toBe(false);
    expect(type('-', { min: -1 })).toBe(true);
    expect(type('-', {})).toBe(true);
  });
});

describe('the number-range header filter', () => {
  it('[BB-TBL-30] accepts an empty value', () => expect(acceptsRangeFilterInput('')).toBe(true));

  it('[BB-TBL-31] accepts a lone minus', () => expect(acceptsRangeFilterInput('-')).toBe(true));

  it('[BB-TBL-32] accepts an optional minus, an integer without leading zeros and an optional decimal', () => {
    for (const ok of ['0', '7', '-7', '120', '0.5', '-0.5', '12.', '12.25']) expect(acceptsRangeFilterInput(ok), ok).toBe(true);
    for (const bad of ['01', '-01', '00', '1a', '.5', '--1', '1.2.3', '+1']) expect(acceptsRangeFilterInput(bad), bad).toBe(false);
  });

  it('[BB-TBL-28] swaps start and end when the start exceeds the end (or the end falls below the start)', () => {
    expect(orderedRange([500, 100])).toEqual([100, 500]);
    expect(orderedRange([100, 500])).toEqual([100, 500]);
    expect(orderedRange([undefined, 5])).toEqual([undefined, 5]);
  });
});

describe('cell checks (building-blocks §5)', () => {
  const name = col({ dataIndex: 'labourName', title: '工时名称', editRequired: true });
  const code = col({ dataIndex: 'labourCode', title: '工时代码', editPattern: '^[A-Z0-9]{2,6}$' });
  const helper = col({ dataIndex: 'stdLabourCode', title: '标准工时代码', searchHelper: { api: 'repair:GET basedata/standardLabours' } });

  it('[BB-TBL-39] a required empty cell gives {title}不能为空', () => {
    for (const empty of [null, undefined, '', []]) expect(checkCell(name, empty)).toEqual({ kind: 'required', message: '工时名称不能为空' });
    expect(checkCell(name, '换机油')).toBeNull();
  });

  it('[BB-TBL-40] a value failing the pattern gives {title}格式不正确', () => {
    expect(checkCell(code, 'a-1')).toEqual({ kind: 'pattern', message: '工时代码格式不正确' });
    expect(checkCell(code, 'BY001')).toBeNull();
    expect(checkCell(code, '')).toBeNull();
  });

  it('[BB-TBL-41] a search-helper cell with typed but unchosen text gives {title}只能选择', () => {
    expect(checkCell(helper, 'BY001', '机油')).toEqual({ kind: 'searchHelper', message: '标准工时代码只能选择' });
    expect(checkCell(helper, 'BY001', undefined)).toBeNull();
  });

  it('[BB-TBL-42] [BB-TBL-43] [BB-TBL-44] the table reports each kind of problem once, with its own message', () => {
    expect(tableMessages([checkCell(name, '')!, checkCell(name, null)!])).toEqual(['红色标记单元格的值不允许为空！']);
    expect(tableMessages([checkCell(code, 'x')!])).toEqual(['红色标记单元格的值格式不正确！']);
    expect(tableMessages([checkCell(helper, null, '机')!])).toEqual(['搜索帮助单元格的值仅支持选择！']);
    expect(tableMessages([checkCell(helper, null, '机')!, checkCell(code, 'x')!, checkCell(name, '')!])).toEqual([
      '红色标记单元格的值不允许为空！',
      '红色标记单元格的值格式不正确！',
      '搜索帮助单元格的值仅支持选择！',
    ]);
  });

  it('checks only the cells a row may edit', () => {
    const rows = adoptRows([{ labourName: '', labourCode: 'bad code' }]);
    const onlyName = checkRows(rows, [name, code], (column) => column.dataIndex === 'labourName', (row) => String(row._uid));
    expect([...onlyName.values()].map((p) => p.kind)).toEqual(['required']);
  });
});

describe('rows and their changes (building-blocks §3-§4)', () => {
  it('[BB-TBL-45] a row has its index, a generated unique id and isNewRow', () => {
    const rows = adoptRows([{ id: 7 }, { id: 8 }]);
    expect(rows.map((r) => [r._index, r.isNewRow])).toEqual([
      [0, false],
      [1, false],
    ]);
    const added = newRow({ enabled: '1' });
    expect(added.isNewRow).toBe(true);
    expect(added.enabled).toBe('1');
    expect(new Set([rows[0]!._uid, rows[1]!._uid, added._uid]).size).toBe(3);
    expect(stripRowMeta(added)).toEqual({ enabled: '1' });
  });

  it('[BB-TBL-15] added rows are flagged new and saved as insertions however often they are edited', () => {
    const changes = new RowChanges();
    const row = newRow({});
    changes.insert(row);
    row.labourName = '换机油';
    changes.update(row);
    expect(row.isNewRow).toBe(true);
    expect(changes.sets()).toEqual({ inserted: [{ labourName: '换机油' }], updated: [], deleted: [] });
  });

  it('[BB-TBL-16] deleted rows are tracked (an edit before the delete is dropped)', () => {
    const changes = new RowChanges();
    const [row] = adoptRows([{ id: 3, price: 100 }]);
    row!.price = 120;
    changes.update(row!);
    changes.remove(row!);
    expect(changes.sets()).toEqual({ inserted: [], updated: [], deleted: [{ id: 3, price: 120 }] });
    expect(changes.dirty).toBe(true);
  });

  it('[BB-TBL-17] an insert and a remove of the same row cancel each other', () => {
    const changes = new RowChanges();
    const row = newRow({});
    changes.insert(row);
    changes.remove(row);
    expect(changes.sets()).toEqual({ inserted: [], updated: [], deleted: [] });
    expect(changes.dirty).toBe(false);
  });
});

describe('the column layout (列筛选排序)', () => {
  const columns: Column[] = [
    { title: '工单号', dataIndex: 'roNo', hiddenFilter: true },
    { title: '车主', dataIndex: 'customerName', flex: ['phone'], flexList: ['contact'] },
    { title: '车主电话', dataIndex: 'phone' },
    { title: '联系方式', dataIndex: 'contact' },
    { title: '工时费', dataIndex: 'labourAmount', groupName: '费用' },
    { title: '材料费', dataIndex: 'partAmount', groupName: '费用' },
    { title: '备注', dataIndex: 'remark', hidden: true },
  ];
  const stored = (order: string[], hidden: string[] = []) => ({ columns: order.map((dataIndex) => ({ dataIndex, hidden: hidden.includes(dataIndex), width: 99 })), savedAt: '2026-06-30T00:00:00.000Z' });

  it('[BB-TBL-22] checking and unchecking shows and hides a column', () => {
    const layout = new ColumnLayout(columns);
    expect(layout.isVisible('remark')).toBe(false);
    layout.setVisible(['remark'], true);
    layout.setVisible(['phone'], false);
    expect(layout.isVisible('remark')).toBe(true);
    expect(layout.isVisible('phone')).toBe(false);
    expect(layout.columnState.find((c) => c.colId === 'phone')!.hide).toBe(true);
    // A hiddenFilter column is not in the picker and cannot be hidden.
    layout.setVisible(['roNo'], false);
    expect(layout.isVisible('roNo')).toBe(true);
    expect(leafNodes(layout.pickerTree).map((n) => n.key)).not.toContain('roNo');
  });

  it('[BB-TBL-23] dragging reorders columns, a group moving as a whole', () => {
    const layout = new ColumnLayout(columns);
    const [customer, , , fees, remark] = layout.pickerTree;
    layout.move(remark!, customer!, false);
    expect(layout.order).toEqual(['remark', 'customerName', 'phone', 'contact', 'labourAmount', 'partAmount']);
    layout.move(fees!, customer!, false);
    expect(layout.order).toEqual(['remark', 'labourAmount', 'partAmount', 'customerName', 'phone', 'contact']);
    // The column left out of the picker keeps its place.
    expect(layout.columnState.map((c) => c.colId)).toEqual(['roNo', 'remark', 'labourAmount', 'partAmount', 'customerName', 'phone', 'contact']);
    expect(layout.pickerTree.map((n) => n.key)).toEqual(['remark', 'group:费用', 'customerName', 'phone', 'contact']);
  });

  it('[BB-TBL-25] select-all toggles every column', () => {
    const layout = new ColumnLayout(columns);
    layout.setAllVisible(false);
    expect(layout.order.every((key) => layout.hidden.has(key))).toBe(true);
    layout.setAllVisible(true);
    expect(layout.hidden.size).toBe(0);
  });

  it('[BB-TBL-26] a stored list is discarded when its length differs from the current column count', () => {
    const layout = new ColumnLayout(columns);
    expect(layout.columnCount).toBe(6);
    expect(layout.adopt(stored(['remark', 'customerName', 'phone', 'contact', 'labourAmount']))).toBe(false);
    expect(layout.adopt(stored(['remark', 'customerName', 'phone', 'contact', 'labourAmount', 'partAmount', 'extra']))).toBe(false);
    // Same length but a column this table no longer has: discarded too.
    expect(layout.adopt(stored(['remark', 'customerName', 'phone', 'contact', 'labourAmount', 'gone']))).toBe(false);
    expect(layout.order[0]).toBe('customerName');
    expect(layout.adopt(stored(['remark', 'customerName', 'phone', 'contact', 'labourAmount', 'partAmount'], ['phone']))).toBe(true);
    expect(layout.order[0]).toBe('remark');
    expect(layout.isVisible('phone')).toBe(false);
    expect(layout.widths.get('remark')).toBe(99);
  });

  it('[BB-TBL-20] collapsing a flex group (minus) hides its member columns', () => {
    const layout = new ColumnLayout(columns);
    expect(layout.isVisible('phone')).toBe(true);
    // flexList columns show only while the group is collapsed.
    expect(layout.isVisible('contact')).toBe(false);
    layout.toggleFlex('customerName');
    expect(layout.isVisible('phone')).toBe(false);
    expect(layout.isVisible('contact')).toBe(true);
  });

  it('[BB-TBL-21] expanding a flex group (plus) shows its member columns again', () => {
    const layout = new ColumnLayout(columns);
    layout.toggleFlex('customerName');
    layout.toggleFlex('customerName');
    expect(layout.isVisible('phone')).toBe(true);
    expect(layout.isVisible('contact')).toBe(false);
  });

  it('[BB-TBL-65] a column without a width is 14 per title character plus 65 wide', () => {
    expect(estimatedWidth('工单号')).toBe(3 * 14 + 65);
    expect(new ColumnLayout(columns).widths.get('customerName')).toBe(2 * 14 + 65);
  });
});

describe('formats and sums (building-blocks §9)', () => {
  it('[BB-TBL-62] number columns group thousands by 3', () => {
    expect(formatGrouped(1234567)).toBe('1,234,567');
    expect(formatGrouped(-9876543.25)).toBe('-9,876,543.25');
    expect(formatGrouped(1234.5, 1)).toBe('1,234.5');
    expect(formatTwoDecimals(1234567.5)).toBe('1,234,567.50');
    expect(formatGrouped(null)).toBe('');
  });

  it('[BB-TBL-63] sums are rounded to two decimals', () => {
    expect(sumTwoDecimals([0.1, 0.2])).toBe(0.3);
    expect(sumTwoDecimals([10.005, 20.004, null, '', 'x', '5'])).toBe(35.01);
    expect(formatTwoDecimals(sumTwoDecimals([1000, 234.5]))).toBe('1,234.50');
  });

  it('[BB-TBL-64] percentages show one decimal', () => {
    expect(formatPercent(0.1234)).toBe('12.3%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatPercent(undefined)).toBe('');
  });
});

describe('masks (back-office §5)', () => {
  it('[BO-MASK-01] an 11-digit phone number shows its first 3 and last 4 digits', () => {
    expect(maskValue('phone', '13812345678')).toBe('138****5678');
  });

  it('[BO-MASK-02] a +86 number of 14 characters is masked as well', () => {
    expect(maskValue('phone', '+8613812345678')).toBe('+86138****5678');
    expect(maskValue('phone', '010-12345678')).toBe('010-12345678');
  });

  it('[BO-MASK-03] vin, name, idCard, address and email are masked by type', () => {
    expect(maskValue('vin', 'LHSA3B1C9TS000017')).toBe('LHS********000017');
    expect(maskValue('name', '王伟')).toBe('王*');
    expect(maskValue('name', '欧阳小明')).toBe('欧**明');
    expect(maskValue('idCard', '110101199003071234')).toBe('110101********1234');
    expect(maskValue('address', '北京市朝阳区建设路88号')).toBe('北京市朝阳区****');
    expect(maskValue('email', 'zhang.san@example.com')).toBe('z***@example.com');
    expect(maskValue('email', null)).toBe('');
  });
});

describe('header filters', () => {
  const columns: Column[] = [
    { title: '工时名称', dataIndex: 'labourName', filter: true },
    { title: '工时单价', dataIndex: 'price', filter: true, filterType: 'number' },
    { title: '维修类型', dataIndex: 'repairTypeCode', filter: true, filterType: 'checkbox' },
    { title: '启用', dataIndex: 'enabled', filter: true, filterType: 'radio' },
    { title: '开单日期', dataIndex: 'createdAt', filter: true, filterType: 'date-range', filterField: 'createdFrom|createdTo' },
  ];

  it('[BB-TBL-51] are sent with the fetch as the column field, or from and to for ranges', () => {
    expect(filterFieldNames(columns[1]!)).toEqual(['priceFrom', 'priceTo']);
    expect(filterFieldNames(columns[4]!)).toEqual(['createdFrom', 'createdTo']);
    expect(
      filterParams(columns, { labourName: ' 机油 ', price: [100, undefined], repairTypeCode: ['RT01', 'RT02'], enabled: '1', createdAt: ['2026-01-01', '2026-01-31'] }),
    ).toEqual({ labourName: '机油', priceFrom: 100, repairTypeCode: ['RT01', 'RT02'], enabled: '1', createdFrom: '2026-01-01', createdTo: '2026-01-31' });
  });

  it('[BB-TBL-29] an empty filter value counts as no filter (its search button stays disabled)', () => {
    for (const empty of [undefined, '', '  ', [], [undefined, undefined], ['', '']]) expect(isEmptyFilter(empty as never), JSON.stringify(empty)).toBe(true);
    for (const value of ['a', ['RT01'], [0, undefined], 0, false]) expect(isEmptyFilter(value as never)).toBe(false);
    expect(filterParams(columns, { labourName: '  ' })).toEqual({});
  });

  it('filter rows in the browser the same way when the table is not paged', () => {
    const rows = [
      { labourName: '更换机油', price: 280, repairTypeCode: 'RT02', enabled: '1', createdAt: '2026-01-05 10:00:00' },
      { labourName: '四轮定位', price: 80, repairTypeCode: 'RT01', enabled: '0', createdAt: '2026-02-05 10:00:00' },
    ];
    const pass = (filters: Record<string, unknown>) => rows.filter(rowFilter(columns, filters as never) ?? (() => true)).map((r) => r.labourName);
    expect(pass({ labourName: '机油' })).toEqual(['更换机油']);
    expect(pass({ price: [100, 300] })).toEqual(['更换机油']);
    expect(pass({ repairTypeCode: ['RT01'] })).toEqual(['四轮定位']);
    expect(pass({ enabled: '0' })).toEqual(['四轮定位']);
    expect(pass({ createdAt: ['2026-02-01', undefined] })).toEqual(['四轮定位']);
    expect(rowFilter(columns, {})).toBeNull();
  });
});

describe('table height (building-blocks §9)', () => {
  it('[BB-TBL-59] a fixed height is at least 140', () => {
    expect(tableHeight(100, 900, 200)).toBe(140);
    expect(tableHeight(300, 900, 200)).toBe(300);
  });

  it('[BB-TBL-60] an auto height fills the window below the table, at least 450', () => {
    expect(tableHeight('auto', 1200, 200)).toBe(1200 - 200 - 64);
    expect(tableHeight(undefined, 600, 300)).toBe(450);
  });
});

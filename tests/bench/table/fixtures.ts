// The benchmark's table: a 60-column screen definition of the kind a repair or finance screen has (codes, names,
// dictionary columns, numbers, money, percentages, dates, two fixed columns, two header groups, two summed columns),
// and rows for it. The antd Table and bare ag-grid baselines get the same columns and rows.
import type { Column, Screen, Table } from '../../../schemas/screen/screen.types';

const STATUS = [
  { value: '80211001', text: '待派工' },
  { value: '80211002', text: '维修中' },
  { value: '80211003', text: '已完工' },
  { value: '80211004', text: '已结算' },
];
const NAMES = ['王伟', '李娜', '张敏', '刘洋', '陈静', '杨磊', '黄艳', '赵军', '吴涛', '周杰'];
const CITIES = ['北京市朝阳区建设路', '上海市浦东新区人民路', '广州市天河区中山路', '深圳市南山区科技园路', '长沙市岳麓区滨河路'];

type Kind = 'code' | 'name' | 'text' | 'status' | 'number' | 'money' | 'percent' | 'date' | 'datetime';
const KINDS: Kind[] = ['code', 'name', 'text', 'status', 'number', 'money', 'percent', 'date', 'datetime', 'text'];

export const COLUMN_COUNT = 60;

function kindOf(i: number): Kind {
  return i === 0 ? 'code' : KINDS[i % KINDS.length]!;
}

export function benchColumns(): Column[] {
  return Array.from({ length: COLUMN_COUNT }, (_, i): Column => {
    const kind = kindOf(i);
    const column: Column = { title: `字段${i + 1}`, dataIndex: `f${i}`, width: kind === 'text' ? 180 : kind === 'datetime' ? 160 : 110 };
    if (i < 2) column.fixed = 'left';
    if (kind === 'status') column.editItems = STATUS;
    if (kind === 'number' || kind === 'money' || kind === 'percent' || kind === 'date' || kind === 'datetime') column.type = kind;
    if (i % 7 === 0) column.sorter = true;
    if (i % 11 === 3) column.filter = true;
    if (i >= 20 && i < 23) column.groupName = '费用明细';
    if (i >= 40 && i < 43) column.groupName = '客户信息';
    if (i === 5 || i === 15) column.summation = true;
    return column;
  });
}

export function benchScreen(rowsPerPage: number, pagination: boolean): Screen {
  return {
    id: 'bench.table',
    title: '基准表格',
    service: 'bench',
    table: { api: 'bench:GET rows', rowKey: 'id', selection: 'checkbox', pageSize: rowsPerPage, pageSizes: [rowsPerPage], pagination, columns: benchColumns() as Table['columns'] },
  };
}

/** Rows for the columns above; values repeat from small pools, as real data does. */
export function benchRows(count: number): Record<string, unknown>[] {
  const kinds = Array.from({ length: COLUMN_COUNT }, (_, i) => kindOf(i));
  const rows = new Array<Record<string, unknown>>(count);
  for (let r = 0; r < count; r++) {
    const row: Record<string, unknown> = { id: r + 1 };
    for (let i = 0; i < COLUMN_COUNT; i++) {
      const seed = (r * 31 + i * 17) % 997;
      switch (kinds[i]) {
        case 'code':
          row[`f${i}`] = `RO${String(100000 + r)}`;
          break;
        case 'name':
          row[`f${i}`] = NAMES[seed % NAMES.length];
          break;
        case 'text':
          row[`f${i}`] = CITIES[seed % CITIES.length];
          break;
        case 'status':
          row[`f${i}`] = STATUS[seed % STATUS.length]!.value;
          break;
        case 'number':
          row[`f${i}`] = seed * 137;
          break;
        case 'money':
          row[`f${i}`] = seed * 12.5;
          break;
        case 'percent':
          row[`f${i}`] = seed / 997;
          break;
        case 'date':
          row[`f${i}`] = `2026-0${1 + (seed % 9)}-1${seed % 10}`;
          break;
        case 'datetime':
          row[`f${i}`] = `2026-0${1 + (seed % 9)}-1${seed % 10} 1${seed % 10}:2${seed % 10}:00`;
          break;
      }
    }
    rows[r] = row;
  }
  return rows;
}

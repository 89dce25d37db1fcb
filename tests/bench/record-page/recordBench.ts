// The record the record-page benchmark renders (issue 22): a repair order with three line tables of 200 lines each in
// its first tab, and four related lists (the vehicle's orders) beside it; the answers the page's calls get from memory.
import type { Screen } from '../../../schemas/screen/screen.types';
import type { RecordMeta } from '../../../schemas/api/recordPages';
import { benchFields, benchRecord, LINES_PER_TABLE, TABLES } from '../child-lines/lines';

export const RELATED_LISTS = 4;
export const TOTAL_LINES = LINES_PER_TABLE * TABLES.length;

const listScreen: Screen = {
  id: 'bench.orders',
  title: '维修工单',
  service: 'repair',
  table: {
    api: 'repair:GET order/repair/orders',
    rowKey: 'id',
    pageSize: 50,
    columns: [
      { title: '工单号', dataIndex: 'roNo', width: 190 },
      { title: 'VIN', dataIndex: 'vin', width: 190 },
      { title: '工时费', dataIndex: 'labourAmount', type: 'money', width: 110 },
    ],
  },
};

export const benchScreen: Screen = {
  ...listScreen,
  record: {
    model: 'repairOrder',
    load: 'repair:GET order/repair/orders/{id}',
    save: 'repair:PUT order/repair/orders/{id}',
    titleField: 'roNo',
    keyFields: [
      { fieldName: 'roNo', label: '工单号' },
      { fieldName: 'vin', label: 'VIN' },
    ],
    tabs: [
      { type: 'fields', title: '明细', cols: 1, fields: benchFields },
      ...Array.from({ length: RELATED_LISTS }, (_, i) => ({ type: 'related' as const, title: `相关列表${i + 1}`, screen: 'bench.orders', params: { vin: 'record.vin' } })),
      { type: 'audit', title: '操作历史' },
    ],
  },
};

const meta: RecordMeta = {
  title: '维修工单',
  recordTitle: 'ROD110012606300001',
  state: { field: 'status', current: '80211002', steps: ['待派工', '维修中', '已完工', '已结算'].map((name, i) => ({ code: `8021100${i + 1}`, name })) },
  transitions: [{ name: 'finish', label: '完工', to: '80211003', process: false, requires: [], allowed: true }],
  editable: true,
  approval: null,
};

export function benchAnswers(): (path: string) => unknown {
  const record = { id: 1, vin: 'LHSA3B1C9TS000017', status: '80211002', ...benchRecord() };
  const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 2, roNo: `RO${String(i).padStart(6, '0')}`, vin: record.vin, labourAmount: '180.00' }));
  return (path) => {
    const envelope = (data: unknown) => ({ resultCode: 200, errMsg: '', data });
    if (path.endsWith('/orders/1/meta')) return envelope(meta);
    if (path.endsWith('/orders/1/history')) return envelope([]);
    if (path.endsWith('/orders/1')) return envelope(record);
    if (path.endsWith('/screens/bench.orders')) return envelope(listScreen);
    if (path.endsWith('/orders')) return envelope({ total: 120, items: rows });
    return envelope(null);
  };
}

// Starting points for a new screen: a list with filter, table and dialogs; a form page (a registration form opened from
// its list); a dashboard of charts. Each is a valid screen of this product against its real apis (a unit test checks
// them with the server's lists), so a configurator's first preview already shows data.
import type { Block, Screen } from '../schemas/screen/screen.types';

export type TemplateName = 'list' | 'form' | 'dashboard';

const SCHEMA = '../../schemas/screen.schema.json';

const orderFields: NonNullable<Screen['dialogs']>[string]['form']['fields'] = [
  { fieldName: 'vin', label: 'VIN', type: 'input', format: 'vin', required: true, maxlength: 17, disabled: "mode == 'edit'" },
  { fieldName: 'plateNo', label: '车牌号', type: 'input', format: 'plate', required: true, maxlength: 8 },
  { fieldName: 'customerName', label: '车主', type: 'input', required: true, maxlength: 30 },
  { fieldName: 'phone', label: '车主电话', type: 'input', format: 'mobile', required: true },
  { fieldName: 'repairTypeCode', label: '维修类型', type: 'select', required: true, request: { api: 'repair:GET basedataRepairtypes/findAllRepairType', valueKey: 'code', textKey: 'name' } },
  { fieldName: 'status', label: '工单状态', type: 'select', dict: '8021', required: true, defaultValue: '80211001' },
  { fieldName: 'mileage', label: '进厂里程', type: 'number', min: 0, max: 9999999, precision: 0, required: true },
  { fieldName: 'remark', label: '备注', type: 'textarea', maxlength: 200, selfCols: 3 },
];

const orderPermissions = { add: 'POST_repair_order/repair/orders', edit: 'PUT_repair_order/repair/orders/{id}' };

function listScreen(id: string, title: string): Screen {
  return {
    $schema: SCHEMA,
    id,
    title,
    service: 'repair',
    permissions: orderPermissions,
    filter: {
      cols: 4,
      labelWidth: 80,
      fields: [
        { fieldName: 'roNo', label: '工单号', type: 'input' },
        { fieldName: 'plateNo', label: '车牌号', type: 'input' },
      ],
    },
    table: {
      api: 'repair:GET order/repair/orders',
      rowKey: 'id',
      pageSize: 50,
      columns: [
        { title: '工单号', dataIndex: 'roNo', width: 190 },
        { title: '车牌号', dataIndex: 'plateNo', width: 110 },
        { title: '车主', dataIndex: 'customerName', width: 100 },
        { title: '工单状态', dataIndex: 'status', dict: '8021', width: 100 },
        { title: '开单时间', dataIndex: 'createdAt', width: 160 },
      ],
    },
    toolbar: [
      { label: '新增', primary: true, permission: 'add', action: { type: 'dialog', dialog: 'edit', mode: 'add' } },
      { label: '刷新', action: { type: 'reload' } },
    ],
    rowActions: [
      { label: '详情', action: { type: 'drawer', dialog: 'edit', title: `${title}详情` } },
      { label: '编辑', permission: 'edit', action: { type: 'dialog', dialog: 'edit', mode: 'edit' } },
    ],
    dialogs: {
      edit: {
        title,
        width: '60%',
        load: 'repair:GET order/repair/orders/{id}',
        form: { cols: 3, labelWidth: 90, fields: orderFields },
        submit: { add: 'repair:POST order/repair/orders', edit: 'repair:PUT order/repair/orders/{id}' },
      },
    },
  };
}

function formScreen(id: string, title: string): Screen {
  return {
    $schema: SCHEMA,
    id,
    title,
    service: 'repair',
    permissions: { add: orderPermissions.add },
    table: {
      api: 'repair:GET order/repair/orders',
      rowKey: 'id',
      pageSize: 20,
      columns: [
        { title: '工单号', dataIndex: 'roNo', width: 190 },
        { title: '车牌号', dataIndex: 'plateNo', width: 110 },
        { title: '开单时间', dataIndex: 'createdAt', width: 160 },
      ],
    },
    toolbar: [{ label: '登记', primary: true, permission: 'add', action: { type: 'dialog', dialog: 'form', mode: 'add' } }],
    dialogs: {
      form: {
        title,
        width: '60%',
        form: {
          cols: 3,
          labelWidth: 90,
          fields: [
            { fieldName: 'vehicle', label: '车辆信息', type: 'divider', selfCols: 3 },
            ...orderFields.slice(0, 4),
            { fieldName: 'repair', label: '维修信息', type: 'divider', selfCols: 3 },
            ...orderFields.slice(4),
          ],
        },
        submit: { add: 'repair:POST order/repair/orders' },
      },
    },
  };
}

function dashboardScreen(id: string, title: string): Screen {
  const trend = (days: number, chart: 'line' | 'bar'): Block => ({
    type: 'chart',
    chart,
    api: 'report:GET RepairCount/getRepairOrderNum',
    params: { days },
    xField: 'day',
    series: [{ field: 'count', name: '开单数' }],
  });
  return {
    $schema: SCHEMA,
    id,
    title,
    service: 'report',
    blocks: [
      {
        type: 'anchor',
        height: 640,
        sections: [
          { title: '近30天开单趋势', blocks: [trend(30, 'line')] },
          { title: '近90天开单量', blocks: [trend(90, 'bar')] },
        ],
      },
    ],
  };
}

// Each call answers a screen of its own: the templates share their field lists, which a caller may then change.
export const TEMPLATES: Record<TemplateName, (id: string, title: string) => Screen> = {
  list: (id, title) => structuredClone(listScreen(id, title)),
  form: (id, title) => structuredClone(formScreen(id, title)),
  dashboard: (id, title) => structuredClone(dashboardScreen(id, title)),
};

/** A copy of a screen under a new id and title. */
export function duplicateScreen(source: Screen, id: string, title: string): Screen {
  return { ...structuredClone(source), id, title };
}

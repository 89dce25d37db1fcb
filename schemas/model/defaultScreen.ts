// The default screen of a model (issue 21): what a configurator gets at once for a new kind of record, to open in the
// screen editor and customise. A list with a filter bar from the model's filters, a column per listed field, an add/edit
// dialog with the writable fields, a row action and a dialog per transition (its required fields), delete when the model
// allows it, and export and import when the model declares them. Every api and key is the engine's own route for the
// model (server/models/modelRoutes.ts), so the screen passes the one screen check against a server serving the model.
// The editor and the server share this one function.
import type { Action, Screen } from '../screen/screen.types';
import { refTitleAlias } from './modelChecks';
import type { Field, Filter, Model, Transition } from './model.types';

type FormField = NonNullable<Screen['dialogs']>[string]['form']['fields'][number];
type FilterField = NonNullable<Screen['filter']>['fields'][number];
type Column = NonNullable<Screen['table']>['columns'][number];
type ButtonSpec = NonNullable<Screen['toolbar']>[number];

const SCHEMA = '../../schemas/screen.schema.json';
/** The input formats a screen's form knows (a model may name more, checked on the server only). */
const SCREEN_FORMATS = new Set(['vin', 'plate', 'mobile', 'idCard', 'creditCode']);

/** How a field is masked on screen: as the model says, and a mobile number always (the screen check requires it). */
const maskOf = (field: Field): string | undefined => field.masked ?? (field.format === 'mobile' ? 'phone' : undefined);

/** Fields the server fills itself: never typed in a form. */
function serverFilled(model: Model, field: Field): boolean {
  return field.compute !== undefined || field.readOnly === true || field.name === model.naming?.field || field.name === model.states?.field;
}

export function formField(field: Field, models: ReadonlyMap<string, Model>, disabled = false): FormField | undefined {
  const mask = maskOf(field);
  const base = { fieldName: field.name, label: field.label, ...(field.required ? { required: true } : {}), ...(disabled ? { disabled: true } : {}), ...(mask ? { mask } : {}) };
  if (field.multiple) return undefined;
  switch (field.type) {
    case 'string':
      return { ...base, type: 'input', ...(field.length ? { maxlength: field.length } : {}), ...(field.format && SCREEN_FORMATS.has(field.format) ? { format: field.format } : {}) } as FormField;
    case 'text':
      return { ...base, type: 'textarea', ...(field.length ? { maxlength: field.length } : {}), selfCols: 3 } as FormField;
    case 'int':
      return { ...base, type: 'number', precision: 0, ...(field.min !== undefined ? { min: field.min } : {}), ...(field.max !== undefined ? { max: field.max } : {}) } as FormField;
    case 'decimal':
    case 'money':
      return { ...base, type: 'number', precision: field.scale ?? 2, ...(field.min !== undefined ? { min: field.min } : { min: 0 }) } as FormField;
    case 'date':
      // The model's date is yyyy-MM-dd: the form's exact date (its `date` holds a time too).
      return { ...base, type: 'exactdate' } as FormField;
    case 'datetime':
    case 'month':
    case 'time':
      return { ...base, type: field.type } as FormField;
    case 'boolean':
      return { ...base, type: 'checkbox' } as FormField;
    case 'dict':
      return { ...base, type: 'select', dict: field.dict } as FormField;
    case 'ref': {
      const target = field.ref?.model ? models.get(field.ref.model) : undefined;
      if (!target) return { ...base, type: 'number', precision: 0, min: 1 } as FormField;
      return {
        ...base,
        type: 'select',
        request: { api: `${target.service}:GET ${target.path}`, params: { pageSize: 500 }, valueKey: field.ref?.key ?? 'id', textKey: field.ref?.title ?? target.titleField },
      } as FormField;
    }
    default:
      // Files, rich text and JSON need a block of their own: the configurator adds it in the screen editor.
      return undefined;
  }
}

function column(field: Field): Column | undefined {
  if (field.inList === false || field.multiple || ['json', 'file', 'image', 'html', 'text'].includes(field.type)) return undefined;
  const mask = maskOf(field);
  const base = { title: field.label, width: 140, ...(field.sortable ? { sorter: true } : {}), ...(mask ? { mask } : {}) };
  switch (field.type) {
    case 'dict':
      return { ...base, dataIndex: field.name, dict: field.dict, width: 110 } as Column;
    case 'ref':
      return { ...base, dataIndex: refTitleAlias(field) } as Column;
    case 'money':
      // Two decimals always (4,380.50, not 4,380.5): the amount as the server keeps it.
      return { ...base, dataIndex: field.name, type: 'money', width: 120 } as Column;
    case 'int':
    case 'decimal':
      return { ...base, dataIndex: field.name, type: 'number', width: 120 } as Column;
    case 'datetime':
      return { ...base, dataIndex: field.name, type: 'datetime', width: 170 } as Column;
    default:
      return { ...base, dataIndex: field.name } as Column;
  }
}

function filterField(filter: Filter, model: Model): FilterField | undefined {
  const field = model.fields.find((f) => f.name === (filter.field ?? filter.param));
  const label = filter.label ?? field?.label ?? filter.param;
  switch (filter.op) {
    case 'in':
      return filter.param === 'ownerCode' ? undefined : ({ fieldName: filter.param, label, type: 'select', ...(field?.type === 'dict' ? { dict: field.dict } : {}), multiple: true } as FilterField);
    case 'vin':
      return { fieldName: filter.param, label, type: 'input', batch: true } as FilterField;
    case 'dayFrom':
    case 'dayTo':
      return undefined;
    default:
      if (field?.type === 'dict') return { fieldName: filter.param, label, type: 'select', dict: field.dict } as FilterField;
      if (field?.type === 'date') return { fieldName: filter.param, label, type: 'date' } as FilterField;
      return { fieldName: filter.param, label, type: 'input' } as FilterField;
  }
}

/** A day range from a dayFrom and a dayTo filter on the same field: one date-range control. */
function dayRanges(model: Model): FilterField[] {
  const filters = model.filters ?? [];
  return filters.flatMap((from) => {
    if (from.op !== 'dayFrom') return [];
    const to = filters.find((f) => f.op === 'dayTo' && (f.field ?? f.param) === (from.field ?? from.param));
    if (!to) return [];
    const field = model.fields.find((f) => f.name === (from.field ?? from.param));
    return [{ fieldName: `${from.param}|${to.param}`, label: field?.label ?? from.label ?? from.param, type: 'date-range' } as FilterField];
  });
}

const stateCondition = (model: Model, states: readonly string[] | undefined) =>
  states && states.length > 0 && model.states ? states.map((s) => `row.${model.states!.field} == '${s}'`).join(' || ') : undefined;

/** A screen for `model`; `models` are the other models of the catalogue (a reference's list and title). */
export function defaultScreen(model: Model, models: readonly Model[] = [], options: { id?: string } = {}): Screen {
  const byName = new Map(models.map((m) => [m.name, m]));
  const { service, path } = model;
  const key = (method: string, rest = '') => `${method}_${service}_${path}${rest}`;
  const api = (method: string, rest = '') => `${service}:${method} ${path}${rest}`;
  const writes = model.writes ?? {};
  const canCreate = writes.create !== false;
  const canUpdate = writes.update !== false;
  const canDelete = writes.delete !== false;
  const transitions: Transition[] = (model.states?.transitions ?? []).filter((t) => t.process === undefined && !t.internal);

  const permissions: Record<string, string> = {};
  if (canCreate) permissions.add = key('POST');
  if (canUpdate) permissions.edit = key('PUT', '/{id}');
  if (canDelete) permissions.delete = key('DELETE', '/{id}');
  for (const t of transitions) permissions[t.name] = key('POST', `/{id}/${t.name}`);
  if (model.export) permissions.exportJob = key('GET', '/export');
  const importPath = model.import ? (model.import.path ?? `${path}/import`) : undefined;
  if (importPath) permissions.import = `POST_${service}_${importPath}`;

  const formFields = model.fields.flatMap((f) => {
    const shown = serverFilled(model, f) ? formField({ ...f, required: false }, byName, true) : formField(f, byName);
    return shown ? [shown] : [];
  });
  const filterFields = [...(model.filters ?? []).flatMap((f) => filterField(f, model) ?? []), ...dayRanges(model)];
  const columns = model.fields.flatMap((f) => column(f) ?? []);
  if (model.scope === 'owner') columns.push({ title: '经销商', dataIndex: 'dealerName', width: 220, hidden: true } as Column);
  columns.push({ title: '登记时间', dataIndex: 'createdAt', type: 'datetime', width: 170, sorter: true } as Column);
  if (columns[0]) columns[0] = { ...columns[0], fixed: 'left' } as Column;

  const toolbar: ButtonSpec[] = [];
  if (canCreate) toolbar.push({ label: '新增', primary: true, permission: 'add', action: { type: 'dialog', dialog: 'record', mode: 'add' } });
  toolbar.push({ label: '刷新', action: { type: 'reload' } });
  if (model.export) toolbar.push({ label: '导出到下载中心', permission: 'exportJob', action: { type: 'exportJob', exportMethod: api('GET', '/export') } });
  if (importPath) {
    const importApi = (method: string, rest = '') => `${service}:${method} ${importPath}${rest}`;
    toolbar.push({ label: '导入', permission: 'import', action: { type: 'importExcel', api: importApi('POST'), statusApi: importApi('GET', '/last'), templateApi: importApi('GET', '/template') } as Action });
  }

  const rowActions: ButtonSpec[] = [{ label: '查看', action: { type: 'drawer', dialog: 'record', mode: 'show', title: model.title } }];
  const editableWhen = stateCondition(model, model.states?.editableIn);
  if (canUpdate) rowActions.push({ label: '编辑', permission: 'edit', ...(editableWhen ? { visible: editableWhen } : {}), action: { type: 'dialog', dialog: 'record', mode: 'edit' } });

  const dialogs: NonNullable<Screen['dialogs']> = {
    record: {
      title: model.title,
      width: 900,
      load: api('GET', '/{id}'),
      form: { cols: 3, labelWidth: 100, fields: (formFields.length > 0 ? formFields : [{ fieldName: model.titleField, label: model.title, type: 'input' } as FormField]) as [FormField, ...FormField[]] },
      submit: { ...(canCreate ? { add: api('POST') } : {}), ...(canUpdate ? { edit: api('PUT', '/{id}') } : {}) },
    },
  };
  for (const t of transitions) {
    const visible = stateCondition(model, t.from);
    const required = (t.requires ?? []).flatMap((name) => {
      const field = model.fields.find((f) => f.name === name);
      const shown = field && formField({ ...field, required: true }, byName);
      return shown ? [shown] : [];
    });
    if (required.length === 0) {
      rowActions.push({
        label: t.label,
        permission: t.name,
        ...(visible ? { visible } : {}),
        action: { type: 'confirm', title: t.label, message: `确认${t.label}?`, then: { type: 'api', api: api('POST', `/{id}/${t.name}`), successMessage: '操作成功' } },
      });
      continue;
    }
    rowActions.push({ label: t.label, permission: t.name, ...(visible ? { visible } : {}), action: { type: 'dialog', dialog: t.name, mode: 'edit' } });
    dialogs[t.name] = {
      title: t.label,
      width: 640,
      load: api('GET', '/{id}'),
      form: { cols: 2, labelWidth: 100, fields: [{ fieldName: model.titleField, label: model.fields.find((f) => f.name === model.titleField)?.label ?? model.title, type: 'input', disabled: true } as FormField, ...required] },
      submit: { edit: api('POST', `/{id}/${t.name}`) },
    };
  }
  if (canDelete) {
    const deletableWhen = stateCondition(model, model.states?.deletableIn);
    rowActions.push({
      label: '删除',
      danger: true,
      permission: 'delete',
      ...(deletableWhen ? { visible: deletableWhen } : {}),
      action: { type: 'confirm', title: `删除${model.title}`, message: `确认删除这条${model.title}?`, then: { type: 'api', api: api('DELETE', '/{id}'), successMessage: '删除成功' } },
    });
  }

  return {
    $schema: SCHEMA,
    id: options.id ?? `custom.${model.name}`,
    title: model.title,
    service,
    permissions,
    ...(filterFields.length > 0 ? { filter: { cols: 4, labelWidth: 80, fields: filterFields as [FilterField, ...FilterField[]] } } : {}),
    // Never empty: 登记时间 at least.
    table: { api: api('GET'), rowKey: 'id', pageSize: 50, columns: columns as [Column, ...Column[]] },
    toolbar,
    rowActions,
    dialogs,
  };
}

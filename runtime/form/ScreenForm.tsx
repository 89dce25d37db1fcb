import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Row, Space } from 'antd';
import { useImperativeHandle, useMemo, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { TEXT } from '../../schemas/text/zh';
import type { Field } from '../../schemas/screen/screen.types';
import { FieldCell } from './FieldCell';
import { FormContext, type FormContextValue } from './FormContext';
import { FormController, type FormEvents } from './FormController';
import { buildFormModel, initialValues, type FormMode } from './formModel';
import type { Values } from './FormStore';
import { screenExtensions } from '../screen/screenExtensions';
import { collapsedCount, columnSpan, layoutCells } from './layout';
import './form.css';

/** What a parent (the dialog, a page) may ask of a form. */
export interface ScreenFormHandle {
  /** Normalise, validate, then emit onSubmit; answers whether the form was valid. */
  submit(): boolean;
  /** [has error, data] without emitting (building-blocks §4). */
  validate(): [boolean, Values];
  reset(): void;
}

export interface ScreenFormProps extends FormEvents {
  fields: Field[];
  cols: number;
  labelWidth: number;
  mode: FormMode;
  /** Prefix of the widgets' element ids (<prefix>_<fieldName>): two forms on one page must not share ids. */
  idPrefix: string;
  /** The record to edit or show; add and filter forms start from the fields' defaults. Remount (key) to load another. */
  record?: Values;
  /** Collapsed forms show this many rows (filter bar 1, forms 2). */
  rows?: number;
  /** Forms may collapse; the filter bar always may when its fields do not fit its rows. */
  collapsible?: boolean;
  /** Add and edit forms show 保 存 or 修 改 and 重 置 below the fields unless a parent (the dialog footer) shows them. */
  showActions?: boolean;
  handleRef?: Ref<ScreenFormHandle>;
  className?: string;
  children?: ReactNode;
}

export const FILTER_DEFAULTS = { cols: 4, rows: 1, labelWidth: 80 } as const;
export const FORM_DEFAULTS = { cols: 2, rows: 2, labelWidth: 100 } as const;

/** The submit button's text by mode (building-blocks §2 item 3). */
export const submitLabel = (mode: FormMode): string => (mode === 'filter' ? TEXT.form.search : mode === 'add' ? TEXT.form.save : TEXT.form.update);

// Enter in a plain text or number input submits; pickers and selects keep Enter for choosing.
function submitsOnEnter(target: EventTarget): boolean {
  if (!(target instanceof HTMLInputElement)) return false;
  if (target.closest('.ant-select, .ant-picker, .ant-cascader, .ant-tree-select')) return false;
  return target.matches('.ant-input, .ant-input-number-input, [data-enter-submits]');
}

/** The one form engine of screens: the filter bar, dialog forms and page forms are this component in another mode. */
export function ScreenForm(props: ScreenFormProps) {
  const { fields, cols, labelWidth, mode, idPrefix, record, handleRef, className, children } = props;
  const model = useMemo(() => buildFormModel(fields, mode, screenExtensions().fieldTypes), [fields, mode]);
  // The record is read once: a parent loads another record by remounting the form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const controller = useMemo(() => new FormController(model, initialValues(model, record)), [model]);
  controller.events = { onSubmit: props.onSubmit, onReset: props.onReset, onError: props.onError };
  useImperativeHandle(handleRef, () => ({
    submit: () => controller.submit(),
    validate: () => controller.validate(),
    reset: () => controller.reset(),
  }), [controller]);

  const shown = useMemo(() => model.entries.filter((e) => e.field.hidden !== true), [model]);
  const cells = useMemo(
    () => layoutCells(shown.map((e) => ({ ...e.field, fullRow: e.widget.fullRow })), cols),
    [shown, cols],
  );
  const isFilter = mode === 'filter';
  const actionSpan = columnSpan(cols);
  const rows = props.rows ?? (isFilter ? FILTER_DEFAULTS.rows : FORM_DEFAULTS.rows);
  const fitting = collapsedCount(cells, rows, isFilter ? actionSpan : 0);
  const canCollapse = (isFilter || props.collapsible === true) && fitting < shown.length;
  const [collapsed, setCollapsed] = useState(true);
  const count = canCollapse && collapsed ? fitting : shown.length;
  const context = useMemo<FormContextValue>(() => ({ controller, mode, idPrefix, labelWidth }), [controller, mode, idPrefix, labelWidth]);

  const toggle = canCollapse ? (
    <Button type="link" className="dms-form-toggle" onClick={() => setCollapsed(!collapsed)} icon={collapsed ? <DownOutlined /> : <UpOutlined />} iconPlacement="end">
      {collapsed ? TEXT.form.expand : TEXT.form.collapse}
    </Button>
  ) : null;
  const reset = (
    <Button icon={isFilter ? <ReloadOutlined /> : undefined} onClick={() => controller.reset()}>
      {TEXT.form.reset}
    </Button>
  );

  return (
    <FormContext.Provider value={context}>
      <form
        className={['dms-form', className].filter(Boolean).join(' ')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (mode !== 'show') controller.submit();
        }}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' || mode === 'show' || !submitsOnEnter(event.target)) return;
          event.preventDefault();
          controller.submit();
        }}
      >
        <Row gutter={[16, 0]} className="dms-form-grid">
          {shown.slice(0, count).map((entry, i) => (
            <FieldCell key={entry.field.fieldName} entry={entry} cell={cells[i]!} />
          ))}
          {isFilter ? (
            // The buttons take the rest of the last row (the column the layout kept free), or a row of their own.
            <Col flex="auto" className="dms-filter-actions">
              <Space size={8}>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {TEXT.form.search}
                </Button>
                {reset}
                {toggle}
              </Space>
            </Col>
          ) : null}
        </Row>
        {!isFilter && toggle ? <div className="dms-form-toggle-row">{toggle}</div> : null}
        {!isFilter && mode !== 'show' && props.showActions !== false ? (
          <div className="dms-form-actions">
            <Button type="primary" htmlType="submit">
              {submitLabel(mode)}
            </Button>
            {reset}
          </div>
        ) : null}
        {children}
      </form>
    </FormContext.Provider>
  );
}

import { Col } from 'antd';
import { memo, useCallback, type ReactNode } from 'react';
import { evaluateCondition } from '../../schemas/expression/expression';
import { fieldElementId, useFieldError, useFieldValue, useFormContext, useFormValues } from './FormContext';
import type { FieldEntry } from './formModel';
import type { FormMode } from './formMode';
import type { CellLayout } from './layout';
import { isBlank } from './ranges';

const isEmpty = (value: unknown) => isBlank(value) || (Array.isArray(value) && value.length === 0);

/**
 * One field of the grid: its column, label and control. The cell itself re-renders only when the values its hidden
 * and disabled conditions read change (and, in show mode, its own value); a keystroke re-renders the control below.
 */
export const FieldCell = memo(function FieldCell({ entry, cell }: { entry: FieldEntry; cell: CellLayout }) {
  const { mode, idPrefix, labelWidth } = useFormContext();
  const { field, widget } = entry;
  const form = useFormValues(entry.dependencies);
  const scope = { mode, form };
  if (evaluateCondition(field.hidden, scope, false)) return null;
  const id = fieldElementId(idPrefix, field.fieldName);
  const disabled = mode === 'show' || evaluateCondition(field.disabled, scope, false);
  const control = <FieldControl entry={entry} id={id} disabled={disabled} mode={mode} bare={widget.fullRow === true} />;
  const width = field.labelWidth ?? labelWidth;
  const body = widget.fullRow ? (
    control
  ) : (
    <div className="dms-field">
      {width > 0 ? (
        <label htmlFor={id} className="dms-field-label" style={{ width }} title={field.label}>
          {evaluateCondition(field.required, scope, false) ? <span className="dms-field-required">*</span> : null}
          {field.label}
        </label>
      ) : null}
      {control}
    </div>
  );
  return (
    <>
      {mode === 'show' && widget.hideEmptyInShow ? (
        <HiddenWhenEmpty name={field.fieldName}>
          <Col span={cell.span} offset={cell.offset} data-field={field.fieldName}>
            {body}
          </Col>
        </HiddenWhenEmpty>
      ) : (
        <Col span={cell.span} offset={cell.offset} data-field={field.fieldName}>
          {body}
        </Col>
      )}
      {cell.rightOffset > 0 ? <Col span={cell.rightOffset} /> : null}
    </>
  );
});

/** Show mode hides empty text inputs (back-office §5). */
function HiddenWhenEmpty({ name, children }: { name: string; children: ReactNode }) {
  return isEmpty(useFieldValue(name)) ? null : <>{children}</>;
}

/** The widget and its error: the one part of the form a change of this field's value re-renders. */
const FieldControl = memo(function FieldControl({ entry, id, disabled, mode, bare }: { entry: FieldEntry; id: string; disabled: boolean; mode: FormMode; bare: boolean }) {
  const { controller } = useFormContext();
  const { field, widget } = entry;
  const value = useFieldValue(field.fieldName);
  const error = useFieldError(field.fieldName);
  const onChange = useCallback((next: unknown) => controller.change(entry, next), [controller, entry]);
  const submit = useCallback(() => void controller.submit(), [controller]);
  const Widget = widget.component;
  const control = <Widget id={id} field={field} value={value} onChange={onChange} disabled={disabled} invalid={error !== undefined} mode={mode} submit={submit} />;
  if (bare) return control;
  return (
    <div className="dms-field-control">
      {control}
      {error ? (
        <div className="dms-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
});

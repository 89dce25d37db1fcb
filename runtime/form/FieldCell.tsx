import { Col } from 'antd';
import { memo, useCallback } from 'react';
import { evaluateCondition } from '../screen/expression';
import { fieldElementId, useFieldError, useFieldValue, useFormContext, useFormValues } from './FormContext';
import type { FieldEntry } from './formModel';
import type { CellLayout } from './layout';
import { isBlank } from './ranges';

const isEmpty = (value: unknown) => isBlank(value) || (Array.isArray(value) && value.length === 0);

/**
 * One field of the grid: label, widget and error. It subscribes to its own value and error (and to the values its
 * conditions read), so typing in one field re-renders this cell alone.
 */
export const FieldCell = memo(function FieldCell({ entry, cell }: { entry: FieldEntry; cell: CellLayout }) {
  const { controller, mode, idPrefix, labelWidth } = useFormContext();
  const { field, widget } = entry;
  const value = useFieldValue(field.fieldName);
  const error = useFieldError(field.fieldName);
  const form = useFormValues(entry.dependencies);
  const onChange = useCallback((next: unknown) => controller.change(entry, next), [controller, entry]);
  const submit = useCallback(() => void controller.submit(), [controller]);

  const scope = { mode, form };
  if (evaluateCondition(field.hidden, scope, false)) return null;
  // Show mode hides empty text inputs (back-office §5).
  if (mode === 'show' && widget.hideEmptyInShow && isEmpty(value)) return null;

  const Widget = widget.component;
  const id = fieldElementId(idPrefix, field.fieldName);
  const control = (
    <Widget
      id={id}
      field={field}
      value={value}
      onChange={onChange}
      disabled={mode === 'show' || evaluateCondition(field.disabled, scope, false)}
      invalid={error !== undefined}
      mode={mode}
      submit={submit}
    />
  );
  const width = field.labelWidth ?? labelWidth;
  return (
    <>
      <Col span={cell.span} offset={cell.offset} data-field={field.fieldName}>
        {widget.fullRow ? (
          control
        ) : (
          <div className={error ? 'dms-field dms-field-has-error' : 'dms-field'}>
            {width > 0 ? (
              <label htmlFor={id} className="dms-field-label" style={{ width }} title={field.label}>
                {field.required ? <span className="dms-field-required">*</span> : null}
                {field.label}
              </label>
            ) : null}
            <div className="dms-field-control">
              {control}
              {error ? (
                <div className="dms-field-error" role="alert">
                  {error}
                </div>
              ) : null}
            </div>
          </div>
        )}
      </Col>
      {cell.rightOffset > 0 ? <Col span={cell.rightOffset} /> : null}
    </>
  );
});

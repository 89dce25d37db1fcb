import type { FieldTemplateProps } from '@rjsf/utils';

/** Label (fixed width, right-aligned, * when required), the widget, and its error below it. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, hidden, rawErrors, children, registry } = props;
  if (hidden) return <div className="dms-field-hidden">{children}</div>;
  const labelWidth = (registry.formContext as { labelWidth?: number }).labelWidth ?? 80;
  const error = rawErrors && rawErrors.length > 0 ? rawErrors.join('；') : undefined;
  return (
    <div className={error ? 'dms-field dms-field-has-error' : 'dms-field'}>
      <label htmlFor={id} className="dms-field-label" style={{ width: labelWidth }} title={label}>
        {required ? <span className="dms-field-required">*</span> : null}
        {label}
      </label>
      <div className="dms-field-control">
        {children}
        {error ? (
          <div className="dms-field-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}

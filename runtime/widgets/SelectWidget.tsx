import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { TEXT } from '../i18n/zh';
import { useFieldOptions } from './useFieldOptions';
import { fieldOf, statusOf } from './widgetProps';

// Observes the session's dictionaries, which may arrive after the form first renders.
const ObservedSelect = observer(function ObservedSelect(props: WidgetProps) {
  const field = fieldOf(props);
  const { options, loading } = useFieldOptions(field);
  const multiple = field.multiple === true;
  return (
    <Select
      id={props.id}
      status={statusOf(props)}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      value={props.value ?? (multiple ? [] : undefined)}
      options={options.map((o) => ({ value: o.value as string | number, label: o.text, disabled: o.disabled }))}
      loading={loading}
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder || TEXT.form.placeholderSelect(field.label)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(value: unknown) => props.onChange(Array.isArray(value) && value.length === 0 ? undefined : (value ?? undefined))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
});

/** rjsf accepts only plain function components as widgets, not the memo object observer() returns. */
export function SelectWidget(props: WidgetProps) {
  return <ObservedSelect {...props} />;
}

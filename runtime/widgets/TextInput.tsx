import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { TEXT } from '../i18n/zh';
import { emptyToUndefined, fieldOf, statusOf } from './widgetProps';

export function TextInput(props: WidgetProps) {
  const field = fieldOf(props);
  return (
    <Input
      id={props.id}
      status={statusOf(props)}
      value={props.value ?? ''}
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder || TEXT.form.placeholderInput(field.label)}
      maxLength={field.maxlength}
      allowClear
      onChange={(event) => props.onChange(emptyToUndefined(event.target.value))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

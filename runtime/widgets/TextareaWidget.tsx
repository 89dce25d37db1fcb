import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { TEXT } from '../i18n/zh';
import { emptyToUndefined, fieldOf, statusOf } from './widgetProps';

export function TextareaWidget(props: WidgetProps) {
  const field = fieldOf(props);
  return (
    <Input.TextArea
      id={props.id}
      status={statusOf(props)}
      value={props.value ?? ''}
      maxLength={field.maxlength ?? 200}
      showCount
      autoSize={{ minRows: 2, maxRows: 8 }}
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder || TEXT.form.placeholderInput(field.label)}
      onChange={(event) => props.onChange(emptyToUndefined(event.target.value))}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { TEXT } from '../i18n/zh';
import { fieldOf, statusOf } from './widgetProps';

export function NumberInput(props: WidgetProps) {
  const field = fieldOf(props);
  return (
    <InputNumber<number>
      id={props.id}
      status={statusOf(props)}
      style={{ width: '100%' }}
      value={typeof props.value === 'number' ? props.value : null}
      min={field.min ?? 0}
      max={field.max ?? 99999999}
      precision={field.precision}
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder || TEXT.form.placeholderInput(field.label)}
      onChange={(value) => props.onChange(value ?? undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    />
  );
}

import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { TEXT } from '../i18n/zh';
import { fieldOf, statusOf } from './widgetProps';

export const DATE_FORMAT = 'YYYY-MM-DD';

export function DateWidget(props: WidgetProps) {
  const field = fieldOf(props);
  return (
    <DatePicker
      id={props.id}
      status={statusOf(props)}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      value={props.value ? dayjs(props.value as string, DATE_FORMAT) : null}
      disabled={props.disabled || props.readonly}
      placeholder={props.placeholder || TEXT.form.placeholderSelect(field.label)}
      onChange={(value) => props.onChange(value ? value.format(DATE_FORMAT) : undefined)}
    />
  );
}

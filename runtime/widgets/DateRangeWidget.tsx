import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { TEXT } from '../i18n/zh';
import { statusOf } from './widgetProps';
import { DATE_FORMAT } from './DateWidget';

/** Edits a range field (fieldName "from|to") as a [from, to] pair; the form splits it into two values on submit. */
export function DateRangeWidget(props: WidgetProps) {
  const [from, to] = Array.isArray(props.value) ? (props.value as (string | undefined)[]) : [];
  return (
    <DatePicker.RangePicker
      id={props.id}
      status={statusOf(props)}
      style={{ width: '100%' }}
      format={DATE_FORMAT}
      value={[from ? dayjs(from, DATE_FORMAT) : null, to ? dayjs(to, DATE_FORMAT) : null]}
      allowEmpty={[true, true]}
      disabled={props.disabled || props.readonly}
      placeholder={[TEXT.form.rangeStart, TEXT.form.rangeEnd]}
      onChange={(values) => {
        const pair = [values?.[0]?.format(DATE_FORMAT), values?.[1]?.format(DATE_FORMAT)];
        props.onChange(pair[0] || pair[1] ? pair : undefined);
      }}
    />
  );
}

import { DatePicker } from 'antd';
import { DATE_KINDS, parseValue, resolveBound, type DateKind } from '../form/dates';
import { TEXT } from '../../schemas/text/zh';
import { statusOf, type WidgetProps } from './widgetProps';

/**
 * Date, datetime, exact date, month and year fields (the field type names the kind). Dates before minDate or after
 * maxDate cannot be picked, and validation refuses them when typed or loaded.
 */
export function DateWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<string>) {
  const kind = DATE_KINDS[field.type as DateKind] ?? DATE_KINDS.exactdate;
  return (
    <DatePicker
      id={id}
      status={statusOf(invalid)}
      style={{ width: '100%' }}
      picker={kind.picker}
      showTime={kind.showTime}
      format={kind.display}
      value={parseValue(value, kind.value)}
      minDate={resolveBound(field.minDate)}
      maxDate={resolveBound(field.maxDate)}
      disabled={disabled}
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
      onChange={(next) => onChange(next ? (kind.showTime ? next : next.startOf(kind.picker === 'date' ? 'day' : kind.picker)).format(kind.value) : undefined)}
    />
  );
}

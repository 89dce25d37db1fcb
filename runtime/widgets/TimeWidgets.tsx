import { TimePicker } from 'antd';
import { parseValue, TIME_FORMAT } from '../form/dates';
import { TEXT } from '../../schemas/text/zh';
import { statusOf, type WidgetProps } from './widgetProps';

type Pair = [string | null, string | null];

/** Time of day, HH:mm:ss. */
export function TimeWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<string>) {
  return (
    <TimePicker
      id={id}
      status={statusOf(invalid)}
      style={{ width: '100%' }}
      format={TIME_FORMAT}
      value={parseValue(value, TIME_FORMAT)}
      disabled={disabled}
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
      onChange={(next) => onChange(next ? next.format(TIME_FORMAT) : undefined)}
    />
  );
}

/** Time range (fieldName "from|to"), HH:mm:ss. */
export function TimeRangeWidget({ id, value, onChange, disabled, invalid }: WidgetProps<Pair>) {
  return (
    <TimePicker.RangePicker
      id={id}
      status={statusOf(invalid)}
      style={{ width: '100%' }}
      format={TIME_FORMAT}
      allowEmpty={[true, true]}
      value={[parseValue(value?.[0], TIME_FORMAT), parseValue(value?.[1], TIME_FORMAT)]}
      disabled={disabled}
      placeholder={[TEXT.form.timeStart, TEXT.form.timeEnd]}
      onChange={(times) => {
        const next: Pair = [times?.[0]?.format(TIME_FORMAT) ?? null, times?.[1]?.format(TIME_FORMAT) ?? null];
        onChange(next[0] === null && next[1] === null ? undefined : next);
      }}
    />
  );
}

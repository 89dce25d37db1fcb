import { DatePicker } from 'antd';
import { useMemo } from 'react';
import { orderRange, parseValue, RANGE_KINDS, rangePresets, resolveBound, type RangeKind } from '../form/dates';
import { TEXT } from '../../schemas/text/zh';
import { statusOf, type WidgetProps } from './widgetProps';

type Pair = [string | null, string | null];

/**
 * Date range (fieldName "from|to"): date, datetime or month ranges with the shortcuts of both specs. Choosing one end
 * past the other clears the other end; the form copies a lone end into both when it submits.
 */
export function DateRangeWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<Pair>) {
  const kind = RANGE_KINDS[field.type as RangeKind] ?? RANGE_KINDS['date-range'];
  const pair: Pair = [value?.[0] ?? null, value?.[1] ?? null];
  const presets = useMemo(() => (kind.picker === 'date' ? rangePresets() : undefined), [kind]);
  return (
    <DatePicker.RangePicker
      id={id}
      status={statusOf(invalid)}
      style={{ width: '100%' }}
      picker={kind.picker}
      showTime={kind.showTime}
      format={kind.format}
      presets={presets}
      order={false}
      allowEmpty={[true, true]}
      value={[parseValue(pair[0], kind.format), parseValue(pair[1], kind.format)]}
      minDate={resolveBound(field.minDate)}
      maxDate={resolveBound(field.maxDate)}
      disabled={disabled}
      placeholder={[TEXT.form.rangeStart, TEXT.form.rangeEnd]}
      onChange={(dates) => {
        const next: Pair = [dates?.[0]?.format(kind.format) ?? null, dates?.[1]?.format(kind.format) ?? null];
        const ordered = orderRange(pair, next);
        onChange(ordered[0] === null && ordered[1] === null ? undefined : ordered);
      }}
    />
  );
}

import { Select } from 'antd';
import { useMemo } from 'react';
import { endSlots, TIME_SELECT_DEFAULTS, timeSlots } from '../form/timeSlots';
import { TEXT } from '../../schemas/text/zh';
import type { Field } from '../../schemas/screen/screen.types';
import { statusOf, type WidgetProps } from './widgetProps';

type Pair = [string | null, string | null];

const slotsOf = (field: Field) => timeSlots(field.timeStart, field.timeEnd, field.timeStep);
const asOptions = (slots: string[]) => slots.map((slot) => ({ value: slot, label: slot }));

/** Time select: clock times from 00:00 to 23:45 in steps of 00:15 unless the field says otherwise. */
export function TimeSelect({ id, field, value, onChange, disabled, invalid }: WidgetProps<string>) {
  const options = useMemo(() => asOptions(slotsOf(field)), [field]);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      status={statusOf(invalid)}
      value={value ?? undefined}
      options={options}
      disabled={disabled}
      allowClear
      showSearch
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
      onChange={(next: string | undefined) => onChange(next ?? undefined)}
    />
  );
}

/** Time select range (fieldName "from|to"): the end offers only times at least one step after the start. */
export function TimeSelectRange({ id, field, value, onChange, disabled, invalid }: WidgetProps<Pair>) {
  const slots = useMemo(() => slotsOf(field), [field]);
  const [start, end] = [value?.[0] ?? null, value?.[1] ?? null];
  const ends = endSlots(slots, start, field.timeStep ?? TIME_SELECT_DEFAULTS.step);
  const set = (next: Pair) => onChange(next[0] === null && next[1] === null ? undefined : next);
  const common = { status: statusOf(invalid), disabled, allowClear: true, showSearch: true, style: { flex: 1 } };
  return (
    <div className="dms-range">
      <Select
        {...common}
        id={id}
        value={start ?? undefined}
        options={asOptions(slots)}
        placeholder={TEXT.form.timeStart}
        // A start that leaves the chosen end less than one step after it clears the end.
        onChange={(next: string | undefined) => set([next ?? null, end !== null && next && !endSlots(slots, next, field.timeStep).includes(end) ? null : end])}
      />
      <span className="dms-range-separator">~</span>
      <Select {...common} value={end ?? undefined} options={asOptions(ends)} placeholder={TEXT.form.timeEnd} onChange={(next: string | undefined) => set([start, next ?? null])} />
    </div>
  );
}

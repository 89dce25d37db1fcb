import { InputNumber } from 'antd';
import { TEXT } from '../../schemas/text/zh';
import { numberProps } from './NumberInput';
import { statusOf, type WidgetProps } from './widgetProps';

type Pair = [number | null, number | null];

/** A start later than the end is put right when the user leaves the field: the two are swapped. */
function orderNumbers([start, end]: Pair): Pair {
  return start !== null && end !== null && start > end ? [end, start] : [start, end];
}

/** Number range (fieldName "from|to"): two number inputs; the form submits them as two values. */
export function NumberRange({ id, field, value, onChange, disabled, invalid }: WidgetProps<Pair>) {
  const pair: Pair = [value?.[0] ?? null, value?.[1] ?? null];
  const common = { ...numberProps(field), status: statusOf(invalid), disabled };
  const set = (next: Pair) => onChange(next[0] === null && next[1] === null ? undefined : next);
  const onBlur = () => {
    const ordered = orderNumbers(pair);
    if (ordered !== pair && (ordered[0] !== pair[0] || ordered[1] !== pair[1])) set(ordered);
  };
  return (
    <div className="dms-range" onBlur={onBlur}>
      <InputNumber<number> {...common} id={id} value={pair[0]} placeholder={TEXT.form.numberStart} onChange={(start) => set([start ?? null, pair[1]])} />
      <span className="dms-range-separator">~</span>
      <InputNumber<number> {...common} value={pair[1]} placeholder={TEXT.form.numberEnd} onChange={(end) => set([pair[0], end ?? null])} />
    </div>
  );
}

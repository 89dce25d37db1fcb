import { Checkbox, Radio } from 'antd';
import { observer } from 'mobx-react-lite';
import type { Field } from '../../schemas/screen/screen.types';
import { optionLabel } from './optionLabel';
import { useFieldOptions } from './useFieldOptions';
import type { WidgetProps } from './widgetProps';

type Scalar = string | number | boolean;

/** A checkbox holds its true value when ticked and its false value otherwise: '1' and '0' unless the field says. */
export const checkboxValues = (field: Field): { on: string | number; off: string | number } => ({ on: field.trueValue ?? '1', off: field.falseValue ?? '0' });

export function CheckboxWidget({ id, field, value, onChange, disabled }: WidgetProps<string | number>) {
  const { on, off } = checkboxValues(field);
  return (
    <Checkbox id={id} checked={value === on} disabled={disabled} onChange={(event) => onChange(event.target.checked ? on : off)}>
      {field.placeholder}
    </Checkbox>
  );
}

/** Multi-checkbox: several of the options, held as a list. */
export const CheckboxGroupWidget = observer(function CheckboxGroupWidget({ id, field, value, onChange, disabled }: WidgetProps<Scalar[]>) {
  const { options } = useFieldOptions(field);
  return (
    <div id={id} className="dms-choices">
    <Checkbox.Group
      value={value ?? []}
      disabled={disabled}
      options={options.map((o) => ({ value: o.value as string | number, label: optionLabel(o), disabled: o.disabled }))}
      onChange={(next) => onChange(next.length > 0 ? (next as Scalar[]) : undefined)}
    />
    </div>
  );
});

/** Radio: one of the options. */
export const RadioWidget = observer(function RadioWidget({ id, field, value, onChange, disabled }: WidgetProps<Scalar>) {
  const { options } = useFieldOptions(field);
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      options={options.map((o) => ({ value: o.value as string | number, label: optionLabel(o), disabled: o.disabled }))}
      onChange={(event) => onChange(event.target.value as Scalar)}
    />
  );
});

import { InputNumber } from 'antd';
import { formatThousands, stripThousands } from '../form/numberFormat';
import { TEXT } from '../../schemas/text/zh';
import type { Field } from '../../schemas/screen/screen.types';
import { statusOf, type WidgetProps } from './widgetProps';

/** Number inputs default to min 0, max 99999999, step 1 (back-office §5). */
export const NUMBER_DEFAULTS = { min: 0, max: 99999999, step: 1 } as const;

/** The props shared by the number input and both ends of the number range. */
export function numberProps(field: Field) {
  return {
    min: field.min ?? NUMBER_DEFAULTS.min,
    max: field.max ?? NUMBER_DEFAULTS.max,
    step: field.step ?? NUMBER_DEFAULTS.step,
    precision: field.precision,
    formatter: (value: number | string | undefined) => formatThousands(value),
    // antd parses the digits it gets back; its typing says number but it reads the text.
    parser: (text: string | undefined) => stripThousands(text) as unknown as number,
    style: { width: '100%' },
  };
}

/** A number as the input shows it: a number, or the exact decimal text the server answers for money ("1280.50"). */
export function shownNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

export function NumberInput({ id, field, value, onChange, disabled, invalid }: WidgetProps<number | string>) {
  return (
    <InputNumber<number>
      {...numberProps(field)}
      id={id}
      status={statusOf(invalid)}
      value={shownNumber(value)}
      disabled={disabled}
      placeholder={field.placeholder ?? TEXT.form.placeholderInput(field.label)}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

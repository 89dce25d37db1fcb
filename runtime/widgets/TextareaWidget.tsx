import { Input } from 'antd';
import { TEXT } from '../../schemas/text/zh';
import { emptyToUndefined, statusOf, type WidgetProps } from './widgetProps';

/** Textarea: 200 characters by default with a word counter, growing from 2 to 8 rows (building-blocks §5). */
export const TEXTAREA_DEFAULTS = { maxlength: 200, minRows: 2, maxRows: 8 } as const;

export function TextareaWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<string>) {
  return (
    <Input.TextArea
      id={id}
      status={statusOf(invalid)}
      value={value ?? ''}
      maxLength={field.maxlength ?? TEXTAREA_DEFAULTS.maxlength}
      showCount
      autoSize={{ minRows: TEXTAREA_DEFAULTS.minRows, maxRows: TEXTAREA_DEFAULTS.maxRows }}
      disabled={disabled}
      placeholder={field.placeholder ?? TEXT.form.placeholderInput(field.label)}
      onChange={(event) => onChange(emptyToUndefined(event.target.value))}
    />
  );
}

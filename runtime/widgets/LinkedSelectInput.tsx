import { Input, Select, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { TEXT } from '../../schemas/text/zh';
import { selectOptions } from './optionLabel';
import { useFieldOptions } from './useFieldOptions';
import { emptyToUndefined, statusOf, type WidgetProps } from './widgetProps';

type Pair = [string | number | null, string | null];

/**
 * Linked select input (fieldName "key|text"): the select chooses what the text means (plate, VIN, phone...), the
 * input takes the text; Enter submits the form. With no options the select shows 无数据 and is disabled
 * (building-blocks §5 and §8).
 */
export const LinkedSelectInput = observer(function LinkedSelectInput({ id, field, value, onChange, disabled, invalid, submit }: WidgetProps<Pair>) {
  const { options } = useFieldOptions(field);
  const empty = options.length === 0;
  const key = value?.[0] ?? (empty ? null : (options[0]!.value as string | number));
  const text = value?.[1] ?? null;
  const set = (next: Pair) => onChange(next[1] === null && next[0] === null ? undefined : next);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        className="dms-linked-select"
        style={{ width: '40%' }}
        status={statusOf(invalid)}
        value={empty ? undefined : key}
        options={selectOptions(options)}
        disabled={disabled || empty}
        placeholder={empty ? TEXT.form.noData : TEXT.form.select}
        onChange={(next: string | number) => set([next, text])}
      />
      <Input
        id={id}
        data-enter-submits
        style={{ width: '60%' }}
        status={statusOf(invalid)}
        value={text ?? ''}
        disabled={disabled}
        placeholder={field.placeholder ?? TEXT.form.placeholderInput(field.label)}
        allowClear
        onChange={(event) => set([key, emptyToUndefined(event.target.value.trim()) ?? null])}
        onKeyDown={(event) => {
          // Enter (keyCode 13) submits (building-blocks §5).
          if (event.key !== 'Enter' && event.keyCode !== 13) return;
          event.preventDefault();
          event.stopPropagation();
          submit();
        }}
      />
    </Space.Compact>
  );
});

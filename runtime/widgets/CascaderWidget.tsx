import { Cascader } from 'antd';
import { observer } from 'mobx-react-lite';
import { TEXT } from '../../schemas/text/zh';
import { cutTree, levelDepth, pathOf } from './levels';
import { useFieldOptions, type FieldOption } from './useFieldOptions';
import { statusOf, type WidgetProps } from './widgetProps';

/** Tree and cascader dropdowns are at most 250 px tall (back-office §9). */
export const DROPDOWN_MAX_HEIGHT = 250;

const FIELD_NAMES = { label: 'text', value: 'value', children: 'children' } as const;

interface CascadeProps {
  id: string;
  options: FieldOption[];
  path: (string | number)[];
  onPathChange(path: (string | number)[]): void;
  disabled: boolean;
  invalid: boolean;
  placeholder: string;
  loading?: boolean;
}

/** antd's cascader over option trees, shared by the cascader and the region widget. */
export function CascadePicker({ id, options, path, onPathChange, disabled, invalid, placeholder, loading }: CascadeProps) {
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      status={statusOf(invalid)}
      options={options as never[]}
      fieldNames={FIELD_NAMES}
      value={(path.length > 0 ? path : undefined) as never}
      disabled={disabled}
      placeholder={placeholder}
      loading={loading}
      showSearch
      allowClear
      classNames={{ popup: { root: 'dms-cascader-popup' } }}
      onChange={(next) => onPathChange(((next as (string | number)[] | undefined) ?? []).slice())}
    />
  );
}

/** Cascader: one dropdown walking a tree of options; the path is kept whole or split into one field per level. */
export const CascaderWidget = observer(function CascaderWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<(string | number)[]>) {
  const { options, loading } = useFieldOptions(field);
  const names = field.fieldName.split('|').length;
  return (
    <CascadePicker
      id={id}
      options={names > 1 ? cutTree(options, levelDepth(field, names)) : options}
      path={pathOf(value)}
      onPathChange={(path) => onChange(path.length > 0 ? path : undefined)}
      disabled={disabled}
      invalid={invalid}
      loading={loading}
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
    />
  );
});

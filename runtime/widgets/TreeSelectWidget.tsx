import { TreeSelect } from 'antd';
import { observer } from 'mobx-react-lite';
import { TEXT } from '../../schemas/text/zh';
import { DROPDOWN_MAX_HEIGHT } from './CascaderWidget';
import { useFieldOptions } from './useFieldOptions';
import { statusOf, type WidgetProps } from './widgetProps';

type TreeValue = string | number | (string | number)[];

/** Tree select over an option tree (options with children, or a request answering a tree); multiple optional. */
export const TreeSelectWidget = observer(function TreeSelectWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<TreeValue>) {
  const { options, loading } = useFieldOptions(field);
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      status={statusOf(invalid)}
      treeData={options as never[]}
      fieldNames={{ label: 'text', value: 'value', children: 'children' }}
      value={value ?? undefined}
      multiple={field.multiple === true}
      treeCheckable={field.multiple === true}
      disabled={disabled}
      loading={loading}
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
      allowClear
      showSearch={{ treeNodeFilterProp: 'text' }}
      treeDefaultExpandAll
      listHeight={DROPDOWN_MAX_HEIGHT}
      onChange={(next: TreeValue | undefined) => onChange(Array.isArray(next) && next.length === 0 ? undefined : (next ?? undefined))}
    />
  );
});

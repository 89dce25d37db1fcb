import { Select, type RefSelectProps } from 'antd';
import { useRef } from 'react';
import { ProblemTip, useCellEditor, type TableEditorProps } from './useCellEditor';

type Value = string | number | boolean;

/** select and select-multiple: a single choice commits at once, a multiple one when the user leaves or presses Enter. */
export function SelectCellEditor(props: TableEditorProps) {
  const select = useRef<RefSelectProps>(null);
  const multiple = props.definition.editType === 'select-multiple';
  const { shown, report, onKeyDown } = useCellEditor(props, { focus: () => select.current?.focus() });
  const options = props.options.optionsOf(props.definition).map((o) => ({ value: o.value as string | number, label: o.text, disabled: o.disabled }));
  const value = props.value ?? (multiple ? [] : undefined);
  return (
    <ProblemTip problem={shown}>
      <Select<Value | Value[]>
        ref={select}
        className="dms-cell-editor"
        mode={multiple ? 'multiple' : undefined}
        maxTagCount="responsive"
        defaultOpen
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        status={shown ? 'error' : undefined}
        value={value as Value | Value[]}
        options={options}
        onChange={(next) => {
          const empty = next === undefined || (Array.isArray(next) && next.length === 0);
          props.onValueChange(empty ? null : next);
          if (!multiple) setTimeout(() => props.stopEditing(), 0);
        }}
        onKeyDown={(event) => {
          // With the list open, Enter picks an option; with it closed, Enter commits like in every other cell.
          if (!document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')) onKeyDown(event, false);
        }}
        onBlur={report}
      />
    </ProblemTip>
  );
}

import { Input, type InputRef } from 'antd';
import { useRef } from 'react';
import { ProblemTip, useCellEditor, type TableEditorProps } from './useCellEditor';

export function TextCellEditor(props: TableEditorProps) {
  const input = useRef<InputRef>(null);
  const { shown, report, onKeyDown } = useCellEditor(props, { focus: () => input.current?.focus() });
  return (
    <ProblemTip problem={shown}>
      <Input
        ref={input}
        className="dms-cell-editor"
        value={props.value == null ? '' : String(props.value)}
        maxLength={props.definition.maxlength}
        status={shown ? 'error' : undefined}
        onChange={(event) => props.onValueChange(event.target.value === '' ? null : event.target.value)}
        onKeyDown={(event) => onKeyDown(event, true)}
        onBlur={report}
      />
    </ProblemTip>
  );
}

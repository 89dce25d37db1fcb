import { Input, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { acceptsNumberCellInput, settleNumberCell } from '../numberInput';
import { ProblemTip, useCellEditor, type TableEditorProps } from './useCellEditor';

/** A number cell: keystrokes that break the column's rules (building-blocks §5) are refused as they are typed. */
export function NumberCellEditor(props: TableEditorProps) {
  const input = useRef<InputRef>(null);
  const rules = props.definition;
  const [text, setText] = useState(() => (typeof props.value === 'number' ? String(props.value) : ''));
  const { shown, report, onKeyDown } = useCellEditor(props, { focus: () => input.current?.focus() });
  return (
    <ProblemTip problem={shown}>
      <Input
        ref={input}
        className="dms-cell-editor dms-cell-editor-number"
        inputMode="decimal"
        value={text}
        status={shown ? 'error' : undefined}
        onChange={(event) => {
          const next = event.target.value.trim();
          if (!acceptsNumberCellInput(next, rules)) return;
          setText(next);
          props.onValueChange(settleNumberCell(next, rules));
        }}
        onKeyDown={(event) => onKeyDown(event, true)}
        onBlur={report}
      />
    </ProblemTip>
  );
}

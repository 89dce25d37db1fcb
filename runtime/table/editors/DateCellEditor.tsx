import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { DATE_FORMAT } from '../formats';
import { ProblemTip, useCellEditor, type TableEditorProps } from './useCellEditor';

type PickerRef = { focus(): void };

/** A date cell: the value is kept as YYYY-MM-DD whatever the column's display format. */
export function DateCellEditor(props: TableEditorProps) {
  const picker = useRef<PickerRef>(null);
  const { shown, report, onKeyDown } = useCellEditor(props, { focus: () => picker.current?.focus() });
  const value = typeof props.value === 'string' && props.value !== '' ? dayjs(props.value) : null;
  return (
    <ProblemTip problem={shown}>
      <DatePicker
        ref={picker as never}
        className="dms-cell-editor"
        defaultOpen
        format={props.definition.dateFormat ?? DATE_FORMAT}
        status={shown ? 'error' : undefined}
        value={value?.isValid() ? value : null}
        onChange={(date) => {
          props.onValueChange(date ? date.format(DATE_FORMAT) : null);
          setTimeout(() => props.stopEditing(), 0);
        }}
        onKeyDown={(event) => onKeyDown(event, false)}
        onBlur={report}
      />
    </ProblemTip>
  );
}

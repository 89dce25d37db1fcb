// A search-helper cell: the typed text is sent to the column's lookup, and only a value chosen from the answer is
// accepted ('{title}只能选择' otherwise). Choosing fills other fields of the row as the column's `fill` says.
import { AutoComplete, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../http/client';
import { TEXT } from '../../../schemas/text/zh';
import type { SearchHelper } from '../../../schemas/screen/screen.types';
import { readPath } from '../../widgets/useFieldOptions';
import { ProblemTip, useCellEditor, type TableEditorProps } from './useCellEditor';

type Found = Record<string, unknown>;

const LOOKUP_DELAY_MS = 300;

/** Calls the lookup with the typed text under the helper's query parameter; answers the records found. */
export async function lookUp(helper: SearchHelper, text: string): Promise<Found[]> {
  const data = await callApi<unknown>(helper.api, { params: { [helper.queryParam ?? 'keyword']: text } });
  const list = readPath(data, helper.datakey);
  return Array.isArray(list) ? (list as Found[]) : [];
}

export function SearchHelperEditor(props: TableEditorProps) {
  const helper = props.definition.searchHelper!;
  const valueKey = helper.valueKey ?? 'value';
  const textKey = helper.textKey ?? 'text';
  const input = useRef<{ focus(): void }>(null);
  const [text, setText] = useState(props.value == null ? '' : String(props.value));
  // Text typed but not chosen; undefined while the cell holds a chosen (or the original) value.
  const typed = useRef<string | undefined>(undefined);
  const [found, setFound] = useState<Found[] | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { shown, report, onKeyDown } = useCellEditor(props, { focus: () => input.current?.focus(), typedText: () => typed.current });
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() === '') return setFound(undefined);
    setFound(undefined);
    timer.current = setTimeout(() => {
      lookUp(helper, next.trim()).then(
        (records) => typed.current === next && setFound(records),
        () => setFound([]),
      );
    }, LOOKUP_DELAY_MS);
  };

  const choose = (value: string) => {
    const record = found?.find((r) => String(r[valueKey]) === value);
    if (!record) return;
    typed.current = undefined;
    setText(value);
    props.onValueChange(record[valueKey]);
    for (const [rowField, recordField] of Object.entries(helper.fill ?? {})) props.node.setDataValue(rowField, record[recordField]);
    setTimeout(() => props.stopEditing(), 0);
  };

  return (
    <ProblemTip problem={shown}>
      <AutoComplete
        ref={input as never}
        className="dms-cell-editor"
        value={text}
        status={shown ? 'error' : undefined}
        options={(found ?? []).map((r) => ({ value: String(r[valueKey]), label: `${String(r[valueKey])} ${String(r[textKey] ?? '')}` }))}
        notFoundContent={typed.current ? found === undefined ? <Spin size="small" /> : TEXT.table.lookupEmpty : null}
        onChange={(next: string) => {
          setText(next);
          if (next === '') {
            typed.current = undefined;
            props.onValueChange(null);
          } else if (!found?.some((r) => String(r[valueKey]) === next)) {
            // Picking an option also reports its value here; only other text counts as typed. The grid holds the typed
            // text too, so it sees a change to check: the check refuses it until a value is chosen.
            typed.current = next;
            props.onValueChange(next);
          }
        }}
        onSearch={search}
        onSelect={choose}
        onKeyDown={(event) => {
          if (!document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')) onKeyDown(event, false);
        }}
        onBlur={report}
      />
    </ProblemTip>
  );
}

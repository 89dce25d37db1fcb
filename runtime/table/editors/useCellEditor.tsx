// What every table cell editor shares: its problem checked on blur and on Enter (the cell refuses to close while it has
// one, and the focus goes back to it), Enter firing the table's enter event, and up/down moving a row.
import { Tooltip } from 'antd';
import type { ICellEditorParams } from 'ag-grid-community';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import type { Column } from '../../../schemas/screen/screen.types';
import { checkCell, type CellProblem } from '../cellValidation';
import type { ColumnOptions } from '../columnOptions';
import type { EditSession } from '../editSession';
import type { Row } from '../rows';

export interface TableEditorParams {
  definition: Column;
  edits: EditSession;
  options: ColumnOptions;
}

/** What an editor component gets: the grid's editor params, the value it edits with its setter, and a way to tell the
 * grid how to focus it once its cell is on the page. */
export type TableEditorProps = ICellEditorParams<Row> &
  TableEditorParams & {
    onValueChange(value: unknown): void;
    registerFocus(focus: () => void): void;
  };

interface EditorHooks {
  focus(): void;
  /** Search helpers: the text typed but not (yet) chosen from the lookup. */
  typedText?(): string | undefined;
}

export function useCellEditor(props: TableEditorProps, hooks: EditorHooks) {
  const latest = useRef({ props, hooks });
  latest.current = { props, hooks };
  const mounted = useRef(true);
  const [shown, setShown] = useState<CellProblem | null>(null);

  const problem = () => {
    const { props: p, hooks: h } = latest.current;
    return checkCell(p.definition, p.value, h.typedText?.());
  };


  useLayoutEffect(() => props.registerFocus(() => latest.current.hooks.focus()), [props]);
  // The grid refuses to commit while this check answers a problem (invalidEditValueMode 'block').
  useEffect(() => {
    props.edits.setOpenCheck(problem);
    return () => props.edits.clearOpenCheck(problem);
    // The check reads the latest props through a ref: registered once per editor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(
    () => () => {
      mounted.current = false;
      // A cell marked at save keeps its mark only while its value is still wrong.
      const { props: p } = latest.current;
      if (p.edits.problemOf(p.data, p.definition.dataIndex)) p.edits.setProblem(p.data, p.definition.dataIndex, checkCell(p.definition, p.data[p.definition.dataIndex]));
    },
    [],
  );

  /** Leaving the cell: say what is wrong, mark the cell and keep the user in it. */
  const report = () => {
    if (!mounted.current) return;
    const found = problem();
    const { props: p, hooks: h } = latest.current;
    setShown(found);
    p.edits.setProblem(p.data, p.definition.dataIndex, found);
    p.eGridCell.classList.toggle('dms-cell-error', found !== null);
    if (found) setTimeout(() => mounted.current && h.focus(), 0);
  };

  const onKeyDown = (event: KeyboardEvent, arrows: boolean) => {
    const { props: p } = latest.current;
    if (event.key === 'Enter') {
      event.preventDefault();
      report();
      p.edits.enter(p.data, p.definition.dataIndex, p.rowIndex);
    } else if (arrows && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      report();
      p.edits.moveVertically(p.rowIndex, p.definition.dataIndex, event.key === 'ArrowUp' ? -1 : 1);
    }
  };

  return { shown, report, onKeyDown };
}

/** The cell's message under the editor while it has a problem. */
export function ProblemTip({ problem, children }: { problem: CellProblem | null; children: ReactElement }) {
  return (
    <Tooltip open={problem !== null} title={problem?.message} color="#ff4d4f" placement="bottomLeft" classNames={{ root: 'dms-cell-problem' }}>
      {children}
    </Tooltip>
  );
}

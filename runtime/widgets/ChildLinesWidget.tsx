// The child-lines field: an editable table of a record's lines inside its form (a repair order's labour and part
// lines), saved with the record in one call. A keystroke changes one line object; rows are memoised on their line,
// so only that row and the totals render again, and computed values are cached per line object (./childLines.ts).
// Cells and line buttons are plain elements (three tables of 200 lines are 1800 inputs and 1200 buttons: antd's took
// seconds to mount), and lines past the first screenful are rendered in the frames after the first paint.
import { Button } from 'antd';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import type { ChildLines, LineColumn } from '../../schemas/screen/screen.types';
import { cellProblem, computedLine, copyOfLine, displayValue, totalValue, type Line } from './childLines';
import { useFormValues } from '../form/FormContext';
import type { WidgetProps } from './widgetProps';

const NO_LINES: Line[] = [];

export function ChildLinesWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<Line[]>) {
  const spec = field.lines as ChildLines;
  const lines = value ?? NO_LINES;
  // Stable row keys across edits (a line's object changes with every keystroke; its row must keep its inputs).
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  if (keys.current.length !== lines.length) keys.current = lines.map(() => nextKey.current++);
  const latest = useRef({ lines, onChange });
  latest.current = { lines, onChange };

  const setCell = useCallback((index: number, name: string, cell: unknown) => {
    const next = latest.current.lines.slice();
    next[index] = { ...next[index], [name]: cell === null || cell === '' ? undefined : cell };
    latest.current.onChange(next);
  }, []);
  const insert = useCallback((at: number, line: Line) => {
    const next = latest.current.lines.slice();
    next.splice(at, 0, line);
    keys.current.splice(at, 0, nextKey.current++);
    latest.current.onChange(next);
  }, []);
  const copy = useCallback((index: number) => insert(index + 1, copyOfLine(latest.current.lines[index]!)), [insert]);
  const remove = useCallback((index: number) => {
    const next = latest.current.lines.slice();
    next.splice(index, 1);
    keys.current.splice(index, 1);
    // An emptied list is sent as [] (the lines are removed on the server), not as no value (the lines kept).
    latest.current.onChange(next);
  }, []);

  const full = lines.length >= (spec.maxRows ?? 1000);
  const shown = useProgressiveCount(lines.length);
  return (
    <div className="dms-lines" data-lines={field.fieldName} id={id}>
      <div className="dms-lines-head">
        <span className="dms-lines-title">{field.label}</span>
        {disabled ? null : (
          <Button size="small" onClick={() => insert(latest.current.lines.length, {})} disabled={full}>
            {TEXT.lines.add}
          </Button>
        )}
      </div>
      <table className="dms-lines-table">
        <thead>
          <tr>
            <th className="dms-lines-no">{TEXT.lines.lineNo}</th>
            {spec.columns.map((column) => (
              <th key={column.name} style={column.width ? { width: column.width } : undefined}>
                {column.required ? <span className="dms-field-required">*</span> : null}
                {column.title}
              </th>
            ))}
            {disabled ? null : <th className="dms-lines-actions">{TEXT.lines.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td className="dms-lines-empty" colSpan={spec.columns.length + (disabled ? 1 : 2)}>
                {TEXT.lines.empty}
              </td>
            </tr>
          ) : (
            lines.slice(0, shown).map((line, index) => (
              <LineRow key={keys.current[index]} line={line} index={index} columns={spec.columns} disabled={disabled} showProblems={invalid} full={full} onCell={setCell} onCopy={copy} onRemove={remove} />
            ))
          )}
        </tbody>
      </table>
      {spec.totals ? <LineTotals spec={spec} lines={lines} /> : null}
    </div>
  );
}

interface LineRowProps {
  line: Line;
  index: number;
  columns: LineColumn[];
  disabled: boolean;
  showProblems: boolean;
  full: boolean;
  onCell(index: number, name: string, value: unknown): void;
  onCopy(index: number): void;
  onRemove(index: number): void;
}

const LineRow = memo(function LineRow({ line, index, columns, disabled, showProblems, full, onCell, onCopy, onRemove }: LineRowProps) {
  const shown = computedLine(line, columns);
  return (
    <tr data-line={index + 1}>
      <td className="dms-lines-no">{index + 1}</td>
      {columns.map((column) => {
        const status = showProblems && cellProblem(column, line[column.name]) ? 'error' : undefined;
        const label = `${column.title} 第${index + 1}行`;
        let cell;
        if (column.compute !== undefined) cell = <span className="dms-lines-computed">{displayValue(shown[column.name], column.precision)}</span>;
        else
          cell = (
            <input
              className={status ? 'dms-lines-input dms-lines-input-error' : 'dms-lines-input'}
              aria-label={label}
              aria-invalid={status ? true : undefined}
              inputMode={column.type === 'number' ? 'decimal' : undefined}
              maxLength={column.type === 'number' ? undefined : column.maxlength}
              value={(line[column.name] as string | number | undefined) ?? ''}
              disabled={disabled}
              onChange={(e) => onCell(index, column.name, column.type === 'number' ? e.target.value.trim() : e.target.value)}
            />
          );
        return (
          <td key={column.name} data-column={column.name}>
            {cell}
          </td>
        );
      })}
      {disabled ? null : (
        <td className="dms-lines-actions">
          {/* Plain buttons: two per line, hundreds per form, where an antd Button each cost a visible mount time. */}
          <button type="button" className="dms-lines-link" disabled={full} onClick={() => onCopy(index)}>
            {TEXT.lines.copy}
          </button>
          <button type="button" className="dms-lines-link dms-lines-link-danger" onClick={() => onRemove(index)}>
            {TEXT.lines.remove}
          </button>
        </td>
      )}
    </tr>
  );
});

/** Lines rendered now: the first screenful at once, then more in each following frame until all are shown. */
const FIRST_LINES = 30;
const MORE_LINES = 60;

function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(() => Math.min(total, FIRST_LINES));
  // Once every line has been shown, lines the user adds show at once.
  const caughtUp = useRef(count >= total);
  if (count >= total) caughtUp.current = true;
  useEffect(() => {
    if (caughtUp.current || count >= total) return;
    const frame = requestAnimationFrame(() => setCount((n) => Math.min(total, n + MORE_LINES)));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return caughtUp.current ? total : count;
}

function LineTotals({ spec, lines }: { spec: ChildLines; lines: Line[] }) {
  const form = useFormValues('*');
  return (
    <div className="dms-lines-totals">
      {spec.totals!.map((total) => (
        <span key={total.label} data-total={total.label}>
          {total.label}：{displayValue(totalValue(total.value, lines, spec.columns, form), total.precision, true)}
        </span>
      ))}
    </div>
  );
}

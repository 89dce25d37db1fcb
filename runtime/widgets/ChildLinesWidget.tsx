// The child-lines field: an editable table of a record's lines inside its form (a repair order's labour and part
// lines), saved with the record in one call. A keystroke changes one line object; rows are memoised on their line,
// so only that row and its table's totals render again, and computed values are cached per line object (./childLines.ts).
// Cells and line buttons are plain elements (three tables of 200 lines are 1800 inputs and 1200 buttons: antd's took
// seconds to mount), and lines past the first screenful are rendered in the frames after the first paint. Rows are a
// CSS grid rather than table rows so that each may skip its rendering while off screen (content-visibility, which
// table rows do not take): a keystroke then lays out and paints the lines in view, not all 600.
import { Button } from 'antd';
import { memo, useCallback, useMemo, useRef } from 'react';
import { namesRead, parseExpression } from '../../schemas/expression/expression';
import { TEXT } from '../../schemas/text/zh';
import type { ChildLines, LineColumn } from '../../schemas/screen/screen.types';
import { cellProblem, cellText, computedLine, copyOfLine, displayValue, totalValue, type Line } from './childLines';
import { useFormValues } from '../form/FormContext';
import { gridColumns, lineBlocks, useProgressiveCount } from './linesGrid';
import { useLineColumns } from './lineColumnOptions';
import type { WidgetProps } from './widgetProps';

const NO_LINES: Line[] = [];

export function ChildLinesWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<Line[]>) {
  const spec = field.lines as ChildLines;
  const columns = useLineColumns(spec.columns);
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
  const box = useRef<HTMLDivElement>(null);
  const shown = useProgressiveCount(lines.length, box);
  return (
    <div className="dms-lines" data-lines={field.fieldName} id={id} ref={box}>
      <div className="dms-lines-head">
        <span className="dms-lines-title">{field.label}</span>
        {disabled ? null : (
          <Button size="small" onClick={() => insert(latest.current.lines.length, {})} disabled={full}>
            {TEXT.lines.add}
          </Button>
        )}
      </div>
      <div className="dms-lines-grid" role="table" aria-label={field.label} style={gridColumns(columns, disabled)}>
        <div className="dms-lines-row dms-lines-header" role="row">
          <div role="columnheader" className="dms-lines-no">{TEXT.lines.lineNo}</div>
          {columns.map((column) => (
            <div role="columnheader" key={column.name}>
              {column.required ? <span className="dms-field-required">*</span> : null}
              {column.title}
            </div>
          ))}
          {disabled ? null : <div role="columnheader" className="dms-lines-actions">{TEXT.lines.actions}</div>}
        </div>
        {lines.length === 0 ? (
          <div className="dms-lines-row" role="row">
            <div role="cell" className="dms-lines-empty">
              {TEXT.lines.empty}
            </div>
          </div>
        ) : (
          lineBlocks(shown, (index) => (
            <LineRow key={keys.current[index]} line={lines[index]!} index={index} columns={columns} disabled={disabled} showProblems={invalid} full={full} onCell={setCell} onCopy={copy} onRemove={remove} />
          ))
        )}
      </div>
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
    <div className="dms-lines-row dms-lines-line" role="row" data-line={index + 1}>
      <div role="cell" className="dms-lines-no">{index + 1}</div>
      {columns.map((column) => {
        const status = showProblems && cellProblem(column, line[column.name]) ? 'error' : undefined;
        const label = `${column.title} 第${index + 1}行`;
        let cell;
        if (column.compute !== undefined) cell = <span className="dms-lines-computed">{displayValue(shown[column.name], column.precision)}</span>;
        else if (column.readOnly) cell = <span className="dms-lines-computed">{cellText(column, line[column.name])}</span>;
        else if (column.type === 'select')
          cell = (
            <select
              className={status ? 'dms-lines-input dms-lines-input-error' : 'dms-lines-input'}
              aria-label={label}
              aria-invalid={status ? true : undefined}
              value={line[column.name] === undefined || line[column.name] === null ? '' : String(line[column.name])}
              disabled={disabled}
              onChange={(e) => onCell(index, column.name, e.target.value)}
            >
              <option value="">{TEXT.lines.choose}</option>
              {(column.options ?? []).map((option) => (
                <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
                  {option.text}
                </option>
              ))}
            </select>
          );
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
          <div role="cell" key={column.name} data-column={column.name}>
            {cell}
          </div>
        );
      })}
      {disabled ? null : (
        <div role="cell" className="dms-lines-actions">
          {/* Plain buttons: two per line, hundreds per form, where an antd Button each cost a visible mount time. */}
          <button type="button" className="dms-lines-link" disabled={full} onClick={() => onCopy(index)}>
            {TEXT.lines.copy}
          </button>
          <button type="button" className="dms-lines-link dms-lines-link-danger" onClick={() => onRemove(index)}>
            {TEXT.lines.remove}
          </button>
        </div>
      )}
    </div>
  );
});

/** Whether a total reads the form's other fields (form.discount): then it follows every change of the form. */
const readsForm = (spec: ChildLines) => spec.totals!.some((total) => namesRead(parseExpression(total.value)).includes('form'));

/**
 * The totals under the table. They follow this table's lines; only totals that read the form follow its other fields,
 * so a keystroke in one table does not sum the other tables again.
 */
function LineTotals({ spec, lines }: { spec: ChildLines; lines: Line[] }) {
  return readsForm(spec) ? <TotalsWithForm spec={spec} lines={lines} /> : <Totals spec={spec} lines={lines} form={NO_FORM} />;
}

const NO_FORM: Record<string, unknown> = {};

function TotalsWithForm({ spec, lines }: { spec: ChildLines; lines: Line[] }) {
  const form = useFormValues('*');
  return <Totals spec={spec} lines={lines} form={{ ...form }} />;
}

const Totals = memo(function Totals({ spec, lines, form }: { spec: ChildLines; lines: Line[]; form: Record<string, unknown> }) {
  const shown = useMemo(
    () => spec.totals!.map((total) => ({ label: total.label, text: displayValue(totalValue(total.value, lines, spec.columns, form), total.precision, true) })),
    [spec, lines, form],
  );
  return (
    <div className="dms-lines-totals">
      {shown.map((total) => (
        <span key={total.label} data-total={total.label}>
          {total.label}：{total.text}
        </span>
      ))}
    </div>
  );
});

// A record's lines read-only (the record page, the 详情 drawer, read-only panels): the same columns, computed cells and
// totals as the child-lines field, as plain text, in the same grid (./linesGrid.ts): a record page with three tables of
// 200 lines paints the lines in view first, and lines off screen cost no layout or paint.
import { memo, useRef } from 'react';
import { TEXT } from '../../schemas/text/zh';
import type { ChildLines, LineColumn } from '../../schemas/screen/screen.types';
import { cellText, computedLine, displayValue, totalValue, type Line } from './childLines';
import { gridColumns, lineBlocks, useProgressiveCount } from './linesGrid';
import { useLineColumns } from './lineColumnOptions';

const NO_LINES: Line[] = [];

export function ChildLinesView({ spec, lines, record }: { spec: ChildLines; lines: unknown; record: Record<string, unknown> }) {
  const rows = Array.isArray(lines) ? (lines as Line[]) : NO_LINES;
  const columns = useLineColumns(spec.columns);
  const box = useRef<HTMLDivElement>(null);
  const shown = useProgressiveCount(rows.length, box);
  return (
    <div className="dms-lines" ref={box}>
      <div className="dms-lines-grid" role="table" style={gridColumns(columns, true)}>
        <div className="dms-lines-row dms-lines-header" role="row">
          <div role="columnheader" className="dms-lines-no">{TEXT.lines.lineNo}</div>
          {columns.map((column) => (
            <div role="columnheader" key={column.name}>
              {column.title}
            </div>
          ))}
        </div>
        {rows.length === 0 ? (
          <div className="dms-lines-row" role="row">
            <div role="cell" className="dms-lines-empty">
              {TEXT.lines.empty}
            </div>
          </div>
        ) : (
          lineBlocks(shown, (i) => <ViewRow key={i} line={rows[i]!} index={i} columns={columns} />)
        )}
      </div>
      {/* Under the last line: shown with it, so the first frame does not sum lines it does not show. */}
      {spec.totals && shown >= rows.length ? (
        <div className="dms-lines-totals">
          {spec.totals.map((total) => (
            <span key={total.label} data-total={total.label}>
              {total.label}：{displayValue(totalValue(total.value, rows, spec.columns, record), total.precision, true)}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}

// Memoised on the line: lines coming in later frames leave the rows already drawn alone.
const ViewRow = memo(function ViewRow({ line, index, columns }: { line: Line; index: number; columns: LineColumn[] }) {
  // The stored line carries the server's computed values; the formula fills only what it lacks.
  const shown = { ...computedLine(line, columns), ...stored(line) };
  return (
    <div className="dms-lines-row dms-lines-line" role="row" data-line={index + 1}>
      <div role="cell" className="dms-lines-no">
        {index + 1}
      </div>
      {columns.map((column) => (
        <div role="cell" key={column.name} data-column={column.name} className={column.compute === undefined ? undefined : 'dms-lines-computed'}>
          {column.compute === undefined ? cellText(column, shown[column.name]) : displayValue(shown[column.name], column.precision)}
        </div>
      ))}
    </div>
  );
});

const stored = (line: Line) => Object.fromEntries(Object.entries(line).filter(([, value]) => value !== undefined && value !== null));

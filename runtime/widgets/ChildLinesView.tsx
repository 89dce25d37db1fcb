// A record's lines read-only (the 详情 drawer, read-only panels): the same columns, computed cells and totals as the
// child-lines field, as plain text.
import { TEXT } from '../../schemas/text/zh';
import type { ChildLines } from '../../schemas/screen/screen.types';
import { computedLine, displayValue, totalValue, type Line } from './childLines';

export function ChildLinesView({ spec, lines, record }: { spec: ChildLines; lines: unknown; record: Record<string, unknown> }) {
  const rows = Array.isArray(lines) ? (lines as Line[]) : [];
  return (
    <div className="dms-lines">
      <table className="dms-lines-table">
        <thead>
          <tr>
            <th className="dms-lines-no">{TEXT.lines.lineNo}</th>
            {spec.columns.map((column) => (
              <th key={column.name}>{column.title}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="dms-lines-empty" colSpan={spec.columns.length + 1}>
                {TEXT.lines.empty}
              </td>
            </tr>
          ) : (
            rows.map((line, i) => {
              // The stored line carries the server's computed values; the formula fills only what it lacks.
              const shown = { ...computedLine(line, spec.columns), ...stored(line) };
              return (
                <tr key={i} data-line={i + 1}>
                  <td className="dms-lines-no">{i + 1}</td>
                  {spec.columns.map((column) => (
                    <td key={column.name} data-column={column.name}>
                      {column.compute === undefined ? displayValue(shown[column.name], undefined) : displayValue(shown[column.name], column.precision)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {spec.totals ? (
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

const stored = (line: Line) => Object.fromEntries(Object.entries(line).filter(([, value]) => value !== undefined && value !== null));

import { TEXT } from '../../../schemas/text/zh';
import type { OverviewBlockProps } from './overviewBlock';
import { useAnswer } from './useAnswer';

const DAY = /^\d{4}-(\d{2}-\d{2})$/;

/** A small bar chart in plain markup (no chart library): one bar per row of a call answering a list. */
export default function BarsBlock({ block, store }: OverviewBlockProps) {
  const answer = useAnswer<Record<string, unknown>[]>(store, block.api, block.params);
  const xField = block.xField ?? '';
  const field = block.series?.[0]?.field ?? '';
  const rows = Array.isArray(answer.data) ? answer.data : [];
  if (answer.done && rows.length === 0) return <div className="dms-bars-empty">{TEXT.dashboard.noData}</div>;
  const values = rows.map((row) => Number(row[field]) || 0);
  const max = Math.max(1, ...values);
  return (
    <div className="dms-bars" role="list">
      {rows.map((row, i) => {
        const x = String(row[xField] ?? '');
        return (
          <div key={x || i} className="dms-bars-item" role="listitem" title={`${x}：${values[i]}${block.unit ? ` ${block.unit}` : ''}`}>
            <span className="dms-bars-value">{values[i]}</span>
            <span className="dms-bars-bar" style={{ height: `${(values[i]! / max) * 100}%` }} />
            {/* A day reads month and day: the year is in the tooltip. */}
            <span className="dms-bars-label">{DAY.exec(x)?.[1] ?? x}</span>
          </div>
        );
      })}
    </div>
  );
}

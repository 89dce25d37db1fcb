import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Statistic, Typography } from 'antd';
import { TEXT } from '../../../schemas/text/zh';
import type { ReportAnswer } from '../../../schemas/api/report';
import { measureText } from './measureText';

/** The change against the month before, for display only: a percentage with one decimal, or none without a base. */
export function trendOf(current: unknown, previous: unknown): { direction: 'up' | 'down' | 'flat'; percent: string } | null {
  const now = Number(current);
  const before = Number(previous);
  if (!Number.isFinite(now) || !Number.isFinite(before) || before === 0) return null;
  const change = ((now - before) / Math.abs(before)) * 100;
  const percent = Math.abs(change).toFixed(1);
  return { direction: percent === '0.0' ? 'flat' : change > 0 ? 'up' : 'down', percent: `${percent}%` };
}

/** A KPI card: the report's first measure over the filters, its unit, and the trend against the month before. */
export function KpiCard({ answer, unit }: { answer: ReportAnswer; unit?: string }) {
  const measure = answer.measures[0];
  if (!measure) return null;
  const value = answer.rows[0]?.values[measure.name] ?? null;
  const previous = answer.previous?.[0]?.[measure.name];
  const trend = answer.previous ? trendOf(value, previous) : undefined;
  return (
    <div className="dms-kpi">
      <Statistic value={measureText(value)} suffix={unit ?? measure.unit} />
      {trend === undefined ? null : trend === null ? (
        <Typography.Text type="secondary" className="dms-kpi-trend">{TEXT.dashboard.noPrevious}</Typography.Text>
      ) : (
        <Typography.Text className={`dms-kpi-trend dms-kpi-${trend.direction}`} data-trend={trend.direction}>
          {TEXT.dashboard.previous} {trend.direction === 'up' ? <ArrowUpOutlined /> : trend.direction === 'down' ? <ArrowDownOutlined /> : null}
          {trend.direction === 'flat' ? TEXT.dashboard.flat : trend.percent}
        </Typography.Text>
      )}
    </div>
  );
}

import { Card, Col, DatePicker, Form, Row, Select, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TEXT } from '../../../schemas/text/zh';
import type { DashboardItem } from '../../../schemas/screen/screen.types';
import type { ReportAnswer } from '../../../schemas/api/report';
import { openMenuPage } from '../../app/routes/tabLimit';
import type { BlockProps } from '../../screen/screenExtensions';
import { DashboardChart } from './DashboardChart';
import { drillUrl } from './drill';
import { KpiCard } from './KpiCard';
import { currentMonth, dimensionOptions, loadReport, type DashboardFilters, type FilterOption } from './reportCalls';
import { ReportTable } from './ReportTable';
import './dashboard.css';

const SPAN = { kpi: 6, chart: 12, table: 24 } as const;
const HEIGHT = 300;

/** One item of the grid: loads its report whenever the shared filters change; a click drills into the list screen. */
function DashboardCell({ item, filters }: { item: DashboardItem; filters: DashboardFilters }) {
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<ReportAnswer | null>(null);
  useEffect(() => {
    let alive = true;
    setAnswer(null);
    // A failed call shows no data; the http client has told the user.
    loadReport(item, filters).then(
      (data) => alive && setAnswer(data),
      () => alive && setAnswer({ dimensions: [], measures: [], rows: [] }),
    );
    return () => {
      alive = false;
    };
  }, [item, filters]);
  const drill = useCallback(
    (row: number) => {
      const target = answer?.rows[row];
      if (item.drill && target) openMenuPage(navigate, drillUrl(item.drill, target.drill));
    },
    [answer, item.drill, navigate],
  );
  const height = item.height ?? HEIGHT;
  const body = !answer ? (
    <Skeleton active paragraph={{ rows: item.kind === 'kpi' ? 1 : 4 }} />
  ) : item.kind === 'kpi' ? (
    <KpiCard answer={answer} unit={item.unit} />
  ) : item.kind === 'chart' ? (
    <DashboardChart item={item} answer={answer} height={height} onPoint={item.drill ? drill : undefined} />
  ) : (
    <ReportTable answer={answer} height={height} onRow={item.drill ? drill : undefined} />
  );
  const drillable = item.drill && item.kind === 'kpi' && answer && answer.rows.length > 0;
  return (
    <Card
      size="small"
      title={item.title}
      className={`dms-dashboard-item dms-dashboard-${item.kind}${drillable ? ' dms-drillable' : ''}`}
      data-item={item.title}
      hoverable={Boolean(drillable)}
      onClick={drillable ? () => drill(0) : undefined}
      {...(drillable ? { 'aria-description': TEXT.dashboard.drillHint } : {})}
    >
      {body}
    </Card>
  );
}

/** The shared filter bar: dealer and region from the user's scope (the report grouped by each), and a month. */
function DashboardFilterBar({ shown, report, value, onChange }: { shown: string[]; report: string; value: DashboardFilters; onChange: (next: DashboardFilters) => void }) {
  const [dealers, setDealers] = useState<FilterOption[]>([]);
  const [regions, setRegions] = useState<FilterOption[]>([]);
  useEffect(() => {
    if (shown.includes('dealer')) dimensionOptions(report, 'dealer').then(setDealers, () => undefined);
    if (shown.includes('region')) dimensionOptions(report, 'region').then(setRegions, () => undefined);
  }, [shown, report]);
  return (
    <Form layout="inline" className="dms-dashboard-filters">
      {shown.includes('dealer') ? (
        <Form.Item label={TEXT.dashboard.dealer}>
          <Select allowClear showSearch optionFilterProp="label" placeholder={TEXT.dashboard.all} className="dms-dashboard-select" options={dealers} value={value.dealer} onChange={(dealer?: string) => onChange({ ...value, dealer })} />
        </Form.Item>
      ) : null}
      {shown.includes('region') ? (
        <Form.Item label={TEXT.dashboard.region}>
          <Select allowClear placeholder={TEXT.dashboard.all} className="dms-dashboard-select" options={regions} value={value.region} onChange={(region?: string) => onChange({ ...value, region })} />
        </Form.Item>
      ) : null}
      {shown.includes('month') ? (
        <Form.Item label={TEXT.dashboard.month}>
          <DatePicker picker="month" allowClear={false} value={value.month ? dayjs(`${value.month}-01`) : undefined} onChange={(month) => onChange({ ...value, month: month ? month.format('YYYY-MM') : undefined })} />
        </Form.Item>
      ) : null}
    </Form>
  );
}

/** Dashboard block: a 24-column responsive grid of KPI cards, charts and tables fed by reports, under one filter bar. */
export default function DashboardBlock({ block }: BlockProps) {
  const dashboard = block.dashboard;
  const shown = useMemo(() => dashboard?.filters ?? [], [dashboard]);
  const [filters, setFilters] = useState<DashboardFilters>(() => (shown.includes('month') ? { month: currentMonth() } : {}));
  if (!dashboard) return null;
  const optionsReport = dashboard.optionsReport ?? dashboard.items[0]!.report;
  return (
    <div className="dms-dashboard">
      {shown.length > 0 ? <DashboardFilterBar shown={shown} report={optionsReport} value={filters} onChange={setFilters} /> : null}
      <Row gutter={[16, 16]}>
        {dashboard.items.map((item, i) => (
          <Col key={i} xs={item.kind === 'kpi' ? 12 : 24} lg={item.span ?? SPAN[item.kind]}>
            <DashboardCell item={item} filters={filters} />
          </Col>
        ))}
      </Row>
    </div>
  );
}

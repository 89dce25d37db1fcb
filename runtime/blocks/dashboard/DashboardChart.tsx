import { Empty } from 'antd';
import { BarChart, FunnelChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { TEXT } from '../../../schemas/text/zh';
import type { DashboardItem } from '../../../schemas/screen/screen.types';
import type { ReportAnswer } from '../../../schemas/api/report';
import { dashboardOption } from './dashboardOption';

// The kinds a dashboard draws; this chunk loads with the dashboard block, the first time a screen shows one.
echarts.use([LineChart, BarChart, PieChart, FunnelChart, GaugeChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One chart of a dashboard; a click on a point hands over the report row behind it (drill-down). */
export function DashboardChart({ item, answer, height, onPoint }: { item: DashboardItem; answer: ReportAnswer; height: number; onPoint?: (row: number) => void }) {
  const element = useRef<HTMLDivElement>(null);
  const empty = answer.rows.length === 0;
  useEffect(() => {
    if (!element.current || empty) return;
    const chart = echarts.init(element.current);
    chart.setOption(dashboardOption(item, answer));
    chart.on('click', (event) => {
      const row = (event.data as { row?: number } | undefined)?.row;
      if (onPoint && typeof row === 'number' && row >= 0) onPoint(row);
    });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => chart.resize());
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [item, answer, empty, onPoint]);
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXT.dashboard.noData} style={{ height }} />;
  return <div ref={element} className="dms-chart" data-chart={item.chart ?? 'bar'} style={{ height, width: '100%' }} />;
}

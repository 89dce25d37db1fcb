import { Empty } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../http/client';
import type { BlockProps } from '../../screen/screenExtensions';
import { CHART_DEFAULTS, chartOption, type ChartRow } from './chartOption';

// Only the chart kinds and parts the block offers: this chunk is loaded the first time a screen shows a chart.
echarts.use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Chart block on echarts (dashboards): the rows of the block's api drawn as a line, bar or pie chart. */
export default function ChartBlock({ block }: BlockProps) {
  const element = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState<ChartRow[] | undefined>(undefined);
  useEffect(() => {
    if (!block.api) return;
    let alive = true;
    // A failed load shows the empty chart; the http client has told the user.
    callApi<ChartRow[]>(block.api, { params: block.params }).then(
      (data) => alive && setRows(Array.isArray(data) ? data : []),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, [block.api, block.params]);
  useEffect(() => {
    if (!element.current || !rows || rows.length === 0) return;
    const chart = echarts.init(element.current);
    chart.setOption(chartOption(block, rows));
    const resize = () => chart.resize();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(resize);
    observer?.observe(element.current);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [block, rows]);
  const height = block.height ?? CHART_DEFAULTS.height;
  if (rows && rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ height }} />;
  return <div ref={element} className="dms-chart" data-chart={block.chart ?? CHART_DEFAULTS.kind} style={{ height, width: '100%' }} />;
}

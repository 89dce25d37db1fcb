import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import DashboardBlock from '../../runtime/blocks/dashboard/DashboardBlock';
import { dashboardOption } from '../../runtime/blocks/dashboard/dashboardOption';
import { drillUrl } from '../../runtime/blocks/dashboard/drill';
import { trendOf } from '../../runtime/blocks/dashboard/KpiCard';
import { readAddress } from '../../runtime/screen/screenParams';
import type { Block } from '../../schemas/screen/screen.types';
import type { ReportAnswer } from '../../schemas/api/report';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

// jsdom has no canvas: echarts' init is replaced by a chart that records its option and lets the test click a point.
const charts: { option: Record<string, unknown>; click?: (event: { data: unknown }) => void }[] = [];
vi.mock('echarts/core', async (original) => ({
  ...(await original<object>()),
  init: () => {
    const chart: (typeof charts)[number] = { option: {} };
    charts.push(chart);
    return { setOption: (option: Record<string, unknown>) => void (chart.option = option), on: (_: string, handler: (event: { data: unknown }) => void) => void (chart.click = handler), resize() {}, dispose() {} };
  },
}));

const BY_DEALER: ReportAnswer = {
  dimensions: [{ name: 'dealer', label: '经销商' }],
  measures: [
    { name: 'labourAmount', label: '工时费', unit: '元' },
    { name: 'partAmount', label: '材料费', unit: '元' },
  ],
  rows: [
    { values: { dealer: 'D11001', dealerLabel: '北京一店', labourAmount: '1200.50', partAmount: '800.00' }, drill: { ownerCode: ['D11001'], createdFrom: '2026-06-01', createdTo: '2026-06-30' } },
    { values: { dealer: 'D11002', dealerLabel: '天津一店', labourAmount: '900.00', partAmount: '300.25' }, drill: { ownerCode: ['D11002'], createdFrom: '2026-06-01', createdTo: '2026-06-30' } },
  ],
};

const TOTAL: ReportAnswer = {
  dimensions: [],
  measures: [{ name: 'orders', label: '工单数', unit: '单' }],
  rows: [{ values: { orders: 1234 }, drill: { createdFrom: '2026-06-01', createdTo: '2026-06-30' } }],
  previous: [{ orders: 1000 }],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderDashboard(block: Block) {
  return renderInApp(
    <MemoryRouter initialEntries={['/board']}>
      <Routes>
        <Route path="/board" element={<DashboardBlock block={block} store={undefined as never} renderBlocks={() => null} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the dashboard block', () => {
  it('shows a KPI card with its unit and the trend against the month before, asking the report for this month and the one before', async () => {
    const server = fakeServer({
      'GET /api/report/reports/repairOrders': (call: FakeCall) => ok((call.params as { groupBy?: string[] }).groupBy ? { ...BY_DEALER, rows: [] } : TOTAL),
    });
    renderDashboard({ type: 'dashboard', dashboard: { filters: ['month'], items: [{ kind: 'kpi', title: '本月开单', report: 'report:GET reports/repairOrders', measures: ['orders'] }] } });
    await screen.findByText('1,234');
    expect(screen.getByText('单')).toBeTruthy();
    expect(document.querySelector('[data-trend="up"]')?.textContent).toContain('23.4%');
    const call = server.calls.find((c) => (c.params as { compare?: string }).compare === 'previous')!;
    expect(call.params).toMatchObject({ measures: ['orders'], month: expect.stringMatching(/^\d{4}-\d{2}$/) });
  });

  it('asks an item of the year to date for January through the bar’s month, without the month before (issue 27)', async () => {
    const server = fakeServer({ 'GET /api/report/reports/salesDeliveries': () => ok({ ...TOTAL, previous: undefined, measures: [{ name: 'achievement', label: '达成率', unit: '%' }], rows: [{ values: { achievement: '96.50' }, drill: {} }] }) });
    renderDashboard({ type: 'dashboard', dashboard: { filters: ['month'], items: [{ kind: 'kpi', title: '年度累计达成率', report: 'report:GET reports/salesDeliveries', measures: ['achievement'], period: 'yearToDate' }] } });
    await waitFor(() => expect(document.querySelector('.ant-statistic-content')?.textContent).toBe('96.50%'));
    const params = server.calls[0]!.params as { month: string; fromMonth?: string; compare?: string };
    expect(params.fromMonth).toBe(`${params.month.slice(0, 4)}-01`);
    expect(params.compare).toBeUndefined();
    expect(document.querySelector('.dms-kpi-trend')).toBeNull();
  });

  it('draws a stacked bar of two measures per dealer, and a click on a bar opens the list screen filtered to that dealer and month', async () => {
    charts.length = 0;
    fakeServer({ 'GET /api/report/reports/repairOrders': ok(BY_DEALER) });
    const drill = '/repair/repairBusiness/repairOrder/index';
    renderDashboard({
      type: 'dashboard',
      dashboard: { items: [{ kind: 'chart', chart: 'stackedBar', title: '各经销商产值', report: 'report:GET reports/repairOrders', groupBy: ['dealer'], measures: ['labourAmount', 'partAmount'], drill }] },
    });
    await waitFor(() => expect(charts).toHaveLength(1));
    const option = charts[0]!.option as { xAxis: { data: string[] }; series: { stack?: string; name: string; data: { value: number }[] }[] };
    expect(option.xAxis.data).toEqual(['北京一店', '天津一店']);
    expect(option.series.map((s) => [s.name, s.stack, s.data.map((d) => d.value)])).toEqual([
      ['工时费', 'total', [1200.5, 900]],
      ['材料费', 'total', [800, 300.25]],
    ]);
    charts[0]!.click!({ data: option.series[1]!.data[1] });
    expect((await screen.findByTestId('where')).textContent).toBe(`${drill}?ownerCode=D11002&createdFrom=2026-06-01&createdTo=2026-06-30`);
  });

  it('lists a report as a table with a column per dimension and measure; a row drills down', async () => {
    fakeServer({ 'GET /api/report/reports/repairOrders': ok(BY_DEALER) });
    renderDashboard({ type: 'dashboard', dashboard: { items: [{ kind: 'table', title: '明细', report: 'report:GET reports/repairOrders', groupBy: ['dealer'], drill: '/list' }] } });
    await screen.findByText('天津一店');
    expect(screen.getAllByText('工时费（元）').length).toBeGreaterThan(0);
    expect(screen.getByText('1,200.50')).toBeTruthy();
    fireEvent.click(screen.getByText('北京一店'));
    expect((await screen.findByTestId('where')).textContent).toBe('/list?ownerCode=D11001&createdFrom=2026-06-01&createdTo=2026-06-30');
  });

  it('fills the dealer and region filters from the user\'s scope and asks every item again with the one chosen', async () => {
    const server = fakeServer({
      'GET /api/report/reports/repairOrders': (call: FakeCall) => {
        const groupBy = (call.params as { groupBy?: string[] }).groupBy?.[0];
        if (groupBy === 'region') return ok({ dimensions: [{ name: 'region', label: '大区' }], measures: [], rows: [{ values: { region: 'RN', regionLabel: '北方大区' }, drill: {} }] });
        if (groupBy === 'dealer') return ok({ ...BY_DEALER, measures: [] });
        return ok(TOTAL);
      },
    });
    renderDashboard({ type: 'dashboard', dashboard: { filters: ['dealer', 'region'], items: [{ kind: 'kpi', title: '开单', report: 'report:GET reports/repairOrders', measures: ['orders'] }] } });
    await screen.findByText('1,234');
    const [dealerSelect] = screen.getAllByRole('combobox');
    fireEvent.mouseDown(dealerSelect!);
    fireEvent.click(await screen.findByText('天津一店'));
    await waitFor(() => expect(server.calls.some((c) => JSON.stringify((c.params as { ownerCode?: string[] }).ownerCode) === '["D11002"]')).toBe(true));
  });

  it('draws pie, funnel and gauge charts from the first measure, a line per measure, and series per second dimension', () => {
    const byStatus: ReportAnswer = {
      dimensions: [{ name: 'status', label: '工单状态' }],
      measures: [{ name: 'orders', label: '工单数' }],
      rows: [
        { values: { status: '80211001', statusLabel: '待派工', orders: 5 }, drill: {} },
        { values: { status: '80211002', statusLabel: '维修中', orders: 7 }, drill: {} },
      ],
    };
    const pie = dashboardOption({ chart: 'pie' }, byStatus) as { series: { type: string; data: { name: string; value: number }[] }[] };
    expect(pie.series[0]).toMatchObject({ type: 'pie', data: [{ name: '待派工', value: 5 }, { name: '维修中', value: 7 }] });
    expect((dashboardOption({ chart: 'funnel' }, byStatus) as { series: { type: string }[] }).series[0]!.type).toBe('funnel');
    const gauge = dashboardOption({ chart: 'gauge', max: 50 }, { ...byStatus, dimensions: [], rows: [{ values: { orders: 12 }, drill: {} }] }) as { series: { type: string; max: number; data: { value: number }[] }[] };
    expect(gauge.series[0]).toMatchObject({ type: 'gauge', max: 50, data: [{ value: 12 }] });
    const twoDims: ReportAnswer = {
      dimensions: [{ name: 'month', label: '月份' }, { name: 'status', label: '状态' }],
      measures: [{ name: 'orders', label: '工单数' }],
      rows: [
        { values: { month: '2026-05', monthLabel: '2026-05', status: 'a', statusLabel: '甲', orders: 1 }, drill: {} },
        { values: { month: '2026-06', monthLabel: '2026-06', status: 'b', statusLabel: '乙', orders: 2 }, drill: {} },
      ],
    };
    const lines = dashboardOption({ chart: 'line' }, twoDims) as { xAxis: { data: string[] }; series: { name: string; data: { value: number; row: number }[] }[] };
    expect(lines.xAxis.data).toEqual(['2026-05', '2026-06']);
    expect(lines.series.map((s) => [s.name, s.data.map((d) => d.value)])).toEqual([['甲', [1, 0]], ['乙', [0, 2]]]);
  });

  it('turns drill parameters into an address and back into the list screen\'s first filters, lists as repeated names', () => {
    const url = drillUrl('/repair/list', { status: ['80211001', '80211002'], ownerCode: ['D11001'], createdFrom: '2026-06-01' });
    expect(url).toBe('/repair/list?status=80211001&status=80211002&ownerCode=D11001&createdFrom=2026-06-01');
    expect(readAddress(`#${url}`).params).toEqual({ status: ['80211001', '80211002'], ownerCode: 'D11001', createdFrom: '2026-06-01' });
    expect(readAddress('#/repair/list').params).toEqual({});
    expect(trendOf(90, 100)).toEqual({ direction: 'down', percent: '10.0%' });
    expect(trendOf(5, 0)).toBeNull();
  });
});

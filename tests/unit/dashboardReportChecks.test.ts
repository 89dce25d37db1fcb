// Issue 22: a dashboard's items checked against the reports the server runs (handed into the one screen check as
// knowledge): an unknown report, dimension, measure or filter parameter is refused in Chinese at its JSON path, where
// before it was refused only when the dashboard ran (400).
import { describe, expect, it } from 'vitest';
import runtimeConfig from '../../runtime/public/config.json';
import type { Model } from '../../schemas/model/model.types';
import type { Report } from '../../schemas/report/report.types';
import { reportKnowledge, type ReportKnowledge } from '../../schemas/report/reportKnowledge';
import { checkScreen, type ServerKnowledge } from '../../schemas/screen/screenChecks';
import { createScreenAjv, screenSchema } from '../../schemas/screen/screenAjv';

const validate = createScreenAjv().compile(screenSchema);
const repairOrders: ReportKnowledge = {
  service: 'report',
  name: 'repairOrders',
  title: '维修工单统计',
  dimensions: ['dealer', 'region', 'month', 'status'],
  measures: ['orders', 'labourAmount'],
  params: ['status', 'ownerCode', 'month', 'region'],
};
const receipts: ReportKnowledge = { service: 'finance', name: 'dailyReceipts', title: '每日收款', dimensions: ['day', 'payMode'], measures: ['amount'], params: ['status', 'month', 'region'] };
const server = (reports?: ReportKnowledge[]): ServerKnowledge => ({ routeKeys: new Set(['GET_report_reports/repairOrders', 'GET_finance_reports/dailyReceipts']), dictTypes: new Set(), ...(reports ? { reports } : {}) });

const problemsOf = (dashboard: Record<string, unknown>, knowledge = server([repairOrders, receipts])) => {
  const screen = { id: 'test.dashboard', title: '看板', service: 'report', blocks: [{ type: 'dashboard', dashboard }] };
  const result = checkScreen(screen, validate, { services: new Set(Object.keys(runtimeConfig.services)), server: knowledge });
  return result.ok ? [] : result.problems.map((p) => `${p.path} ${p.message}`);
};
const kpi = (extra: Record<string, unknown> = {}) => ({ kind: 'kpi', title: '本月开单', report: 'report:GET reports/repairOrders', measures: ['orders'], ...extra });
const chart = (extra: Record<string, unknown> = {}) => ({ kind: 'chart', title: '工单状态', chart: 'pie', report: 'report:GET reports/repairOrders', groupBy: ['status'], measures: ['orders'], ...extra });

describe('dashboard items against their reports (issue 22)', () => {
  it('accepts items whose report, dimensions, measures and params the server’s reports have', () => {
    expect(
      problemsOf({
        filters: ['dealer', 'region', 'month'],
        items: [kpi({ params: { status: ['80211001'] } }), chart(), { kind: 'table', title: '收款', report: 'finance:GET reports/dailyReceipts', groupBy: ['payMode'], measures: ['amount'] }],
      }),
    ).toEqual([]);
  });

  it('refuses an unknown report, a report under another service and a call that is no report', () => {
    expect(
      problemsOf({
        items: [kpi({ report: 'report:GET reports/repairOrder' }), kpi({ report: 'report:GET reports/dailyReceipts' }), kpi({ report: 'report:GET RepairCount/getRepairOrderNum' })],
      }),
    ).toEqual([
      '/blocks/0/dashboard/items/0/report 没有此报表：repairOrder',
      '/blocks/0/dashboard/items/1/report 报表 dailyReceipts 由服务 finance 提供，接口应为 finance:GET reports/dailyReceipts',
      '/blocks/0/dashboard/items/2/report 看板的数据须来自报表，接口应为 服务名:GET reports/报表名：report:GET RepairCount/getRepairOrderNum',
    ]);
  });

  it('refuses a dimension, a measure and a filter parameter the report does not have', () => {
    expect(problemsOf({ items: [chart({ groupBy: ['state'], measures: ['orders', 'partAmount'], params: { status: ['80211001'], vin: 'LHSA3B1C9TS000017' } })] })).toEqual([
      '/blocks/0/dashboard/items/0/groupBy/0 报表 repairOrders 没有此维度：state（可用：dealer、region、month、status）',
      '/blocks/0/dashboard/items/0/measures/1 报表 repairOrders 没有此指标：partAmount（可用：orders、labourAmount）',
      '/blocks/0/dashboard/items/0/params/vin 报表 repairOrders 的查询没有此筛选参数：vin（可用：status、ownerCode、month、region）',
    ]);
  });

  it('refuses a filter bar whose dealer options come from a report without a dealer dimension, and an unknown options report', () => {
    const dailyTable = { kind: 'table', title: '收款', report: 'finance:GET reports/dailyReceipts', groupBy: ['payMode'], measures: ['amount'] };
    expect(problemsOf({ filters: ['month', 'dealer'], items: [dailyTable] })).toEqual([
      '/blocks/0/dashboard/filters/1 筛选栏的经销商选项来自报表 dailyReceipts，该报表没有 dealer 维度（可用 optionsReport 指定另一个报表）',
    ]);
    expect(problemsOf({ filters: ['dealer'], optionsReport: 'report:GET reports/repairOrders', items: [dailyTable] })).toEqual([]);
    expect(problemsOf({ filters: ['dealer'], optionsReport: 'report:GET reports/nowhere', items: [dailyTable] })).toEqual(['/blocks/0/dashboard/optionsReport 没有此报表：nowhere']);
  });

  it('checks only the route where the reports are not known (the runtime rendering a stored screen)', () => {
    expect(problemsOf({ items: [chart({ groupBy: ['state'] })] }, server())).toEqual([]);
    expect(problemsOf({ items: [kpi({ report: 'report:GET reports/nowhere' })] }, server())).toEqual(['/blocks/0/dashboard/items/0/report 服务器没有此接口：report:GET reports/nowhere']);
  });
});

describe('items showing a measure read from another report (issue 27)', () => {
  // 销售达成: 零售目标 from 销售目标 (grouped by dealer and month, filtered by dealer only), 达成率 a rate of it.
  const deliveries: ReportKnowledge = {
    service: 'report',
    name: 'salesDeliveries',
    title: '销售达成',
    dimensions: ['dealer', 'month', 'day'],
    measures: ['deliveries', 'retailTarget', 'achievement'],
    params: ['ownerCode', 'status', 'month', 'region'],
    narrower: { retailTarget: { dimensions: ['dealer', 'month'], params: ['ownerCode', 'month', 'region'] }, achievement: { dimensions: ['dealer', 'month'], params: ['ownerCode', 'month', 'region'] } },
  };
  const knowledge: ServerKnowledge = { routeKeys: new Set(['GET_report_reports/salesDeliveries']), dictTypes: new Set(), reports: [deliveries] };
  const item = (extra: Record<string, unknown>) => ({ kind: 'chart', title: '达成', report: 'report:GET reports/salesDeliveries', ...extra });

  it('accepts the groupings and filters the other report has, and any for the records’ own measures', () => {
    expect(problemsOf({ items: [item({ groupBy: ['month'], measures: ['retailTarget', 'deliveries'], period: 'yearToDate' }), item({ groupBy: ['day'], measures: ['deliveries'], params: { status: ['1'] } })] }, knowledge)).toEqual([]);
  });

  it('refuses grouping or filtering such a measure (or a rate of it, or all measures) by what the other report lacks', () => {
    expect(problemsOf({ items: [item({ groupBy: ['day'], measures: ['achievement'], params: { status: ['1'] } }), item({ groupBy: ['day'] })] }, knowledge)).toEqual([
      '/blocks/0/dashboard/items/0/groupBy/0 报表 salesDeliveries 的指标 achievement 取自另一个报表，不能按 day 分组（可用：dealer、month）',
      '/blocks/0/dashboard/items/0/params/status 报表 salesDeliveries 的指标 achievement 取自另一个报表，不能按 status 筛选（可用：ownerCode、month、region）',
      '/blocks/0/dashboard/items/1/groupBy/0 报表 salesDeliveries 的指标 retailTarget 取自另一个报表，不能按 day 分组（可用：dealer、month）',
      '/blocks/0/dashboard/items/1/groupBy/0 报表 salesDeliveries 的指标 achievement 取自另一个报表，不能按 day 分组（可用：dealer、month）',
    ]);
  });

  it('knows which dimensions and filters such a measure and its rates allow, from the other report and its model', () => {
    const report = {
      name: 'salesDeliveries',
      title: '销售达成',
      model: 'salesOrder',
      dateField: 'deliveredAt',
      dimensions: [{ name: 'dealer', label: '经销商', kind: 'dealer' }, { name: 'month', label: '月份', kind: 'month' }, { name: 'day', label: '日期', kind: 'day' }],
      measures: [
        { name: 'deliveries', label: '交车', op: 'count' },
        { name: 'retailTarget', label: '零售目标', op: 'report', report: 'salesTargets', measure: 'retailTarget' },
        { name: 'achievement', label: '达成率', op: 'rate', of: 'deliveries', over: 'retailTarget', factor: 100 },
      ],
    } as unknown as Report;
    const targets = { name: 'salesTargets', dimensions: [{ name: 'dealer', kind: 'dealer' }, { name: 'month', kind: 'month' }], measures: [] } as unknown as Report;
    const model = { filters: [{ param: 'ownerCode', op: 'in' }, { param: 'status', op: 'in' }] } as unknown as Model;
    const targetModel = { filters: [{ param: 'ownerCode', op: 'in' }, { param: 'targetMonthFrom', op: 'from' }] } as unknown as Model;
    const known = reportKnowledge(report, model, [{ report: targets, model: targetModel }]);
    expect(known.narrower).toEqual({ retailTarget: { dimensions: ['dealer', 'month'], params: ['ownerCode', 'month', 'region'] }, achievement: { dimensions: ['dealer', 'month'], params: ['ownerCode', 'month', 'region'] } });
  });
});

describe('what the check knows of a report', () => {
  it('is its service, name, dimensions, measures and the filters its query takes (the model’s, with a search key, and month and region)', () => {
    const report = {
      name: 'stockAmount',
      title: '库存金额',
      service: 'part',
      model: 'partStock',
      dateField: 'createdAt',
      dimensions: [{ name: 'warehouse', label: '仓库', kind: 'field', field: 'warehouseCode' }],
      measures: [{ name: 'amount', label: '金额', op: 'sum', field: 'amount' }],
    } as unknown as Report;
    const model = { filters: [{ param: 'warehouseCode', op: 'in' }, { param: 'keyword', op: 'search', keyParam: 'keywordField', fields: ['partNo'] }, { param: 'month' }] } as unknown as Model;
    expect(reportKnowledge(report, model)).toEqual({
      service: 'part',
      name: 'stockAmount',
      title: '库存金额',
      dimensions: ['warehouse'],
      measures: ['amount'],
      params: ['warehouseCode', 'keyword', 'keywordField', 'month', 'region'],
    });
    expect(reportKnowledge({ ...report, service: undefined } as unknown as Report, model).service).toBe('report');
  });
});

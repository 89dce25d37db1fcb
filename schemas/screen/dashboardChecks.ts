// What the schema cannot say of a dashboard block (its items fed by reports): a dashboard block carries its `dashboard`,
// reports are read with GET, a KPI card is one total (no grouping), a chart other than a gauge groups by a dimension;
// given the server's reports, the names the items give them (./dashboardReportChecks.ts).
import type { ReportKnowledge } from '../report/reportKnowledge';
import { parseApiRef } from './apiRef';
import { checkDashboardReports } from './dashboardReportChecks';
import type { Block } from './screen.types';

/** A problem as the screen check reports it (its own ScreenProblem, restated so this module needs nothing of it). */
interface ScreenProblem {
  path: string;
  message: string;
}

/** `reports`: the server's reports; without them (the runtime, which has none) the report references are checked as api routes only. */
export function dashboardProblems(
  at: string,
  block: Block,
  checkApi: (path: string, ref: string | undefined) => void,
  reports?: readonly ReportKnowledge[],
): ScreenProblem[] {
  const problems: ScreenProblem[] = [];
  if (block.type === 'dashboard' && !block.dashboard) problems.push({ path: at, message: 'dashboard 区块缺少 dashboard 定义' });
  const dashboard = block.dashboard;
  if (!dashboard) return problems;
  if (block.type !== 'dashboard') problems.push({ path: `${at}/dashboard`, message: `dashboard 定义只用于 dashboard 区块，不用于 ${block.type}` });
  // With the reports known, a report's own check says more than "no such route" (./dashboardReportChecks.ts).
  if (reports) checkDashboardReports(at, dashboard, reports, (path, message) => problems.push({ path, message }));
  else checkApi(`${at}/dashboard/optionsReport`, dashboard.optionsReport);
  // Not uniqueItems in the schema: the browser's precompiled validator would need ajv's run-time equal helper.
  dashboard.filters?.forEach((name, i) => {
    if (dashboard.filters!.indexOf(name) !== i) problems.push({ path: `${at}/dashboard/filters/${i}`, message: `筛选条件重复：${name}` });
  });
  dashboard.items.forEach((item, i) => {
    const path = `${at}/dashboard/items/${i}`;
    if (!reports) checkApi(`${path}/report`, item.report);
    if (parseApiRef(item.report).method !== 'GET') problems.push({ path: `${path}/report`, message: `报表接口须为 GET：${item.report}` });
    const grouped = (item.groupBy?.length ?? 0) > 0;
    if (item.kind === 'kpi' && grouped) problems.push({ path: `${path}/groupBy`, message: '指标卡是一个合计，不能分组' });
    if (item.kind === 'chart' && item.chart !== 'gauge' && !grouped) problems.push({ path: `${path}/groupBy`, message: '图表须按一个维度分组（仪表盘除外）' });
    if (item.kind !== 'chart' && item.chart !== undefined) problems.push({ path: `${path}/chart`, message: 'chart 只用于图表项目' });
  });
  return problems;
}

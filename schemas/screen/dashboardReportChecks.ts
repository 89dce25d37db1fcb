// A dashboard's items against the reports the server runs (knowledge handed in, ../report/reportKnowledge.ts): the
// item's report exists under the service it names, its groupBy names dimensions and its measures measures of that
// report, its params are parameters the report's query takes, and the report feeding the filter bar's dealer and
// region options has those dimensions, and a measure read from another report is grouped and filtered only as that
// report can be. Without this a wrong name is refused only when the dashboard runs (a 400).
import { reportRef, type ReportKnowledge } from '../report/reportKnowledge';
import { parseApiRef } from './apiRef';
import type { Dashboard } from './screen.types';

type Report = (path: string, message: string) => void;

const REPORT_PATH = /^reports\/([^/]+)$/;
const OPTION_LABELS: Record<string, string> = { dealer: '经销商', region: '大区' };

/** The report an api reference names, or undefined after reporting why it names none. */
export function knownReport(path: string, ref: string, reports: readonly ReportKnowledge[], report: Report): ReportKnowledge | undefined {
  const api = parseApiRef(ref);
  const name = REPORT_PATH.exec(api.path)?.[1];
  if (name === undefined) {
    report(path, `看板的数据须来自报表，接口应为 服务名:GET reports/报表名：${ref}`);
    return undefined;
  }
  const found = reports.find((r) => r.name === name);
  if (!found) {
    report(path, `没有此报表：${name}`);
    return undefined;
  }
  if (found.service !== api.service) {
    report(path, `报表 ${name} 由服务 ${found.service} 提供，接口应为 ${reportRef(found)}`);
    return undefined;
  }
  return found;
}

const names = (list: readonly string[]) => list.join('、');

export function checkDashboardReports(at: string, dashboard: Dashboard, reports: readonly ReportKnowledge[], report: Report): void {
  const itemReports = dashboard.items.map((item, i) => {
    const path = `${at}/dashboard/items/${i}`;
    const found = knownReport(`${path}/report`, item.report, reports, report);
    if (!found) return undefined;
    item.groupBy?.forEach((dimension, j) => {
      if (!found.dimensions.includes(dimension)) report(`${path}/groupBy/${j}`, `报表 ${found.name} 没有此维度：${dimension}（可用：${names(found.dimensions)}）`);
    });
    item.measures?.forEach((measure, j) => {
      if (!found.measures.includes(measure)) report(`${path}/measures/${j}`, `报表 ${found.name} 没有此指标：${measure}（可用：${names(found.measures)}）`);
    });
    for (const param of Object.keys(item.params ?? {})) {
      if (!found.params.includes(param)) report(`${path}/params/${param}`, `报表 ${found.name} 的查询没有此筛选参数：${param}（可用：${names(found.params)}）`);
    }
    // A measure read from another report is grouped and filtered only as that report can be.
    for (const measure of item.measures ?? found.measures) {
      const narrower = found.narrower?.[measure];
      if (!narrower) continue;
      item.groupBy?.forEach((dimension, j) => {
        if (found.dimensions.includes(dimension) && !narrower.dimensions.includes(dimension)) report(`${path}/groupBy/${j}`, `报表 ${found.name} 的指标 ${measure} 取自另一个报表，不能按 ${dimension} 分组（可用：${names(narrower.dimensions)}）`);
      });
      for (const param of Object.keys(item.params ?? {})) {
        if (found.params.includes(param) && !narrower.params.includes(param)) report(`${path}/params/${param}`, `报表 ${found.name} 的指标 ${measure} 取自另一个报表，不能按 ${param} 筛选（可用：${names(narrower.params)}）`);
      }
    }
    return found;
  });
  // The dealer and region options are the groups of the options report (default: the first item's).
  const optionsPath = dashboard.optionsReport === undefined ? `${at}/dashboard/items/0/report` : `${at}/dashboard/optionsReport`;
  const options = dashboard.optionsReport === undefined ? itemReports[0] : knownReport(optionsPath, dashboard.optionsReport, reports, report);
  if (!options) return;
  dashboard.filters?.forEach((filter, i) => {
    if (filter in OPTION_LABELS && !options.dimensions.includes(filter)) {
      report(`${at}/dashboard/filters/${i}`, `筛选栏的${OPTION_LABELS[filter]}选项来自报表 ${options.name}，该报表没有 ${filter} 维度（可用 optionsReport 指定另一个报表）`);
    }
  });
}

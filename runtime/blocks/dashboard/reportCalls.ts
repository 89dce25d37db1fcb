// The calls a dashboard makes: one report item with the shared filters, and the dealer and region options of its bar.
import { callApi } from '../../http/client';
import type { DashboardItem } from '../../../schemas/screen/screen.types';
import type { ReportAnswer } from '../../../schemas/api/report';

/** The shared filter bar's values: a dealer, a region, a month (YYYY-MM). */
export interface DashboardFilters {
  dealer?: string;
  region?: string;
  month?: string;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** The report's query: the item's own grouping, measures and fixed filters, then the bar's; an item of the year to date
 * reads January through the bar's month, without the month before. */
export function reportParams(item: DashboardItem, filters: DashboardFilters): Record<string, unknown> {
  const yearToDate = item.period === 'yearToDate' && filters.month !== undefined;
  return {
    ...item.params,
    ...(item.groupBy?.length ? { groupBy: item.groupBy } : {}),
    ...(item.measures?.length ? { measures: item.measures } : {}),
    ...(item.top !== undefined ? { top: item.top } : {}),
    ...(filters.dealer ? { ownerCode: [filters.dealer] } : {}),
    ...(filters.region ? { region: filters.region } : {}),
    ...(filters.month ? { month: filters.month } : {}),
    ...(yearToDate ? { fromMonth: `${filters.month!.slice(0, 4)}-01` } : {}),
    ...(item.kind === 'kpi' && filters.month && !yearToDate ? { compare: 'previous' } : {}),
  };
}

export function loadReport(item: DashboardItem, filters: DashboardFilters): Promise<ReportAnswer> {
  return callApi<ReportAnswer>(item.report, { params: reportParams(item, filters) });
}

/** The dealers or regions the user's scope holds, as options: the report grouped by that dimension. */
export async function dimensionOptions(report: string, dimension: 'dealer' | 'region'): Promise<FilterOption[]> {
  const answer = await callApi<ReportAnswer>(report, { params: { groupBy: [dimension], measures: [] } });
  return answer.rows.flatMap(({ values }) => (values[dimension] === null ? [] : [{ value: String(values[dimension]), label: String(values[`${dimension}Label`] ?? values[dimension]) }]));
}

/** This month in Beijing time, YYYY-MM (the bar's default). */
export function currentMonth(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

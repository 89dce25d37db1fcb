// What a screen check needs to know of the reports a server runs (reports/<area>/<name>.json): where each is served,
// and the names a dashboard item may give it (its dimensions, its measures, the filter parameters its query takes).
// Handed into the screen check as knowledge, as routes and dictionaries are: schemas/ reads no files, the server and
// `npm run screens:check` build it from the reports they load, the editor gets it from GET lowcode/designer/knowledge.
import type { Model } from '../model/model.types';
import type { Report } from './report.types';

export interface ReportKnowledge {
  /** The service the report is served under (the report's `service`, default report). */
  service: string;
  /** The report's name: it is served at `<service>:GET reports/<name>`. */
  name: string;
  title: string;
  dimensions: string[];
  measures: string[];
  /** The filter parameters of its query a dashboard item's `params` may fix: its model's list filters, and month and region. */
  params: string[];
}

/** The query parameters every report takes besides its model's filters that an item may fix (groupBy, measures, top and compare have properties of their own). */
export const REPORT_FIXED_PARAMS: readonly string[] = ['month', 'region'];

export function reportKnowledge(report: Report, model: Model): ReportKnowledge {
  const filters = (model.filters ?? []).flatMap((filter) => (filter.keyParam ? [filter.param, filter.keyParam] : [filter.param]));
  return {
    service: report.service ?? 'report',
    name: report.name,
    title: report.title,
    dimensions: report.dimensions.map((d) => d.name),
    measures: report.measures.map((m) => m.name),
    params: [...new Set([...filters, ...REPORT_FIXED_PARAMS])],
  };
}

/** The api reference of a report, as a dashboard item names it. */
export function reportRef(report: Pick<ReportKnowledge, 'service' | 'name'>): string {
  return `${report.service}:GET reports/${report.name}`;
}

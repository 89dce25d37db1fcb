// What a screen check needs to know of the reports a server runs (reports/<area>/<name>.json): where each is served,
// and the names a dashboard item may give it (its dimensions, its measures, the filter parameters its query takes).
// Handed into the screen check as knowledge, as routes and dictionaries are: schemas/ reads no files, the server and
// `npm run screens:check` build it from the reports they load, the editor gets it from GET lowcode/designer/knowledge.
import type { Model } from '../model/model.types';
import type { Measure, Report } from './report.types';

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
  /** Measures read from another report (op report) and rates of them: the dimensions they may be grouped by and the
   * parameters an item may fix, fewer than the report's (the other report must have them too). */
  narrower?: Record<string, { dimensions: string[]; params: string[] }>;
}

/** A report with its model: what the knowledge of another report's measure is built from. */
export interface ReportWithModel {
  report: Report;
  model: Model;
}

/** The query parameters every report takes besides its model's filters that an item may fix (groupBy, measures, top and compare have properties of their own). */
export const REPORT_FIXED_PARAMS: readonly string[] = ['month', 'region'];

/** The dimensions a measure can be grouped by: all for the records' own, those the other report shares for a measure
 * read from it, those both sides allow for a rate. */
export function measureDimensions(report: Report, measure: Measure, reports: readonly Report[]): string[] {
  const all = report.dimensions.map((d) => d.name);
  if (measure.op === 'report') {
    const other = reports.find((r) => r.name === measure.report);
    return all.filter((name) => other?.dimensions.some((d) => d.name === name && d.kind === report.dimensions.find((o) => o.name === name)?.kind));
  }
  if (measure.op === 'rate') {
    const sides = [measure.of, measure.over].map((name) => report.measures.find((m) => m.name === name));
    return all.filter((name) => sides.every((side) => side === undefined || side.op === 'rate' || measureDimensions(report, side, reports).includes(name)));
  }
  return all;
}

const filterParams = (model: Model) => (model.filters ?? []).flatMap((filter) => (filter.keyParam ? [filter.param, filter.keyParam] : [filter.param]));

export function reportKnowledge(report: Report, model: Model, others: readonly ReportWithModel[] = []): ReportKnowledge {
  const params = [...new Set([...filterParams(model), ...REPORT_FIXED_PARAMS])];
  // The other reports a measure reads (itself, or the two sides of a rate).
  const readFrom = (measure: Measure | undefined): ReportWithModel[] => {
    if (measure?.op === 'report') return others.filter((o) => o.report.name === measure.report);
    if (measure?.op === 'rate') return [measure.of, measure.over].flatMap((name) => readFrom(report.measures.find((m) => m.name === name && m.op !== 'rate')));
    return [];
  };
  const narrower: Record<string, { dimensions: string[]; params: string[] }> = {};
  for (const measure of report.measures) {
    const sources = readFrom(measure);
    if (sources.length === 0) continue;
    const shared = params.filter((param) => REPORT_FIXED_PARAMS.includes(param) || sources.every((o) => filterParams(o.model).includes(param)));
    narrower[measure.name] = { dimensions: measureDimensions(report, measure, others.map((o) => o.report)), params: shared };
  }
  return {
    service: report.service ?? 'report',
    name: report.name,
    title: report.title,
    dimensions: report.dimensions.map((d) => d.name),
    measures: report.measures.map((m) => m.name),
    params,
    ...(Object.keys(narrower).length > 0 && { narrower }),
  };
}

/** The api reference of a report, as a dashboard item names it. */
export function reportRef(report: Pick<ReportKnowledge, 'service' | 'name'>): string {
  return `${report.service}:GET reports/${report.name}`;
}

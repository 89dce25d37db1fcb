// What a report (reports/<area>/<name>.json, GET <service>/reports/<name>) answers.

/** One group: each dimension's value (`dealer`) and its text (`dealerLabel`), each measure's value. */
export type ReportValues = Record<string, string | number | null>;

/** The filter parameters of the report's model list that show the rows behind a group (drill-down). */
export type DrillParams = Record<string, string | string[]>;

export interface ReportRow {
  values: ReportValues;
  drill: DrillParams;
}

/** A dimension or measure of the answer, in the order asked: what a chart's axis, a legend and a table header show. */
export interface ReportColumn {
  name: string;
  label: string;
  unit?: string;
}

export interface ReportAnswer {
  dimensions: ReportColumn[];
  measures: ReportColumn[];
  rows: ReportRow[];
  /** The same groups over the month before the asked one (compare=previous with a month and no fromMonth); absent otherwise. */
  previous?: ReportValues[];
}

/** The filter parameters every report takes besides its model's list filters. */
export interface ReportQuery {
  groupBy?: string[];
  measures?: string[];
  /** A Beijing calendar month, YYYY-MM, over the report's period field. */
  month?: string;
  /** With month: the first of the months read (fromMonth through month), YYYY-MM; a year to date is January. */
  fromMonth?: string;
  /** The code of a region: its dealers only. */
  region?: string;
  compare?: 'previous';
  /** The groups with the largest first measure only. */
  top?: number;
}

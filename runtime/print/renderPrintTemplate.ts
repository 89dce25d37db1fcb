// One renderer of JSON print templates (schemas/print.schema.json): the template's sections filled with the print data,
// as the HTML both the browser print and the local print service (C-Lodop) print. Every value is escaped; the layout's
// classes are styled by the print stylesheet (runtime/blocks/blocks.css), never by inline styles, so the strict CSP holds.
import { decimalText, toDecimal } from '../../schemas/expression/decimal';
import type { PrintTemplate, Section, Value } from '../../schemas/print/print.types';

export type PrintData = Record<string, unknown>;

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Money as printed: thousands grouped, two decimals, from a number or the exact decimal text the server answers ("1234.50"). */
export function printedMoney(value: unknown): string {
  const decimal = toDecimal(value);
  if (!decimal) return '';
  const [whole = '', cents = ''] = decimalText(decimal, 2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** A field of the data, `a.b` reading inside objects. */
function read(data: PrintData, path: string): unknown {
  let value: unknown = data;
  for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

function shown(value: Value, data: PrintData): string {
  const raw = read(data, value.field);
  if (value.format === 'money') return escapeHtml(printedMoney(raw));
  if (value.format === 'date') return escapeHtml(typeof raw === 'string' ? raw.slice(0, 10) : raw);
  return escapeHtml(raw);
}

const alignOf = (value: Value) => value.align ?? (value.format === 'money' ? 'right' : 'left');

function header(section: Section, data: PrintData): string {
  const title = section.titleField ? read(data, section.titleField) : section.title;
  return [
    title !== undefined && title !== null ? `<h1 class="dms-print-title">${escapeHtml(title)}</h1>` : '',
    section.subtitle ? `<h2 class="dms-print-subtitle">${escapeHtml(section.subtitle)}</h2>` : '',
    section.values?.length ? `<p class="dms-print-meta">${section.values.map((v) => `<span>${escapeHtml(v.label)}：<strong>${shown(v, data)}</strong></span>`).join('')}</p>` : '',
  ].join('');
}

/** Label and value cells laid out `cols` pairs a row; a value spanning columns takes that many pairs. */
function fieldGrid(values: Value[], cols: number, data: PrintData, className: string): string {
  const rows: string[] = [];
  let cells: string[] = [];
  let used = 0;
  const flush = () => {
    if (cells.length > 0) rows.push(`<tr>${cells.join('')}</tr>`);
    cells = [];
    used = 0;
  };
  for (const value of values) {
    const span = Math.min(value.span ?? 1, cols);
    if (used + span > cols) flush();
    cells.push(`<th>${escapeHtml(value.label)}</th><td${span > 1 ? ` colspan="${span * 2 - 1}"` : ''}>${shown(value, data)}</td>`);
    used += span;
  }
  flush();
  return `<table class="${className}">${rows.join('')}</table>`;
}

function lineTable(section: Section, data: PrintData): string {
  const lines = read(data, section.source!);
  const rows = Array.isArray(lines) ? (lines as PrintData[]) : [];
  if (rows.length === 0 && section.emptyText === undefined) return '';
  const columns = section.columns!;
  const head = `<tr>${columns.map((c) => `<th class="dms-print-${alignOf(c)}">${escapeHtml(c.label)}</th>`).join('')}</tr>`;
  const body =
    rows.length === 0
      ? `<tr><td colspan="${columns.length}">${escapeHtml(section.emptyText)}</td></tr>`
      : rows.map((row) => `<tr>${columns.map((c) => `<td class="dms-print-${alignOf(c)}">${shown(c, row)}</td>`).join('')}</tr>`).join('');
  const caption = section.title ? `<caption>${escapeHtml(section.title)}</caption>` : '';
  return `<table class="dms-print-lines">${caption}<thead>${head}</thead><tbody>${body}</tbody></table>`;
}

function sectionHtml(section: Section, data: PrintData): string {
  switch (section.kind) {
    case 'header':
      return header(section, data);
    case 'fields':
      return fieldGrid(section.values ?? [], section.cols ?? 2, data, 'dms-print-table');
    case 'table':
      return lineTable(section, data);
    case 'totals':
      return fieldGrid(section.values ?? [], section.cols ?? 2, data, 'dms-print-table dms-print-totals');
    case 'signatures':
      return `<p class="dms-print-sign">${(section.labels ?? []).map((label) => `<span>${escapeHtml(label)}：</span>`).join('')}</p>`;
  }
}

/** The HTML of one printed page: the template's sections in order. */
export function renderPrintTemplate(template: PrintTemplate, data: PrintData): string {
  return template.sections.map((section) => sectionHtml(section, data)).join('');
}

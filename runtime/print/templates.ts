// Print templates: template name -> the HTML of one printed page from the data. Every value is escaped; the layout's
// classes are styled by the print stylesheet (runtime/blocks/blocks.css), never by inline styles.
import { decimalText, toDecimal } from '../../schemas/expression/decimal';
import { TEXT } from '../../schemas/text/zh';

export type PrintData = Record<string, unknown>;

const escape = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Money as printed: thousands grouped, two decimals, from a number or the exact decimal text the server answers ("1234.50"). */
function money(value: unknown): string {
  const decimal = toDecimal(value);
  if (!decimal) return '';
  const [whole = '', cents = ''] = decimalText(decimal, 2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const row = (cells: [string, unknown][]) => `<tr>${cells.map(([label, value]) => `<th>${escape(label)}</th><td>${escape(value)}</td>`).join('')}</tr>`;

/** The repair order (order/repair/queryPrintInfo/{id}): dealer, order number, customer and vehicle, amounts, signatures. */
function repairOrder(d: PrintData): string {
  const t = TEXT.printTemplates.repairOrder;
  return [
    `<h1 class="dms-print-title">${escape(d.dealerName)}</h1>`,
    `<h2 class="dms-print-subtitle">${escape(t.title)}</h2>`,
    `<p class="dms-print-meta"><span>${escape(t.roNo)}：<strong class="dms-print-rono">${escape(d.roNo)}</strong></span><span>${escape(t.createdAt)}：${escape(d.createdAt)}</span></p>`,
    '<table class="dms-print-table">',
    row([[t.customerName, d.customerName], [t.phone, d.phone]]),
    row([[t.plateNo, d.plateNo], [t.vin, d.vin]]),
    row([[t.repairType, d.repairTypeName], [t.mileage, d.mileage]]),
    row([[t.advisor, d.serviceAdvisorName], [t.remark, d.remark]]),
    row([[t.labourAmount, money(d.labourAmount)], [t.partAmount, money(d.partAmount)]]),
    row([[t.totalAmount, money(d.totalAmount)], [t.printedAt, d.printedAt]]),
    '</table>',
    `<p class="dms-print-sign"><span>${escape(t.advisorSign)}：</span><span>${escape(t.customerSign)}：</span></p>`,
  ].join('');
}

export const printTemplates: Record<string, (data: PrintData) => string> = {
  'repair-order': repairOrder,
};

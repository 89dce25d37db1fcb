// The record the child-lines benchmark renders: a repair order's three line tables of 200 lines each (labour, parts,
// sublet work), each line a name, a quantity and a price with its amount computed, and a total under each table.
// The same lines feed our form and amis's input-table (./amis), so both render and recompute the same work.
import type { Field } from '../../../schemas/screen/screen.types';

export const LINES_PER_TABLE = 200;

export const TABLES = [
  { name: 'labourLines', label: '工时明细', total: '工时费' },
  { name: 'partLines', label: '材料明细', total: '材料费' },
  { name: 'subletLines', label: '外协明细', total: '外协费' },
] as const;

export interface BenchLine {
  itemName: string;
  quantity: string;
  price: string;
}

export function benchLines(table: number): BenchLine[] {
  return Array.from({ length: LINES_PER_TABLE }, (_, i) => ({
    itemName: `${TABLES[table]!.label.slice(0, 2)}项目${i + 1}`,
    quantity: String(1 + ((i * 7 + table) % 9)),
    price: `${10 + ((i * 13 + table * 5) % 300)}.${String((i * 17) % 100).padStart(2, '0')}`,
  }));
}

export function benchRecord(): Record<string, unknown> {
  return Object.fromEntries([['roNo', 'ROD110012606300001'], ['remark', ''], ...TABLES.map((t, i) => [t.name, benchLines(i)])]);
}

/**
 * The record with one line per table: each page renders it once and unmounts it before the timed render, as the app
 * has rendered forms before a record page opens (its code compiled, its styles and fonts in use). Without it the timed
 * render also measured a cold start: antd generating its component styles, the first shaping of Chinese text.
 */
export function warmUpRecord(): Record<string, unknown> {
  return Object.fromEntries([['roNo', 'ROD110012606300000'], ['remark', ''], ...TABLES.map((t, i) => [t.name, benchLines(i).slice(0, 1)])]);
}

/** Our screen JSON for the record's form: two header fields and the three line tables. */
export const benchFields: Field[] = [
  { fieldName: 'roNo', label: '工单号', type: 'input' },
  { fieldName: 'remark', label: '备注', type: 'input' },
  ...TABLES.map(
    (table): Field => ({
      fieldName: table.name,
      label: table.label,
      type: 'child-lines',
      lines: {
        columns: [
          { name: 'itemName', title: '项目', required: true, maxlength: 50 },
          { name: 'quantity', title: '数量', type: 'number', required: true, precision: 2 },
          { name: 'price', title: '单价', type: 'number', required: true, precision: 2 },
          { name: 'amount', title: '金额', compute: 'round(quantity * price, 2)', precision: 2 },
        ],
        totals: [{ label: table.total, value: "sum(lines, 'amount')", precision: 2 }],
      },
    }),
  ),
];

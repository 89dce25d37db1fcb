// amis 6's version of the record-page benchmark's page (tests/bench/record-page): the same repair order, answered from
// memory by amis's fetcher, as a page whose initApi reads the record, a service reading its meta (steps, the offered
// transition), the key fields (property), and tabs: the first a property list holding 工单号, 备注 and the three line
// tables (amis's read-only table over the record's lines, each amount a formula, each table's total a formula over its
// lines), then four related lists (crud, the vehicle's orders) and the history (a service and a timeline). Measured as
// our page is (../../paintPoints.ts). It lives in this folder to use its amis install (React 18).
import { render as renderAmis } from 'amis';
import 'amis/lib/helper.css';
import 'amis/lib/themes/cxd.css';
import 'amis/sdk/iconfont.css';
import { createRoot, type Root } from 'react-dom/client';
import { TABLES } from '../../child-lines/lines';
import { dataArrived, paintedWhen, timeRecordPaint, windowFilled, type RecordPaint } from '../../paintPoints';
import { benchAnswers, RELATED_LISTS } from '../../record-page/recordBench';

const answers = benchAnswers();
const meta = answers('/orders/1/meta') as { data: { state: { current: string; steps: { code: string; name: string }[] } } };

/** A line table as amis shows it read-only: the lines of the record's field, the amount a formula, the total under it. */
const linesTable = (table: (typeof TABLES)[number]) => ({
  type: 'container',
  className: 'bench-lines',
  body: [
    {
      type: 'table',
      source: `\${${table.name}}`,
      title: table.label,
      columns: [
        { name: 'itemName', label: '项目' },
        { name: 'quantity', label: '数量' },
        { name: 'price', label: '单价' },
        { name: 'amount', label: '金额', type: 'tpl', tpl: '${ROUND(quantity * price, 2) | round:2}' },
      ],
    },
    { type: 'tpl', className: 'bench-total', tpl: `${table.total}：\${SUM(ARRAYMAP(${table.name}, item => ROUND(item.quantity * item.price, 2))) | round:2}` },
  ],
});

const relatedColumns = [
  { name: 'roNo', label: '工单号', width: 190 },
  { name: 'vin', label: 'VIN', width: 190 },
  { name: 'labourAmount', label: '工时费', type: 'number', precision: 2, kilobitSeparator: true, width: 110 },
];

function schema(): Record<string, unknown> {
  return {
    type: 'page',
    title: '${roNo}',
    initApi: '/bench/orders/1',
    toolbar: [
      {
        type: 'service',
        api: '/bench/orders/1/meta',
        body: [
          { type: 'button', label: '完工', level: 'primary', visibleOn: '${ARRAYSOME(transitions, t => t.name === "finish" && t.allowed)}' },
          { type: 'button', label: '编辑', visibleOn: '${editable}' },
        ],
      },
    ],
    body: [
      {
        type: 'steps',
        className: 'bench-steps',
        name: 'status',
        // amis reads a numeric status as a number, and matches it against the steps' values.
        steps: meta.data.state.steps.map((step) => ({ title: step.name, value: Number(step.code) })),
      },
      { type: 'property', column: 4, items: [{ label: '工单号', content: '${roNo}' }, { label: 'VIN', content: '${vin}' }] },
      {
        type: 'tabs',
        className: 'bench-tabs',
        tabs: [
          {
            title: '明细',
            body: {
              type: 'property',
              column: 1,
              labelStyle: { width: 90 },
              items: [{ label: '工单号', content: '${roNo}' }, { label: '备注', content: '${remark}' }, ...TABLES.map((table) => ({ label: table.label, content: linesTable(table) }))],
            },
          },
          ...Array.from({ length: RELATED_LISTS }, (_, i) => ({
            title: `相关列表${i + 1}`,
            body: { type: 'crud', className: 'bench-related', api: '/bench/orders?vin=${vin}', syncLocation: false, perPage: 50, columns: relatedColumns },
          })),
          { title: '操作历史', body: { type: 'service', api: '/bench/orders/1/history', body: { type: 'timeline', source: '${items}', items: [] } } },
        ],
      },
    ],
  };
}

/** Our envelope ({resultCode, data}) in amis's words ({status, data}); the record and its meta are the page's first data. */
const env = {
  fetcher: async ({ url }: { url: string }) => {
    const path = new URL(url, 'http://bench').pathname;
    const answer = answers(path) as { data: unknown };
    if (/\/orders\/1(\/meta)?$/.test(path)) dataArrived();
    const data = path.endsWith('/history') ? { items: answer.data } : answer.data;
    return { status: 200, headers: {}, data: { status: 0, msg: '', data } };
  },
  notify: () => undefined,
  alert: () => undefined,
  confirm: async () => true,
  // No router here: amis's defaults would warn, or leave the page.
  updateLocation: () => undefined,
  jumpTo: () => undefined,
  isCurrentUrl: () => false,
};

declare global {
  interface Window {
    // Typing is timed in our record page only (amis's page is read only; its input-table's keystroke is child-lines').
    recordBench: { paint(): Promise<RecordPaint>; openRelated(): Promise<number[]>; close(): void };
  }
}

const lineTables = () => [...document.querySelectorAll('.bench-lines')].map((element) => ({ element, rows: element.querySelectorAll('tbody tr[data-index]'), total: 200 }));
const titled = () => (document.querySelector('.cxd-Page-title')?.textContent ?? '') !== '';

let root: Root | undefined;
window.recordBench = {
  paint() {
    return timeRecordPaint(
      () => {
        root = createRoot(document.getElementById('root')!);
        root.render(renderAmis(schema(), {}, env));
      },
      () => titled() && lineTables().length === TABLES.length && windowFilled(lineTables()),
      // amis draws a table of more than 100 rows as a virtual list (the rows in view and a few more): its page holds
      // every line it will ever hold once the window is filled.
      () => titled() && lineTables().length === TABLES.length && windowFilled(lineTables()),
    );
  },
  async openRelated() {
    const times: number[] = [];
    for (let i = 0; i < RELATED_LISTS; i++) {
      const tab = [...document.querySelectorAll<HTMLElement>('.bench-tabs .cxd-Tabs-link')].find((t) => t.textContent === `相关列表${i + 1}`)!;
      const start = performance.now();
      tab.querySelector('a')?.click();
      times.push(await paintedWhen(() => (document.querySelectorAll('.bench-related')[i]?.querySelectorAll('tbody tr td').length ?? 0) > 0, start));
    }
    return times;
  },
  close() {
    root?.unmount();
    root = undefined;
  },
};
document.body.dataset.ready = 'true';

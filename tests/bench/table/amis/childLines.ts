// amis 6's input-table for the child-lines benchmark (tests/bench/child-lines): the same record, three tables of 200
// lines, each line's amount a formula (ROUND(quantity * price, 2)) and each table's total a formula over its lines,
// every cell editable at once (needConfirm: false), measured as our page is (../../child-lines/timing.ts). It lives in
// this folder to use its amis install (React 18, never the product's).
import { render as renderAmis } from 'amis';
import 'amis/lib/helper.css';
import 'amis/lib/themes/cxd.css';
import 'amis/sdk/iconfont.css';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { benchRecord, LINES_PER_TABLE, TABLES, warmUpRecord } from '../../child-lines/lines';
import { armKeystroke, keystrokeResult, paintedAfter } from '../../child-lines/timing';
import { paintedWhen, windowFilled } from '../../paintPoints';

function schema(): Record<string, unknown> {
  return {
    type: 'page',
    body: {
      type: 'form',
      wrapWithPanel: false,
      body: [
        { type: 'input-text', name: 'roNo', label: '工单号' },
        { type: 'input-text', name: 'remark', label: '备注' },
        ...TABLES.flatMap((table) => [
          {
            type: 'input-table',
            name: table.name,
            label: table.label,
            addable: true,
            copyable: true,
            removable: true,
            needConfirm: false,
            columns: [
              { name: 'itemName', label: '项目', type: 'input-text', required: true },
              { name: 'quantity', label: '数量', type: 'input-number', precision: 2, required: true },
              { name: 'price', label: '单价', type: 'input-number', precision: 2, required: true },
              { name: 'amount', label: '金额', type: 'static', tpl: '${ROUND(quantity * price, 2)}' },
            ],
          },
          { type: 'static', name: `${table.name}Total`, label: table.total, tpl: `\${ROUND(SUM(ARRAYMAP(${table.name}, item => item.quantity * item.price)), 2)}`, className: 'bench-total' },
        ]),
      ],
    },
  };
}

const tables = () =>
  TABLES.map(({ name }) => document.querySelector(`#root [data-amis-name="${name}"]`))
    .filter((element) => element !== null)
    .map((element) => ({ element, rows: element.querySelectorAll('tbody tr:has(input)'), total: LINES_PER_TABLE }));

window.linesBench = {
  paint() {
    const record = benchRecord();
    const start = performance.now();
    const root = createRoot(document.getElementById('root')!);
    flushSync(() => root.render(renderAmis(schema(), { data: record })));
    // amis draws its rows after the render call returns (its first frame shows the tables empty): the time is to the
    // frame whose window shows them. A table of over 100 lines is a virtual list: only the lines in view are drawn.
    return paintedWhen(() => tables().length === TABLES.length && windowFilled(tables()), start);
  },
  arm: armKeystroke,
  result: keystrokeResult,
};
// The app has rendered forms before a record page opens (as our page does: lines.ts warmUpRecord).
const warm = createRoot(document.getElementById('warm-up')!);
flushSync(() => warm.render(renderAmis(schema(), { data: warmUpRecord() })));
// Laid out and painted once (styles, fonts), then gone before the page says it is ready.
void paintedAfter(performance.now()).then(() => {
  warm.unmount();
  document.body.dataset.ready = 'true';
});

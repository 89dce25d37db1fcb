// amis 6's CRUD with the benchmark's 60 columns and rows (tests/bench/table/fixtures.ts), rendered on request from the
// driver (../bench.ts) with the same measure as the other subjects: from the render call to its first rows painted.
// Built on its own (React 18, amis's own dependencies in this folder's node_modules), never with the product.
import { render as renderAmis } from 'amis';
import 'amis/lib/helper.css';
import 'amis/lib/themes/cxd.css';
import 'amis/sdk/iconfont.css';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { benchColumns, benchRows } from '../fixtures';

declare global {
  interface Window {
    bench: { paint(subject: 'amis', rows: number): Promise<number> };
  }
}

let rows: Record<string, unknown>[] = [];

/** The same columns in amis's words: mapping for dictionary codes, number with precision, date, fixed, groups. */
function amisColumns(): Record<string, unknown>[] {
  return benchColumns().map((column) => {
    const base: Record<string, unknown> = { name: column.dataIndex, label: column.title, width: column.width };
    if (column.fixed) base.fixed = 'left';
    if (column.sorter) base.sortable = true;
    if (column.groupName) base.groupName = column.groupName;
    if (column.editItems) return { ...base, type: 'mapping', map: Object.fromEntries(column.editItems.map((o) => [String(o.value), o.text])) };
    switch (column.type) {
      case 'number':
        return { ...base, type: 'number', kilobitSeparator: true };
      case 'money':
        return { ...base, type: 'number', precision: 2, kilobitSeparator: true };
      case 'percent':
        return { ...base, type: 'number', percent: 2 };
      case 'date':
        return { ...base, type: 'date', valueFormat: 'YYYY-MM-DD', format: 'YYYY-MM-DD' };
      default:
        return { ...base, type: 'text' };
    }
  });
}

function crud(count: number): Record<string, unknown> {
  return {
    type: 'page',
    body: {
      type: 'crud',
      api: '/bench/rows',
      // The benchmark page has no router: the CRUD must not write its query into the address.
      syncLocation: false,
      perPage: count,
      columns: amisColumns(),
      // A bulk action gives the rows their selection boxes, as the table block has.
      bulkActions: [{ label: '批量删除', actionType: 'ajax', api: 'post:/bench/delete' }],
      headerToolbar: ['bulkActions'],
      footerToolbar: ['statistics', 'pagination'],
    },
  };
}

// The api answers at once from memory: the benchmark measures the table, not a network.
const env = {
  fetcher: async () => ({ status: 200, headers: {}, data: { status: 0, msg: '', data: { items: rows, total: rows.length } } }),
  notify: () => undefined,
  alert: () => undefined,
  confirm: async () => true,
  // No router here: amis's defaults would warn, or leave the page.
  updateLocation: () => undefined,
  jumpTo: () => undefined,
  isCurrentUrl: () => false,
};

/** Resolves after the frame in which `ready` first holds has been rendered (as the other subjects' page does). */
function afterPaintOf(ready: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    const frame = () => {
      if (!ready()) return requestAnimationFrame(frame);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(frame);
  });
}

// A data row carries its index: the body also holds an empty spacer row (amis renders long lists a part at a time).
const rowsShown = () => (document.querySelector('.cxd-Table-table tbody tr[data-index] td:not(.cxd-Table-checkCell)')?.textContent ?? '') !== '';

const root = createRoot(document.getElementById('root')!);

window.bench = {
  async paint(_subject, count) {
    rows = benchRows(count);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const t0 = performance.now();
    root.render(createElement('div', null, renderAmis(crud(count), {}, env)));
    const t1 = await afterPaintOf(rowsShown);
    return t1 - t0;
  },
};
document.body.dataset.ready = 'true';

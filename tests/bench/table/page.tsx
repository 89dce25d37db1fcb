// The benchmark page: renders one table per page load on request from the driver (table.bench.ts), and reports when
// its first visible rows are painted, or the frame times of a scroll through it.
import { AllCommunityModule, type ColDef } from 'ag-grid-community';
import { AgGridProvider, AgGridReact } from 'ag-grid-react';
import { App as AntApp, ConfigProvider, Table } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { AxiosAdapter } from 'axios';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { installRegistries } from '../../../runtime/registries/install';
import { DataTable } from '../../../runtime/blocks/DataTable';
import { setRuntimeConfig } from '../../../runtime/config/runtimeConfig';
import { http } from '../../../runtime/http/client';
import { ScreenStore } from '../../../runtime/screen/ScreenStore';
import type { Column } from '../../../schemas/screen/screen.types';
import { formatDate, formatGrouped, formatPercent, formatTwoDecimals } from '../../../runtime/table/formats';
import { benchColumns, benchRows, benchScreen } from './fixtures';

/** `floor` is no table at all: a striped box as tall as the rows, scrolled the same way (the machine's own noise). */
type Subject = 'ours' | 'antd' | 'bare' | 'floor';

declare global {
  interface Window {
    bench: {
      paint(subject: Subject, rows: number): Promise<number>;
      scroll(subject: Subject, rows: number, frames: number, step: number): Promise<number[]>;
    };
  }
}

setRuntimeConfig({ systemName: 'bench', clientId: 'bench', services: { bench: '/bench', lowcode: '/api/lowcode' } });
window.location.hash = '#/bench/table';

let rows: Record<string, unknown>[] = [];
// The table's api answers at once from memory: the benchmark measures the table, not a network.
const adapter: AxiosAdapter = async (config) => {
  const data = config.url?.endsWith('/rows') ? { total: rows.length, items: rows } : null;
  return { data: { resultCode: 200, data, errMsg: '' }, status: 200, statusText: 'OK', headers: {}, config };
};
http.defaults.adapter = adapter;

const modules = [AllCommunityModule];
installRegistries();
const root = createRoot(document.getElementById('root')!);

function providers(children: ReactElement): ReactElement {
  return (
    <ConfigProvider locale={zhCN} componentSize="small">
      <AntApp component={false}>
        <AgGridProvider modules={modules}>{children}</AgGridProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** Resolves after the frame in which `ready` first holds has been rendered. */
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

// Read without forcing a layout: the first screen holds at least this many rows in either grid.
const FIRST_SCREEN_ROWS = Math.floor((window.innerHeight - 200) / 34);
const gridRowsShown = () => {
  const shown = document.querySelectorAll('.ag-grid-scrolling-container .ag-row');
  return shown.length >= Math.min(rows.length, FIRST_SCREEN_ROWS) && (shown[0]?.querySelector('[col-id="f0"]')?.textContent ?? '') !== '';
};
const antdRowsShown = () => document.querySelector('.ant-table-tbody tr.ant-table-row td')?.textContent !== undefined;

function formatterOf(column: Column): ((value: unknown) => string) | undefined {
  if (column.editItems) {
    const texts = new Map(column.editItems.map((o) => [String(o.value), o.text]));
    return (value) => texts.get(String(value)) ?? String(value ?? '');
  }
  switch (column.type) {
    case 'number':
      return (value) => formatGrouped(value);
    case 'money':
      return formatTwoDecimals;
    case 'percent':
      return formatPercent;
    case 'date':
      return (value) => formatDate(value, 'YYYY-MM-DD');
    default:
      return undefined;
  }
}

function antdTable(): ReactElement {
  const columns = benchColumns().map((column) => {
    const format = formatterOf(column);
    return { title: column.title, dataIndex: column.dataIndex, key: column.dataIndex, width: column.width, fixed: column.fixed, render: format };
  });
  const width = columns.reduce((sum, c) => sum + (c.width ?? 100), 0);
  return <Table rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} scroll={{ x: width }} />;
}

function bareGrid(): ReactElement {
  const columnDefs: ColDef[] = benchColumns().map((c) => ({ field: c.dataIndex, headerName: c.title, width: c.width, pinned: c.fixed ?? null }));
  return (
    <div style={{ height: window.innerHeight - 100 }}>
      <AgGridReact rowData={rows} columnDefs={columnDefs} getRowId={({ data }) => String(data.id)} />
    </div>
  );
}

/** Renders a subject and answers the milliseconds from the render call to its first rows painted. */
async function render(subject: Subject, count: number): Promise<number> {
  rows = benchRows(count);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const t0 = performance.now();
  if (subject === 'ours') {
    const store = new ScreenStore(benchScreen(count, count <= 1000), []);
    void store.load();
    root.render(providers(<DataTable store={store} />));
  } else {
    root.render(providers(subject === 'antd' ? antdTable() : bareGrid()));
  }
  const t1 = await afterPaintOf(subject === 'antd' ? antdRowsShown : gridRowsShown);
  return t1 - t0;
}

function stripedBox(count: number): ReactElement {
  return (
    <div className="floor-viewport" style={{ height: window.innerHeight - 100, overflow: 'auto' }}>
      <div style={{ height: count * 34, background: 'repeating-linear-gradient(#fff 0 33px, #ddd 33px 34px)' }} />
    </div>
  );
}

window.bench = {
  paint: render,
  async scroll(subject, count, frames, step) {
    if (subject === 'floor') {
      rows = [];
      root.render(stripedBox(count));
      await afterPaintOf(() => document.querySelector('.floor-viewport') !== null);
    } else {
      await render(subject, count);
    }
    const viewport = document.querySelector(subject === 'floor' ? '.floor-viewport' : '.ag-grid-viewport') as HTMLElement;
    await new Promise((resolve) => setTimeout(resolve, 500));
    performance.mark('bench-scroll');
    return new Promise((resolve) => {
      const times: number[] = [];
      let last = 0;
      const frame = (now: number) => {
        if (last) times.push(now - last);
        last = now;
        if (times.length >= frames) return resolve(times);
        viewport.scrollTop += step;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  },
};
document.body.dataset.ready = 'true';

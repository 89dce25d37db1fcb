// The benchmark page of the record page: window.recordBench.paint() renders a repair order's record page whose first tab
// holds three line tables of 200 lines each, with four related lists beside it; the record and its meta are answered
// from memory at once, and ../paintPoints.ts times the data's arrival, the first painted frame whose window is filled
// (header, tabs and the lines in view) and the frame holding all 600 lines. openRelated() times opening each related
// list to its painted rows; close() unmounts the page, so the next paint() is a second record page in the same tab.
// arm()/result() time a keystroke (../child-lines/timing.ts) once the driver has put the page in edit mode.
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { AxiosAdapter } from 'axios';
import { createRoot, type Root } from 'react-dom/client';
import { setRuntimeConfig } from '../../../runtime/config/runtimeConfig';
import { http } from '../../../runtime/http/client';
import { RecordPage } from '../../../runtime/record/RecordPage';
import { installRegistries } from '../../../runtime/registries/install';
import runtimeConfig from '../../../runtime/public/config.json';
import { dataArrived, paintedWhen, timeRecordPaint, windowFilled, type RecordPaint } from '../paintPoints';
import { benchAnswers, benchScreen, RELATED_LISTS, TOTAL_LINES } from './recordBench';
import { LINES_PER_TABLE, TABLES } from '../child-lines/lines';
import { armKeystroke, keystrokeResult } from '../child-lines/timing';

setRuntimeConfig(runtimeConfig);
installRegistries();

const answers = benchAnswers();
const adapter: AxiosAdapter = async (config) => {
  const path = new URL(config.url ?? '', 'http://bench').pathname;
  const data = answers(path);
  if (/\/orders\/1(\/meta)?$/.test(path)) dataArrived();
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};
http.defaults.adapter = adapter;

declare global {
  interface Window {
    recordBench: { paint(): Promise<RecordPaint>; openRelated(): Promise<number[]>; close(): void; arm(totalSelector: string): void; result: typeof keystrokeResult };
  }
}

const tables = () => [...document.querySelectorAll('.dms-record .dms-lines')].map((element) => ({ element, rows: element.querySelectorAll('[data-line]'), total: LINES_PER_TABLE }));
const titled = () => (document.querySelector('.dms-record [data-testid="record-title"]')?.textContent ?? '') !== '';

const address = { id: '1', path: '/bench/orders', tabs: { tabs: [] } };
let root: Root | undefined;
window.recordBench = {
  paint() {
    return timeRecordPaint(
      () => {
        root = createRoot(document.getElementById('root')!);
        root.render(
          <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }}>
            <RecordPage screen={benchScreen} grantedKeys={[]} address={address} />
          </ConfigProvider>,
        );
      },
      () => titled() && tables().length === TABLES.length && windowFilled(tables()),
      () => titled() && document.querySelectorAll('.dms-record [data-line]').length >= TOTAL_LINES,
    );
  },
  async openRelated() {
    const times: number[] = [];
    for (let i = 0; i < RELATED_LISTS; i++) {
      const tab = [...document.querySelectorAll<HTMLElement>('.dms-record-tabs .ant-tabs-tab')].find((t) => t.textContent === `相关列表${i + 1}`)!;
      const start = performance.now();
      tab.click();
      // Panes stay in tab order once opened: the i-th related pane is this one.
      times.push(await paintedWhen(() => (document.querySelectorAll('[data-record-tab="related"]')[i]?.querySelectorAll('.ag-row').length ?? 0) > 0, start));
    }
    return times;
  },
  close() {
    root?.unmount();
    root = undefined;
  },
  arm: armKeystroke,
  result: keystrokeResult,
};
document.body.dataset.ready = 'true';

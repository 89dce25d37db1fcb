// The benchmark page of the record page: window.recordBench.paint() renders a repair order's record page whose first tab
// holds three line tables of 200 lines each, with four related lists beside it; the record and its meta are answered
// from memory at once (the data has arrived), and the figure is the time from the render call to the first painted
// frame that shows the header and all 600 lines. openRelated() times opening each related list to its painted rows.
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { AxiosAdapter } from 'axios';
import { createRoot } from 'react-dom/client';
import { setRuntimeConfig } from '../../../runtime/config/runtimeConfig';
import { http } from '../../../runtime/http/client';
import { RecordPage } from '../../../runtime/record/RecordPage';
import { installRegistries } from '../../../runtime/registries/install';
import runtimeConfig from '../../../runtime/public/config.json';
import { paintedAfter } from '../child-lines/timing';
import { benchAnswers, benchScreen, RELATED_LISTS, TOTAL_LINES } from './recordBench';

setRuntimeConfig(runtimeConfig);
installRegistries();

const answers = benchAnswers();
const adapter: AxiosAdapter = async (config) => {
  const path = new URL(config.url ?? '', 'http://bench').pathname;
  const data = answers(path);
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};
http.defaults.adapter = adapter;

/** Resolves at the first frame in which `ready` holds. */
const whenShown = (ready: () => boolean): Promise<void> =>
  new Promise((resolve) => {
    const check = () => (ready() ? resolve() : requestAnimationFrame(check));
    check();
  });

declare global {
  interface Window {
    recordBench: { paint(): Promise<number>; openRelated(): Promise<number[]> };
  }
}

const address = { id: '1', path: '/bench/orders', tabs: { tabs: [] } };
window.recordBench = {
  async paint() {
    const start = performance.now();
    createRoot(document.getElementById('root')!).render(
      <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }}>
        <RecordPage screen={benchScreen} grantedKeys={[]} address={address} />
      </ConfigProvider>,
    );
    await whenShown(() => document.querySelectorAll('.dms-record [data-line]').length >= TOTAL_LINES && document.querySelector('[data-testid="record-title"]') !== null);
    return paintedAfter(start);
  },
  async openRelated() {
    const times: number[] = [];
    for (let i = 0; i < RELATED_LISTS; i++) {
      const tab = [...document.querySelectorAll<HTMLElement>('.dms-record-tabs .ant-tabs-tab')].find((t) => t.textContent === `相关列表${i + 1}`)!;
      const start = performance.now();
      tab.click();
      // Panes stay in tab order once opened: the i-th related pane is this one.
      await whenShown(() => (document.querySelectorAll('[data-record-tab="related"]')[i]?.querySelectorAll('.ag-row').length ?? 0) > 0);
      times.push(await paintedAfter(start));
    }
    return times;
  },
};
document.body.dataset.ready = 'true';

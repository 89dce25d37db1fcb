// The benchmark page for our child lines: window.linesBench.paint() renders the record's form with its three tables of
// 200 lines (the data already at hand, as after its request answered) and answers the time to the first painted frame
// whose window is filled (../paintPoints.ts: the lines in view drawn);
// window.linesBench.arm()/result() time one keystroke from keydown to the frame that shows it (as form-keystroke).
// Before any of that the page renders the form once with one line per table and unmounts it (lines.ts warmUpRecord).
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { setRuntimeConfig } from '../../../runtime/config/runtimeConfig';
import { ScreenForm } from '../../../runtime/form/ScreenForm';
import { installRegistries } from '../../../runtime/registries/install';
import runtimeConfig from '../../../runtime/public/config.json';
import { paintedWhen, windowFilled } from '../paintPoints';
import { armKeystroke, keystrokeResult, paintedAfter } from './timing';
import { benchFields, benchRecord, LINES_PER_TABLE, TABLES, warmUpRecord } from './lines';

setRuntimeConfig(runtimeConfig);
installRegistries();

const form = (record: Record<string, unknown>) => (
  <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }}>
    <ScreenForm fields={benchFields} cols={2} labelWidth={80} mode="edit" record={record} idPrefix="ours" onSubmit={() => undefined} />
  </ConfigProvider>
);

const tables = () => TABLES.map(({ name }) => document.querySelector(`#root [data-lines="${name}"]`)).filter((element) => element !== null).map((element) => ({ element, rows: element.querySelectorAll('[data-line]'), total: LINES_PER_TABLE }));

window.linesBench = {
  paint() {
    const record = benchRecord();
    const start = performance.now();
    const root = createRoot(document.getElementById('root')!);
    flushSync(() => root.render(form(record)));
    return paintedWhen(() => tables().length === TABLES.length && windowFilled(tables()), start);
  },
  arm: armKeystroke,
  result: keystrokeResult,
};
// The app has rendered forms before a record page opens (see warmUpRecord).
const warm = createRoot(document.getElementById('warm-up')!);
flushSync(() => warm.render(form(warmUpRecord())));
// Laid out and painted once (styles, fonts), then gone before the page says it is ready.
void paintedAfter(performance.now()).then(() => {
  warm.unmount();
  document.body.dataset.ready = 'true';
});

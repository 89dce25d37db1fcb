// The benchmark page for our child lines: window.linesBench.paint() renders the record's form with its three tables of
// 200 lines (the data already at hand, as after its request answered) and answers the time to the first painted frame;
// window.linesBench.arm()/result() time one keystroke from keydown to the frame that shows it (as form-keystroke).
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { setRuntimeConfig } from '../../../runtime/config/runtimeConfig';
import { ScreenForm } from '../../../runtime/form/ScreenForm';
import { installRegistries } from '../../../runtime/registries/install';
import runtimeConfig from '../../../runtime/public/config.json';
import { armKeystroke, keystrokeResult, paintedAfter } from './timing';
import { benchFields, benchRecord } from './lines';

setRuntimeConfig(runtimeConfig);
installRegistries();

window.linesBench = {
  paint() {
    const record = benchRecord();
    const start = performance.now();
    const root = createRoot(document.getElementById('root')!);
    flushSync(() =>
      root.render(
        <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }}>
          <ScreenForm fields={benchFields} cols={2} labelWidth={80} mode="edit" record={record} idPrefix="ours" onSubmit={() => undefined} />
        </ConfigProvider>,
      ),
    );
    return paintedAfter(start);
  },
  arm: armKeystroke,
  result: keystrokeResult,
};
document.body.dataset.ready = 'true';

// The benchmark page: ?engine=ours renders the screen form engine, ?engine=rjsf plain @rjsf/core 6 with the antd theme,
// both over the same 200-field schema (and, for reference, ?engine=antd antd's own Form and ?engine=floor plain inputs), in the app's providers. window.keystrokeBench times one keystroke from the
// keydown event to the frame painted after it.
import RjsfAntdForm from '@rjsf/antd';
import validator from '@rjsf/validator-ajv8';
import { ConfigProvider, Form as AntdForm, Input } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { setRuntimeConfig } from '../../../runtime/config/runtimeConfig';
import { buildFormModel } from '../../../runtime/form/formModel';
import { installRegistries } from '../../../runtime/registries/install';
import { widgetRegistry } from '../../../runtime/registries/widgets';
import { ScreenForm } from '../../../runtime/form/ScreenForm';
import runtimeConfig from '../../../runtime/public/config.json';
import { benchFields } from './fields';
import type { KeystrokeTiming } from './timing';

setRuntimeConfig(runtimeConfig);

declare global {
  interface Window {
    keystrokeBench: { arm(): void; result(): Promise<KeystrokeTiming> };
  }
}

let pending: Promise<KeystrokeTiming> = Promise.resolve({ frame: Number.NaN, painted: Number.NaN });
window.keystrokeBench = {
  // The next keydown starts the clock; a message posted from the next animation frame arrives once that frame has
  // been painted, and stops it.
  arm() {
    pending = new Promise((resolve) => {
      window.addEventListener(
        'keydown',
        (event) => {
          const start = event.timeStamp;
          requestAnimationFrame(() => {
            const frame = performance.now() - start;
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ frame, painted: performance.now() - start });
            channel.port2.postMessage(null);
          });
        },
        { once: true, capture: true },
      );
    });
  },
  result: () => pending,
};

const engine = new URLSearchParams(window.location.search).get('engine');
installRegistries();
const schema = buildFormModel(benchFields, 'add', widgetRegistry).schema;

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN} componentSize="small" button={{ autoInsertSpace: false }}>
    {engine === 'rjsf' ? (
      <RjsfAntdForm schema={schema} validator={validator} idPrefix="rjsf" />
    ) : engine === 'antd' ? (
      // antd's own Form: each Form.Item subscribes to its field (the reference the budget comes from).
      <AntdForm layout="inline">
        {benchFields.map((f) => (
          <AntdForm.Item key={f.fieldName} name={f.fieldName} label={f.label}>
            <Input id={`antd_${f.fieldName}`} />
          </AntdForm.Item>
        ))}
      </AntdForm>
    ) : engine === 'floor' ? (
      // The floor of the measurement: plain inputs the browser edits by itself, no script at all.
      <form>
        {benchFields.map((f) => (
          <input key={f.fieldName} id={`floor_${f.fieldName}`} aria-label={f.label} />
        ))}
      </form>
    ) : (
      <ScreenForm fields={benchFields} cols={4} labelWidth={100} mode="add" idPrefix="ours" onSubmit={() => undefined} />
    )}
  </ConfigProvider>,
);

import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createRoot } from 'react-dom/client';
import { startAnalytics } from './analytics/beacon';
import { App } from './app/App';
import { prepareStart } from './app/startup';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { installRegistries } from './registries/install';
import { installBuiltinPages } from './app/pages/builtinPages';
import { editorPages } from '../editor/editorPages';
import './styles.css';
import './upload/upload.css';
import './blocks/blocks.css';

dayjs.locale('zh-cn');
installRegistries();
installBuiltinPages(editorPages);

const root = createRoot(document.getElementById('root')!);
loadRuntimeConfig().then(
  (config) => {
    if (!prepareStart(config)) return;
    root.render(<App />);
    startAnalytics(config);
  },
  (error: Error) => root.render(<p className="dms-fatal">{error.message}</p>),
);

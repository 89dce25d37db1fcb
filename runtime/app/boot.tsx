// The app itself, loaded by the start-up chunk (main.tsx) once the browser is signed in or on an open route. The
// registries are not installed here: the screen interpreter's chunk installs them (screenInterpreter.tsx), so the
// first screen does without them. The editor sits on the runtime and hands its pages in (editor/editorPages.ts).
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createRoot } from 'react-dom/client';
import { startAnalytics } from '../analytics/beacon';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { editorPages } from '../../editor/editorPages';
import { App } from './App';
import { installBuiltinPages } from './pages/builtinPages';
import { prefetchMenuScreens } from './routes/prefetchScreens';
import { withScreenExtensions } from './screenInterpreter';
import '../upload/upload.css';
import '../blocks/blocks.css';

export function boot(config: RuntimeConfig): void {
  dayjs.locale('zh-cn');
  installBuiltinPages(withScreenExtensions(editorPages));
  createRoot(document.getElementById('root')!).render(<App />);
  startAnalytics(config);
  prefetchMenuScreens();
}

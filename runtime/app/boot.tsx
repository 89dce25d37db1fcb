// The app itself, loaded by the start-up chunk (main.tsx) once the browser is signed in or on an open route.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createRoot } from 'react-dom/client';
import { startAnalytics } from '../analytics/beacon';
import type { RuntimeConfig } from '../config/runtimeConfig';
import { App } from './App';
import { prefetchMenuScreens } from './routes/prefetchScreens';
import '../upload/upload.css';
import '../blocks/blocks.css';

export function boot(config: RuntimeConfig): void {
  dayjs.locale('zh-cn');
  createRoot(document.getElementById('root')!).render(<App />);
  startAnalytics(config);
  prefetchMenuScreens();
}

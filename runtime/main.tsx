// The start-up chunk: read config.json, leave for the sign-in or the other site when that is where the browser goes,
// and only then load the app (app/boot.tsx). Keep this file's imports small: everything here is downloaded before a
// new browser sees the login form.
import { prepareStart } from './app/startup';
import { loadRuntimeConfig } from './config/runtimeConfig';
// The global styles (3.6 KB gzip) here rather than in the app: the fatal message below uses them.
import './styles.css';

function showFatal(message: string): void {
  const text = document.createElement('p');
  text.className = 'dms-fatal';
  text.textContent = message;
  document.getElementById('root')!.replaceChildren(text);
}

loadRuntimeConfig()
  .then(async (config) => {
    if (!prepareStart(config)) return;
    const { boot } = await import('./app/boot');
    boot(config);
  })
  .catch((error: Error) => showFatal(error.message));

// Once the menu has loaded and the first screen is shown, the browser, while idle, fetches the screen interpreter's
// chunk, which then fetches and checks the definitions of the screens the user's menu opens
// (screen/checkedDefinitions.ts): a first click on a menu item then starts from a checked definition and asks only for
// its data (issue 20: menu click to rows in 200 ms).
import { autorun, when } from 'mobx';
import { busy } from '../../http/busy';
import { session } from '../../stores/session';
import { menuTarget } from '../pages/menuTarget';
import { loadScreenPage } from '../screenInterpreter';

/** After the first screen: long enough not to compete with its own requests. */
const AFTER_FIRST_SCREEN_MS = 1000;

/** How long no call of the app may have run: 概览 asks for its definition, renders, and only then do its blocks ask for
 * their data, so a moment without calls is not yet the end of the first screen. */
const QUIET_MS = 500;

/** After the pause, once the app's calls have been quiet for QUIET_MS (on a slow line the first screen's data comes
 * later than the pause), and the browser is idle. */
function whenIdle(work: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => void }).requestIdleCallback;
  const start = () => (idle ? idle(work, { timeout: 2000 }) : work());
  setTimeout(() => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const stop = autorun(() => {
      clearTimeout(quiet);
      if (busy.running === 0)
        quiet = setTimeout(() => {
          stop();
          start();
        }, QUIET_MS);
    });
  }, AFTER_FIRST_SCREEN_MS);
}

export function prefetchMenuScreens(): void {
  when(
    () => session.status === 'ready',
    () =>
      whenIdle(() => {
        // A menu of built-in pages only never needs the interpreter.
        if (session.leaves.some((leaf) => menuTarget(leaf.component).kind === 'screen')) void loadScreenPage().then((module) => module.prepareMenuScreens(), () => undefined);
      }),
  );
}

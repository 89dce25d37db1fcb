// Once the menu has loaded and the first screen is shown, the browser, while idle, fetches the screen interpreter's
// chunk and the definitions of the screens the user's menu opens: a first click on a menu item then starts from a
// definition at hand and asks only for its data (issue 20: menu click to rows in 200 ms).
import { when } from 'mobx';
import { prefetchDefinitions } from '../../screen/screenDefinitions';
import { session } from '../../stores/session';
import { menuTarget } from '../pages/menuTarget';
import { loadScreenPage } from '../screenInterpreter';

/** After the first screen: long enough not to compete with its own requests. */
const AFTER_FIRST_SCREEN_MS = 1000;

function whenIdle(work: () => void): void {
  const idle = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => void }).requestIdleCallback;
  setTimeout(() => (idle ? idle(work, { timeout: 2000 }) : work()), AFTER_FIRST_SCREEN_MS);
}

export function screensOfMenu(): string[] {
  const ids = new Set<string>();
  for (const leaf of session.leaves) {
    const target = menuTarget(leaf.component);
    if (target.kind === 'screen') ids.add(target.screenId);
  }
  return [...ids];
}

export function prefetchMenuScreens(): void {
  when(
    () => session.status === 'ready',
    () =>
      whenIdle(() => {
        const screens = screensOfMenu();
        if (screens.length === 0) return;
        void loadScreenPage().catch(() => undefined);
        prefetchDefinitions(screens);
      }),
  );
}

// Screen definitions checked once per version (issue 20: menu click to rows in 200 ms). A definition is checked when it
// is first shown, or before: once the first screen is up and the browser is idle, the screens of the user's menu are
// fetched and checked one at a time (prepareMenuScreens), so a first click on one renders it at once.
import type { ScreenCheckResult } from '../../schemas/screen/screenChecks';
import { session } from '../stores/session';
import { menuTarget } from '../app/pages/menuTarget';
import { fetchDefinition, knownDefinition, type Definition } from './screenDefinitions';
import { validateScreen } from './validateScreen';

/** Check results by the server's tag of a definition. */
const checkedByTag = new Map<string, ScreenCheckResult>();

export function checkedDefinition({ etag, definition }: Definition): ScreenCheckResult {
  if (etag === undefined) return validateScreen(definition);
  let result = checkedByTag.get(etag);
  if (!result) {
    result = validateScreen(definition);
    checkedByTag.set(etag, result);
  }
  return result;
}

/** The screens the user's menu opens. */
export function screensOfMenu(): string[] {
  const ids = new Set<string>();
  for (const leaf of session.leaves) {
    const target = menuTarget(leaf.component);
    if (target.kind === 'screen') ids.add(target.screenId);
  }
  return [...ids];
}

/** The next moment the browser has nothing to do (at the latest `within` ms from now). */
function idle(within = 2000): Promise<void> {
  const request = (globalThis as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => void }).requestIdleCallback;
  return new Promise((resolve) => (request ? request(() => resolve(), { timeout: within }) : setTimeout(resolve)));
}

/**
 * Fetches the definitions of the menu's screens not yet at hand (quietly: outside the busy indicator, failures unsaid),
 * then checks each in an idle moment of its own, so that no check holds up what the user does meanwhile.
 */
export async function prepareMenuScreens(): Promise<void> {
  const definitions = await Promise.all(
    screensOfMenu().map((id) => Promise.resolve(knownDefinition(id) ?? fetchDefinition(id, { background: true })).catch(() => undefined)),
  );
  for (const definition of definitions) {
    if (!definition) continue;
    await idle();
    checkedDefinition(definition);
  }
}

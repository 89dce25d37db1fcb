// The app-wide state of building-blocks §4 in one place, and what logout does to it: login info, tabs and the
// navigation list go, with every cookie and storage key of back-office §3.
import { TAG_MARKER_KEY } from '../permissions/tagMarker';
import { dictionaries } from './dictionaries';
import { notices } from './notices';
import { session, type SignInAgain } from './session';
import { starredMenus } from './starredMenus';
import { clearStoredSession } from './storageKeys';
import { tabs } from './tabs';
import { ui } from './ui';

export const appState = { session, dictionaries, tabs, starredMenus, notices, ui } as const;

/** Forgets the signed-in user everywhere in the browser; `next` tells the next sign-in why and where to return. */
export function clearAppState(next: SignInAgain = {}): void {
  session.clear(next);
  tabs.clear();
  starredMenus.clear();
  notices.clear();
  dictionaries.clear();
  ui.clear();
  clearStoredSession();
  window.sessionStorage.removeItem(TAG_MARKER_KEY);
}

// The app-wide state of building-blocks §4 in one place, and what logout does to it: login info, tabs and the
// navigation list go, with every cookie and storage key of back-office §3.
import { TAG_MARKER_KEY } from '../permissions/tagMarker';
import { afterSales } from './afterSales';
import { dictionaries } from './dictionaries';
import { driveRegister } from './driveRegister';
import { notices } from './notices';
import { reception } from './reception';
import { repairAccounting } from './repairAccounting';
import { session, type SignInAgain } from './session';
import { starredMenus } from './starredMenus';
import { clearStoredSession } from './storageKeys';
import { tabs } from './tabs';
import { ui } from './ui';

export const appState = { session, dictionaries, tabs, starredMenus, notices, ui, reception, repairAccounting, afterSales, driveRegister } as const;

/** Forgets the signed-in user everywhere in the browser; `next` tells the next sign-in why and where to return. */
export function clearAppState(next: SignInAgain = {}): void {
  session.clear(next);
  tabs.clear();
  starredMenus.clear();
  notices.clear();
  dictionaries.clear();
  ui.clear();
  reception.reset();
  reception.set('typeList', []);
  reception.set('orgsList', []);
  repairAccounting.clear();
  afterSales.clear();
  driveRegister.clear();
  clearStoredSession();
  window.sessionStorage.removeItem(TAG_MARKER_KEY);
}

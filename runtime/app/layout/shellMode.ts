// Inside an embedded frame of the main system (back-office §2), the main-system flag in local storage selects the plain
// route view instead of the main layout: the embedding page already has its own menu and header.
import { readLocal } from '../../stores/storageKeys';

export function isEmbedded(win: Window = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A frame of another origin cannot even read `top`: it is embedded.
    return true;
  }
}

/** The flag is on when present and not '0' or 'false'. */
export function mainSystemFlag(): boolean {
  const value = readLocal('mainSystem');
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function usesPlainView(win: Window = window): boolean {
  return isEmbedded(win) && mainSystemFlag();
}

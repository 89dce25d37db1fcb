// The quality-inspection label rename (back-office §6): 车间质检 -> 车间终检, 维修质检 -> 维修终检, on when the
// whitelist check for the owner code passes, or the global flag is on, or the owner code is in the configured list.
// Both the flag and the list come from config.json (off and empty by default); a failed check counts as off.
import type { RenameSettings } from '../../schemas/config/runtimeConfigFile';

export const RENAMES: readonly (readonly [string, string])[] = [
  ['车间质检', '车间终检'],
  ['维修质检', '维修终检'],
];

/** The whitelist check's parameters (back-office §3). */
export const WHITELIST_MOD_TYPE = '91111057';
export const WHITELIST_ROSTER_TYPE = '0';

export function whitelistParams(ownerCode: string, vin = ''): { ownerCode: string; modType: string; rosterType: string; vin: string } {
  return { ownerCode, modType: WHITELIST_MOD_TYPE, rosterType: WHITELIST_ROSTER_TYPE, vin };
}

/** A feature check that fails (rejected call, non-boolean answer) counts as false: used for the whitelist and reminders. */
export async function checkOrFalse(check: () => Promise<unknown>): Promise<boolean> {
  try {
    return (await check()) === true;
  } catch {
    return false;
  }
}

export async function isRenameOn(ownerCode: string, settings: RenameSettings, whitelist: (params: ReturnType<typeof whitelistParams>) => Promise<unknown>): Promise<boolean> {
  if (settings.enabled === true) return true;
  if (ownerCode && (settings.ownerCodes ?? []).includes(ownerCode)) return true;
  if (!ownerCode) return false;
  return checkOrFalse(() => whitelist(whitelistParams(ownerCode)));
}

export function renameLabel(text: string): string {
  return RENAMES.reduce((out, [from, to]) => out.replaceAll(from, to), text);
}

const LABEL_KEYS = new Set(['label', 'title', 'text']);

/** A copy of a screen definition (or any JSON) with the labels renamed: label, title and option text, nothing else. */
export function renameLabelsIn<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => renameLabelsIn(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, LABEL_KEYS.has(key) && typeof inner === 'string' ? renameLabel(inner) : renameLabelsIn(inner)]),
  ) as T;
}

// Whether a button of a screen is shown (back-office §6, building-blocks §6). The server refuses the call anyway; this
// only keeps the user from pressing what would be refused.

export interface MenuAccess {
  /** The permission keys of the menu the screen was opened from. */
  keys: readonly string[];
  /** The menu's stored action list (menuId-actionA,actionB); undefined when none is stored. */
  actions?: readonly string[];
  /** The control codes of user info. */
  controls: ReadonlySet<string>;
}

export interface ButtonRights {
  /** The permission name (a key of the screen's permissions). */
  permission?: string;
  /** A control code the button needs. */
  control?: string;
}

/**
 * A button without a permission name needs no key; otherwise the menu's list must hold the key its name stands for,
 * and a stored action list for the menu must hold the name. A button bound to a control code needs that code.
 */
export function canUseButton(button: ButtonRights, permissions: Readonly<Record<string, string>> | undefined, access: MenuAccess): boolean {
  if (button.control !== undefined && !access.controls.has(button.control)) return false;
  if (button.permission === undefined) return true;
  const key = permissions?.[button.permission];
  if (key === undefined || !access.keys.includes(key)) return false;
  return access.actions === undefined || access.actions.includes(button.permission);
}

// Whether a screen button is shown and whether it may be clicked, from its visible and disabled conditions. Toolbar
// buttons, row actions and a record page's header buttons share this, each with the scope of its place: the screen's
// context (filter, user, params) and, by place, the table's selection, the row, or the record (as `row`).
import { evaluateCondition, type ExpressionScope } from '../../schemas/expression/expression';
import { renderTemplate } from '../../schemas/expression/template';
import type { Button } from '../../schemas/screen/screen.types';
import type { ScreenStore } from '../screen/ScreenStore';

/** A disabled button's state: the reason is the hover text (the definition's disabledReason), when it gives one. */
export interface ButtonDisabled {
  reason?: string;
}

/** The scope a button's conditions read: the screen's context, then what its place adds (selection, row). */
export function buttonScope(store: ScreenStore, own: ExpressionScope): ExpressionScope {
  return { ...store.context, ...own };
}

/** Whether the user sees the button: the menu grants it and its visible condition holds. */
export function buttonShown(store: ScreenStore, button: Button, scope: ExpressionScope): boolean {
  return store.can(button.permission, button.control) && evaluateCondition(button.visible, scope, true);
}

/** Undefined when the button may be clicked; else why not (its reason, when the definition gives one). */
export function buttonDisabled(button: Button, scope: ExpressionScope): ButtonDisabled | undefined {
  if (!evaluateCondition(button.disabled, scope, false)) return undefined;
  const reason = button.disabledReason === undefined ? '' : renderTemplate(button.disabledReason, scope);
  return reason === '' ? {} : { reason };
}

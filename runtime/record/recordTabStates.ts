// Which of a record page's tabs are shown and which may be chosen: each tab's visible and disabled conditions, read
// against the record, the user and the page's parameters (so a 结算 tab can wait for the order to be settled); and which
// tab is shown when the chosen one is hidden, disabled or left out (a related list the user has no menu for).
import { evaluateCondition, type ExpressionScope } from '../../schemas/expression/expression';
import type { RecordPageTab } from '../../schemas/screen/screen.types';
import type { RecordValues } from './recordApis';

export interface RecordTabState {
  visible: boolean;
  disabled: boolean;
}

/** What the tabs' conditions read. Before the record arrives it reads as empty: a tab waiting for a state stays out. */
export function recordTabScope(record: RecordValues | null, user: object | null, params: Readonly<Record<string, string | string[]>>): ExpressionScope {
  return { record: record ?? {}, user: user ?? {}, params };
}

/** Each tab's state; `leftOut` marks tabs not shown whatever their conditions (by the tab's place in the definition). */
export function recordTabStates(tabs: readonly RecordPageTab[], scope: ExpressionScope, leftOut: (index: number) => boolean = () => false): RecordTabState[] {
  return tabs.map((tab, i) => ({
    visible: !leftOut(i) && evaluateCondition(tab.visible, scope, true),
    disabled: evaluateCondition(tab.disabled, scope, false),
  }));
}

/** The tab to show: the chosen one when it may be chosen, else the first that may (undefined when none may). */
export function shownTab(chosen: string, states: readonly RecordTabState[]): string | undefined {
  const usable = (i: number) => states[i] !== undefined && states[i]!.visible && !states[i]!.disabled;
  if (/^\d+$/.test(chosen) && usable(Number(chosen))) return chosen;
  const first = states.findIndex((_, i) => usable(i));
  return first < 0 ? undefined : String(first);
}

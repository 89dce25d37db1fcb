// The branch-condition rows of a flow leaving an exclusive gateway, as a plain state machine (building-blocks §4, §5):
// new rows start editable; 完成 locks a row, 编辑 unlocks it keeping a snapshot, cancel restores the snapshot or clears
// the row, delete removes it. The designer's condition table only renders this state and sends it events.
import { parseVariable, RELATIONAL_SYMBOLS, type ConditionRow } from '../../../schemas/workflow/conditionExpression';
import { WORKFLOW_TEXT } from '../../../schemas/workflow/workflowText';

export type ConditionField = 'leftVariable' | 'compareSymbol' | 'rightVariable' | 'relationalSymbol';

export interface ConditionTableState {
  rows: ConditionRow[];
  /** Per row: the finished row as it was when 编辑 unlocked it; null for a row never finished. */
  snapshots: (ConditionRow | null)[];
  /** Per row: the fields the user changed. Their required rule (请选择) runs on change, so only these show it. */
  touched: ConditionField[][];
}

export type ConditionEvent =
  | { type: 'add' }
  | { type: 'finish'; index: number }
  | { type: 'edit'; index: number }
  | { type: 'cancel'; index: number }
  | { type: 'delete'; index: number }
  | { type: 'change'; index: number; field: ConditionField; value: string };

export interface ConditionTransition {
  state: ConditionTableState;
  /** A warning to show (请填写分支条件, 请完整填写分支条件); the state is then unchanged. */
  warning?: string;
  /** The committed rows changed: the flow's name, JSON rows and expression must be written again. */
  committed: boolean;
}

export const emptyRow = (): ConditionRow => ({ leftVariable: '', compareSymbol: '', rightVariable: '', relationalSymbol: '', disabled: false });

/** The table for rows stored on a flow: every stored row is finished, so locked. */
export function initialConditionState(stored: readonly ConditionRow[]): ConditionTableState {
  const rows = stored.map((row) => ({ ...row, disabled: true }));
  return { rows, snapshots: rows.map(() => null), touched: rows.map(() => []) };
}

/** The fields a row must have to be finished: compare symbol and right variable, and after the first row the relational symbol. */
export function requiredFields(index: number): ConditionField[] {
  const fields: ConditionField[] = ['leftVariable', 'compareSymbol', 'rightVariable'];
  return index === 0 ? fields : [...fields, 'relationalSymbol'];
}

export function isRowComplete(row: ConditionRow, index: number): boolean {
  return requiredFields(index).every((field) => row[field].trim() !== '');
}

/** 请选择 under each required field the user changed and left empty. */
export function rowErrors(state: ConditionTableState, index: number): Partial<Record<ConditionField, string>> {
  const row = state.rows[index];
  if (!row || row.disabled) return {};
  const errors: Partial<Record<ConditionField, string>> = {};
  for (const field of requiredFields(index)) {
    if (state.touched[index]?.includes(field) && row[field].trim() === '') errors[field] = WORKFLOW_TEXT.condition.required;
  }
  return errors;
}

/** The rows the flow stores: finished rows, and for a row being edited again the finished version it came from. */
export function committedRows(state: ConditionTableState): ConditionRow[] {
  return state.rows.flatMap((row, i) => {
    const committed = row.disabled ? row : state.snapshots[i];
    return committed ? [{ ...committed, disabled: true }] : [];
  });
}

/** What changing one field does to the others (building-blocks §4). */
export function changeField(row: ConditionRow, field: ConditionField, value: string): ConditionRow {
  switch (field) {
    case 'leftVariable':
      return { ...row, leftVariable: value, compareSymbol: '', rightVariable: '' };
    case 'compareSymbol':
      return { ...row, compareSymbol: value, rightVariable: '' };
    case 'rightVariable':
      return { ...row, rightVariable: value, relationalSymbol: '' };
    case 'relationalSymbol':
      return { ...row, relationalSymbol: value };
  }
}

const NUMBER = /^-?\d+(\.\d+)?$/;

const unchanged = (state: ConditionTableState, warning?: string): ConditionTransition => ({ state, committed: false, ...(warning ? { warning } : {}) });

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((existing, i) => (i === index ? item : existing));
}

export function reduceConditions(state: ConditionTableState, event: ConditionEvent): ConditionTransition {
  if (event.type === 'add') {
    const last = state.rows.at(-1);
    if (last && !isRowComplete(last, state.rows.length - 1)) return unchanged(state, WORKFLOW_TEXT.condition.lastRowEmpty);
    return { state: { rows: [...state.rows, emptyRow()], snapshots: [...state.snapshots, null], touched: [...state.touched, []] }, committed: false };
  }

  const row = state.rows[event.index];
  if (!row) return unchanged(state);
  switch (event.type) {
    case 'change': {
      if (row.disabled) return unchanged(state);
      const touched = [...new Set([...(state.touched[event.index] ?? []), event.field])];
      return {
        state: { ...state, rows: replaceAt(state.rows, event.index, changeField(row, event.field, event.value)), touched: replaceAt(state.touched, event.index, touched) },
        committed: false,
      };
    }
    case 'finish': {
      if (!isRowComplete(row, event.index)) {
        // Finishing shows 请选择 under every missing field as well as the warning.
        const touched = replaceAt(state.touched, event.index, requiredFields(event.index));
        return { state: { ...state, touched }, warning: WORKFLOW_TEXT.condition.incomplete, committed: false };
      }
      const finished = { ...row, rightVariable: row.rightVariable.trim(), disabled: true };
      // A number compared with text would make an expression the engine cannot evaluate.
      if (parseVariable(row.leftVariable).suffix === 'N' && !NUMBER.test(finished.rightVariable)) {
        return unchanged(state, WORKFLOW_TEXT.condition.notANumber);
      }
      return {
        state: { rows: replaceAt(state.rows, event.index, finished), snapshots: replaceAt(state.snapshots, event.index, null), touched: replaceAt(state.touched, event.index, []) },
        committed: true,
      };
    }
    case 'edit':
      if (!row.disabled) return unchanged(state);
      return {
        state: { ...state, rows: replaceAt(state.rows, event.index, { ...row, disabled: false }), snapshots: replaceAt(state.snapshots, event.index, { ...row }) },
        committed: false,
      };
    case 'cancel': {
      if (row.disabled) return unchanged(state);
      const snapshot = state.snapshots[event.index];
      const restored = snapshot ? { ...snapshot, disabled: true } : emptyRow();
      return {
        state: { rows: replaceAt(state.rows, event.index, restored), snapshots: replaceAt(state.snapshots, event.index, null), touched: replaceAt(state.touched, event.index, []) },
        committed: false,
      };
    }
    case 'delete': {
      const rows = state.rows.filter((_, i) => i !== event.index);
      const snapshots = state.snapshots.filter((_, i) => i !== event.index);
      if (event.index === 0 && rows[0]) {
        // The new first row joins nothing before it.
        rows[0] = { ...rows[0], relationalSymbol: '' };
        if (snapshots[0]) snapshots[0] = { ...snapshots[0], relationalSymbol: '' };
      }
      const wasCommitted = row.disabled || state.snapshots[event.index] !== null;
      return { state: { rows, snapshots, touched: state.touched.filter((_, i) => i !== event.index) }, committed: wasCommitted || event.index === 0 };
    }
  }
}

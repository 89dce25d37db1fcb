// What a flow leaving an exclusive gateway stores after each save of its condition rows (building-blocks §3-§5): the
// rows as JSON (arrayData), the condition expression, and a name rebuilt from the rows.
import { WORKFLOW_TEXT } from './workflowText';

export const RELATIONAL_SYMBOLS = ['&&', '||'] as const;

export interface ConditionRow {
  /** A branch variable's value, `name-suffix` (e.g. discountRate-N). */
  leftVariable: string;
  compareSymbol: string;
  rightVariable: string;
  /** How this row joins the rows before it: && or ||; the first row has none. */
  relationalSymbol: string;
  /** Locked (finished) rows are read-only. */
  disabled: boolean;
}

/** N number, S string, D dictionary: the suffix of a branch variable's value. */
export type VariableKind = 'N' | 'S' | 'D';

/** A branch variable as definition/variables answers it: text, and a value of the form name-suffix. */
export interface BranchVariable {
  text: string;
  value: string;
}

export const OPERATORS: Record<VariableKind, readonly string[]> = {
  N: ['>', '>=', '==', '<=', '<', '!='],
  S: ['==', '!='],
  D: ['==', '!='],
};

export function parseVariable(value: string): { name: string; suffix: string } {
  const at = value.lastIndexOf('-');
  return at < 0 ? { name: value, suffix: '' } : { name: value.slice(0, at), suffix: value.slice(at + 1) };
}

/** The compare symbols a variable allows, or null when its suffix is not N, S or D (the designer then alerts 错误). */
export function operatorsFor(variable: string): readonly string[] | null {
  const { suffix } = parseVariable(variable);
  return Object.hasOwn(OPERATORS, suffix) ? OPERATORS[suffix as VariableKind] : null;
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * `${discountRate > 10 && customerLevel == 'VIP'}`: rows joined by their relational symbols, right values trimmed, and
 * string values (S, and D whose dictionary codes are strings) in single quotes.
 */
export function buildConditionExpression(rows: readonly ConditionRow[]): string {
  if (rows.length === 0) return '';
  const terms = rows.map((row, i) => {
    const { name, suffix } = parseVariable(row.leftVariable);
    const right = row.rightVariable.trim();
    const term = `${name} ${row.compareSymbol} ${suffix === 'N' ? right : quote(right)}`;
    return i === 0 ? term : `${row.relationalSymbol} ${term}`;
  });
  return `\${${terms.join(' ')}}`;
}

export interface ConditionLabels {
  /** The variable's text (折扣率) for its value (discountRate-N). */
  variable(value: string): string;
  /** The shown value: the dictionary entry's text for D, the value itself otherwise. */
  value(row: ConditionRow): string;
}

/** The flow's name, read the way staff say it: 折扣率 > 10 且 客户等级 == 金卡. */
export function buildFlowName(rows: readonly ConditionRow[], labels: ConditionLabels): string {
  return rows
    .map((row, i) => {
      const term = `${labels.variable(row.leftVariable)} ${row.compareSymbol} ${labels.value(row)}`;
      if (i === 0) return term;
      return `${row.relationalSymbol === '||' ? WORKFLOW_TEXT.condition.or : WORKFLOW_TEXT.condition.and} ${term}`;
    })
    .join(' ');
}

export function serializeRows(rows: readonly ConditionRow[]): string {
  return JSON.stringify(rows.map(({ leftVariable, compareSymbol, rightVariable, relationalSymbol, disabled }) => ({ leftVariable, compareSymbol, rightVariable, relationalSymbol, disabled })));
}

/** Rows from a flow's arrayData; anything unreadable yields no rows rather than a broken panel. */
export function parseRows(json: string | undefined): ConditionRow[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return value
      .filter((item): item is Record<string, unknown> => item !== null && typeof item === 'object')
      .map((item) => ({
        leftVariable: text(item.leftVariable),
        compareSymbol: text(item.compareSymbol),
        rightVariable: text(item.rightVariable),
        relationalSymbol: text(item.relationalSymbol),
        disabled: item.disabled !== false,
      }));
  } catch {
    return [];
  }
}

/** Everything a save writes on the flow, from the committed rows. */
export function flowCondition(rows: readonly ConditionRow[], labels: ConditionLabels): { name: string; arrayData: string; expression: string } {
  return { name: buildFlowName(rows, labels), arrayData: serializeRows(rows), expression: buildConditionExpression(rows) };
}

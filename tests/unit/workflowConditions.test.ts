import { describe, expect, it } from 'vitest';
import {
  buildConditionExpression,
  buildFlowName,
  flowCondition,
  operatorsFor,
  parseRows,
  parseVariable,
  serializeRows,
  type ConditionLabels,
} from '../../schemas/workflow/conditionExpression';
import { committedRows, emptyRow, initialConditionState, reduceConditions, rowErrors, type ConditionEvent, type ConditionTableState } from '../../runtime/blocks/workflow/conditionRows';
import type { ConditionRow } from '../../schemas/workflow/conditionExpression';

const row = (leftVariable: string, compareSymbol: string, rightVariable: string, relationalSymbol = '', disabled = true): ConditionRow => ({
  leftVariable,
  compareSymbol,
  rightVariable,
  relationalSymbol,
  disabled,
});

/** Runs events in order; answers the final transition. */
function run(state: ConditionTableState, ...events: ConditionEvent[]) {
  let transition = { state, committed: false } as ReturnType<typeof reduceConditions>;
  for (const event of events) transition = reduceConditions(transition.state, event);
  return transition;
}

const fill = (index: number, left: string, compare: string, right: string, relational?: string): ConditionEvent[] => [
  { type: 'change', index, field: 'leftVariable', value: left },
  { type: 'change', index, field: 'compareSymbol', value: compare },
  { type: 'change', index, field: 'rightVariable', value: right },
  ...(relational ? [{ type: 'change', index, field: 'relationalSymbol', value: relational } as ConditionEvent] : []),
];

const TEXTS: Record<string, string> = { 'discountRate-N': '折扣率', 'customerLevel-D': '客户等级', 'insuranceCompany-S': '保险公司' };
const labels: ConditionLabels = {
  variable: (value) => TEXTS[value] ?? value,
  value: (r) => (r.leftVariable === 'customerLevel-D' && r.rightVariable === '80311004' ? '钻石会员' : r.rightVariable),
};

const empty = initialConditionState([]);
const twoFinished = initialConditionState([row('discountRate-N', '>', '10'), row('insuranceCompany-S', '==', '人保', '||')]);

describe('condition rows: the state machine', () => {
  it('[BB-WF-08] a row has leftVariable, compareSymbol, rightVariable, relationalSymbol and disabled', () => {
    expect(Object.keys(emptyRow()).sort()).toEqual(['compareSymbol', 'disabled', 'leftVariable', 'relationalSymbol', 'rightVariable']);
  });

  it('[BB-WF-18] a new row starts editable', () => {
    const { state } = run(empty, { type: 'add' });
    expect(state.rows).toEqual([emptyRow()]);
    expect(state.rows[0]!.disabled).toBe(false);
  });

  it('[BB-WF-19] 完成 locks a complete row', () => {
    const { state, committed } = run(empty, { type: 'add' }, ...fill(0, 'discountRate-N', '>', '10'), { type: 'finish', index: 0 });
    expect(state.rows[0]).toEqual(row('discountRate-N', '>', '10'));
    expect(committed).toBe(true);
  });

  it('[BB-WF-20] 编辑 unlocks a row and keeps a snapshot of it', () => {
    const { state } = run(twoFinished, { type: 'edit', index: 1 });
    expect(state.rows[1]!.disabled).toBe(false);
    expect(state.snapshots[1]).toEqual(row('insuranceCompany-S', '==', '人保', '||'));
  });

  it('[BB-WF-21] cancel restores the snapshot, locked again', () => {
    const { state, committed } = run(twoFinished, { type: 'edit', index: 1 }, { type: 'change', index: 1, field: 'rightVariable', value: '平安' }, { type: 'cancel', index: 1 });
    expect(state.rows[1]).toEqual(row('insuranceCompany-S', '==', '人保', '||'));
    expect(state.snapshots[1]).toBeNull();
    expect(committed).toBe(false);
  });

  it('[BB-WF-22] cancel clears a row that has no snapshot', () => {
    const { state } = run(empty, { type: 'add' }, ...fill(0, 'discountRate-N', '>', '10'), { type: 'cancel', index: 0 });
    expect(state.rows).toEqual([emptyRow()]);
  });

  it('[BB-WF-23] delete removes the row', () => {
    const { state, committed } = run(twoFinished, { type: 'delete', index: 1 });
    expect(state.rows).toEqual([row('discountRate-N', '>', '10')]);
    expect(committed).toBe(true);
  });

  it('[BB-WF-24] deleting the first row takes the relational symbol off the new first row', () => {
    const { state } = run(twoFinished, { type: 'delete', index: 0 });
    expect(state.rows).toEqual([row('insuranceCompany-S', '==', '人保', '')]);
    const whileEditing = run(twoFinished, { type: 'edit', index: 1 }, { type: 'delete', index: 0 }).state;
    expect(whileEditing.rows[0]!.relationalSymbol).toBe('');
    expect(whileEditing.snapshots[0]!.relationalSymbol).toBe('');
  });

  it('[BB-WF-28] changing the left variable clears the compare symbol and the right variable', () => {
    const { state } = run(empty, { type: 'add' }, ...fill(0, 'discountRate-N', '>', '10'), { type: 'change', index: 0, field: 'leftVariable', value: 'insuranceCompany-S' });
    expect(state.rows[0]).toMatchObject({ leftVariable: 'insuranceCompany-S', compareSymbol: '', rightVariable: '' });
  });

  it('[BB-WF-29] changing the compare symbol clears the right variable', () => {
    const { state } = run(empty, { type: 'add' }, ...fill(0, 'discountRate-N', '>', '10'), { type: 'change', index: 0, field: 'compareSymbol', value: '<' });
    expect(state.rows[0]).toMatchObject({ leftVariable: 'discountRate-N', compareSymbol: '<', rightVariable: '' });
  });

  it('[BB-WF-30] editing the right value clears the relational symbol', () => {
    const { state } = run(twoFinished, { type: 'edit', index: 1 }, { type: 'change', index: 1, field: 'rightVariable', value: '平安' });
    expect(state.rows[1]).toMatchObject({ rightVariable: '平安', relationalSymbol: '' });
  });

  it('locked rows ignore changes', () => {
    const { state } = run(twoFinished, { type: 'change', index: 0, field: 'rightVariable', value: '99' });
    expect(state).toEqual(twoFinished);
  });
});

describe('condition rows: validation', () => {
  it('[BB-WF-35] [BB-WF-36] the required rules say 请选择 under a field the user changed and left empty, not before', () => {
    const added = run(empty, { type: 'add' }).state;
    expect(rowErrors(added, 0)).toEqual({});
    const { state } = run(added, ...fill(0, 'discountRate-N', '>', '10'), { type: 'change', index: 0, field: 'leftVariable', value: 'insuranceCompany-S' });
    // The left change cleared the compare symbol and right variable the user had chosen: both now say 请选择.
    expect(rowErrors(state, 0)).toEqual({ compareSymbol: '请选择', rightVariable: '请选择' });
    const second = run(twoFinished, { type: 'edit', index: 1 }, { type: 'change', index: 1, field: 'relationalSymbol', value: '&&' }, { type: 'change', index: 1, field: 'rightVariable', value: '平安' }).state;
    expect(rowErrors(second, 1)).toEqual({ relationalSymbol: '请选择' });
  });

  it('[BB-WF-37] [BB-WF-39] finishing a row without compare symbol or right variable warns 请完整填写分支条件 and keeps it open', () => {
    const added = run(empty, { type: 'add' }, { type: 'change', index: 0, field: 'leftVariable', value: 'discountRate-N' }).state;
    const transition = reduceConditions(added, { type: 'finish', index: 0 });
    expect(transition.warning).toBe('请完整填写分支条件');
    expect(transition.committed).toBe(false);
    expect(transition.state.rows[0]!.disabled).toBe(false);
    expect(rowErrors(transition.state, 0)).toEqual({ compareSymbol: '请选择', rightVariable: '请选择' });
    const withoutRight = run(added, { type: 'change', index: 0, field: 'compareSymbol', value: '>' }, { type: 'finish', index: 0 });
    expect(withoutRight.warning).toBe('请完整填写分支条件');
  });

  it('[BB-WF-38] a row after the first also needs its relational symbol', () => {
    const state = run(twoFinished, { type: 'add' }, ...fill(2, 'discountRate-N', '<', '30')).state;
    const missing = reduceConditions(state, { type: 'finish', index: 2 });
    expect(missing.warning).toBe('请完整填写分支条件');
    expect(rowErrors(missing.state, 2)).toEqual({ relationalSymbol: '请选择' });
    const done = run(state, { type: 'change', index: 2, field: 'relationalSymbol', value: '&&' }, { type: 'finish', index: 2 });
    expect(done.warning).toBeUndefined();
    expect(done.state.rows[2]!.disabled).toBe(true);
  });

  it('[BB-WF-40] [BB-WF-41] adding a row needs the last row filled, else warns 请填写分支条件', () => {
    const once = run(empty, { type: 'add' }).state;
    const twice = reduceConditions(once, { type: 'add' });
    expect(twice.warning).toBe('请填写分支条件');
    expect(twice.state.rows).toHaveLength(1);
    const filled = run(once, ...fill(0, 'discountRate-N', '>', '10'), { type: 'add' }).state;
    expect(filled.rows).toHaveLength(2);
  });

  it('[BB-WF-43] finishing trims the right value', () => {
    const { state } = run(empty, { type: 'add' }, ...fill(0, 'insuranceCompany-S', '==', '  人保 '), { type: 'finish', index: 0 });
    expect(state.rows[0]!.rightVariable).toBe('人保');
  });

  it('refuses a number condition whose value is not a number', () => {
    const transition = run(empty, { type: 'add' }, ...fill(0, 'discountRate-N', '>', '十'), { type: 'finish', index: 0 });
    expect(transition.warning).toBe('数字类型的条件值必须是数字');
    expect(transition.state.rows[0]!.disabled).toBe(false);
  });

  it('stores only finished rows: a row being edited stores its snapshot, a new one nothing', () => {
    const state = run(twoFinished, { type: 'edit', index: 0 }, { type: 'change', index: 0, field: 'rightVariable', value: '50' }, { type: 'add' }).state;
    expect(committedRows(state)).toEqual([row('discountRate-N', '>', '10'), row('insuranceCompany-S', '==', '人保', '||')]);
  });
});

describe('condition rows: what a flow stores', () => {
  it('[BB-WF-16] a branch variable value is name-suffix', () => {
    expect(parseVariable('discountRate-N')).toEqual({ name: 'discountRate', suffix: 'N' });
    expect(parseVariable('repair-type-D')).toEqual({ name: 'repair-type', suffix: 'D' });
  });

  it('[BB-WF-31] a number variable (N) allows > >= == <= < !=', () => {
    expect(operatorsFor('discountRate-N')).toEqual(['>', '>=', '==', '<=', '<', '!=']);
  });

  it('[BB-WF-32] string (S) and dictionary (D) variables allow == and !=', () => {
    expect(operatorsFor('insuranceCompany-S')).toEqual(['==', '!=']);
    expect(operatorsFor('customerLevel-D')).toEqual(['==', '!=']);
  });

  it('[BB-WF-34] another suffix has no operators (the designer alerts 错误)', () => {
    expect(operatorsFor('discountRate-X')).toBeNull();
    expect(operatorsFor('discountRate')).toBeNull();
    expect(operatorsFor('toString-constructor')).toBeNull();
  });

  it('[BB-WF-42] [BB-WF-44] [BB-WF-10] joins rows with && and ||, quoting string and dictionary values but not numbers', () => {
    const rows = [row('discountRate-N', '>', '10'), row('insuranceCompany-S', '==', ' 人保 ', '&&'), row('customerLevel-D', '!=', '80311001', '||')];
    expect(buildConditionExpression(rows)).toBe("${discountRate > 10 && insuranceCompany == '人保' || customerLevel != '80311001'}");
    expect(buildConditionExpression([row('insuranceCompany-S', '==', "O'Neil\\")])).toBe("${insuranceCompany == 'O\\'Neil\\\\'}");
    expect(buildConditionExpression([])).toBe('');
  });

  it('[BB-WF-25] the flow name is rebuilt from the rows, in words', () => {
    expect(buildFlowName([row('discountRate-N', '>', '10'), row('customerLevel-D', '==', '80311004', '||')], labels)).toBe('折扣率 > 10 或 客户等级 == 钻石会员');
  });

  it('[BB-WF-09] [BB-WF-26] [BB-WF-27] each save writes the name, the rows as JSON (arrayData) and the expression', () => {
    const saved = run(twoFinished, { type: 'edit', index: 0 }, { type: 'change', index: 0, field: 'rightVariable', value: '20' }, { type: 'finish', index: 0 });
    expect(saved.committed).toBe(true);
    const written = flowCondition(committedRows(saved.state), labels);
    expect(written).toEqual({
      name: '折扣率 > 20 或 保险公司 == 人保',
      arrayData: JSON.stringify([row('discountRate-N', '>', '20'), row('insuranceCompany-S', '==', '人保', '||')]),
      expression: "${discountRate > 20 || insuranceCompany == '人保'}",
    });
    expect(parseRows(written.arrayData)).toEqual(committedRows(saved.state));
    const deleted = run(saved.state, { type: 'delete', index: 0 });
    expect(flowCondition(committedRows(deleted.state), labels).expression).toBe("${insuranceCompany == '人保'}");
  });

  it('reads stored rows back, and ignores unreadable ones', () => {
    const rows = [row('discountRate-N', '>', '10')];
    expect(parseRows(serializeRows(rows))).toEqual(rows);
    expect(parseRows('not json')).toEqual([]);
    expect(parseRows('{"a":1}')).toEqual([]);
    expect(parseRows(undefined)).toEqual([]);
  });
});

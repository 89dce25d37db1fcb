import { describe, expect, it } from 'vitest';
import { evaluateCondition, evaluateExpression, ExpressionError, parseExpression } from '../../schemas/expression/expression';

describe('screen expressions', () => {
  const row = { status: '80211001', mileage: 12000, owner: { code: 'D11001' }, tags: ['a'] };

  it('compares fields of the row, with codes equal whether written as text or number', () => {
    expect(evaluateExpression("row.status == '80211001'", { row })).toBe(true);
    expect(evaluateExpression('row.status == 80211001', { row })).toBe(true);
    expect(evaluateExpression("row.status != '80211001'", { row })).toBe(false);
    expect(evaluateExpression('row.mileage >= 12000 && row.mileage < 20000', { row })).toBe(true);
    expect(evaluateExpression("row.owner.code == 'D11001' || false", { row })).toBe(true);
    expect(evaluateExpression("row['status'] in ['80211001', '80211002']", { row })).toBe(true);
    expect(evaluateExpression("!(mode == 'edit')", { mode: 'add' })).toBe(true);
    expect(evaluateExpression('-1 < 0', {})).toBe(true);
  });

  it('reads missing names as undefined and null-like values as equal to null', () => {
    expect(evaluateExpression('row.nothing == null', { row })).toBe(true);
    expect(evaluateExpression('unknown.deeper.still', {})).toBeUndefined();
    expect(evaluateExpression('row.nothing > 1', { row })).toBe(false);
  });

  it('never reaches prototype members, so no code can be reached from a screen', () => {
    expect(evaluateExpression('row.constructor', { row })).toBeUndefined();
    expect(evaluateExpression("row['__proto__']", { row })).toBeUndefined();
    expect(evaluateExpression('row.tags.length', { row })).toBe(1);
    expect(evaluateExpression('row.tags.map', { row })).toBeUndefined();
  });

  it('refuses what is not in the grammar with a Chinese message', () => {
    for (const source of ['row.status = 1', 'alert(1)', "'open", 'a &&', '', 'a ; b', '() => 1']) {
      expect(() => parseExpression(source), source).toThrow(ExpressionError);
    }
    expect(() => parseExpression("'open")).toThrow('字符串未结束（位置 1）');
  });

  it('takes booleans as they are and falls back when a condition is absent', () => {
    expect(evaluateCondition(undefined, {}, true)).toBe(true);
    expect(evaluateCondition(false, {}, true)).toBe(false);
    expect(evaluateCondition("mode == 'edit'", { mode: 'edit' }, false)).toBe(true);
  });
});

describe('arithmetic and exact decimals (models: computed fields, transition guards)', () => {
  it('adds, multiplies and rounds exactly in exact mode, with numbers in screens', () => {
    expect(evaluateExpression('0.1 + 0.2', {}, { exact: true })).toBe('0.3');
    expect(evaluateExpression('qty * price', { qty: 3, price: '19.99' }, { exact: true })).toBe('59.97');
    expect(evaluateExpression("sum(lines, 'amount')", { lines: [{ amount: '1.10' }, { amount: '2.205' }] }, { exact: true })).toBe('3.305');
    expect(evaluateExpression('round(10 / 3, 2)', {}, { exact: true })).toBe('3.33');
    expect(evaluateExpression('round(2.345, 2)', {})).toBe(2.35);
    expect(evaluateExpression('a - 1 > 3 && b * 2 == 4', { a: 5, b: 2 })).toBe(true);
  });

  it('compares numeric text as decimals in exact mode, and answers null for arithmetic on empty values', () => {
    expect(evaluateExpression('endMileage >= startMileage', { endMileage: '12.50', startMileage: '9' }, { exact: true })).toBe(true);
    expect(evaluateExpression('labourAmount + partAmount', { labourAmount: null, partAmount: 1 }, { exact: true })).toBeNull();
    expect(evaluateExpression('1 / 0', {})).toBeNull();
  });

  it('refuses unknown functions and wrong argument counts with Chinese messages', () => {
    expect(() => parseExpression('eval(1)')).toThrow('未知的函数 eval');
    expect(() => parseExpression('round(1)')).toThrow('函数 round 需要 2 个参数');
  });
});

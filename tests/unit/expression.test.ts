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

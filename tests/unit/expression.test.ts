import { describe, expect, it } from 'vitest';
import { evaluateCondition, evaluateExpression, ExpressionError, namesRead, parseExpression } from '../../schemas/expression/expression';
import { parseTemplate, renderTemplate } from '../../schemas/expression/template';

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
    expect(() => parseExpression('round(1, 2, 3)')).toThrow('函数 round 需要 1 到 2 个参数');
  });
});

describe('expressions v2: templates, if and the function library', () => {
  const clock = () => new Date('2026-03-31T17:30:00Z'); // 2026-04-01 01:30 in Beijing
  const lines = [
    { part: 'A', qty: 2, price: '10.50', amount: '21.00' },
    { part: 'B', qty: 1, price: '3.335', amount: '3.335' },
    { part: 'C', qty: null, price: '', amount: null },
  ];

  it('renders string templates with ${} parts, empty values as nothing', () => {
    expect(evaluateExpression('`工单 ${roNo}：${count(lines)} 行`', { roNo: 'RO1', lines })).toBe('工单 RO1：3 行');
    expect(evaluateExpression('`${a}-${b}`', { a: 1 })).toBe('1-');
    expect(evaluateExpression("`合计 ${format(sum(lines, 'amount'), '#,##0.00')}`", { lines: [{ amount: 1234.5 }] })).toBe('合计 1,234.50');
    expect(evaluateExpression("`${if(x > 1, '大', '小')}`", { x: 2 })).toBe('大');
    expect(renderTemplate('已选择 ${count(selection)} 条', { selection: [1, 2] })).toBe('已选择 2 条');
    expect(renderTemplate('没有表达式的文字', {})).toBe('没有表达式的文字');
    expect(renderTemplate('价格 \\${x}', { x: 1 })).toBe('价格 ${x}');
  });

  it('evaluates only the branch if takes', () => {
    expect(evaluateExpression('if(count(lines) > 0, total / count(lines), 0)', { lines: [], total: 5 })).toBe(0);
    expect(evaluateExpression("if(status == '80211001', '新建', '其他')", { status: '80211001' })).toBe('新建');
    expect(evaluateExpression('if(n > 0, n, -n)', { n: -3 })).toBe(3);
  });

  it('sums, counts, rounds, abs, min and max, exactly on the server and with numbers in screens', () => {
    expect(evaluateExpression("sum(lines, 'amount')", { lines }, { exact: true })).toBe('24.335');
    expect(evaluateExpression("round(sum(lines, 'amount'), 2)", { lines }, { exact: true })).toBe('24.34');
    expect(evaluateExpression('sum([1, 2, 3.5])', {})).toBe(6.5);
    expect(evaluateExpression('round(2.5)', {})).toBe(3);
    expect(evaluateExpression('abs(-1.25)', {}, { exact: true })).toBe('1.25');
    expect(evaluateExpression('abs(x)', { x: -4 })).toBe(4);
    expect(evaluateExpression('min(3, 1, 2)', {})).toBe(1);
    expect(evaluateExpression("max('9', '12.50')", {}, { exact: true })).toBe('12.50');
    expect(evaluateExpression('min(xs)', { xs: [5, null, 2] })).toBe(2);
    expect(evaluateExpression('max(xs)', { xs: [] })).toBeNull();
  });

  it('measures and searches text and lists', () => {
    expect(evaluateExpression('len(vin)', { vin: 'LSVAU2180N2183294' })).toBe(17);
    expect(evaluateExpression('len(lines)', { lines })).toBe(3);
    expect(evaluateExpression('len(nothing)', {})).toBe(0);
    expect(evaluateExpression("contains(remark, '急')", { remark: '客户很急' })).toBe(true);
    expect(evaluateExpression("contains(tags, 'vip')", { tags: ['vip'] })).toBe(true);
    expect(evaluateExpression('contains(codes, 80211001)', { codes: ['80211001'] })).toBe(true);
    expect(evaluateExpression("contains(nothing, 'x')", {})).toBe(false);
  });

  it('reads today and now as Beijing time, and counts and adds days', () => {
    expect(evaluateExpression('today()', {}, { now: clock })).toBe('2026-04-01');
    expect(evaluateExpression('now()', {}, { now: clock })).toBe('2026-04-01 01:30:00');
    expect(evaluateExpression("dateDiff('2026-02-27', '2026-03-02')", {})).toBe(3);
    expect(evaluateExpression("dateDiff('2026-03-02 08:00:00', '2026-03-02 17:45:00', 'hour')", {})).toBe(9);
    expect(evaluateExpression('dateDiff(planned, today())', { planned: '2026-03-25' }, { now: clock })).toBe(7);
    expect(evaluateExpression("dateDiff('x', '2026-03-02')", {})).toBeNull();
    expect(evaluateExpression("addDays('2026-02-27', 2)", {})).toBe('2026-03-01');
    expect(evaluateExpression("addDays('2026-03-01 09:00:00', -1)", {})).toBe('2026-02-28 09:00:00');
    expect(evaluateExpression("format('2026-03-01 09:05:00', 'MM月DD日 HH:mm')", {})).toBe('03月01日 09:05');
    expect(evaluateExpression("format(-1234567.005, '#,##0.00')", {})).toBe('-1,234,567.01');
    expect(evaluateExpression("format(x, '0.0')", { x: '2.25' })).toBe('2.3');
    expect(evaluateExpression("format(x, '0.00')", { x: null })).toBe('');
  });

  it('subtracts with a unary minus and keeps exact mode exact', () => {
    expect(evaluateExpression('-(a + b)', { a: 1, b: 2 })).toBe(-3);
    expect(evaluateExpression('-x * 2', { x: '0.1' }, { exact: true })).toBe('-0.2');
  });

  it('gives Chinese parse errors with the position inside templates, and lists the library for an unknown function', () => {
    expect(() => parseExpression('`a ${b +}`')).toThrow('表达式不完整');
    expect(() => parseExpression('`open')).toThrow('模板字符串未结束');
    expect(() => parseTemplate('x ${')).toThrow('${ 未闭合（位置 3）');
    expect(() => parseTemplate('x ${}')).toThrow('${} 中缺少表达式');
    expect(() => parseTemplate('ab ${c ; d}')).toThrow('无法识别的字符 ;（位置 8）');
    expect(() => parseExpression('today(1)')).toThrow('函数 today 需要 0 个参数');
    expect(() => parseExpression('min()')).toThrow('函数 min 需要 至少 1 个参数');
    expect(() => parseExpression('foo(1)')).toThrow('可用：if、sum、count、round、abs、min、max、len、contains、today、now、dateDiff、addDays、format');
  });

  it('parses each distinct source once', () => {
    expect(parseExpression('a + 1')).toBe(parseExpression('a + 1'));
    expect(parseTemplate('共 ${n} 条')).toBe(parseTemplate('共 ${n} 条'));
  });

  it('reports the names a template or an if reads (model checks compare them to fields)', () => {
    expect(namesRead(parseExpression('`${a}${b.c}`'))).toEqual(['a', 'b']);
    expect(namesRead(parseExpression("if(x, sum(lines, 'amount'), y)"))).toEqual(['x', 'lines', 'y']);
  });
});

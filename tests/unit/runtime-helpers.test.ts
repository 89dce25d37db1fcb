import { describe, expect, it } from 'vitest';
import { estimatedWidth } from '../../runtime/blocks/tableColumns';
import { readFieldValue } from '../../runtime/form/fieldValues';
import { splitRanges } from '../../runtime/form/ranges';
import { fillPath, parseApiRef, permissionKeyOf } from '../../schemas/screen/apiRef';
import { pagingParams } from '../../runtime/screen/ScreenStore';
import { isValidMenuItem } from '../../runtime/stores/session';

describe('api references', () => {
  it('parse into service, method and path, and give the permission key of back-office §6', () => {
    const ref = parseApiRef('repair:DELETE order/repair/orders/{id}');
    expect(ref).toEqual({ service: 'repair', method: 'DELETE', path: 'order/repair/orders/{id}' });
    expect(permissionKeyOf(ref)).toBe('DELETE_repair_order/repair/orders/{id}');
  });

  it('fill placeholders from the row, encoded, and refuse a missing value', () => {
    expect(fillPath('orders/{id}/items/{code}', { id: 12, code: 'A/B' })).toBe('orders/12/items/A%2FB');
    expect(() => fillPath('orders/{id}', {})).toThrow('接口路径参数 id 缺少取值');
    expect(() => parseApiRef('repair order/repair/orders')).toThrow('接口引用格式不正确');
  });
});

describe('range fields', () => {
  const names = ['roNo', 'createdFrom|createdTo'];

  it('[BB-FORM-35] split a "from|to" field into its two values', () => {
    expect(splitRanges(names, { roNo: 'RO1', 'createdFrom|createdTo': ['2026-01-01', '2026-01-31'] })).toEqual({
      roNo: 'RO1',
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
    });
  });

  it('[BO-FLT-20] copy the one filled end into both, and drop an empty pair', () => {
    expect(splitRanges(names, { 'createdFrom|createdTo': [null, '2026-01-31'] })).toEqual({ createdFrom: '2026-01-31', createdTo: '2026-01-31' });
    expect(splitRanges(names, { 'createdFrom|createdTo': [null, null] })).toEqual({});
  });

  it('join a record back into pairs for editing, leaving out empty values', () => {
    const record = { createdFrom: '2026-01-01', createdTo: '2026-01-31', roNo: null };
    expect(readFieldValue('range', 'createdFrom|createdTo', record)).toEqual(['2026-01-01', '2026-01-31']);
    expect(readFieldValue('single', 'roNo', record)).toBeUndefined();
  });
});

describe('tables', () => {
  it('[BB-TBL-51] send the page under every name servers read', () => {
    expect(pagingParams(3, 50)).toEqual({ current: 3, pageSize: 50, pageNum: 3, page: 3, limit: 50, size: 50, currentPage: 3 });
  });

  it('[BB-TBL-65] estimate a column width as 14 per title character plus 65', () => {
    expect(estimatedWidth('工单号')).toBe(3 * 14 + 65);
  });
});

describe('menu items', () => {
  it('[BO-ENT-05] [BO-ENT-06] are valid only with a non-empty id and path', () => {
    expect(isValidMenuItem({ id: '1101', path: '/repair/x' })).toBe(true);
    expect(isValidMenuItem({ id: '', path: '/repair/x' })).toBe(false);
    expect(isValidMenuItem({ id: '1101', path: '' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { richTextLength } from '../../schemas/formats/richText';
import { sanitizeRichText as serverSanitize, acceptRichText } from '../../server/http/richText';
import { showsAnchorControls } from '../../runtime/blocks/layout/anchorScroll';
import { chartOption } from '../../runtime/blocks/chart/chartOption';
import { printWithService, type Lodop } from '../../runtime/print/printService';
import { renderTemplate } from '../../runtime/print/printDocument';
import { employeeOrgId, matchesNameFilter, offersAllEntry } from '../../runtime/widgets/picker/pickerData';
import { isQuarterDisabled, quarterEndDay, quarterOf, quarterValue } from '../../runtime/widgets/quarter/quarters';

describe('the quarter picker value', () => {
  it('[BO-QTR-06] [BO-QTR-07] ends on day 31 for months 03 and 12 and on day 30 for 06 and 09', () => {
    expect(['03', '06', '09', '12'].map(quarterEndDay)).toEqual([31, 30, 30, 31]);
  });

  it('[BO-QTR-03] [BO-QTR-04] [BO-QTR-08] holds a year plus quarter range string and a start and end datetime pair from 00:00:00 to 23:59:59', () => {
    expect(quarterValue(2026, 1)).toEqual({ year: 2026, quarter: 1, text: '2026 01-03', start: '2026-01-01 00:00:00', end: '2026-03-31 23:59:59' });
    expect(quarterValue(2026, 3)).toMatchObject({ text: '2026 07-09', start: '2026-07-01 00:00:00', end: '2026-09-30 23:59:59' });
    expect(quarterOf('2026-10-01 00:00:00')).toEqual({ year: 2026, quarter: 4 });
    expect(quarterOf('2026-02-01 00:00:00')).toBeUndefined();
  });

  it('[BO-QTR-02] disables individual quarters through a list of flags', () => {
    const flags = [true, false, true];
    expect([1, 2, 3, 4].map((q) => isQuarterDisabled(flags, q))).toEqual([true, false, true, false]);
    expect(isQuarterDisabled(undefined, 1)).toBe(false);
  });
});

describe('the picker rules', () => {
  it("[BB-PICK-27] [BB-PICK-28] omits the region tab's 'all' entry when the menu's range ends in 10371001, 10371002 or 10371003, and offers it otherwise", () => {
    for (const range of ['10371001', '10371002', '10371003']) expect(offersAllEntry([`1101-${range}`, '1102-10371004'], '1101')).toBe(false);
    expect(offersAllEntry(['1101-10371004'], '1101')).toBe(true);
    expect(offersAllEntry(['1102-10371001'], '1101')).toBe(true);
    expect(offersAllEntry([], undefined)).toBe(true);
  });

  it('[BB-PICK-08] name filters read the first fields case-insensitively', () => {
    expect(matchesNameFilter(['D44001', '广州华晟'], 'd44')).toBe(true);
    expect(matchesNameFilter(['D44001'], 'D31')).toBe(false);
    expect(matchesNameFilter(['D44001'], '  ')).toBe(true);
  });

  it('[BB-PICK-11] uses the orgId of the first userPositionDetailVos entry', () => {
    const row = { userId: 1, employeeName: '张三', employeeNo: 'E1', employeeStatus: '10081001', isOnjob: '10081001', orgName: 'A', userPositionDetailVos: [{ orgId: 7, orgName: 'A', positionCode: 'FWGW', positionName: '服务顾问' }, { orgId: 9, orgName: 'B', positionCode: 'XSGW', positionName: '销售顾问' }] };
    expect(employeeOrgId(row)).toBe(7);
  });
});

describe('rich text', () => {
  it('[BO-RTE-02] counts the text without tags, an entity as one character', () => {
    expect(richTextLength('<p>维修<strong>说明</strong></p><p>a&amp;b&nbsp;</p>')).toBe(8);
  });

  it('[BO-RTE-03] the server refuses text over 50000 characters (tags not counted) and accepts it at the limit', () => {
    const at = `<p>${'字'.repeat(50000)}</p>`;
    expect(acceptRichText(at, '维修说明')).toBe(at);
    expect(() => acceptRichText(`<p>${'字'.repeat(50001)}</p>`, '维修说明')).toThrow('维修说明不能超过50000字');
  });

  it('the server strips scripts, event handlers, styles and javascript links before saving', () => {
    const dirty = '<p onclick="steal()">好<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><iframe src="https://evil"></iframe><p style="color:red">红</p>';
    const clean = serverSanitize(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|iframe|style=/i);
    expect(clean).toContain('<p>好</p>');
    expect(clean).toContain('<img src="x" />');
  });
});

describe('the print helper', () => {
  const fakeLodop = () => {
    const calls: unknown[][] = [];
    const record = (name: string) => (...args: unknown[]) => void calls.push([name, ...args]);
    const lodop = {
      VERSION: '6.2.2.1',
      PRINT_INIT: record('PRINT_INIT'),
      SET_PRINT_PAGESIZE: record('SET_PRINT_PAGESIZE'),
      SET_PRINT_COPIES: record('SET_PRINT_COPIES'),
      ADD_PRINT_HTM: record('ADD_PRINT_HTM'),
      PREVIEW: () => (calls.push(['PREVIEW']), 1),
      PRINT: () => (calls.push(['PRINT']), true),
    } satisfies Lodop;
    return { lodop, calls };
  };

  it('[BB-PRINT-01] [BB-PRINT-03] previews through the local print service with the template, direction, copies and page size', () => {
    const { lodop, calls } = fakeLodop();
    expect(printWithService(lodop, '<p>x</p>', { template: 'repair-order' })).toBe(true);
    expect(calls).toEqual([['PRINT_INIT', 'repair-order'], ['SET_PRINT_PAGESIZE', 1, 2100, 2970, ''], ['SET_PRINT_COPIES', 1], ['ADD_PRINT_HTM', 0, 0, '100%', '100%', '<p>x</p>'], ['PREVIEW']]);
  });

  it('[BB-PRINT-02] [BB-PRINT-03] prints straight away (alwaysPrint), horizontal, with the copies asked for', () => {
    const { lodop, calls } = fakeLodop();
    printWithService(lodop, '<p>x</p>', { template: 't', direction: 'horizontal', printCopies: 3, alwaysPrint: true, pageSize: { width: '241mm', height: '140mm' } });
    expect(calls).toContainEqual(['SET_PRINT_PAGESIZE', 2, 2410, 1400, '']);
    expect(calls).toContainEqual(['SET_PRINT_COPIES', 3]);
    expect(calls.at(-1)).toEqual(['PRINT']);
  });

  it('escapes every value of the repair-order template', () => {
    const html = renderTemplate('repair-order', { roNo: 'RO1', dealerName: '<script>alert(1)</script>', labourAmount: 1234.5, partAmount: 0, totalAmount: 1234.5 });
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('1,234.50');
    // The server answers money as exact decimal text: printed the same way, to the cent.
    const text = renderTemplate('repair-order', { roNo: 'RO1', labourAmount: '1234567.5', partAmount: '0.10', totalAmount: '-1234567.60' });
    expect(text).toContain('1,234,567.50');
    expect(text).toContain('0.10');
    expect(text).toContain('-1,234,567.60');
    expect(() => renderTemplate('nope', {})).toThrow('未知的打印模板：nope');
  });
});

describe('anchor navigation and charts', () => {
  it('[BB-ANCHOR-05] [BB-ANCHOR-06] shows the anchor bar and the 置顶 / 置底 buttons only past 60 px of scroll', () => {
    expect([0, 60, 61].map(showsAnchorControls)).toEqual([false, false, true]);
  });

  it('charts draw with font size 14, one series per field, pies from the first series', () => {
    const rows = [{ day: '2026-01-01', count: 3 }, { day: '2026-01-02', count: '5' }];
    const line = chartOption({ chart: 'bar', xField: 'day', series: [{ field: 'count', name: '开单数' }] }, rows) as { textStyle: { fontSize: number }; xAxis: { data: string[] }; series: { type: string; data: number[] }[] };
    expect(line.textStyle.fontSize).toBe(14);
    expect(line.xAxis.data).toEqual(['2026-01-01', '2026-01-02']);
    expect(line.series).toEqual([expect.objectContaining({ type: 'bar', data: [3, 5] })]);
    const pie = chartOption({ chart: 'pie', xField: 'day', series: [{ field: 'count', name: '开单数' }] }, rows) as { series: { data: unknown[] }[] };
    expect(pie.series[0]!.data).toEqual([{ name: '2026-01-01', value: 3 }, { name: '2026-01-02', value: 5 }]);
  });
});

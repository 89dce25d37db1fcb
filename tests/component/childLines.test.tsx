import { fireEvent, render, screen as view, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Field } from '../../schemas/screen/screen.types';
import { ChildLinesView } from '../../runtime/widgets/ChildLinesView';
import { renderForm } from './formHarness';

const labourLines: Field = {
  fieldName: 'labourLines',
  label: '工时明细',
  type: 'child-lines',
  lines: {
    columns: [
      { name: 'labourName', title: '工时项目', required: true, maxlength: 20 },
      { name: 'hours', title: '工时', type: 'number', required: true, precision: 1 },
      { name: 'rate', title: '单价', type: 'number', required: true, precision: 2 },
      { name: 'amount', title: '金额', compute: 'round(hours * rate, 2)', precision: 2 },
    ],
    totals: [
      { label: '工时费', value: "sum(lines, 'amount')", precision: 2 },
      { label: '行数', value: 'count(lines)' },
    ],
    maxRows: 3,
  },
};
const remark: Field = { fieldName: 'remark', label: '备注', type: 'input' };

const total = (label: string) => document.querySelector(`[data-total="${label}"]`)!.textContent;
const cell = (line: number, name: string) => document.querySelector(`[data-line="${line}"] [data-column="${name}"]`)!;
const input = (line: number, name: string) => cell(line, name).querySelector('input')!;
const type = (line: number, name: string, value: string) => fireEvent.change(input(line, name), { target: { value } });

describe('child lines in a form', () => {
  it('shows stored lines with their computed column and totals, and saves them with the record in one submit', () => {
    const form = renderForm([remark, labourLines], {
      mode: 'edit',
      record: { remark: 'x', labourLines: [{ id: 7, lineNo: 1, labourName: '更换机油', hours: '1.5', rate: '120.00', amount: '180.00' }] },
    });
    expect(cell(1, 'amount').textContent).toBe('180.00');
    expect(total('工时费')).toBe('工时费：180.00');
    type(1, 'hours', '2');
    expect(cell(1, 'amount').textContent).toBe('240.00');
    expect(total('工时费')).toBe('工时费：240.00');
    form.submit();
    expect(form.submitted).toEqual([{ remark: 'x', labourLines: [{ id: 7, lineNo: 1, labourName: '更换机油', hours: '2', rate: '120.00', amount: '180.00' }] }]);
  });

  it('adds, copies and removes lines, the totals following every keystroke', () => {
    const form = renderForm([labourLines], { mode: 'add' });
    expect(view.getByText('暂无明细')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: '新增行' }));
    type(1, 'labourName', '四轮定位');
    type(1, 'hours', '1');
    type(1, 'rate', '200');
    expect(total('工时费')).toBe('工时费：200.00');
    fireEvent.click(within(document.querySelector('[data-line="1"]') as HTMLElement).getByRole('button', { name: '复制' }));
    expect(total('工时费')).toBe('工时费：400.00');
    expect(total('行数')).toBe('行数：2');
    type(2, 'hours', '0.5');
    expect(cell(2, 'amount').textContent).toBe('100.00');
    expect(total('工时费')).toBe('工时费：300.00');
    fireEvent.click(within(document.querySelector('[data-line="1"]') as HTMLElement).getByRole('button', { name: '删除' }));
    expect(total('工时费')).toBe('工时费：100.00');
    form.submit();
    expect(form.submitted).toEqual([{ labourLines: [{ labourName: '四轮定位', hours: '0.5', rate: '200' }] }]);
  });

  it('computes in exact decimals as the server does, and sends an emptied list as [] so the server removes the lines', () => {
    const form = renderForm([labourLines], { mode: 'edit', record: { labourLines: [{ labourName: 'A', hours: '0.3', rate: '33.33' }, { labourName: 'B', hours: '1.5', rate: '0.67' }] } });
    // 0.3 × 33.33 = 9.999 → 10.00 and 1.5 × 0.67 = 1.005 → 1.01 (half up), as the model's round(hours * rate, 2).
    expect(cell(1, 'amount').textContent).toBe('10.00');
    expect(cell(2, 'amount').textContent).toBe('1.01');
    expect(total('工时费')).toBe('工时费：11.01');
    for (const line of [2, 1]) fireEvent.click(within(document.querySelector(`[data-line="${line}"]`) as HTMLElement).getByRole('button', { name: '删除' }));
    expect(total('工时费')).toBe('工时费：0.00');
    form.submit();
    expect(form.submitted).toEqual([{ labourLines: [] }]);
  });

  it('keeps the focused input while typing (a row keeps its key when its line changes)', () => {
    renderForm([labourLines], { mode: 'edit', record: { labourLines: [{ labourName: 'A', hours: '1', rate: '10' }] } });
    const hours = input(1, 'hours');
    hours.focus();
    fireEvent.change(hours, { target: { value: '3' } });
    expect(input(1, 'hours')).toBe(hours);
    expect(document.activeElement).toBe(hours);
  });

  it('checks each cell by its column, names the first problem by its line, and marks the cells', () => {
    const form = renderForm([labourLines], { mode: 'edit', record: { labourLines: [{ labourName: 'A', hours: '1', rate: '10' }, { labourName: '', hours: '1.25', rate: '10' }] } });
    form.submit();
    expect(form.failed).toEqual([{ labourLines: '工时明细第2行：工时项目不能为空' }]);
    expect(input(2, 'labourName').getAttribute('aria-invalid')).toBe('true');
    expect(input(1, 'labourName').getAttribute('aria-invalid')).toBeNull();
    type(2, 'labourName', 'B');
    form.submit();
    expect(form.failed.at(-1)).toEqual({ labourLines: '工时明细第2行：工时最多保留1位小数' });
    type(2, 'hours', '-1');
    form.submit();
    expect(form.failed.at(-1)).toEqual({ labourLines: '工时明细第2行：工时不能小于0' });
  });

  it('shows the lines that fit the window at once (at most 30) and the rest in the following frames, and a line added later at once (issue 22 speed)', async () => {
    const many = { ...labourLines, lines: { ...labourLines.lines!, maxRows: 1000 } };
    renderForm([many], { mode: 'edit', record: { labourLines: Array.from({ length: 80 }, (_, i) => ({ labourName: `L${i}`, hours: '1', rate: '2' })) } });
    // jsdom has no layout: the table's top is 0, so the window's height in 29px lines (768 px: 27 lines).
    expect(document.querySelectorAll('[data-line]').length).toBe(Math.ceil(window.innerHeight / 29));
    expect(total('工时费')).toBe('工时费：160.00');
    await waitFor(() => expect(document.querySelectorAll('[data-line]').length).toBe(80));
    fireEvent.click(view.getByRole('button', { name: '新增行' }));
    expect(document.querySelectorAll('[data-line]').length).toBe(81);
  });

  it('renders only a few lines at first for a table below the window (issue 22 speed)', async () => {
    const many = { ...labourLines, lines: { ...labourLines.lines!, maxRows: 1000 } };
    const below = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 2000, bottom: 2400, left: 0, right: 800, width: 800, height: 400, x: 0, y: 2000, toJSON: () => ({}) });
    try {
      renderForm([many], { mode: 'edit', record: { labourLines: Array.from({ length: 80 }, (_, i) => ({ labourName: `L${i}`, hours: '1', rate: '2' })) } });
      expect(document.querySelectorAll('[data-line]').length).toBe(3);
      expect(total('工时费')).toBe('工时费：160.00');
    } finally {
      below.mockRestore();
    }
    await waitFor(() => expect(document.querySelectorAll('[data-line]').length).toBe(80));
  });

  it('keeps every line in place when a copy moves lines across the blocks that skip rendering off screen (issue 22 speed)', async () => {
    const many = { ...labourLines, lines: { ...labourLines.lines!, maxRows: 1000 } };
    const form = renderForm([many], { mode: 'edit', record: { labourLines: Array.from({ length: 25 }, (_, i) => ({ labourName: `L${i + 1}`, hours: '1', rate: String(i + 1) })) } });
    await waitFor(() => expect(document.querySelectorAll('[data-line]').length).toBe(25));
    expect(document.querySelectorAll('.dms-lines-block')).toHaveLength(2);
    const last = input(25, 'labourName');
    last.focus();
    fireEvent.click(within(document.querySelector('[data-line="3"]') as HTMLElement).getByRole('button', { name: '复制' }));
    // Line 20 moved into the second block; the focused input of the last line stayed the same element.
    expect([...document.querySelectorAll('[data-line] [data-column="labourName"] input')].map((box) => (box as HTMLInputElement).value)).toEqual(['L1', 'L2', 'L3', 'L3', ...Array.from({ length: 22 }, (_, i) => `L${i + 4}`)]);
    expect(input(26, 'labourName')).toBe(last);
    expect(document.activeElement).toBe(last);
    expect(total('工时费')).toBe('工时费：328.00');
    form.submit();
    expect((form.submitted[0] as { labourLines: unknown[] }).labourLines).toHaveLength(26);
  });

  it('stops adding at maxRows', () => {
    renderForm([labourLines], { mode: 'edit', record: { labourLines: [{}, {}, {}] } });
    expect((view.getByRole('button', { name: '新增行' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows lines read-only without buttons in show mode', () => {
    renderForm([labourLines], { mode: 'show', record: { labourLines: [{ labourName: 'A', hours: '2', rate: '10' }] } });
    expect(view.queryByRole('button', { name: '新增行' })).toBeNull();
    expect(view.queryByRole('button', { name: '删除' })).toBeNull();
    expect(input(1, 'hours').disabled).toBe(true);
    expect(total('工时费')).toBe('工时费：20.00');
  });
});

describe('child lines read-only (the record page, the 详情 drawer)', () => {
  const spec = labourLines.lines!;
  const lines = (count: number) => Array.from({ length: count }, (_, i) => ({ labourName: `L${i}`, hours: '1', rate: '2' }));

  it('shows a long table’s lines in view at once and its totals with its last line, summing every line (issue 22 speed)', async () => {
    render(<ChildLinesView spec={spec} lines={lines(80)} record={{}} />);
    // jsdom has no layout: the table's top is 0, so the window's height in 29px lines.
    expect(document.querySelectorAll('[data-line]').length).toBe(Math.ceil(window.innerHeight / 29));
    expect(document.querySelector('[data-total]')).toBeNull();
    await waitFor(() => expect(document.querySelectorAll('[data-line]').length).toBe(80));
    expect(total('工时费')).toBe('工时费：160.00');
    expect(total('行数')).toBe('行数：80');
  });

  it('shows a short table’s totals in its first frame', () => {
    render(<ChildLinesView spec={spec} lines={lines(2)} record={{}} />);
    expect(document.querySelectorAll('[data-line]').length).toBe(2);
    expect(total('工时费')).toBe('工时费：4.00');
  });
});

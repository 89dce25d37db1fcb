// A child-lines column of type select (the tariff's period kinds 尖/峰/平/谷): a plain <select> per cell in the form,
// checked against its options, saved as the option's value, shown read-only as the option's text.
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChildLines, Field, Option } from '../../schemas/screen/screen.types';
import { ChildLinesView } from '../../runtime/widgets/ChildLinesView';
import { linesProblem } from '../../runtime/widgets/childLines';
import { renderForm } from './formHarness';

const KINDS: [Option, ...Option[]] = [
  { value: '84041001', text: '尖' },
  { value: '84041002', text: '峰' },
  { value: '84041003', text: '平' },
  { value: '84041004', text: '谷' },
];
const periods: Field = {
  fieldName: 'periods',
  label: '时段',
  type: 'child-lines',
  lines: {
    columns: [
      { name: 'start', title: '开始时刻', required: true, maxlength: 5 },
      { name: 'kind', title: '时段类型', type: 'select', required: true, options: KINDS },
      { name: 'electricityPrice', title: '电费单价', type: 'number', required: true, precision: 4 },
    ],
  },
};

const select = (line: number) => document.querySelector(`[data-line="${line}"] [data-column="kind"] select`) as HTMLSelectElement;

describe('a select column of child lines', () => {
  it('offers the options, requires one, and submits the chosen value', () => {
    const form = renderForm([periods], { mode: 'edit', record: { periods: [{ start: '00:00', electricityPrice: '0.35' }] } });
    expect([...select(1).options].map((o) => o.textContent)).toEqual(['请选择', '尖', '峰', '平', '谷']);
    form.submit();
    expect(form.failed).toEqual([{ periods: '时段第1行：时段类型不能为空' }]);
    expect(select(1).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(select(1), { target: { value: '84041004' } });
    form.submit();
    expect(form.submitted).toEqual([{ periods: [{ start: '00:00', kind: '84041004', electricityPrice: '0.35' }] }]);
  });

  it('refuses a stored value that is not among the options', () => {
    const form = renderForm([periods], { mode: 'edit', record: { periods: [{ start: '00:00', kind: 'X', electricityPrice: '0.35' }] } });
    form.submit();
    expect(form.failed).toEqual([{ periods: '时段第1行：时段类型请从列表中选择' }]);
  });

  it('a column whose options come from a request (分配技师\'s technicians) is required but not checked against options it does not hold', () => {
    const spec: ChildLines = { columns: [{ name: 'technicianId', title: '技师', type: 'select', required: true, request: { api: 'basedata:GET employees/byPosition', valueKey: 'userId', textKey: 'employeeName' } }] };
    expect(linesProblem([{ technicianId: 17 }], spec)).toBeUndefined();
    expect(linesProblem([{}], spec)).toBe('第1行：技师不能为空');
  });

  it('shows the option\'s text read-only', () => {
    render(<ChildLinesView spec={periods.lines!} lines={[{ start: '07:00', kind: '84041003', electricityPrice: '0.7000' }]} record={{}} />);
    expect(document.querySelector('[data-line="1"] [data-column="kind"]')!.textContent).toBe('平');
  });
});

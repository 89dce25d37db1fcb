import { describe, expect, it } from 'vitest';
import type { Field } from '../../schemas/screen/screen.types';
import { renderForm } from './formHarness';

const text = (fieldName: string, label: string, extra: Partial<Field> = {}): Field => ({ fieldName, label, type: 'input', ...extra });

describe('expressions in form conditions', () => {
  const fields = [
    { fieldName: 'kind', label: '类别', type: 'select', options: [{ value: 'A', text: '甲类' }, { value: 'B', text: '乙类' }] },
    text('reason', '原因', { required: "form.kind == 'B'" }),
    text('note', '说明', { required: "contains(form.reason, '其他')", hidden: 'len(form.reason) == 0' }),
  ] satisfies Field[];
  const star = (cell: HTMLElement | null) => cell?.querySelector('.dms-field-required') ?? null;

  it('does not require a field whose required expression is false', () => {
    const form = renderForm(fields, { mode: 'edit', record: { kind: 'A' } });
    expect(star(form.cellOf('reason'))).toBeNull();
    form.submit();
    expect(form.failed).toEqual([]);
    expect(form.submitted).toEqual([{ kind: 'A' }]);
  });

  it('requires a field while its expression holds, the star, the message and a hidden field following the values as typed', () => {
    const form = renderForm(fields, { mode: 'edit', record: { kind: 'B' } });
    expect(star(form.cellOf('reason'))).not.toBeNull();
    expect(form.cellOf('note')).toBeNull();
    form.submit();
    expect(form.failed).toEqual([{ reason: '原因不能为空' }]);
    form.type('reason', '其他原因');
    expect(star(form.cellOf('note'))).not.toBeNull();
    form.submit();
    expect(form.failed.at(-1)).toEqual({ note: '说明不能为空' });
    form.type('note', '客户要求');
    form.submit();
    expect(form.submitted).toEqual([{ kind: 'B', reason: '其他原因', note: '客户要求' }]);
  });
});

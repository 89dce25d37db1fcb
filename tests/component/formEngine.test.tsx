import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addExtensions } from './screenExtensionsHarness';
import type { Field } from '../../schemas/screen/screen.types';
import type { WidgetProps } from '../../runtime/widgets/widgetProps';
import { renderForm } from './formHarness';

const text = (fieldName: string, label: string, extra: Partial<Field> = {}): Field => ({ fieldName, label, type: 'input', ...extra });

describe('the form engine', () => {
  it('[BB-FORM-04] [BB-FORM-05] [BB-FORM-07] offers 保 存 and 重 置 in add mode', () => {
    renderForm([text('a', '甲')]);
    expect(view.getByRole('button', { name: '保 存' })).toBeTruthy();
    expect(view.getByRole('button', { name: '重 置' })).toBeTruthy();
  });

  it('[BB-FORM-06] [BB-FORM-07] offers 修 改 and 重 置 in edit mode', () => {
    renderForm([text('a', '甲')], { mode: 'edit', record: { a: 'x' } });
    expect(view.getByRole('button', { name: '修 改' })).toBeTruthy();
    expect(view.getByRole('button', { name: '重 置' })).toBeTruthy();
    expect(view.queryByRole('button', { name: '保 存' })).toBeNull();
  });

  it('[BO-FORM-01] [BO-FORM-02] [BB-FORM-08] [BB-FORM-09] disables every field in show mode and hides empty text inputs', () => {
    const form = renderForm(
      [
        text('filled', '已填'),
        text('empty', '未填'),
        { fieldName: 'note', label: '备注', type: 'textarea' },
        { fieldName: 'count', label: '数量', type: 'number' },
        { fieldName: 'kind', label: '类别', type: 'select', options: [{ value: 'A', text: '甲类' }] },
        { fieldName: 'ok', label: '确认', type: 'checkbox' },
      ],
      { mode: 'show', record: { filled: '有值', count: 3, kind: 'A', ok: '1' } },
    );
    expect(form.cellOf('filled')).not.toBeNull();
    expect(form.cellOf('empty')).toBeNull();
    expect(form.cellOf('note')).toBeNull();
    expect(form.cellOf('count')).not.toBeNull();
    const controls = [...form.container.querySelectorAll<HTMLInputElement>('input, textarea')];
    expect(controls.length).toBeGreaterThan(3);
    expect(controls.every((c) => c.disabled)).toBe(true);
    expect(view.queryByRole('button', { name: '保 存' })).toBeNull();
    expect(view.queryByRole('button', { name: '重 置' })).toBeNull();
  });

  it('[BB-FORM-02] [BB-FORM-03] collapses a collapsible form to two rows behind 展开/收起', () => {
    const fields = Array.from({ length: 8 }, (_, i) => text(`f${i}`, `字段${i}`));
    const form = renderForm(fields, { collapsible: true, cols: 3 });
    const shown = () => fields.filter((f) => form.cellOf(f.fieldName) !== null).length;
    expect(shown()).toBe(6);
    fireEvent.click(view.getByRole('button', { name: /展开/ }));
    expect(shown()).toBe(8);
    fireEvent.click(view.getByRole('button', { name: /收起/ }));
    expect(shown()).toBe(6);
  });

  it('[BB-FORM-36] [BB-FORM-37] [BB-FORM-35] [BB-FORM-41] normalises the ranges, validates, then emits the record with "|" names split', () => {
    const form = renderForm(
      [
        text('name', '姓名', { required: true }),
        { fieldName: 'from|to', label: '日期', type: 'date-range' },
        { fieldName: 'min|max', label: '金额', type: 'number-range' },
        { fieldName: 'start|end', label: '时段', type: 'time-select-range' },
      ],
      { mode: 'edit', record: { name: '王伟', from: '2026-01-01', max: 5, start: '09:00' } },
    );
    form.type('name', ' 李娜 ');
    form.submit();
    expect(form.submitted).toEqual([{ name: '李娜', from: '2026-01-01', to: '2026-01-01', min: 5, max: 5, start: '09:00', end: '09:00' }]);
    // The form shows the normalised pair: both ends of the number range now read 5.
    const ends = [...form.cellOf('min|max')!.querySelectorAll('input')].map((i) => i.value);
    expect(ends).toEqual(['5', '5']);
  });

  it('[BB-FORM-40] validates an emptied range as an empty list, which a required range refuses', () => {
    const form = renderForm([{ fieldName: 'min|max', label: '金额', type: 'number-range', required: true }], { mode: 'edit', record: {} });
    form.submit();
    expect(form.failed).toEqual([{ 'min|max': '金额不能为空' }]);
  });

  it('[BB-FORM-38] reports each failing field by its label and emits nothing; the error follows the value once corrected', async () => {
    const form = renderForm([text('name', '姓名', { required: true }), text('phone', '手机', { format: 'mobile' }), text('id', '身份证', { format: 'idCard' }), text('code', '信用代码', { format: 'creditCode' })]);
    form.type('phone', '12345');
    form.type('id', '110105194912310021');
    form.type('code', '91350100M000100Y44');
    form.submit();
    expect(form.submitted).toEqual([]);
    expect(form.failed).toEqual([
      {
        name: '姓名不能为空',
        phone: '手机格式不正确（11位手机号）',
        id: '身份证格式不正确（18位居民身份证号，出生日期与末位校验码需正确）',
        code: '信用代码格式不正确（18位统一社会信用代码，末位校验码需正确）',
      },
    ]);
    expect(form.errorOf('name')).toBe('姓名不能为空');
    form.type('name', '王伟');
    await waitFor(() => expect(form.errorOf('name')).toBeUndefined());
    expect(form.errorOf('phone')).toBe('手机格式不正确（11位手机号）');
  });

  it('[BB-FORM-39] answers [has error, data] without emitting', () => {
    const form = renderForm([text('name', '姓名', { required: true }), { fieldName: 'a|b', label: '区间', type: 'number-range' }]);
    let result: [boolean, Record<string, unknown>] = [false, {}];
    act(() => void (result = form.handle.current!.validate()));
    expect(result).toEqual([true, {}]);
    form.type('name', '王伟');
    act(() => void (result = form.handle.current!.validate()));
    expect(result).toEqual([false, { name: '王伟' }]);
    expect(form.submitted).toEqual([]);
  });

  it('[BB-FORM-11] honours each part of a field definition: label, labelWidth, hidden, disabled, change, selfCols and offsets', async () => {
    const form = renderForm(
      [
        { fieldName: 'kind', label: '类别', type: 'radio', options: [{ value: 'P', text: '个人' }, { value: 'C', text: '公司' }], labelWidth: 60, change: [{ clear: ['company'] }, { when: "value == 'C'", set: { note: "'公司客户'" } }] },
        text('company', '公司名称', { disabled: "form.kind != 'C'", selfCols: 2 }),
        text('note', '备注', { offsetLeftCols: 1 }),
        text('secret', '内部编号', { hidden: true, defaultValue: 'S1' }),
        text('extra', '补充', { hidden: "form.kind == 'C'", offsetRightCols: 1 }),
      ],
      { cols: 3 },
    );
    const label = within(form.cellOf('kind')!).getByText('类别');
    expect(label.closest('label')!.style.width).toBe('60px');
    expect(form.cellOf('company')!.className).toContain('ant-col-16');
    expect(form.cellOf('note')!.className).toContain('ant-col-offset-8');
    expect(form.cellOf('secret')).toBeNull();
    expect(form.input('company').disabled).toBe(true);
    fireEvent.click(within(form.cellOf('kind')!).getByText('公司'));
    await waitFor(() => expect(form.input('company').disabled).toBe(false));
    expect(form.input('note').value).toBe('公司客户');
    expect(form.cellOf('extra')).toBeNull();
    form.type('company', '华晟');
    fireEvent.click(within(form.cellOf('kind')!).getByText('个人'));
    await waitFor(() => expect(form.input('company').disabled).toBe(true));
    expect(form.input('company').value).toBe('');
    expect(form.cellOf('extra')).not.toBeNull();
    form.submit();
    expect(form.submitted).toEqual([{ kind: 'P', note: '公司客户', secret: 'S1' }]);
  });

  it('resets to the starting values, clears the errors and reports the reset', () => {
    const form = renderForm([text('name', '姓名', { required: true, defaultValue: '默认' })]);
    form.type('name', '');
    form.submit();
    expect(form.errorOf('name')).toBe('姓名不能为空');
    fireEvent.click(view.getByRole('button', { name: '重 置' }));
    expect(form.input('name').value).toBe('默认');
    expect(form.errorOf('name')).toBeUndefined();
    expect(form.resets).toEqual([{ name: '默认' }]);
  });

  it('submits on Enter in a text input', () => {
    const form = renderForm([text('name', '姓名')]);
    form.type('name', '王伟');
    fireEvent.keyDown(form.input('name'), { key: 'Enter', keyCode: 13 });
    expect(form.submitted).toEqual([{ name: '王伟' }]);
  });

  describe('one keystroke', () => {
    const renders = new Map<string, number>();
    function CountingWidget({ id, field, value, onChange }: WidgetProps<string>) {
      renders.set(field.fieldName, (renders.get(field.fieldName) ?? 0) + 1);
      return <input id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value)} />;
    }
    let restore: () => void = () => undefined;
    afterEach(() => restore());

    it('re-renders the one field that changed, not the other 199', () => {
      restore = addExtensions({ fieldTypes: { counting: { component: CountingWidget, valueSchema: () => ({ type: 'string' }) } } });
      const fields = Array.from({ length: 200 }, (_, i) => ({ fieldName: `f${i}`, label: `字段${i}`, type: 'counting' }));
      const form = renderForm(fields, { cols: 4 });
      const before = new Map(renders);
      for (const value of ['a', 'ab', 'abc']) form.type('f100', value);
      const changed = fields.filter((f) => renders.get(f.fieldName) !== before.get(f.fieldName)).map((f) => f.fieldName);
      expect(changed).toEqual(['f100']);
      expect(renders.get('f100')! - before.get('f100')!).toBe(3);
    });
  });
});

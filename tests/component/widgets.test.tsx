import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Field } from '../../schemas/screen/screen.types';
import { dictionaries } from '../../runtime/stores/dictionaries';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { openDropdown, optionTexts, pick, renderForm } from './formHarness';

describe('text input', () => {
  it('[BB-FORM-12] [BO-FLT-08] trims the value on change while the box keeps what was typed until it loses focus', () => {
    const form = renderForm([{ fieldName: 'name', label: '姓名', type: 'input' }]);
    form.type('name', '  王 伟 ');
    expect(form.input('name').value).toBe('  王 伟 ');
    form.submit();
    expect(form.submitted).toEqual([{ name: '王 伟' }]);
    fireEvent.blur(form.input('name'));
    expect(form.input('name').value).toBe('王 伟');
  });

  it('[BO-FLT-09] [BO-FLT-10] [BO-FLT-11] allows 99999999 characters in filters, 999 in forms, and at least 0', () => {
    const field: Field = { fieldName: 'name', label: '姓名', type: 'input' };
    const inForm = renderForm([field]);
    expect([inForm.input('name').maxLength, inForm.input('name').minLength]).toEqual([999, 0]);
    inForm.unmount();
    const inFilter = renderForm([field], { mode: 'filter' });
    expect(inFilter.input('name').maxLength).toBe(99999999);
    inFilter.type('name', 'x'.repeat(1000));
    inFilter.submit();
    expect((inFilter.submitted[0]!.name as string).length).toBe(1000);
  });

  it('[BO-FLT-12] [BO-FLT-13] lets the pattern refuse a keystroke that does not match, but never a deletion', () => {
    const form = renderForm([{ fieldName: 'code', label: '代码', type: 'input', pattern: '^[0-9]{0,6}$' }], { mode: 'edit', record: { code: 'AB1234' } });
    form.type('code', 'AB12345');
    expect(form.input('code').value).toBe('AB1234');
    form.type('code', 'AB123');
    expect(form.input('code').value).toBe('AB123');
    form.type('code', '');
    form.type('code', '12');
    form.type('code', '12x');
    expect(form.input('code').value).toBe('12');
  });
});

describe('number input and number range', () => {
  it('[BB-FORM-13] [BO-FLT-14] [BO-FLT-15] [BO-FLT-16] defaults to min 0, max 99999999, step 1', () => {
    const form = renderForm([{ fieldName: 'qty', label: '数量', type: 'number' }], { mode: 'edit', record: { qty: 5 } });
    const input = form.input('qty');
    expect([input.getAttribute('aria-valuemin'), input.getAttribute('aria-valuemax')]).toEqual(['0', '99999999']);
    fireEvent.keyDown(input, { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 });
    form.submit();
    expect(form.submitted).toEqual([{ qty: 6 }]);
  });

  it('[BB-FORM-46] [BB-FORM-47] shows thousands separated by a comma and a space, and submits the plain number', () => {
    const form = renderForm([{ fieldName: 'amount', label: '金额', type: 'number' }]);
    form.type('amount', '1234567.5');
    fireEvent.blur(form.input('amount'));
    expect(form.input('amount').value).toBe('1, 234, 567.5');
    form.submit();
    expect(form.submitted).toEqual([{ amount: 1234567.5 }]);
  });

  it('[BB-FORM-14] edits a range of two numbers, put in order when the field is left', () => {
    const form = renderForm([{ fieldName: 'min|max', label: '预算', type: 'number-range' }]);
    const [start, end] = [...form.cellOf('min|max')!.querySelectorAll('input')];
    fireEvent.change(start!, { target: { value: '500' } });
    fireEvent.change(end!, { target: { value: '100' } });
    fireEvent.blur(end!);
    form.submit();
    expect(form.submitted).toEqual([{ min: 100, max: 500 }]);
  });
});

describe('select', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = fakeServer({
      'GET /api/repair/types': ({ params }) => ok({ page: { items: [{ code: 'RT01', name: '一般维修' }, { code: 'RT02', name: '定期保养' }] }, echo: params }),
      'GET /api/basedata/employees/byPosition': ({ params }) => {
        const keyword = (params as { keyword?: string }).keyword ?? '';
        return ok([{ userId: 1, employeeName: '王伟' }, { userId: 2, employeeName: '李娜' }].filter((u) => u.employeeName.includes(keyword)));
      },
      'GET /api/repair/broken': { resultCode: 500, errMsg: '系统出错，联系管理员', data: null },
    }).calls;
  });

  it('[BB-FORM-15] [BB-FORM-34] chooses one option, shows its colour and labels, and skips a disabled one', async () => {
    const form = renderForm([
      {
        fieldName: 'level',
        label: '客户等级',
        type: 'select',
        options: [
          { value: 'A', text: '金卡', color: '#faad14', labelList: ['重点'] },
          { value: 'B', text: '银卡' },
          { value: 'C', text: '停用', disabled: true },
        ],
      },
    ]);
    await openDropdown(form.input('level'));
    await pick('金卡');
    const shown = form.cellOf('level')!;
    expect((shown.querySelector('.dms-option-color') as HTMLElement).style.background).toContain('250, 173, 20');
    expect(within(shown).getByText('重点')).toBeTruthy();
    const disabled = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.getAttribute('title') === '停用')!;
    expect(disabled.className).toContain('ant-select-item-option-disabled');
    form.submit();
    expect(form.submitted).toEqual([{ level: 'A' }]);
  });

  it('[BB-FORM-15] chooses several options from a dictionary, and free tags', async () => {
    dictionaries.byType = new Map([['8055', [{ value: '80551001', text: '电话' }, { value: '80551002', text: '短信' }]]]);
    const form = renderForm([
      { fieldName: 'channels', label: '回访方式', type: 'select', dict: '8055', multiple: true },
      { fieldName: 'tags', label: '标签', type: 'select', tags: true },
    ]);
    await openDropdown(form.input('channels'));
    await pick('电话');
    await pick('短信');
    fireEvent.change(form.input('tags'), { target: { value: '老客户' } });
    fireEvent.keyDown(form.input('tags'), { key: 'Enter', keyCode: 13 });
    form.submit();
    expect(form.submitted).toEqual([{ channels: ['80551001', '80551002'], tags: ['老客户'] }]);
  });

  it('[BB-FORM-51] [BB-FORM-52] [BB-FORM-53] [BO-LOOK-14] loads options from a request with its params, at the datakey path, by valueKey and textKey', async () => {
    const form = renderForm([
      { fieldName: 'type', label: '维修类型', type: 'select', request: { api: 'repair:GET types', params: { brand: 'HS' }, datakey: 'page.items', valueKey: 'code', textKey: 'name' } },
    ]);
    await openDropdown(form.input('type'));
    await pick('定期保养');
    expect(calls.find((c) => c.url === '/api/repair/types')!.params).toEqual({ brand: 'HS' });
    form.submit();
    expect(form.submitted).toEqual([{ type: 'RT02' }]);
  });

  it('[BO-LOOK-14] reads options only from an answer with resultCode 200: a refused answer carrying a list shows none, for a loader and a search alike', async () => {
    const list = [{ code: 'X1', name: '不应出现' }];
    const refused = { resultCode: 403, errMsg: '没有该菜单的权限', data: list };
    const server = fakeServer({
      'GET /api/repair/refusedTypes': refused,
      'GET /api/basedata/refusedSearch': refused,
      'GET /api/repair/grantedTypes': ok(list.map((i) => ({ ...i, name: '应出现' }))),
    });
    const form = renderForm([
      { fieldName: 'refused', label: '被拒', type: 'select', request: { api: 'repair:GET refusedTypes', valueKey: 'code', textKey: 'name' } },
      { fieldName: 'search', label: '搜索', type: 'select', request: { api: 'basedata:GET refusedSearch', searchParam: 'keyword', valueKey: 'code', textKey: 'name' } },
      { fieldName: 'granted', label: '允许', type: 'select', request: { api: 'repair:GET grantedTypes', valueKey: 'code', textKey: 'name' } },
    ]);
    await openDropdown(form.input('granted'));
    await waitFor(() => expect(optionTexts()).toEqual(['应出现']));
    await openDropdown(form.input('refused'));
    await waitFor(() => expect(server.calls.some((c) => c.url === '/api/repair/refusedTypes')).toBe(true));
    await openDropdown(form.input('search'));
    fireEvent.change(form.input('search'), { target: { value: '不' } });
    await waitFor(() => expect(server.calls.some((c) => (c.params as { keyword?: string } | undefined)?.keyword === '不')).toBe(true));
    // Give the answers time to arrive; no dropdown may offer the refused list.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).not.toContain('不应出现');
  });

  it('[BB-FORM-54] sends the typed text as the search param for a remote search', async () => {
    const form = renderForm([
      { fieldName: 'receptionist', label: '接待', type: 'select', request: { api: 'basedata:GET employees/byPosition', params: { positionCode: 'KFZY' }, searchParam: 'keyword', valueKey: 'userId', textKey: 'employeeName' } },
    ]);
    await openDropdown(form.input('receptionist'));
    fireEvent.change(form.input('receptionist'), { target: { value: '李' } });
    await waitFor(() => expect(calls.some((c) => (c.params as { keyword?: string }).keyword === '李')).toBe(true));
    expect(calls.find((c) => (c.params as { keyword?: string }).keyword === '李')!.params).toEqual({ positionCode: 'KFZY', keyword: '李' });
    await waitFor(() => expect(optionTexts()).toEqual(['李娜']));
  });

  it('[BB-FORM-58] swallows a failing option request: no options, and the form still works', async () => {
    const form = renderForm([
      { fieldName: 'broken', label: '坏的', type: 'select', request: { api: 'repair:GET broken' } },
      { fieldName: 'name', label: '姓名', type: 'input' },
    ]);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/repair/broken')).toBe(true));
    await openDropdown(form.input('broken'));
    expect(optionTexts()).toEqual([]);
    form.type('name', '王伟');
    form.submit();
    expect(form.submitted).toEqual([{ name: '王伟' }]);
  });

  it('[BB-FORM-59] clears the search text 300 ms after the dropdown closes', async () => {
    const form = renderForm([{ fieldName: 'kind', label: '类别', type: 'select', options: [{ value: 'A', text: '甲类' }, { value: 'B', text: '乙类' }] }]);
    const input = form.input('kind');
    await openDropdown(input);
    fireEvent.change(input, { target: { value: '乙' } });
    await waitFor(() => expect(optionTexts()).toEqual(['乙类']));
    fireEvent.keyDown(input, { key: 'Escape', keyCode: 27 });
    const closedAt = Date.now();
    expect(input.value).toBe('乙');
    await waitFor(() => expect(input.value).toBe(''), { timeout: 2000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(290);
  });
});

describe('linked select input', () => {
  const field: Field = {
    fieldName: 'searchKey|searchValue',
    label: '查询条件',
    type: 'select-input',
    options: [{ value: 'plateNo', text: '车牌号' }, { value: 'phone', text: '手机号' }],
  };

  it('[BB-FORM-16] [BB-FORM-48] takes the first choice, and submits the form on Enter (keyCode 13)', async () => {
    const form = renderForm([field], { mode: 'filter' });
    form.type('searchKey|searchValue', '京A123');
    fireEvent.keyDown(form.input('searchKey|searchValue'), { key: 'Enter', keyCode: 13 });
    expect(form.submitted).toEqual([{ searchKey: 'plateNo', searchValue: '京A123' }]);
    await openDropdown(form.cellOf('searchKey|searchValue')!.querySelector('.dms-linked-select input')!);
    await pick('手机号');
    fireEvent.keyDown(form.input('searchKey|searchValue'), { key: 'Enter', keyCode: 13 });
    expect(form.submitted[1]).toEqual({ searchKey: 'phone', searchValue: '京A123' });
  });

  it('[BB-FORM-49] [BB-FORM-50] shows 无数据 and is disabled when its list is empty', () => {
    const form = renderForm([{ ...field, options: [] }]);
    const select = form.cellOf('searchKey|searchValue')!.querySelector('.dms-linked-select')!;
    expect(select.className).toContain('ant-select-disabled');
    expect(select.textContent).toContain('无数据');
  });
});

describe('checkbox, multi-checkbox and radio', () => {
  it('[BB-FORM-24] [BB-FORM-33] holds \'1\' when ticked and \'0\' otherwise, unless the field names other values', () => {
    const form = renderForm([
      { fieldName: 'pickup', label: '上门取车', type: 'checkbox' },
      { fieldName: 'vip', label: 'VIP', type: 'checkbox', trueValue: 'Y', falseValue: 'N' },
    ]);
    form.submit();
    expect(form.submitted).toEqual([{ pickup: '0', vip: 'N' }]);
    fireEvent.click(form.input('pickup'));
    fireEvent.click(form.input('vip'));
    form.submit();
    expect(form.submitted[1]).toEqual({ pickup: '1', vip: 'Y' });
  });

  it('[BB-FORM-25] [BB-FORM-26] chooses several with the multi-checkbox and one with the radio', () => {
    const options = [{ value: 'A', text: '保养' }, { value: 'B', text: '维修' }, { value: 'C', text: '洗车' }];
    const form = renderForm([
      { fieldName: 'items', label: '项目', type: 'checkbox-group', options },
      { fieldName: 'source', label: '来源', type: 'radio', options },
    ]);
    fireEvent.click(within(form.cellOf('items')!).getByText('保养'));
    fireEvent.click(within(form.cellOf('items')!).getByText('洗车'));
    fireEvent.click(within(form.cellOf('source')!).getByText('维修'));
    form.submit();
    expect(form.submitted).toEqual([{ items: ['A', 'C'], source: 'B' }]);
  });
});

describe('textarea and section divider', () => {
  it('[BB-FORM-27] [BB-FORM-42] [BB-FORM-43] [BO-FLT-17] [BO-FLT-18] allows 200 characters with a word counter (its 2 to 8 rows: tests/e2e/repairOrders.test.ts)', () => {
    const form = renderForm([{ fieldName: 'remark', label: '备注', type: 'textarea' }]);
    const area = form.input<HTMLTextAreaElement>('remark');
    expect(area.maxLength).toBe(200);
    fireEvent.change(area, { target: { value: '客户希望上午完成' } });
    expect(form.cellOf('remark')!.textContent).toContain('8 / 200');
    form.type('remark', 'x'.repeat(201));
    form.submit();
    expect(form.failed[0]!.remark).toContain('备注');
  });

  it('[BB-FORM-32] draws a section divider across the row, holding no value', () => {
    const form = renderForm([
      { fieldName: 'customer', label: '客户信息', type: 'divider' },
      { fieldName: 'name', label: '姓名', type: 'input' },
    ]);
    const divider = form.cellOf('customer')!;
    expect(divider.className).toContain('ant-col-24');
    expect(divider.querySelector('label')).toBeNull();
    expect(divider.textContent).toBe('客户信息');
    form.type('name', '王伟');
    form.submit();
    expect(form.submitted).toEqual([{ name: '王伟' }]);
  });
});

describe('masking and batch input', () => {
  it('[BO-MASK-01] [BO-MASK-03] [BO-MASK-04] masks a read-only value by its type (or its format) while the eye is on, and shows it when clicked', () => {
    const form = renderForm(
      [
        { fieldName: 'phone', label: '电话', type: 'input', mask: 'phone' },
        { fieldName: 'email', label: '邮箱', type: 'input', mask: 'email' },
        // No mask of its own: a mobile number is masked by its format.
        { fieldName: 'mobile', label: '手机', type: 'input', format: 'mobile' },
      ],
      { mode: 'show', record: { phone: '+8613912345678', email: 'zhaoxd@example.com', mobile: '13912345678' } },
    );
    expect(form.input('phone').value).toBe('+86139****5678');
    // The same rules as a table cell (runtime/masking/masks.ts).
    expect(form.input('email').value).toBe('z***@example.com');
    expect(form.input('mobile').value).toBe('139****5678');
    fireEvent.click(within(form.cellOf('phone')!).getByRole('button', { name: '显示完整内容' }));
    expect(form.input('phone').value).toBe('+8613912345678');
    fireEvent.click(within(form.cellOf('phone')!).getByRole('button', { name: '隐藏敏感内容' }));
    expect(form.input('phone').value).toBe('+86139****5678');
  });

  it('[BB-BATCH-01] [BB-BATCH-02] [BB-BATCH-06] opens 请输入查询项（每行一个） with the value one per line, confirm and cancel', async () => {
    const form = renderForm([{ fieldName: 'vin', label: 'VIN', type: 'input', batch: true }], { mode: 'filter' });
    form.type('vin', 'A1,B2');
    fireEvent.click(within(form.cellOf('vin')!).getByRole('button', { name: '批量输入' }));
    const dialog = await view.findByRole('dialog');
    expect(within(dialog).getByText('请输入查询项（每行一个）')).toBeTruthy();
    expect((dialog.querySelector('textarea') as HTMLTextAreaElement).value).toBe('A1\nB2');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(view.queryByText('请输入查询项（每行一个）')).toBeNull());
    expect(form.input('vin').value).toBe('A1,B2');
  });

  it('[BB-BATCH-03] [BB-BATCH-04] [BB-BATCH-05] confirms the lines as one comma-separated value', async () => {
    const form = renderForm([{ fieldName: 'vin', label: 'VIN', type: 'input', batch: true }], { mode: 'filter' });
    fireEvent.click(within(form.cellOf('vin')!).getByRole('button', { name: '批量输入' }));
    const dialog = await view.findByRole('dialog');
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: ' LHSA3B1C9TS000017 \n\n LHSA5D2C4LS144546\n' } });
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: '确定' })));
    await waitFor(() => expect(form.input('vin').value).toBe('LHSA3B1C9TS000017,LHSA5D2C4LS144546'));
    form.submit();
    expect(form.submitted).toEqual([{ vin: 'LHSA3B1C9TS000017,LHSA5D2C4LS144546' }]);
  });
});

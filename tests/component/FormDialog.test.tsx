import { act, fireEvent, screen as view, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { FormDialog } from '../../runtime/blocks/FormDialog';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { renderInApp } from './renderInApp';

// The repair orders' own screen, its dialog at the defaults (the screen widens it for the workshop's lines).
const ordersScreen = withDefaultDialogs(JSON.parse(readFileSync('screens/repair/orders.json', 'utf8')) as Screen);
const REPAIR_TYPES = ok([{ code: 'RT01', name: '一般维修' }, { code: 'RT02', name: '定期保养' }]);
const EMPTY_PAGE = ok({ total: 0, items: [] });
const RECORD = { id: 7, vin: 'LHSA3B1C9TS000017', plateNo: '京A12345', customerName: '王伟', phone: '13800138000', repairTypeCode: 'RT02', status: '80211002', mileage: 5000, labourAmount: 100, partAmount: 200, remark: null };

function withDefaultDialogs(screen: Screen): Screen {
  const dialogs = Object.fromEntries(Object.entries(screen.dialogs ?? {}).map(([name, { width: _width, ...dialog }]) => [name, dialog]));
  return { ...screen, dialogs } as Screen;
}

function dialogElement(): HTMLElement {
  return view.getByRole('dialog');
}

// The dialog's widgets have the ids dialog_<fieldName>.
function input(fieldName: string): HTMLInputElement {
  return dialogElement().querySelector(`#dialog_${fieldName}`)!;
}

function fill(fieldName: string, value: string) {
  fireEvent.change(input(fieldName), { target: { value } });
}

async function choose(fieldName: string, option: string) {
  fireEvent.mouseDown(input(fieldName));
  const choice = await waitFor(() => {
    const match = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === option);
    if (!match) throw new Error(`option ${option} not shown`);
    return match;
  });
  fireEvent.click(choice);
}

describe('the add and edit dialog', () => {
  let calls: FakeCall[];
  let store: ScreenStore;

  beforeEach(() => {
    calls = fakeServer({
      'GET /api/repair/basedataRepairtypes/findAllRepairType': REPAIR_TYPES,
      'GET /api/repair/order/repair/orders': EMPTY_PAGE,
      'POST /api/repair/order/repair/orders': ({ data }) => ok({ id: 99, ...(data as object) }),
      'GET /api/repair/order/repair/orders/7': ok(RECORD),
      'PUT /api/repair/order/repair/orders/7': ({ data }) => ok({ id: 7, ...(data as object) }),
    }).calls;
    store = new ScreenStore(ordersScreen, []);
  });

  it('[BO-DLG-04] [BO-DLG-05] [BB-FORM-05] opens for add at 60% width and 10vh from the top, with 取 消 and 保 存', async () => {
    renderInApp(<FormDialog store={store} />);
    act(() => store.openDialog('edit', 'add'));
    const dialog = await view.findByRole('dialog');
    expect(within(dialog).getByText('新增维修工单')).toBeTruthy();
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('60%');
    expect(modal.style.top).toBe('10vh');
    expect(within(dialog).getByRole('button', { name: '保 存' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取 消' })).toBeTruthy();
  });

  it('names each missing required field and each bad format in Chinese, and sends nothing', async () => {
    renderInApp(<FormDialog store={store} />);
    act(() => store.openDialog('edit', 'add'));
    await view.findByRole('dialog');
    fill('plateNo', '京I12345');
    fireEvent.click(within(dialogElement()).getByRole('button', { name: '保 存' }));
    const errors = await waitFor(() => {
      const shown = [...document.querySelectorAll('.dms-field-error')].map((e) => e.textContent);
      expect(shown.length).toBeGreaterThan(3);
      return shown;
    });
    expect(errors).toEqual(expect.arrayContaining(['VIN不能为空', '车主不能为空', '车主电话不能为空', '维修类型不能为空', '进厂里程不能为空']));
    expect(errors).toContain('车牌号格式不正确（如 京A12345，新能源 京AD12345）');
    fill('vin', 'LHSA3B1C0TS000017');
    fireEvent.click(within(dialogElement()).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(document.body.textContent).toContain('VIN格式不正确（17位，不含I、O、Q，第9位校验位需正确）'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('submits the form fields to the add api, closes and reloads the table', async () => {
    renderInApp(<FormDialog store={store} />);
    act(() => store.openDialog('edit', 'add'));
    await view.findByRole('dialog');
    fill('vin', 'LHSA3B1C9TS000017');
    fill('plateNo', '京AD12345');
    fill('customerName', '王伟');
    fill('phone', '13800138000');
    fill('mileage', '12000');
    await choose('repairTypeCode', '定期保养');
    fireEvent.click(within(dialogElement()).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.data).toEqual({
      vin: 'LHSA3B1C9TS000017',
      plateNo: '京AD12345',
      customerName: '王伟',
      phone: '13800138000',
      repairTypeCode: 'RT02',
      mileage: 12000,
    });
    await waitFor(() => expect(store.dialog).toBeNull());
    expect(calls.filter((c) => c.url === '/api/repair/order/repair/orders' && c.method === 'GET')).toHaveLength(1);
  });

  it('[BB-FORM-06] loads the record for edit, locks the VIN, offers 修 改 and submits to the edit api', async () => {
    renderInApp(<FormDialog store={store} />);
    act(() => store.openDialog('edit', 'edit', { id: 7 }));
    const dialog = await view.findByRole('dialog');
    expect(within(dialog).getByText('编辑维修工单')).toBeTruthy();
    await waitFor(() => expect(input('vin').value).toBe(RECORD.vin));
    expect(input('vin').disabled).toBe(true);
    fill('mileage', '5100');
    fireEvent.click(within(dialog).getByRole('button', { name: '修 改' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.data).toMatchObject({ vin: RECORD.vin, mileage: 5100 });
  });
});

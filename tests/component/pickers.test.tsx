import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMenuIdResolver } from '../../runtime/http/credentials';
import { writeCookie, deleteCookie } from '../../runtime/http/cookies';
import { dictionaries } from '../../runtime/stores/dictionaries';
import { ConsultantPickerDialog, DealerPickerDialog } from '../../runtime/widgets/picker/OrgPickerDialog';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { openDropdown, optionTexts, pick, renderForm } from './formHarness';
import { renderInApp } from './renderInApp';
import type { DealerCompany, PickerEmployee } from '../../schemas/api/orgPicker';

const dealer = (companyId: number, companyCode: string, companyNameCn: string, gmsNameCn: string): DealerCompany => ({ companyId, companyCode, companyNameCn, gmsNameCn, provinceId: '110000', cityId: '110100' });
const DEALERS = [dealer(11, 'D11001', '北京华晟京通汽车销售服务有限公司', '北方大区'), dealer(12, 'D12001', '天津华晟津港汽车销售服务有限公司', '北方大区'), dealer(31, 'D31001', '上海华晟浦东汽车销售服务有限公司', '东部大区')];
const EMPLOYEES: PickerEmployee[] = [
  { userId: 5, employeeName: '梁杰', employeeNo: 'E005', employeeStatus: '10081001', isOnjob: '10081001', orgName: '北京华晟京通', userPositionDetailVos: [{ orgId: 11, orgName: '北京华晟京通', positionCode: 'FWGW', positionName: '服务顾问' }, { orgId: 11, orgName: '北京华晟京通', positionCode: 'XSGW', positionName: '销售顾问' }] },
  { userId: 6, employeeName: '王芳', employeeNo: 'E006', employeeStatus: '10081001', isOnjob: '10081001', orgName: '北京华晟京通', userPositionDetailVos: [{ orgId: 11, orgName: '北京华晟京通', positionCode: 'FWGW', positionName: '服务顾问' }] },
];

function orgServer(extra: Record<string, unknown> = {}) {
  return fakeServer({
    'POST /api/org/dealer/selectOrgInfo': (call: FakeCall) => {
      const body = call.data as { companyType?: string; orgTypes?: string[]; groupCompanyId?: number; oemOrgIds?: number[] };
      if (body.orgTypes) return ok([{ orgId: 2, orgNameCn: '北方大区', parentOrgId: 1, orgType: '15061001' }, { orgId: 3, orgNameCn: '东部大区', parentOrgId: 1, orgType: '15061001' }]);
      if (body.companyType === '15061002') return ok([{ companyId: 40, companyCode: 'G01', companyNameCn: '京沪汽车服务集团有限公司' }]);
      if (body.groupCompanyId === 40) return ok(DEALERS);
      if (body.oemOrgIds?.[0] === 3) return ok(DEALERS.slice(2));
      return ok(DEALERS);
    },
    'GET /api/org/area/list': ok([{ regionId: '110000', regionName: '北京市', children: [{ regionId: '110100', regionName: '北京市', children: [] }] }]),
    'GET /api/org/orgs/getAllOrgsByOrgId/1': ok([{ orgId: 1, orgName: '华晟汽车', orgNameCn: '华晟汽车', parentOrgId: null, id: 1, rootId: 1, orgList: [{ orgId: 11, orgName: '北京华晟京通', orgNameCn: '北京华晟京通', parentOrgId: 1, id: 11, rootId: 1, orgList: [] }] }]),
    'POST /api/org/user/listUserPosition': ok(EMPLOYEES),
    ...extra,
  }).calls;
}

const treeTitles = () => [...document.querySelectorAll('.ant-modal .dms-picker-tree .ant-tree-title')].map((n) => n.textContent);
const tableRows = () => [...document.querySelectorAll('.ant-modal .ant-table-tbody tr.ant-table-row')];
const clickTreeNode = async (title: string) => {
  const node = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-modal .dms-picker-tree .ant-tree-title')].find((n) => n.textContent === title);
    if (!found) throw new Error(`no tree node ${title}`);
    return found;
  });
  fireEvent.click(node);
};
const tickRow = (code: string) => {
  const row = tableRows().find((r) => r.textContent?.includes(code))!;
  fireEvent.click(within(row as HTMLElement).getByRole('checkbox'));
};

describe('the dealer picker', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = orgServer();
    setMenuIdResolver(() => '1101');
  });
  afterEach(() => {
    setMenuIdResolver(() => undefined);
    window.sessionStorage.removeItem('menuRange');
  });

  it('[BB-PICK-01] [BB-PICK-02] [BB-PICK-03] [BB-PICK-04] [BB-PICK-36] [BB-PICK-37] shows the tabs 区域, 集团, 省份城市, each a 300 x 450 tree beside a 400-high table under top filters, with 确定 and 取消', async () => {
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    const tabs = [...document.querySelectorAll('.ant-modal .ant-tabs-tab')].map((t) => t.textContent);
    expect(tabs).toEqual(['区域', '集团', '省份城市']);
    const tree = document.querySelector<HTMLElement>('.ant-modal .dms-picker-tree')!;
    expect([tree.style.width, tree.style.height]).toEqual(['300px', '450px']);
    expect(document.querySelector('.ant-modal .dms-picker-main .ant-table')).not.toBeNull();
    expect(document.querySelector<HTMLElement>('.ant-modal .ant-table-body')!.style.maxHeight).toBe('400px');
    expect(screen.getByLabelText('经销商代码')).toBeTruthy();
    expect(screen.getByLabelText('经销商名称')).toBeTruthy();
    const footer = [...document.querySelectorAll('.ant-modal .dms-picker-footer button')].map((b) => b.textContent);
    expect(footer).toEqual(['取消', '确定']);
  });

  it("[BB-PICK-28] [BB-PICK-16] offers 全部 above the regions and lists every dealer under it; a region lists its dealers", async () => {
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(treeTitles()).toEqual(['全部', '北方大区', '东部大区']));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    await clickTreeNode('东部大区');
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/org/dealer/selectOrgInfo').at(-1)!.data).toEqual({ companyType: '15061003', oemOrgIds: [3] });
  });

  it('[BB-PICK-22] [BB-PICK-23] [BB-PICK-24] [BB-PICK-25] asks the regions by orgTypes 15061001/15061005/15061006 and orgKind 10701002, the dealers by companyType 15061003, the groups by companyType 15061002', async () => {
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    const asked = () => calls.filter((c) => c.url === '/api/org/dealer/selectOrgInfo').map((c) => c.data);
    await waitFor(() => expect(treeTitles()).toEqual(['全部', '北方大区', '东部大区']));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(asked()).toContainEqual({ orgTypes: ['15061001', '15061005', '15061006'], orgKind: '10701002' });
    expect(asked()).toContainEqual({ companyType: '15061003' });
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-modal .ant-tabs-tab-btn')].find((t) => t.textContent === '集团')!);
    await clickTreeNode('京沪汽车服务集团有限公司');
    expect(asked()).toContainEqual({ companyType: '15061002' });
    await waitFor(() => expect(asked().at(-1)).toEqual({ companyType: '15061003', groupCompanyId: 40 }));
  });

  it("[BB-PICK-27] omits 全部 when the menu's range entry in the session list ends in 10371002", async () => {
    window.sessionStorage.setItem('menuRange', JSON.stringify(['1101-10371002']));
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(treeTitles()).toEqual(['北方大区', '东部大区']));
    expect(tableRows()).toHaveLength(0);
  });

  it('[BB-PICK-07] [BB-PICK-08] passes the rows chosen in the 集团 tab out on 确定, after a case-insensitive code filter', async () => {
    const onOk = vi.fn();
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-modal .ant-tabs-tab-btn')].find((t) => t.textContent === '集团')!);
    await clickTreeNode('京沪汽车服务集团有限公司');
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    tickRow('D11001');
    fireEvent.change(screen.getAllByLabelText('经销商代码').at(-1)!, { target: { value: 'd31' } });
    fireEvent.click(screen.getAllByRole('button', { name: '查 询' }).at(-1)!);
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    tickRow('D31001');
    expect(document.querySelector('.dms-picker-count')!.textContent).toBe('已选 2 项');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith([DEALERS[0], DEALERS[2]]);
  });

  it('[BB-PICK-33] asks the area list with orgType, authority and menuId for the 省份城市 tab', async () => {
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    fireEvent.click([...document.querySelectorAll<HTMLElement>('.ant-modal .ant-tabs-tab-btn')].find((t) => t.textContent === '省份城市')!);
    await clickTreeNode('北京市');
    expect(calls.find((c) => c.url === '/api/org/area/list')!.params).toEqual({ orgType: '15061001', authority: '1', menuId: '1101' });
  });

  it('[BB-PICK-38] loads the tree 100 ms after the tab shows, not before', async () => {
    vi.useFakeTimers();
    try {
      renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
      await vi.advanceTimersByTimeAsync(90);
      expect(calls.filter((c) => (c.data as { orgTypes?: unknown })?.orgTypes)).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(20);
      expect(calls.filter((c) => (c.data as { orgTypes?: unknown })?.orgTypes)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('[BB-PICK-34] swallows fetch failures: the tree and table stay empty and nothing is shown', async () => {
    fakeServer({});
    renderInApp(<DealerPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(treeTitles()).toEqual(['全部']));
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('a dealer-picker field takes the picked dealers as their codes and shows their names', async () => {
    const form = renderForm([{ fieldName: 'ownerCode', label: '经销商', type: 'dealer-picker', multiple: true }], { mode: 'filter' });
    fireEvent.click(screen.getByRole('button', { name: '选择' }));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    tickRow('D11001');
    tickRow('D12001');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(document.querySelector('[data-field="ownerCode"]')!.textContent).toContain('北京华晟京通汽车'));
    expect(document.querySelector('[data-field="ownerCode"] [title="天津华晟津港汽车销售服务有限公司"]')!.textContent).toBe('+1');
    form.submit();
    expect(form.submitted).toEqual([{ ownerCode: ['D11001', 'D12001'] }]);
  });
});

describe('the consultant picker', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = orgServer();
    setMenuIdResolver(() => '1101');
    writeCookie('topOrgId', '1');
    writeCookie('roleOrgId', '11');
    writeCookie('currentOrgType', '10461001');
  });
  afterEach(() => {
    setMenuIdResolver(() => undefined);
    for (const name of ['topOrgId', 'roleOrgId', 'currentOrgType']) deleteCookie(name);
  });

  it('[BB-PICK-05] [BB-PICK-06] [BB-PICK-29] [BB-PICK-32] [BB-PICK-26] has no tabs and one org tree, asked from the top org id of the cookies with role org id, authority, menuId and firstId', async () => {
    renderInApp(<ConsultantPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
    expect(document.querySelector('.ant-modal .ant-tabs')).toBeNull();
    await waitFor(() => expect(treeTitles()).toEqual(['华晟汽车', '北京华晟京通']));
    expect(document.querySelectorAll('.ant-modal .dms-picker-tree')).toHaveLength(1);
    expect(calls.find((c) => c.url.startsWith('/api/org/orgs/getAllOrgsByOrgId/'))).toMatchObject({ url: '/api/org/orgs/getAllOrgsByOrgId/1', params: { roleOrgId: '11', authority: '1', menuId: '1101', firstId: '1' } });
  });

  it('[BB-PICK-19] [BB-PICK-13] [BB-PICK-10] [BB-PICK-07] lists role types 10061012 and 100610151 employed only, one row per person with the positions merged, and passes the chosen out', async () => {
    const onOk = vi.fn();
    renderInApp(<ConsultantPickerDialog open multiple initial={[]} onOk={onOk} onCancel={() => undefined} />);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(calls.find((c) => c.url === '/api/org/user/listUserPosition')!.data).toEqual({ roleType: ['10061012', '100610151'], isOnjob: '10081001' });
    expect(tableRows()[0]!.textContent).toContain('服务顾问、销售顾问');
    await clickTreeNode('北京华晟京通');
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/org/user/listUserPosition').at(-1)!.data).toMatchObject({ orgId: 11 }));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    tickRow('王芳');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onOk).toHaveBeenCalledWith([EMPLOYEES[1]]);
  });

  it('[BB-PICK-39] reads the employee statuses from dictionary 1008: the status column, the status choices and the status asked for', async () => {
    const entry = (type: string, codeId: string, codeCnDesc: string) => ({ type, codeId, codeCnDesc, codeEnDesc: null });
    calls = orgServer({
      'GET /api/dict/codes': ok([entry('1008', '10081001', '在职'), entry('1008', '10081002', '离职'), entry('1009', '10091001', '其他字典')]),
    });
    await dictionaries.load('picker-test');
    try {
      renderInApp(<ConsultantPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
      await waitFor(() => expect(tableRows()).toHaveLength(2));
      expect(tableRows()[0]!.textContent).toContain('在职');
      await openDropdown(screen.getByLabelText('在职状态'));
      await waitFor(() => expect(optionTexts()).toEqual(['在职', '离职']));
      await pick('离职');
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/org/user/listUserPosition').at(-1)!.data).toMatchObject({ isOnjob: '10081002' }));
    } finally {
      dictionaries.clear();
    }
  });

  it('[BB-PICK-35] sends an init error to the general error handler', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A cookie read that throws stands for any fault while the picker starts.
    const spy = vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw new Error('cookie store unavailable');
    });
    try {
      renderInApp(<ConsultantPickerDialog open multiple initial={[]} onOk={() => undefined} onCancel={() => undefined} />);
      await waitFor(() => expect(errors).toHaveBeenCalledWith(expect.objectContaining({ message: 'cookie store unavailable' })));
      await waitFor(() => expect(document.querySelector('.ant-notification-notice')?.textContent).toContain('系统出错，联系管理员'));
    } finally {
      spy.mockRestore();
      errors.mockRestore();
    }
  });
});

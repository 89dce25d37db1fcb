import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setMenuIdResolver } from '../../runtime/http/credentials';
import { consultantOption, lookupConsultants, lookupUsers, userOption } from '../../runtime/widgets/positionLookups';
import { fakeServer, ok, type FakeCall } from './fakeServer';
import { openDropdown, optionTexts, pick, renderForm } from './formHarness';

const CONSULTANTS = [
  { userId: 11, userName: '梁杰', orgId: 9, orgName: '北京华晟京通汽车销售服务有限公司', roleName: '服务顾问', positionCode: 'FWGW' },
  { userId: 12, userName: '王芳', orgId: 9, orgName: '北京华晟京通汽车销售服务有限公司', roleName: '服务顾问', positionCode: 'FWGW' },
];

describe('consultant and user lookups by position code', () => {
  let calls: FakeCall[];
  beforeEach(() => {
    calls = fakeServer({
      'GET /api/basedata/employees/consultants': ok(CONSULTANTS),
      'GET /api/basedata/employees/byPosition': ok([{ userId: 21, employeeName: '秦浩宇' }]),
    }).calls;
    setMenuIdResolver(() => '1102');
  });
  afterEach(() => {
    window.localStorage.removeItem('roleType');
    setMenuIdResolver(() => undefined);
  });

  it('[BO-LOOK-01] [BO-LOOK-02] lists nobody and asks nothing when the position code is missing or the string null', async () => {
    expect(await lookupConsultants({ fieldName: 'a', label: '顾问', type: 'consultant' })).toEqual([]);
    expect(await lookupConsultants({ fieldName: 'a', label: '顾问', type: 'consultant', positionCode: 'null' })).toEqual([]);
    expect(await lookupUsers({ fieldName: 'a', label: '技师', type: 'user' })).toEqual([]);
    expect(await lookupUsers({ fieldName: 'a', label: '技师', type: 'user', positionCode: 'null' })).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('[BB-PICK-20] as decided (docs/decisions.md, issue 28): a consultant field without a position code has no default codes, asks nothing and offers nobody', async () => {
    const form = renderForm([{ fieldName: 'consultantId', label: '销售顾问', type: 'consultant' }]);
    await openDropdown(form.input('consultantId'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(optionTexts()).toEqual([]);
    expect(calls).toEqual([]);
    form.submit();
    expect(form.submitted).toEqual([{}]);
  });

  it('[BO-LOOK-03] [BO-LOOK-04] [BO-LOOK-05] [BO-LOOK-06] sends menuId, the position code and the role type from local storage, and maps userId and userName', async () => {
    window.localStorage.setItem('roleType', '10061012');
    const form = renderForm([{ fieldName: 'advisorId', label: '服务顾问', type: 'consultant', positionCode: 'FWGW' }]);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/basedata/employees/consultants', params: { menuId: '1102', positionCode: 'FWGW', roleType: '10061012', flag: '1' } });
    await openDropdown(form.input('advisorId'));
    await waitFor(() => expect(optionTexts()).toEqual(['梁杰', '王芳']));
    await pick('王芳');
    form.submit();
    expect(form.submitted).toEqual([{ advisorId: 12 }]);
    expect(consultantOption(CONSULTANTS[0]!)).toEqual({ value: 11, text: '梁杰', orgId: 9, orgName: '北京华晟京通汽车销售服务有限公司', roleName: '服务顾问', positionCode: 'FWGW' });
  });

  it('[BO-LOOK-07] [BO-LOOK-08] [BO-LOOK-09] [BB-PICK-21] sends menuId, the position code and flag (employed only by default), and maps userId and employeeName', async () => {
    const form = renderForm([{ fieldName: 'technicianId', label: '指定技师', type: 'user', positionCode: 'JS' }]);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: '/api/basedata/employees/byPosition', params: { menuId: '1102', positionCode: 'JS', flag: '1' } });
    await openDropdown(form.input('technicianId'));
    await pick('秦浩宇');
    form.submit();
    expect(form.submitted).toEqual([{ technicianId: 21 }]);
    expect(userOption({ userId: 21, employeeName: '秦浩宇' })).toEqual({ value: 21, text: '秦浩宇' });
    await lookupUsers({ fieldName: 'a', label: '技师', type: 'user', positionCode: 'JS', includeLeft: true });
    expect(calls.at(-1)!.params).toMatchObject({ flag: '0' });
  });
});

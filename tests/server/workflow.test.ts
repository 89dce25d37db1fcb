import { ERROR_CATALOGUE } from '../../server/http/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessDefinitionRow } from '../../server/data/processDefinitions';
import { readProcessXml } from '../../server/data/processXml';
import { DISCOUNT_PROCESS_ID } from '../../server/seed/processDefinitions';
import { processXml, simpleProcess } from '../fixtures/bpmn';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { ProcessDefinitionDetail, SaveProcessResult } from '../../schemas/api/processes';
import type { Page } from '../../schemas/api/page';

describe(`process definitions of the workflow designer (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let dealer: string;

  beforeAll(async () => {
    t = await startTestServer();
    // The dealer's reviewer (审核人, role 维修经理) reads process definitions; the service advisor no longer does (issue 20).
    [admin, dealer] = await Promise.all([t.login('admin'), t.login('d11001shr')]);
  });
  afterAll(() => t?.close());

  const save = (xml: string, baseVersion: number | null, token = admin) =>
    t.call<SaveProcessResult>({ method: 'POST', url: '/api/workflow/definition/save', token, payload: { xml, baseVersion } });
  const get = (processId: string, query: Record<string, string> = {}) =>
    t.call<ProcessDefinitionDetail>({ method: 'GET', url: `/api/workflow/definition/get/${processId}`, token: admin, query });

  it('[BB-WF-50] [BB-WF-17] answers the roles with code 200 and a data list of {value, text}: positions, then process roles', async () => {
    const answer = await t.call<{ value: string; text: string }[]>({ method: 'GET', url: `/api/workflow/definition/roles/${DISCOUNT_PROCESS_ID}`, token: dealer });
    expect(answer).toMatchObject({ code: 200, resultCode: 200 });
    expect(answer.data).toContainEqual({ value: 'SHR', text: '审核人' });
    expect(answer.data).toContainEqual({ value: 'REGION_AFTERSALES', text: '大区售后经理' });
    expect(answer.data!.every((r) => Object.keys(r).sort().join() === 'text,value')).toBe(true);
  });

  it('[BB-WF-52] [BB-WF-16] answers the branch variables with code 200: text and a value name-suffix with suffix N, S or D', async () => {
    const answer = await t.call<{ value: string; text: string }[]>({ method: 'GET', url: `/api/workflow/definition/variables/${DISCOUNT_PROCESS_ID}`, token: admin });
    expect(answer).toMatchObject({ code: 200, resultCode: 200 });
    const common = [
      { text: '经销商代码', value: 'ownerCode-S' },
      { text: '单据金额', value: 'amount-N' },
      { text: '客户等级', value: 'customerLevel-D' },
    ];
    expect(answer.data).toEqual([
      ...common,
      { text: '折扣率', value: 'discountRate-N' },
      { text: '优惠金额', value: 'discountAmount-N' },
      { text: '保险公司', value: 'insuranceCompany-S' },
    ]);
    const other = await t.call<{ value: string }[]>({ method: 'GET', url: '/api/workflow/definition/variables/Process_other', token: admin });
    expect(other.data).toEqual(common);
  });

  it('[BB-WF-53] answers a dictionary with code 200 and a data list of options, by variable name or dictionary type', async () => {
    const byVariable = await t.call<{ value: string; text: string }[]>({ method: 'GET', url: '/api/workflow/definition/dictionary/customerLevel', token: admin });
    expect(byVariable).toMatchObject({ code: 200, resultCode: 200 });
    expect(byVariable.data).toEqual([
      { value: '80311001', text: '普通客户' },
      { value: '80311002', text: '银卡会员' },
      { value: '80311003', text: '金卡会员' },
      { value: '80311004', text: '钻石会员' },
    ]);
    // 维修工单状态: every code of the type, as the dictionary holds it.
    const byType = await t.call<{ value: string; text: string }[]>({ method: 'GET', url: '/api/workflow/definition/dictionary/8021', token: admin });
    const held = await t.server.database.db.selectFrom('dictCodes').select(['codeId', 'codeCnDesc']).where('type', '=', '8021').orderBy('sort').orderBy('codeId').execute();
    expect(held.length).toBeGreaterThanOrEqual(4);
    expect(new Set(byType.data!.map((o) => o.value))).toEqual(new Set(held.map((c) => c.codeId)));
    const unknown = await t.call({ method: 'GET', url: '/api/workflow/definition/dictionary/nothing', token: admin });
    expect(unknown).toMatchObject({ code: 200, data: [] });
  });

  it('lists the seeded discount approval, and its XML passes the same checks as a save', async () => {
    const list = await t.call<Page<ProcessDefinitionRow>>({ method: 'GET', url: '/api/workflow/definition/list', token: dealer, query: { name: '折扣' } });
    expect(list.data).toMatchObject({ total: 1, items: [{ processId: DISCOUNT_PROCESS_ID, name: '维修工单折扣审批', version: 1, updatedByName: '系统管理员' }] });
    const detail = await get(DISCOUNT_PROCESS_ID);
    expect(detail.data).toMatchObject({ processId: DISCOUNT_PROCESS_ID, version: 1, latestVersion: 1, versions: [{ version: 1 }] });
    await expect(readProcessXml(detail.data!.xml)).resolves.toEqual({ processId: DISCOUNT_PROCESS_ID, name: '维修工单折扣审批' });
    expect(detail.data!.xml).toContain('dms:condition="${discountRate &gt; 10 || discountAmount &gt; 2000}"');
  });

  it('stores a new process as version 1, a change as version 2, and keeps every version readable', async () => {
    const first = await save(simpleProcess('Process_versions', '保修索赔审批'), null);
    expect(first.data).toEqual({ processId: 'Process_versions', name: '保修索赔审批', version: 1, created: true });
    const changed = simpleProcess('Process_versions', '保修索赔审批（新）');
    const second = await save(changed, 1);
    expect(second.data).toMatchObject({ version: 2, created: true, name: '保修索赔审批（新）' });
    const again = await save(changed, 2);
    expect(again.data).toMatchObject({ version: 2, created: false });

    const latest = await get('Process_versions');
    expect(latest.data).toMatchObject({ version: 2, latestVersion: 2, name: '保修索赔审批（新）', xml: changed });
    expect(latest.data!.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = await get('Process_versions', { version: '1' });
    expect(old.data).toMatchObject({ version: 1, latestVersion: 2, name: '保修索赔审批' });
  });

  it('refuses a save based on a stale version, and a new process whose id already exists', async () => {
    await save(simpleProcess('Process_stale'), null);
    await save(simpleProcess('Process_stale', '第二版'), 1);
    const stale = await save(simpleProcess('Process_stale', '旧的修改'), 1);
    expect(stale).toMatchObject({ resultCode: 409, errMsg: '流程已被保存为版本 2，请重新打开后再修改' });
    const duplicate = await save(simpleProcess('Process_stale', '同名新流程'), null);
    expect(duplicate).toMatchObject({ resultCode: 409, errMsg: '流程 ID 已存在：Process_stale，请打开该流程后再修改' });
    expect((await get('Process_stale')).data).toMatchObject({ latestVersion: 2, name: '第二版' });
  });

  it('lets only one of two simultaneous saves of the same version through', async () => {
    await save(simpleProcess('Process_race'), null);
    const answers = await Promise.all([save(simpleProcess('Process_race', '甲的修改'), 1), save(simpleProcess('Process_race', '乙的修改'), 1)]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    expect((await get('Process_race')).data!.versions).toHaveLength(2);
  });

  it('[BB-WF-46] refuses a process with two start events: 存在多个开始或结束事件', async () => {
    const xml = processXml({
      id: 'Process_twoStarts',
      name: '两个开始',
      elements: [
        { type: 'startEvent', id: 'Start_1' },
        { type: 'startEvent', id: 'Start_2' },
        { type: 'endEvent', id: 'End_1' },
      ],
    });
    expect(await save(xml, null)).toMatchObject({ resultCode: 400, errMsg: '存在多个开始或结束事件' });
  });

  it('[BB-WF-47] refuses a process without an end event: 缺少开始或结束事件', async () => {
    const xml = processXml({ id: 'Process_noEnd', name: '没有结束', elements: [{ type: 'startEvent', id: 'Start_1' }, { type: 'userTask', id: 'Task_1' }] });
    expect(await save(xml, null)).toMatchObject({ resultCode: 400, errMsg: '缺少开始或结束事件' });
  });

  it('refuses XML that is not valid BPMN, carries unknown elements or attributes, or has no process name', async () => {
    expect(await save('<bpmn:definitions', null)).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^流程图 XML 不符合 BPMN 规范：/) });
    expect(await save('<?xml version="1.0"?><process id="x"/>', null)).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^流程图 XML 不符合 BPMN 规范：/) });
    const unknownElement = processXml({ id: 'Process_unknown', name: '未知元素', elements: [{ type: 'startEvent', id: 'S' }, { type: 'endEvent', id: 'E' }], extraProcessXml: '<bpmn:fooTask id="F" />' });
    expect(await save(unknownElement, null)).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('bpmn:fooTask') });
    const unknownAttribute = simpleProcess('Process_attr').replace('<bpmn:userTask id="Task_1"', '<bpmn:userTask id="Task_1" dms:candidateGroup="SHR"');
    expect(await save(unknownAttribute, null)).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('dms:candidateGroup') });
    expect(await save(simpleProcess('Process_noName', ' '), null)).toMatchObject({ resultCode: 400, errMsg: '流程名称不能为空' });
    expect((await t.call<Page<ProcessDefinitionRow>>({ method: 'GET', url: '/api/workflow/definition/list', token: admin, query: { processId: 'Process_unknown' } })).data!.total).toBe(0);
  });

  it('lets only the manufacturer side save; dealers may read', async () => {
    // The dealers' role grants 流程定义 read-only, so the save key itself is refused before the data layer's own check.
    expect(await save(simpleProcess('Process_dealer'), null, dealer)).toMatchObject({ resultCode: 403, errMsg: ERROR_CATALOGUE.keyNotGranted.errMsg });
    expect((await t.call({ method: 'GET', url: `/api/workflow/definition/get/${DISCOUNT_PROCESS_ID}`, token: dealer })).resultCode).toBe(200);
  });

  it('answers 404 for an unknown process or version, and 40105 without a session', async () => {
    expect(await get('Process_none')).toMatchObject({ resultCode: 404, errMsg: '流程定义不存在：Process_none' });
    expect(await get(DISCOUNT_PROCESS_ID, { version: '9' })).toMatchObject({ resultCode: 404 });
    expect(await t.call({ method: 'GET', url: '/api/workflow/definition/list' })).toMatchObject({ resultCode: 40105 });
  });
});

import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { checkDiagram } from '../../schemas/workflow/diagramCheck';
import { translate } from '../../runtime/blocks/workflow/designerModules';
import dmsDescriptor from '../../schemas/workflow/dmsModdle.json';
import { DRAFT_KEY, loadDraft, saveDraft } from '../../runtime/blocks/workflow/localDraft';
import { emptyProcessXml, newProcessId } from '../../runtime/blocks/workflow/processModeler';
import {
  readExtensions,
  readNodeProperties,
  replaceExtensions,
  type ButtonModel,
  type FormFieldModel,
  type FormPropertyModel,
} from '../../schemas/workflow/workflowModel';
import { readProcessXml } from '../../server/data/processXml';
import { discountApprovalXml } from '../../server/seed/processDefinitions';

const moddle = new BpmnModdle({ dms: dmsDescriptor });

const definitions = (processXml: string, diagramXml = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:color="http://www.omg.org/spec/BPMN/non-normative/color/1.0" xmlns:dms="http://dms.local/schema/bpmn/dms" id="D" targetNamespace="http://dms.local/bpmn">
  <bpmn:process id="P">${processXml}</bpmn:process>${diagramXml}
</bpmn:definitions>`;

async function read(xml: string) {
  const { rootElement, warnings, elementsById } = await moddle.fromXML(xml);
  expect(warnings.map((w) => w.message)).toEqual([]);
  return { rootElement, byId: (id: string) => elementsById[id] as ModdleElement };
}

/** Writes the definitions out and reads them back, as a save and a reopen do. */
async function roundTrip(rootElement: ModdleElement) {
  const { xml } = await moddle.toXML(rootElement, { format: true });
  return read(xml);
}

describe('the workflow node model (dms moddle extension)', () => {
  it('[BB-WF-11] reads a node: id, name, color, candidateGroups, candidateUsers, assignee, userType', async () => {
    const { byId } = await read(
      definitions(
        '<bpmn:userTask id="Task_1" name="审核人审核" dms:candidateGroups="SHR,FWGW" dms:candidateUsers="d11001shr" dms:assignee="admin" dms:userType="role" />',
        '<bpmndi:BPMNDiagram id="Dg"><bpmndi:BPMNPlane id="Pl" bpmnElement="P"><bpmndi:BPMNShape id="Task_1_di" bpmnElement="Task_1" color:border-color="#0d4372"><dc:Bounds x="0" y="0" width="100" height="80" /></bpmndi:BPMNShape></bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
      ),
    );
    expect(readNodeProperties(byId('Task_1'), byId('Task_1_di'))).toEqual({
      id: 'Task_1',
      name: '审核人审核',
      color: '#0d4372',
      candidateGroups: 'SHR,FWGW',
      candidateUsers: 'd11001shr',
      assignee: 'admin',
      userType: 'role',
    });
  });

  it('[BB-WF-12] carries dueDate, followUpDate and priority on tasks; branch, condition, condiInput, branchNameSelect and arrayData on flows', async () => {
    const { rootElement, byId } = await read(
      definitions(`<bpmn:userTask id="T" dms:dueDate="P1D" dms:followUpDate="PT4H" dms:priority="50" />
        <bpmn:exclusiveGateway id="G" />
        <bpmn:sequenceFlow id="F" sourceRef="G" targetRef="T" dms:branch="true" dms:condition="\${a &gt; 1}" dms:condiInput="a &gt; 1" dms:branchNameSelect="auto" dms:arrayData="[]" />`),
    );
    expect(['dueDate', 'followUpDate', 'priority'].map((p) => byId('T').get(`dms:${p}`))).toEqual(['P1D', 'PT4H', '50']);
    const again = await roundTrip(rootElement);
    expect(['branch', 'condition', 'condiInput', 'branchNameSelect', 'arrayData'].map((p) => again.byId('F').get(`dms:${p}`))).toEqual(['true', '${a > 1}', 'a > 1', 'auto', '[]']);
  });

  it('[BB-WF-13] stores buttons {id, name, code, isHide, next, sort} and reads them back', async () => {
    const { rootElement, byId } = await read(definitions('<bpmn:userTask id="T" />'));
    const buttons: ButtonModel[] = [
      { id: 'agree', name: '同意', code: 'agree', isHide: false, next: 'Gateway_1', sort: 1 },
      { id: 'reject', name: '驳回', code: 'reject', isHide: true, next: '', sort: 2 },
    ];
    (byId('T') as ModdleElement & { extensionElements?: unknown }).extensionElements = replaceExtensions(moddle, byId('T'), 'buttons', buttons);
    const again = await roundTrip(rootElement);
    expect(readExtensions(again.byId('T')).buttons).toEqual(buttons);
  });

  it('[BB-WF-14] stores form properties {id, name, type, required, readable, writable, variable, expression, datePattern, default, values}', async () => {
    const { rootElement, byId } = await read(definitions('<bpmn:userTask id="T"><bpmn:extensionElements><dms:button id="keep" name="保留" /></bpmn:extensionElements></bpmn:userTask>'));
    const properties: FormPropertyModel[] = [
      {
        id: 'level',
        name: '客户等级',
        type: 'enum',
        required: true,
        readable: true,
        writable: false,
        variable: 'customerLevel',
        expression: '${customer.level}',
        datePattern: 'yyyy-MM-dd',
        default: '80311001',
        values: [
          { id: '80311001', name: '普通客户' },
          { id: '80311004', name: '钻石会员' },
        ],
      },
    ];
    (byId('T') as ModdleElement & { extensionElements?: unknown }).extensionElements = replaceExtensions(moddle, byId('T'), 'formProperties', properties);
    const again = await roundTrip(rootElement);
    expect(readExtensions(again.byId('T'))).toMatchObject({ formProperties: properties, buttons: [{ id: 'keep', name: '保留' }] });
  });

  it('[BB-WF-15] stores form fields with validation constraints {name, config}', async () => {
    const { rootElement, byId } = await read(definitions('<bpmn:startEvent id="S" />'));
    const fields: FormFieldModel[] = [
      { id: 'opinion', label: '审核意见', type: 'string', defaultValue: '', constraints: [{ name: 'maxlength', config: '200' }, { name: 'required', config: '' }] },
      { id: 'amount', label: '金额', type: 'long', defaultValue: '0', constraints: [] },
    ];
    (byId('S') as ModdleElement & { extensionElements?: unknown }).extensionElements = replaceExtensions(moddle, byId('S'), 'formFields', fields);
    const { xml } = await moddle.toXML(rootElement);
    expect(xml).toContain('<dms:validation><dms:constraint name="maxlength" config="200" />');
    const again = await read(xml);
    expect(readExtensions(again.byId('S')).formFields).toEqual(fields);
    expect(replaceExtensions(moddle, again.byId('S'), 'formFields', [])).toBeUndefined();
  });

  it('[BB-WF-55] [BB-WF-56] [BB-WF-57] [BB-WF-58] [BB-WF-59] defaults: calledElementBinding latest, decisionRefBinding latest, mapDecisionResult resultList, async false, exclusive true', async () => {
    const { byId } = await read(definitions('<bpmn:callActivity id="C" /><bpmn:businessRuleTask id="B" /><bpmn:userTask id="U" /><bpmn:exclusiveGateway id="G" /><bpmn:startEvent id="S" />'));
    expect(byId('C').get('dms:calledElementBinding')).toBe('latest');
    expect(byId('B').get('dms:decisionRefBinding')).toBe('latest');
    expect(byId('B').get('dms:mapDecisionResult')).toBe('resultList');
    for (const id of ['U', 'G', 'S', 'C']) {
      expect(byId(id).get('dms:async'), id).toBe(false);
      expect(byId(id).get('dms:exclusive'), id).toBe(true);
    }
    const { xml } = await moddle.toXML((await read(definitions('<bpmn:callActivity id="C" dms:calledElementBinding="version" />'))).rootElement);
    expect(xml).toContain('dms:calledElementBinding="version"');
  });
});

describe('the diagram check', () => {
  it('[BB-WF-45] gives 正常 with exactly one start event and one end event', () => {
    expect(checkDiagram(['bpmn:StartEvent', 'bpmn:UserTask', 'bpmn:ExclusiveGateway', 'bpmn:SequenceFlow', 'bpmn:EndEvent'])).toEqual({ ok: true, message: '正常' });
  });

  it('[BB-WF-46] fails with 存在多个开始或结束事件 for two starts or two ends', () => {
    expect(checkDiagram(['bpmn:StartEvent', 'bpmn:StartEvent', 'bpmn:EndEvent'])).toEqual({ ok: false, message: '存在多个开始或结束事件' });
    expect(checkDiagram(['bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:EndEvent'])).toEqual({ ok: false, message: '存在多个开始或结束事件' });
  });

  it('[BB-WF-47] fails with 缺少开始或结束事件 without a start or an end', () => {
    expect(checkDiagram(['bpmn:UserTask', 'bpmn:EndEvent'])).toEqual({ ok: false, message: '缺少开始或结束事件' });
    expect(checkDiagram(['bpmn:StartEvent'])).toEqual({ ok: false, message: '缺少开始或结束事件' });
    expect(checkDiagram([])).toEqual({ ok: false, message: '缺少开始或结束事件' });
  });

  it('the seeded discount approval and a new empty process read as valid BPMN; the empty one fails only the check', async () => {
    await expect(readProcessXml(discountApprovalXml())).resolves.toEqual({ processId: 'repairDiscountApproval', name: '维修工单折扣审批' });
    const id = newProcessId();
    expect(id).toMatch(/^Process_[a-z0-9]+$/);
    await expect(readProcessXml(emptyProcessXml(id).replace('isExecutable="true"', 'name="新流程" isExecutable="true"'))).rejects.toThrow('缺少开始或结束事件');
  });
});

describe('the local draft', () => {
  class MemoryStorage implements Storage {
    private items = new Map<string, string>();
    get length() {
      return this.items.size;
    }
    clear() {
      this.items.clear();
    }
    getItem(key: string) {
      return this.items.get(key) ?? null;
    }
    key(index: number) {
      return [...this.items.keys()][index] ?? null;
    }
    removeItem(key: string) {
      this.items.delete(key);
    }
    setItem(key: string, value: string) {
      this.items.set(key, value);
    }
  }

  it('[BB-WF-48] [BB-WF-49] saves the diagram to local storage and restores it', () => {
    const storage = new MemoryStorage();
    expect(loadDraft(storage)).toBeNull();
    const draft = { xml: emptyProcessXml('Process_draft'), processId: 'Process_draft', baseVersion: 3, savedAt: '2026-06-30T01:00:00.000Z' };
    saveDraft(draft, storage);
    expect(JSON.parse(storage.getItem(DRAFT_KEY)!)).toEqual(draft);
    expect(loadDraft(storage)).toEqual(draft);
    storage.setItem(DRAFT_KEY, '{broken');
    expect(loadDraft(storage)).toBeNull();
  });
});

describe('bpmn-js in Chinese', () => {
  it('translates the labels bpmn-js draws and fills their placeholders', () => {
    expect(translate('Delete')).toBe('删除');
    expect(translate('Append end event')).toBe('追加结束');
    expect(translate('Unknown {thing}', { thing: '标签' })).toBe('Unknown 标签');
  });
});

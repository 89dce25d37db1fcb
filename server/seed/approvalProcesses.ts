// The approvals that run (issue 23), drawn the way the designer draws them: a first-level task for a dealer's position
// or role, an amount gateway whose branch flows carry the designer's condition rows, a second level for a region's or
// the manufacturer's role above the threshold, and a timer on the first level that escalates an untouched task to the
// second level after its due time. Each is written as version 1 by the administrator.
import { buildConditionExpression, buildFlowName, serializeRows, type ConditionRow } from '../../schemas/workflow/conditionExpression';

export interface ApprovalLevel {
  id: string;
  name: string;
  /** A position code or a process role. */
  candidate: string;
  userType: 'position' | 'role';
  /** ISO 8601 duration of the first level's escalation timer. */
  dueIn?: string;
}

export interface ApprovalDefinition {
  processId: string;
  name: string;
  first: ApprovalLevel;
  second: ApprovalLevel;
  /** The amount above `threshold` goes on to the second level: 单据金额 (the record's money fields together) unless a
   * model's own amount is named (a repair order's 工单金额, its total: its header holds several amounts). */
  threshold: string;
  variable?: { name: string; label: string };
}

export const FREE_SETTLEMENT_PROCESS_ID = 'repairFreeSettlement';
/** 结算审批 (issue 24): a settlement whose customer discount is above 10% or whose goodwill is above ¥500 waits for 审核人. */
export const SETTLEMENT_PROCESS_ID = 'repairSettlement';
export const SETTLEMENT_PROCESS_NAME = '结算审批';
export const SETTLEMENT_APPROVER: ApprovalLevel = { id: 'Task_settlementReview', name: '审核人审批', candidate: 'SHR', userType: 'position' };
export const PARTS_ALLOCATION_PROCESS_ID = 'partsAllocation';
export const QUOTATION_DISCOUNT_PROCESS_ID = 'quotationDiscount';
export const QUOTATION_DISCOUNT_NAME = '报价优惠审批';
/**
 * 报价优惠审批's threshold as seeded (yuan): a quotation's discount above it waits for the dealer's sales manager, one up
 * to it takes effect at once. It lives in the definition's gateway, so a configurator changes it in 流程定义.
 */
export const QUOTATION_DISCOUNT_THRESHOLD = '10000';
const SALES_MANAGER: ApprovalLevel = { id: 'Task_salesManager', name: '销售经理审批', candidate: 'DEALER_SALES_MANAGER', userType: 'role' };

export const APPROVAL_DEFINITIONS: ApprovalDefinition[] = [
  {
    processId: FREE_SETTLEMENT_PROCESS_ID,
    name: '免费结算审批',
    first: { id: 'Task_serviceManager', name: '售后经理审批', candidate: 'SHR', userType: 'position', dueIn: 'P1D' },
    second: { id: 'Task_regionAftersales', name: '大区售后经理审批', candidate: 'REGION_AFTERSALES', userType: 'role' },
    threshold: '500',
    variable: { name: 'totalAmount', label: '工单金额' },
  },
  {
    processId: 'financeRefund',
    name: '退款审批',
    first: { id: 'Task_dealerFinance', name: '经销商财务经理审批', candidate: 'DEALER_FINANCE', userType: 'role', dueIn: 'P1D' },
    second: { id: 'Task_oemFinance', name: '厂端财务部审批', candidate: 'OEM_FINANCE', userType: 'role' },
    threshold: '5000',
  },
  {
    processId: PARTS_ALLOCATION_PROCESS_ID,
    name: '配件调拨审批',
    first: { id: 'Task_partsManager', name: '配件经理审批', candidate: 'DEALER_PARTS_MANAGER', userType: 'role', dueIn: 'P1D' },
    second: { id: 'Task_regionParts', name: '大区配件经理审批', candidate: 'REGION_PARTS', userType: 'role' },
    threshold: '20000',
  },
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const row = (leftVariable: string, compareSymbol: string, rightVariable: string): ConditionRow => ({ leftVariable, compareSymbol, rightVariable, relationalSymbol: '', disabled: true });
const VARIABLE_LABELS: Record<string, string> = { 'amount-N': '单据金额', 'discount-N': '优惠金额', 'totalAmount-N': '工单金额' };
const labels = { variable: (value: string) => VARIABLE_LABELS[value] ?? value, value: (r: ConditionRow) => r.rightVariable };

function branchFlow(id: string, source: string, target: string, rows: ConditionRow[]): string {
  const expression = buildConditionExpression(rows);
  return `    <bpmn:sequenceFlow id="${id}" name="${escapeXml(buildFlowName(rows, labels))}" sourceRef="${source}" targetRef="${target}" dms:branch="true" dms:condition="${escapeXml(expression)}" dms:arrayData="${escapeXml(serializeRows(rows))}">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escapeXml(expression)}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>`;
}

const task = (level: ApprovalLevel) =>
  `    <bpmn:userTask id="${level.id}" name="${escapeXml(level.name)}" dms:candidateGroups="${level.candidate}" dms:userType="${level.userType}"${level.dueIn ? ` dms:dueDate="${level.dueIn}"` : ''}>
      <bpmn:extensionElements>
        <dms:button id="agree" name="同意" code="agree" sort="1" />
        <dms:button id="reject" name="驳回" code="reject" sort="2" />
      </bpmn:extensionElements>
    </bpmn:userTask>`;

const shape = (id: string, x: number, y: number, w: number, h: number, marker = '') => `      <bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"${marker}><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: [number, number][]) => `      <bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;

/** 发起 → first level (its timer escalates) → 金额判断: up to the threshold ends, above it goes to the second level. */
export function approvalXml(definition: ApprovalDefinition): string {
  const { processId, name, first, second, threshold } = definition;
  const variable = `${definition.variable?.name ?? 'amount'}-N`;
  const small = [row(variable, '<=', threshold)];
  const large = [row(variable, '>', threshold)];
  const timer = first.dueIn
    ? `    <bpmn:boundaryEvent id="Timer_escalate" name="超时升级" attachedToRef="${first.id}">
      <bpmn:timerEventDefinition id="TimerDefinition_escalate"><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${first.dueIn}</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="Flow_escalate" sourceRef="Timer_escalate" targetRef="${second.id}" />`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:dms="http://dms.local/schema/bpmn/dms" id="Definitions_${processId}" targetNamespace="http://dms.local/bpmn">
  <bpmn:process id="${processId}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_submit" name="发起" />
${task(first)}
    <bpmn:exclusiveGateway id="Gateway_amount" name="金额判断" />
${task(second)}
${timer}
    <bpmn:endEvent id="EndEvent_approved" name="审批通过" />
    <bpmn:sequenceFlow id="Flow_submit" sourceRef="StartEvent_submit" targetRef="${first.id}" />
    <bpmn:sequenceFlow id="Flow_reviewed" sourceRef="${first.id}" targetRef="Gateway_amount" />
${branchFlow('Flow_small', 'Gateway_amount', 'EndEvent_approved', small)}
${branchFlow('Flow_large', 'Gateway_amount', second.id, large)}
    <bpmn:sequenceFlow id="Flow_secondDone" sourceRef="${second.id}" targetRef="EndEvent_approved" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${processId}">
    <bpmndi:BPMNPlane id="BPMNPlane_${processId}" bpmnElement="${processId}">
${shape('StartEvent_submit', 152, 182, 36, 36)}
${shape(first.id, 250, 160, 100, 80)}
${shape('Gateway_amount', 425, 175, 50, 50, ' isMarkerVisible="true"')}
${shape(second.id, 560, 300, 100, 80)}
${shape('EndEvent_approved', 782, 182, 36, 36)}
${first.dueIn ? shape('Timer_escalate', 282, 222, 36, 36) : ''}
${edge('Flow_submit', [[188, 200], [250, 200]])}
${edge('Flow_reviewed', [[350, 200], [425, 200]])}
${edge('Flow_small', [[475, 200], [782, 200]])}
${edge('Flow_large', [[450, 225], [450, 340], [560, 340]])}
${edge('Flow_secondDone', [[660, 340], [800, 340], [800, 218]])}
${first.dueIn ? edge('Flow_escalate', [[300, 258], [300, 360], [560, 360]]) : ''}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/**
 * 报价优惠审批: 发起 → 优惠判断 first, so a discount up to the threshold ends the process at its start (the quotation takes
 * effect with no task) and a larger one waits for the dealer's sales manager.
 */
export function quotationDiscountXml(threshold = QUOTATION_DISCOUNT_THRESHOLD): string {
  const processId = QUOTATION_DISCOUNT_PROCESS_ID;
  const small = [row('discount-N', '<=', threshold)];
  const large = [row('discount-N', '>', threshold)];
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:dms="http://dms.local/schema/bpmn/dms" id="Definitions_${processId}" targetNamespace="http://dms.local/bpmn">
  <bpmn:process id="${processId}" name="${QUOTATION_DISCOUNT_NAME}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_submit" name="发起" />
    <bpmn:exclusiveGateway id="Gateway_discount" name="优惠判断" />
${task(SALES_MANAGER)}
    <bpmn:endEvent id="EndEvent_approved" name="报价生效" />
    <bpmn:sequenceFlow id="Flow_submit" sourceRef="StartEvent_submit" targetRef="Gateway_discount" />
${branchFlow('Flow_small', 'Gateway_discount', 'EndEvent_approved', small)}
${branchFlow('Flow_large', 'Gateway_discount', SALES_MANAGER.id, large)}
    <bpmn:sequenceFlow id="Flow_approved" sourceRef="${SALES_MANAGER.id}" targetRef="EndEvent_approved" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${processId}">
    <bpmndi:BPMNPlane id="BPMNPlane_${processId}" bpmnElement="${processId}">
${shape('StartEvent_submit', 152, 182, 36, 36)}
${shape('Gateway_discount', 245, 175, 50, 50, ' isMarkerVisible="true"')}
${shape(SALES_MANAGER.id, 400, 300, 100, 80)}
${shape('EndEvent_approved', 622, 182, 36, 36)}
${edge('Flow_submit', [[188, 200], [245, 200]])}
${edge('Flow_small', [[295, 200], [622, 200]])}
${edge('Flow_large', [[270, 225], [270, 340], [400, 340]])}
${edge('Flow_approved', [[500, 340], [640, 340], [640, 218]])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** 结算审批: 发起 → 审核人审批 → 结算 (one level: the dealer's 审核人 decides a discount or goodwill above the limits). */
export function settlementApprovalXml(): string {
  const processId = SETTLEMENT_PROCESS_ID;
  const level = SETTLEMENT_APPROVER;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:dms="http://dms.local/schema/bpmn/dms" id="Definitions_${processId}" targetNamespace="http://dms.local/bpmn">
  <bpmn:process id="${processId}" name="${SETTLEMENT_PROCESS_NAME}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_submit" name="发起" />
${task(level)}
    <bpmn:endEvent id="EndEvent_approved" name="结算" />
    <bpmn:sequenceFlow id="Flow_submit" sourceRef="StartEvent_submit" targetRef="${level.id}" />
    <bpmn:sequenceFlow id="Flow_approved" sourceRef="${level.id}" targetRef="EndEvent_approved" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_${processId}">
    <bpmndi:BPMNPlane id="BPMNPlane_${processId}" bpmnElement="${processId}">
${shape('StartEvent_submit', 152, 182, 36, 36)}
${shape(level.id, 250, 160, 100, 80)}
${shape('EndEvent_approved', 432, 182, 36, 36)}
${edge('Flow_submit', [[188, 200], [250, 200]])}
${edge('Flow_approved', [[350, 200], [432, 200]])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

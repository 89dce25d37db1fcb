// The workflow part of the demo: process roles, branch variables, and a repair-order discount approval drawn the way
// the designer draws it (conditions written by the designer's own builders), saved as version 1 by the administrator.
import type { Kysely } from 'kysely';
import { buildConditionExpression, buildFlowName, serializeRows } from '../../schemas/workflow/conditionExpression';
import type { ConditionRow } from '../../schemas/workflow/conditionExpression';
import type { Database } from '../db/schema';
import { APPROVAL_DEFINITIONS, approvalXml, FREE_SETTLEMENT_PROCESS_ID, QUOTATION_DISCOUNT_NAME, QUOTATION_DISCOUNT_PROCESS_ID, quotationDiscountXml, SETTLEMENT_PROCESS_ID, SETTLEMENT_PROCESS_NAME, settlementApprovalXml } from './approvalProcesses';

export const PROCESS_ROLES = [
  { code: 'REGION_AFTERSALES', name: '大区售后经理' },
  { code: 'OEM_AFTERSALES', name: '厂端售后服务部' },
  { code: 'OEM_FINANCE', name: '厂端财务部' },
  // Issue 23: the roles the seeded approvals give tasks to. A dealer's holder acts for that dealer, a region's for the
  // dealers of its region (server/processes/taskCandidates.ts).
  { code: 'REGION_SALES', name: '大区销售经理' },
  { code: 'REGION_PARTS', name: '大区配件经理' },
  { code: 'DEALER_FINANCE', name: '经销商财务经理' },
  { code: 'DEALER_SALES_MANAGER', name: '经销商销售经理' },
  { code: 'DEALER_PARTS_MANAGER', name: '经销商配件经理' },
] as const;

/** Who holds the process roles in the demo: region managers for their region, and at every dealer one of its staff. */
export const REGION_PROCESS_ROLES = ['REGION_AFTERSALES', 'REGION_SALES', 'REGION_PARTS'] as const;
/** The manufacturer's roles, held by its users without a position (the demo's administrator): a refund above ¥5,000 goes there. */
export const MANUFACTURER_PROCESS_ROLES = ['OEM_AFTERSALES', 'OEM_FINANCE'] as const;
export const DEALER_PROCESS_ROLES: Record<string, string> = { DEALER_FINANCE: 'DBZY', DEALER_SALES_MANAGER: 'XSGW', DEALER_PARTS_MANAGER: 'LLR' };

export const DISCOUNT_PROCESS_ID = 'repairDiscountApproval';
export const DISCOUNT_PROCESS_NAME = '维修工单折扣审批';

/** processId null: offered in every process (what every business document has). Dictionary 8031 is 客户等级. */
export const PROCESS_VARIABLES = [
  { processId: null, name: 'ownerCode', text: '经销商代码', suffix: 'S', dictType: null },
  { processId: null, name: 'amount', text: '单据金额', suffix: 'N', dictType: null },
  { processId: null, name: 'customerLevel', text: '客户等级', suffix: 'D', dictType: '8031' },
  { processId: DISCOUNT_PROCESS_ID, name: 'discountRate', text: '折扣率', suffix: 'N', dictType: null },
  { processId: DISCOUNT_PROCESS_ID, name: 'discountAmount', text: '优惠金额', suffix: 'N', dictType: null },
  { processId: DISCOUNT_PROCESS_ID, name: 'insuranceCompany', text: '保险公司', suffix: 'S', dictType: null },
  { processId: QUOTATION_DISCOUNT_PROCESS_ID, name: 'discount', text: '优惠金额', suffix: 'N', dictType: null },
  { processId: FREE_SETTLEMENT_PROCESS_ID, name: 'totalAmount', text: '工单金额', suffix: 'N', dictType: null },
] as const;

const row = (leftVariable: string, compareSymbol: string, rightVariable: string, relationalSymbol = ''): ConditionRow => ({
  leftVariable,
  compareSymbol,
  rightVariable,
  relationalSymbol,
  disabled: true,
});

const VARIABLE_TEXT = new Map<string, string>(PROCESS_VARIABLES.map((v) => [`${v.name}-${v.suffix}`, v.text]));
const labels = { variable: (value: string) => VARIABLE_TEXT.get(value) ?? value, value: (r: ConditionRow) => r.rightVariable };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function branchFlow(id: string, source: string, target: string, rows: ConditionRow[]): string {
  const expression = buildConditionExpression(rows);
  return `    <bpmn:sequenceFlow id="${id}" name="${escapeXml(buildFlowName(rows, labels))}" sourceRef="${source}" targetRef="${target}" dms:branch="true" dms:condition="${escapeXml(expression)}" dms:arrayData="${escapeXml(serializeRows(rows))}">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escapeXml(expression)}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>`;
}

/** 服务顾问提交 → 审核人审核 → 折扣判断: small discounts end there, larger ones go on to the region's after-sales manager. */
export function discountApprovalXml(): string {
  const small = [row('discountRate-N', '<=', '10'), row('discountAmount-N', '<=', '2000', '&&')];
  const large = [row('discountRate-N', '>', '10'), row('discountAmount-N', '>', '2000', '||')];
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:color="http://www.omg.org/spec/BPMN/non-normative/color/1.0" xmlns:dms="http://dms.local/schema/bpmn/dms" id="Definitions_repairDiscountApproval" targetNamespace="http://dms.local/bpmn">
  <bpmn:process id="${DISCOUNT_PROCESS_ID}" name="${DISCOUNT_PROCESS_NAME}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_apply" name="提交折扣申请" />
    <bpmn:userTask id="Task_dealerReview" name="审核人审核" dms:candidateGroups="SHR" dms:userType="role" dms:dueDate="P1D" dms:priority="50">
      <bpmn:extensionElements>
        <dms:button id="agree" name="同意" code="agree" next="Gateway_discount" sort="1" />
        <dms:button id="reject" name="驳回" code="reject" sort="2" />
        <dms:formProperty id="discountRate" name="折扣率" type="long" required="true" writable="false" variable="discountRate" />
        <dms:formProperty id="opinion" name="审核意见" type="string" />
        <dms:formField id="opinion" label="审核意见" type="string">
          <dms:validation>
            <dms:constraint name="maxlength" config="200" />
          </dms:validation>
        </dms:formField>
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:exclusiveGateway id="Gateway_discount" name="折扣判断" />
    <bpmn:userTask id="Task_regionApproval" name="大区售后经理审批" dms:candidateGroups="REGION_AFTERSALES" dms:userType="role" dms:dueDate="P2D">
      <bpmn:extensionElements>
        <dms:button id="approve" name="批准" code="agree" sort="1" />
        <dms:button id="decline" name="不批准" code="reject" sort="2" />
      </bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:endEvent id="EndEvent_done" name="审批结束" />
    <bpmn:sequenceFlow id="Flow_submit" sourceRef="StartEvent_apply" targetRef="Task_dealerReview" />
    <bpmn:sequenceFlow id="Flow_reviewed" sourceRef="Task_dealerReview" targetRef="Gateway_discount" />
${branchFlow('Flow_small', 'Gateway_discount', 'EndEvent_done', small)}
${branchFlow('Flow_large', 'Gateway_discount', 'Task_regionApproval', large)}
    <bpmn:sequenceFlow id="Flow_approved" sourceRef="Task_regionApproval" targetRef="EndEvent_done" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_repairDiscountApproval">
    <bpmndi:BPMNPlane id="BPMNPlane_repairDiscountApproval" bpmnElement="${DISCOUNT_PROCESS_ID}">
      <bpmndi:BPMNShape id="StartEvent_apply_di" bpmnElement="StartEvent_apply">
        <dc:Bounds x="152" y="182" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="134" y="225" width="72" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_dealerReview_di" bpmnElement="Task_dealerReview">
        <dc:Bounds x="250" y="160" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Gateway_discount_di" bpmnElement="Gateway_discount" isMarkerVisible="true">
        <dc:Bounds x="425" y="175" width="50" height="50" />
        <bpmndi:BPMNLabel><dc:Bounds x="426" y="151" width="48" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="Task_regionApproval_di" bpmnElement="Task_regionApproval" color:background-color="#ffe0b2" color:border-color="#6b3c00">
        <dc:Bounds x="560" y="300" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="EndEvent_done_di" bpmnElement="EndEvent_done">
        <dc:Bounds x="782" y="182" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="776" y="160" width="48" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_submit_di" bpmnElement="Flow_submit">
        <di:waypoint x="188" y="200" /><di:waypoint x="250" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_reviewed_di" bpmnElement="Flow_reviewed">
        <di:waypoint x="350" y="200" /><di:waypoint x="425" y="200" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_small_di" bpmnElement="Flow_small">
        <di:waypoint x="475" y="200" /><di:waypoint x="782" y="200" />
        <bpmndi:BPMNLabel><dc:Bounds x="500" y="160" width="260" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_large_di" bpmnElement="Flow_large">
        <di:waypoint x="450" y="225" /><di:waypoint x="450" y="340" /><di:waypoint x="560" y="340" />
        <bpmndi:BPMNLabel><dc:Bounds x="300" y="270" width="140" height="28" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_approved_di" bpmnElement="Flow_approved">
        <di:waypoint x="660" y="340" /><di:waypoint x="800" y="340" /><di:waypoint x="800" y="218" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

async function saveVersion1(db: Kysely<Database>, processId: string, name: string, xml: string, createdBy: number | null, now: Date): Promise<void> {
  const { id } = await db
    .insertInto('processDefinitions')
    .values({ processId, name, latestVersion: 1, createdAt: now, updatedAt: now, createdBy, updatedBy: createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('processDefinitionVersions').values({ definitionId: id, version: 1, name, xml, createdAt: now, createdBy }).execute();
}

/** Inserts the roles, variables, the discount approval and the approvals that run (version 1, saved by `createdBy`). */
export async function seedProcessDefinitions(db: Kysely<Database>, createdBy: number | null, now = new Date()): Promise<void> {
  await db.insertInto('processRoles').values(PROCESS_ROLES.map((r, i) => ({ ...r, sort: i }))).execute();
  await db.insertInto('processVariables').values(PROCESS_VARIABLES.map((v, i) => ({ ...v, sort: i }))).execute();
  await saveVersion1(db, DISCOUNT_PROCESS_ID, DISCOUNT_PROCESS_NAME, discountApprovalXml(), createdBy, now);
  for (const definition of APPROVAL_DEFINITIONS) await saveVersion1(db, definition.processId, definition.name, approvalXml(definition), createdBy, now);
  await saveVersion1(db, QUOTATION_DISCOUNT_PROCESS_ID, QUOTATION_DISCOUNT_NAME, quotationDiscountXml(), createdBy, now);
  await saveVersion1(db, SETTLEMENT_PROCESS_ID, SETTLEMENT_PROCESS_NAME, settlementApprovalXml(), createdBy, now);
}

/** The process roles of the demo's users (see REGION_PROCESS_ROLES, MANUFACTURER_PROCESS_ROLES and DEALER_PROCESS_ROLES). */
export async function seedProcessRoleHolders(
  db: Kysely<Database>,
  users: { userCode: string; orgCode: string; positions: readonly string[] }[],
  userIds: ReadonlyMap<string, number>,
  regionCodes: ReadonlySet<string>,
  manufacturerCodes: ReadonlySet<string> = new Set(),
): Promise<void> {
  const rows: { userId: number; roleCode: string }[] = [];
  const dealerTaken = new Set<string>();
  for (const user of users) {
    const userId = userIds.get(user.userCode);
    if (userId === undefined) continue;
    if (regionCodes.has(user.orgCode) && user.positions.length === 0) rows.push(...REGION_PROCESS_ROLES.map((roleCode) => ({ userId, roleCode })));
    if (manufacturerCodes.has(user.orgCode) && user.positions.length === 0) rows.push(...MANUFACTURER_PROCESS_ROLES.map((roleCode) => ({ userId, roleCode })));
    for (const [roleCode, position] of Object.entries(DEALER_PROCESS_ROLES)) {
      const key = `${user.orgCode}:${roleCode}`;
      if (!user.positions.includes(position) || dealerTaken.has(key)) continue;
      dealerTaken.add(key);
      rows.push({ userId, roleCode });
    }
  }
  if (rows.length > 0) await db.insertInto('userProcessRoles').values(rows).execute();
}

import { Checkbox, Collapse, Select, Tag } from 'antd';
import type { Element } from 'bpmn-js/lib/model/Types';
import { is, isAny } from 'bpmn-js/lib/util/ModelUtil';
import { ConditionTable } from './ConditionTable';
import { flowCondition, type BranchVariable, type ConditionLabels } from '../../../schemas/workflow/conditionExpression';
import type { ConditionRow } from '../../../schemas/workflow/conditionExpression';
import type { DictionaryOption } from './designerApi';
import { CommitInput, ListEditor, PanelRow, type ListColumn, type NestedList } from './panelFields';
import { businessObject, type ProcessModeler } from './processModeler';
import { WORKFLOW_TEXT } from '../../../schemas/workflow/workflowText';
import {
  NODE_COLORS,
  readExtensions,
  readNodeProperties,
  replaceExtensions,
  splitList,
  USER_TYPES,
  type ButtonModel,
  type ExtensionModel,
  type FormFieldModel,
  type FormPropertyModel,
  type ModdleElement,
  type RoleOption,
} from '../../../schemas/workflow/workflowModel';

const P = WORKFLOW_TEXT.panel;

const BUTTON_COLUMNS: ListColumn<ButtonModel>[] = [
  { key: 'id', title: 'ID', kind: 'text' },
  { key: 'name', title: '名称', kind: 'text' },
  { key: 'code', title: '编码', kind: 'text' },
  { key: 'next', title: '下一节点', kind: 'text' },
  { key: 'sort', title: '排序', kind: 'number' },
  { key: 'isHide', title: '隐藏', kind: 'bool' },
];

const FORM_PROPERTY_COLUMNS: ListColumn<FormPropertyModel>[] = [
  { key: 'id', title: 'ID', kind: 'text' },
  { key: 'name', title: '名称', kind: 'text' },
  { key: 'type', title: '类型', kind: 'text' },
  { key: 'variable', title: '变量', kind: 'text' },
  { key: 'expression', title: '表达式', kind: 'text' },
  { key: 'datePattern', title: '日期格式', kind: 'text' },
  { key: 'default', title: '默认值', kind: 'text' },
  { key: 'required', title: '必填', kind: 'bool' },
  { key: 'readable', title: '可读', kind: 'bool' },
  { key: 'writable', title: '可写', kind: 'bool' },
];

const FORM_FIELD_COLUMNS: ListColumn<FormFieldModel>[] = [
  { key: 'id', title: 'ID', kind: 'text' },
  { key: 'label', title: '标签', kind: 'text' },
  { key: 'type', title: '类型', kind: 'text' },
  { key: 'defaultValue', title: '默认值', kind: 'text' },
];

const blankButton = (): ButtonModel => ({ id: '', name: '', code: '', isHide: false, next: '', sort: null });
const blankFormProperty = (): FormPropertyModel => ({
  id: '',
  name: '',
  type: 'string',
  required: false,
  readable: true,
  writable: true,
  variable: '',
  expression: '',
  datePattern: '',
  default: '',
  values: [],
});
const blankFormField = (): FormFieldModel => ({ id: '', label: '', type: 'string', defaultValue: '', constraints: [] });

type ListSpec<T extends object> = { title: string; testId: string; columns: ListColumn<T>[]; blank(): T; nested?: NestedList<T> };

/** The extended model's lists: buttons, form properties (with their values), form fields (with their constraints). */
const EXTENSION_LISTS: { [K in keyof ExtensionModel]: ListSpec<ExtensionModel[K][number]> } = {
  buttons: { title: P.buttons, testId: 'workflow-buttons', columns: BUTTON_COLUMNS, blank: blankButton },
  formProperties: {
    title: P.formProperties,
    testId: 'workflow-form-properties',
    columns: FORM_PROPERTY_COLUMNS,
    blank: blankFormProperty,
    nested: { key: 'values', title: '可选值', columns: [{ key: 'id', title: 'ID', kind: 'text' }, { key: 'name', title: '名称', kind: 'text' }], blank: () => ({ id: '', name: '' }) },
  },
  formFields: {
    title: P.formFields,
    testId: 'workflow-form-fields',
    columns: FORM_FIELD_COLUMNS,
    blank: blankFormField,
    nested: { key: 'constraints', title: '校验约束', columns: [{ key: 'name', title: '名称', kind: 'text' }, { key: 'config', title: '配置', kind: 'text' }], blank: () => ({ name: '', config: '' }) },
  },
};

function ExtensionList<K extends keyof ExtensionModel>({ kind, items, onChange }: { kind: K; items: ExtensionModel[K]; onChange(items: ExtensionModel[K]): void }) {
  const spec = EXTENSION_LISTS[kind] as ListSpec<ExtensionModel[K][number]>;
  return (
    <ListEditor<ExtensionModel[K][number]>
      testId={spec.testId}
      items={items}
      columns={spec.columns}
      blank={spec.blank}
      nested={spec.nested}
      onChange={(next) => onChange(next as ExtensionModel[K])}
    />
  );
}

export interface PropertyPanelProps {
  modeler: ProcessModeler;
  /** The selected element; null shows the process. */
  element: Element | null;
  roles: readonly RoleOption[];
  variables: readonly BranchVariable[];
  loadDictionary(key: string): Promise<DictionaryOption[]>;
}

/** The property panel: the process name (its id stays hidden), or the selected node's or flow's properties. */
export function PropertyPanel({ modeler, element, roles, variables, loadDictionary }: PropertyPanelProps) {
  const target = element?.type === 'label' ? ((element as Element & { labelTarget?: Element }).labelTarget ?? element) : element;
  if (!target || target === modeler.root()) return <ProcessProperties modeler={modeler} />;
  return <ElementProperties key={target.id} modeler={modeler} element={target} roles={roles} variables={variables} loadDictionary={loadDictionary} />;
}

function ProcessProperties({ modeler }: { modeler: ProcessModeler }) {
  return (
    <div className="dms-panel" data-testid="process-properties">
      <div className="dms-panel-title">{P.process}</div>
      <PanelRow label={P.processName} required>
        <CommitInput
          id="workflow-process-name"
          value={modeler.processName()}
          placeholder={P.processNamePlaceholder}
          onCommit={(name) => modeler.modeling.updateProperties(modeler.root(), { name: name.trim() || undefined })}
        />
      </PanelRow>
    </div>
  );
}

function ElementProperties({ modeler, element, roles, variables, loadDictionary }: PropertyPanelProps & { element: Element }) {
  const bo = businessObject(element);
  const node = readNodeProperties(bo, element.di as ModdleElement | undefined);
  const update = (properties: Record<string, unknown>) => modeler.modeling.updateProperties(element, properties);
  const isUserTask = is(bo, 'bpmn:UserTask');
  const isCountersign = isUserTask && is(bo.get('loopCharacteristics') as ModdleElement | undefined, 'bpmn:MultiInstanceLoopCharacteristics');
  const isFlow = is(bo, 'bpmn:SequenceFlow');
  const isBranch = isFlow && is(bo.get('sourceRef') as ModdleElement | undefined, 'bpmn:ExclusiveGateway');
  const hasForm = isUserTask || is(bo, 'bpmn:StartEvent');
  const title = isCountersign ? P.countersign : (WORKFLOW_TEXT.elements[bo.$type] ?? bo.$type.replace('bpmn:', ''));
  const extensions = readExtensions(bo);
  const writeExtensions = <K extends keyof ExtensionModel>(kind: K, items: ExtensionModel[K]) =>
    update({ extensionElements: replaceExtensions(modeler.moddle, bo, kind, items) });

  const commitCondition = (rows: ConditionRow[], labels: ConditionLabels) => {
    const { name, arrayData, expression } = flowCondition(rows, labels);
    const hasRows = rows.length > 0;
    update({
      name: name || undefined,
      conditionExpression: hasRows ? modeler.moddle.create('bpmn:FormalExpression', { body: expression }) : undefined,
      'dms:arrayData': hasRows ? arrayData : undefined,
      'dms:branch': hasRows ? 'true' : undefined,
      'dms:condition': hasRows ? expression : undefined,
    });
  };

  const lists: (keyof ExtensionModel)[] = isUserTask ? ['buttons', 'formProperties', 'formFields'] : hasForm ? ['formProperties', 'formFields'] : [];
  const sections = lists.map((kind) => ({
    key: kind,
    label: `${EXTENSION_LISTS[kind].title}（${extensions[kind].length}）`,
    children: <ExtensionList kind={kind} items={extensions[kind]} onChange={(items) => writeExtensions(kind, items)} />,
  }));

  return (
    <div className="dms-panel" data-testid="element-properties" data-element-id={element.id}>
      <div className="dms-panel-title">{title}</div>
      <PanelRow label={P.name}>
        <CommitInput id="workflow-element-name" value={node.name} onCommit={(name) => update({ name: name.trim() || undefined })} />
      </PanelRow>
      <PanelRow label={P.color}>
        <div className="dms-color-swatches" role="radiogroup">
          {NODE_COLORS.map((color) => (
            <button
              key={color.name}
              type="button"
              role="radio"
              aria-checked={(color.stroke ?? '') === node.color}
              aria-label={color.name}
              title={color.name}
              className="dms-color-swatch"
              style={{ background: color.fill ?? '#fff', borderColor: color.stroke ?? '#d9d9d9' }}
              onClick={() => modeler.modeling.setColor([element], { fill: color.fill, stroke: color.stroke })}
            />
          ))}
        </div>
      </PanelRow>

      {isUserTask ? (
        <>
          <PanelRow label={P.userType}>
            <Select
              id="workflow-user-type"
              value={node.userType || 'role'}
              options={USER_TYPES.map((t) => ({ value: t, label: P.userTypes[t] }))}
              onChange={(userType: string) => update({ 'dms:userType': userType })}
            />
          </PanelRow>
          {(node.userType || 'role') === 'role' ? (
            <PanelRow label={P.candidateGroups}>
              <Select
                id="workflow-candidate-groups"
                mode="multiple"
                value={splitList(node.candidateGroups)}
                options={roles.map((r) => ({ value: r.value, label: r.text }))}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(groups: string[]) => update({ 'dms:candidateGroups': groups.join(',') || undefined, 'dms:userType': 'role' })}
              />
            </PanelRow>
          ) : null}
          {node.userType === 'assignee' ? (
            <PanelRow label={P.assignee}>
              <CommitInput value={node.assignee} placeholder={P.usersPlaceholder} onCommit={(v) => update({ 'dms:assignee': v.trim() || undefined })} />
            </PanelRow>
          ) : null}
          {node.userType === 'candidateUsers' ? (
            <PanelRow label={P.candidateUsers}>
              <CommitInput value={node.candidateUsers} placeholder={P.usersPlaceholder} onCommit={(v) => update({ 'dms:candidateUsers': v.trim() || undefined })} />
            </PanelRow>
          ) : null}
          <PanelRow label={P.dueDate}>
            <CommitInput value={String(bo.get('dms:dueDate') ?? '')} placeholder={P.datePlaceholder} onCommit={(v) => update({ 'dms:dueDate': v.trim() || undefined })} />
          </PanelRow>
          <PanelRow label={P.followUpDate}>
            <CommitInput value={String(bo.get('dms:followUpDate') ?? '')} placeholder={P.datePlaceholder} onCommit={(v) => update({ 'dms:followUpDate': v.trim() || undefined })} />
          </PanelRow>
          <PanelRow label={P.priority}>
            <CommitInput value={String(bo.get('dms:priority') ?? '')} onCommit={(v) => update({ 'dms:priority': v.trim() || undefined })} />
          </PanelRow>
        </>
      ) : null}

      {is(bo, 'bpmn:CallActivity') ? (
        <>
          <PanelRow label={P.calledElement}>
            <CommitInput value={String(bo.get('calledElement') ?? '')} onCommit={(v) => update({ calledElement: v.trim() || undefined })} />
          </PanelRow>
          <PanelRow label={P.calledElementBinding}>
            <Select
              value={String(bo.get('dms:calledElementBinding'))}
              options={Object.entries(P.bindings).map(([value, label]) => ({ value, label }))}
              onChange={(binding: string) => update({ 'dms:calledElementBinding': binding })}
            />
          </PanelRow>
        </>
      ) : null}

      {isAny(bo, ['bpmn:Activity', 'bpmn:Gateway', 'bpmn:Event']) ? (
        <PanelRow label="">
          <Checkbox id="workflow-async" checked={bo.get('dms:async') === true} onChange={(e) => update({ 'dms:async': e.target.checked })}>
            {P.async}
          </Checkbox>
          <Checkbox id="workflow-exclusive" checked={bo.get('dms:exclusive') === true} onChange={(e) => update({ 'dms:exclusive': e.target.checked })}>
            {P.exclusive}
          </Checkbox>
        </PanelRow>
      ) : null}

      {isBranch ? (
        <div className="dms-panel-section">
          <div className="dms-panel-subtitle">
            {WORKFLOW_TEXT.condition.title} {bo.get('dms:condition') ? <Tag className="dms-condition-expression">{String(bo.get('dms:condition'))}</Tag> : null}
          </div>
          <ConditionTable arrayData={bo.get('dms:arrayData') as string | undefined} variables={variables} loadDictionary={loadDictionary} onCommit={commitCondition} />
        </div>
      ) : null}

      {sections.length > 0 ? <Collapse size="small" className="dms-panel-section" items={sections} /> : null}
    </div>
  );
}

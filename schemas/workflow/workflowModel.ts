// The workflow node model of building-blocks §3 on top of BPMN and the dms moddle extension (dmsModdle.json): node
// properties, the extended model's buttons, form properties and form fields, and the node colours. Plain data in and
// out, so the designer's panel, the tests and the server read the same shapes.

/** The slice of a moddle element this module uses (bpmn-js business objects and bpmn-moddle elements alike). */
export interface ModdleElement {
  $type: string;
  get(name: string): unknown;
}

export interface ModdleFactory {
  create(type: string, attrs?: Record<string, unknown>): ModdleElement;
}

export const DMS_PREFIX = 'dms';

/** Who handles a user task: a role or position (candidate groups), one named user, or candidate users. */
export const USER_TYPES = ['role', 'assignee', 'candidateUsers'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** A workflow node's properties (building-blocks §3). */
export interface WorkflowNodeProperties {
  id: string;
  name: string;
  /** The stroke colour of the node (#rrggbb), or '' for the default. */
  color: string;
  candidateGroups: string;
  candidateUsers: string;
  assignee: string;
  userType: string;
}

/** A role option as definition/roles answers it. */
export interface RoleOption {
  value: string;
  text: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

/** `di` is the node's diagram element, which carries its colour (BPMN in Color). */
export function readNodeProperties(bo: ModdleElement, di?: ModdleElement): WorkflowNodeProperties {
  return {
    id: text(bo.get('id')),
    name: text(bo.get('name')),
    color: text(di?.get('color:border-color')),
    candidateGroups: text(bo.get('dms:candidateGroups')),
    candidateUsers: text(bo.get('dms:candidateUsers')),
    assignee: text(bo.get('dms:assignee')),
    userType: text(bo.get('dms:userType')),
  };
}

/** Candidate groups are stored comma-separated, as process engines read them. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export interface NodeColor {
  name: string;
  fill: string | undefined;
  stroke: string | undefined;
}

/** The colours a node can take: a light fill with a dark stroke of the same hue, readable in print. */
export const NODE_COLORS: readonly NodeColor[] = [
  { name: '默认', fill: undefined, stroke: undefined },
  { name: '蓝色', fill: '#bbdefb', stroke: '#0d4372' },
  { name: '橙色', fill: '#ffe0b2', stroke: '#6b3c00' },
  { name: '绿色', fill: '#c8e6c9', stroke: '#205022' },
  { name: '红色', fill: '#ffcdd2', stroke: '#831311' },
  { name: '紫色', fill: '#e1bee7', stroke: '#5b176d' },
];

// ---- The extended model: buttons, form properties, form fields with validation constraints ----

export interface ButtonModel {
  id: string;
  name: string;
  code: string;
  isHide: boolean;
  next: string;
  sort: number | null;
}

export interface ValueModel {
  id: string;
  name: string;
}

export interface FormPropertyModel {
  id: string;
  name: string;
  type: string;
  required: boolean;
  readable: boolean;
  writable: boolean;
  variable: string;
  expression: string;
  datePattern: string;
  default: string;
  values: ValueModel[];
}

export interface ConstraintModel {
  name: string;
  config: string;
}

export interface FormFieldModel {
  id: string;
  label: string;
  type: string;
  defaultValue: string;
  constraints: ConstraintModel[];
}

export interface ExtensionModel {
  buttons: ButtonModel[];
  formProperties: FormPropertyModel[];
  formFields: FormFieldModel[];
}

const EXTENSION_TYPES = { buttons: 'dms:Button', formProperties: 'dms:FormProperty', formFields: 'dms:FormField' } as const;

const many = (element: ModdleElement | undefined, name: string): ModdleElement[] => (element?.get(name) as ModdleElement[] | undefined) ?? [];
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

function extensionValues(bo: ModdleElement): ModdleElement[] {
  return many(bo.get('extensionElements') as ModdleElement | undefined, 'values');
}

export function readExtensions(bo: ModdleElement): ExtensionModel {
  const of = (type: string) => extensionValues(bo).filter((v) => v.$type === type);
  return {
    buttons: of(EXTENSION_TYPES.buttons).map((b) => ({
      id: text(b.get('id')),
      name: text(b.get('name')),
      code: text(b.get('code')),
      isHide: bool(b.get('isHide'), false),
      next: text(b.get('next')),
      sort: typeof b.get('sort') === 'number' ? (b.get('sort') as number) : null,
    })),
    formProperties: of(EXTENSION_TYPES.formProperties).map((p) => ({
      id: text(p.get('id')),
      name: text(p.get('name')),
      type: text(p.get('type')),
      required: bool(p.get('required'), false),
      readable: bool(p.get('readable'), true),
      writable: bool(p.get('writable'), true),
      variable: text(p.get('variable')),
      expression: text(p.get('expression')),
      datePattern: text(p.get('datePattern')),
      default: text(p.get('default')),
      values: many(p, 'values').map((v) => ({ id: text(v.get('id')), name: text(v.get('name')) })),
    })),
    formFields: of(EXTENSION_TYPES.formFields).map((f) => ({
      id: text(f.get('id')),
      label: text(f.get('label')),
      type: text(f.get('type')),
      defaultValue: text(f.get('defaultValue')),
      constraints: many(f.get('validation') as ModdleElement | undefined, 'constraints').map((c) => ({ name: text(c.get('name')), config: text(c.get('config')) })),
    })),
  };
}

/** Attributes without empty strings: an unset attribute is left out of the XML rather than written empty. */
function attrs(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== null && v !== undefined));
}

function toModdle(factory: ModdleFactory, kind: keyof ExtensionModel, item: ExtensionModel[keyof ExtensionModel][number]): ModdleElement {
  if (kind === 'formProperties') {
    const { values, ...rest } = item as FormPropertyModel;
    return factory.create(EXTENSION_TYPES.formProperties, { ...attrs(rest), values: values.map((v) => factory.create('dms:Value', attrs({ ...v }))) });
  }
  if (kind === 'formFields') {
    const { constraints, ...rest } = item as FormFieldModel;
    const validation = constraints.length > 0 ? factory.create('dms:Validation', { constraints: constraints.map((c) => factory.create('dms:Constraint', attrs({ ...c }))) }) : undefined;
    return factory.create(EXTENSION_TYPES.formFields, attrs({ ...rest, validation }));
  }
  return factory.create(EXTENSION_TYPES.buttons, attrs({ ...(item as ButtonModel) }));
}

/**
 * A new bpmn:ExtensionElements with one list replaced; the other lists and any foreign extension elements stay as they
 * were, in place. Answers undefined when nothing is left, so the XML carries no empty container.
 */
export function replaceExtensions<K extends keyof ExtensionModel>(factory: ModdleFactory, bo: ModdleElement, kind: K, items: ExtensionModel[K]): ModdleElement | undefined {
  const type = EXTENSION_TYPES[kind];
  const others = extensionValues(bo).filter((v) => v.$type !== type);
  const values = [...others, ...items.map((item) => toModdle(factory, kind, item))];
  return values.length > 0 ? factory.create('bpmn:ExtensionElements', { values }) : undefined;
}

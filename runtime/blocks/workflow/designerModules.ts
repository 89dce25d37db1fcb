// bpmn-js modules of the designer: the palette of building-blocks §2 item 4, appending user tasks from the context
// pad, and the Chinese labels of bpmn-js's own tools.
import type { Element, Shape } from 'bpmn-js/lib/model/Types';
import { WORKFLOW_TEXT } from '../../../schemas/workflow/workflowText';

interface ElementFactoryService {
  createShape(attrs: Record<string, unknown>): Shape;
}
interface BpmnFactoryService {
  create(type: string, attrs?: Record<string, unknown>): unknown;
}
interface CreateService {
  start(event: Event, shape: Shape, context?: Record<string, unknown>): void;
}
interface ToolService {
  activateHand?(event: Event): void;
  activateSelection?(event: Event): void;
  start?(event: Event): void;
}
interface AutoPlaceService {
  append(source: Element, shape: Shape): void;
}
interface InjectorService {
  get<T>(name: string, strict: boolean): T | null;
}
interface Registrar {
  registerProvider(provider: object): void;
  registerProvider(priority: number, provider: object): void;
}

type EntryAction = (event: Event, element?: Element) => void;
interface Entry {
  group: string;
  className: string;
  title: string;
  action: { click: EntryAction; dragstart?: EntryAction };
}

const { elements } = WORKFLOW_TEXT;

/** The palette: the hand, lasso and connect tools, then start, end, branch condition, user task, countersign task, data object, data store, extended process and group. */
export class DmsPaletteProvider {
  static $inject = ['palette', 'create', 'elementFactory', 'bpmnFactory', 'handTool', 'lassoTool', 'globalConnect'];

  constructor(
    palette: Registrar,
    private readonly create: CreateService,
    private readonly elementFactory: ElementFactoryService,
    private readonly bpmnFactory: BpmnFactoryService,
    private readonly handTool: ToolService,
    private readonly lassoTool: ToolService,
    private readonly globalConnect: ToolService,
  ) {
    palette.registerProvider(this);
  }

  private createEntry(group: string, className: string, title: string, attrs: () => Record<string, unknown>): Entry {
    const start = (event: Event) => this.create.start(event, this.elementFactory.createShape(attrs()));
    return { group, className, title, action: { click: start, dragstart: start } };
  }

  getPaletteEntries(): Record<string, Entry | { group: string; separator: true }> {
    const tool = (className: string, title: string, run: EntryAction): Entry => ({ group: 'tools', className, title, action: { click: run } });
    return {
      'hand-tool': tool('bpmn-icon-hand-tool', '抓手工具', (e) => this.handTool.activateHand?.(e)),
      'lasso-tool': tool('bpmn-icon-lasso-tool', '框选工具', (e) => this.lassoTool.activateSelection?.(e)),
      'global-connect-tool': tool('bpmn-icon-connection-multi', '连线工具', (e) => this.globalConnect.start?.(e)),
      'tool-separator': { group: 'tools', separator: true },
      'create.start-event': this.createEntry('event', 'bpmn-icon-start-event-none', elements['bpmn:StartEvent']!, () => ({ type: 'bpmn:StartEvent' })),
      'create.end-event': this.createEntry('event', 'bpmn-icon-end-event-none', elements['bpmn:EndEvent']!, () => ({ type: 'bpmn:EndEvent' })),
      'create.exclusive-gateway': this.createEntry('gateway', 'bpmn-icon-gateway-xor', `${elements['bpmn:ExclusiveGateway']}（排他网关）`, () => ({ type: 'bpmn:ExclusiveGateway' })),
      'create.user-task': this.createEntry('activity', 'bpmn-icon-user-task', elements['bpmn:UserTask']!, () => ({ type: 'bpmn:UserTask' })),
      'create.countersign-task': this.createEntry('activity', 'bpmn-icon-parallel-mi-marker', elements.countersign!, () => ({
        type: 'bpmn:UserTask',
        businessObject: this.bpmnFactory.create('bpmn:UserTask', { loopCharacteristics: this.bpmnFactory.create('bpmn:MultiInstanceLoopCharacteristics') }),
      })),
      'create.data-object': this.createEntry('data-object', 'bpmn-icon-data-object', elements['bpmn:DataObjectReference']!, () => ({ type: 'bpmn:DataObjectReference' })),
      'create.data-store': this.createEntry('data-store', 'bpmn-icon-data-store', elements['bpmn:DataStoreReference']!, () => ({ type: 'bpmn:DataStoreReference' })),
      'create.call-activity': this.createEntry('call-activity', 'bpmn-icon-call-activity', elements['bpmn:CallActivity']!, () => ({ type: 'bpmn:CallActivity' })),
      'create.group': this.createEntry('artifact', 'bpmn-icon-group', elements['bpmn:Group']!, () => ({ type: 'bpmn:Group' })),
    };
  }
}

/** The context pad appends user tasks (what a process here is made of) instead of untyped tasks. */
export class DmsContextPadProvider {
  static $inject = ['contextPad', 'elementFactory', 'create', 'injector'];

  constructor(
    contextPad: Registrar,
    private readonly elementFactory: ElementFactoryService,
    private readonly create: CreateService,
    private readonly injector: InjectorService,
  ) {
    contextPad.registerProvider(500, this);
  }

  getContextPadEntries(): (entries: Record<string, Entry>) => Record<string, Entry> {
    return (entries) => {
      const { 'append.append-task': task, 'append.intermediate-event': _intermediate, ...rest } = entries;
      if (!task) return entries;
      const autoPlace = this.injector.get<AutoPlaceService>('autoPlace', false);
      const shape = () => this.elementFactory.createShape({ type: 'bpmn:UserTask' });
      const userTask: Entry = {
        group: task.group,
        className: 'bpmn-icon-user-task',
        title: `追加${elements['bpmn:UserTask']}`,
        action: {
          click: (event, element) => (autoPlace && element ? autoPlace.append(element, shape()) : this.create.start(event, shape(), { source: element })),
          dragstart: (event, element) => this.create.start(event, shape(), { source: element }),
        },
      };
      return { ...rest, 'append.user-task': userTask };
    };
  }
}

/** Chinese for the labels bpmn-js draws itself (context pad, popup menus); anything not listed stays as bpmn-js says it. */
const TRANSLATIONS: Record<string, string> = {
  'Append end event': '追加结束',
  'Append gateway': '追加分支条件',
  'Append text annotation': '追加注释',
  'Add text annotation': '添加注释',
  'Change element': '更改类型',
  'Change type': '更改类型',
  Delete: '删除',
  'Connect to other element': '连线',
  'Connect using sequence/message flow or association': '连线',
  'Connect using association': '关联',
  'Connect using data input association': '数据关联',
  'Start event': '开始',
  'End event': '结束',
  'Exclusive gateway': '分支条件（排他网关）',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关',
  Task: '任务',
  'User task': '用户任务',
  'Service task': '服务任务',
  'Call activity': '扩展流程',
  'Business rule task': '业务规则任务',
  'Parallel multi-instance': '会签（并行多实例）',
  'Sequential multi-instance': '会签（串行多实例）',
  Loop: '循环',
  'Sequence flow': '连线',
  'Default flow': '默认连线',
  'Conditional flow': '条件连线',
  'Data object reference': '数据对象',
  'Data store reference': '数据存储',
  'Search in diagram': '在流程图中搜索',
};

export function translate(template: string, replacements: Record<string, string> = {}): string {
  return (TRANSLATIONS[template] ?? template).replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}

export const designerModules = [
  { __init__: ['paletteProvider'], paletteProvider: ['type', DmsPaletteProvider] },
  { __init__: ['dmsContextPadProvider'], dmsContextPadProvider: ['type', DmsContextPadProvider] },
  { translate: ['value', translate] },
];

// bpmn-js behind the few operations the designer needs: open and export XML, the process root, undo and redo, the
// diagram check. The only module that constructs the Modeler; it loads with the designer's lazy chunk.
import Modeler from 'bpmn-js/lib/Modeler';
import type Modeling from 'bpmn-js/lib/features/modeling/Modeling';
import type { Element } from 'bpmn-js/lib/model/Types';
import type CommandStack from 'diagram-js/lib/command/CommandStack';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type EventBus from 'diagram-js/lib/core/EventBus';
import { designerModules } from './designerModules';
import { checkDiagram, type DiagramCheck } from '../../../schemas/workflow/diagramCheck';
import dmsDescriptor from '../../../schemas/workflow/dmsModdle.json';
import type { ModdleElement, ModdleFactory } from '../../../schemas/workflow/workflowModel';

export const DMS_NAMESPACE = dmsDescriptor.uri;

/** A fresh process id: BPMN ids are XML names, so a letter first. */
export function newProcessId(): string {
  return `Process_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An empty process (no name yet) on an empty plane. */
export function emptyProcessXml(processId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:dms="${DMS_NAMESPACE}" id="Definitions_${processId}" targetNamespace="http://dms.local/bpmn">
  <bpmn:process id="${processId}" isExecutable="true" />
  <bpmndi:BPMNDiagram id="BPMNDiagram_${processId}">
    <bpmndi:BPMNPlane id="BPMNPlane_${processId}" bpmnElement="${processId}" />
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The fields of bpmn-js events the designer reads. */
export interface DesignerEvent {
  newSelection?: Element[];
  /** commandStack.changed: execute, undo, redo or clear. */
  trigger?: string;
}

export const businessObject = (element: Element): ModdleElement => element.businessObject as ModdleElement;

export class ProcessModeler {
  private readonly modeler: Modeler;

  constructor(container: HTMLElement) {
    this.modeler = new Modeler({ container, additionalModules: designerModules, moddleExtensions: { dms: dmsDescriptor } });
  }

  get modeling(): Modeling {
    return this.modeler.get<Modeling>('modeling');
  }

  get moddle(): ModdleFactory {
    return this.modeler.get<ModdleFactory>('moddle');
  }

  private get commandStack(): CommandStack {
    return this.modeler.get<CommandStack>('commandStack');
  }

  private get canvas(): Canvas {
    return this.modeler.get<Canvas>('canvas');
  }

  /** Subscribes to a bpmn-js event; answers the unsubscribe. */
  on(event: string | string[], listener: (event: DesignerEvent) => void): () => void {
    const bus = this.modeler.get<EventBus>('eventBus');
    const callback = (e: unknown) => listener(e as DesignerEvent);
    bus.on(event, callback);
    return () => bus.off(event, callback);
  }

  async open(xml: string): Promise<void> {
    await this.modeler.importXML(xml);
    const hasElements = (businessObject(this.root()).get('flowElements') as unknown[] | undefined)?.length;
    if (hasElements) {
      this.canvas.zoom('fit-viewport');
      if (this.canvas.zoom() > 1) this.canvas.zoom(1);
    }
  }

  async xml(): Promise<string> {
    const { xml } = await this.modeler.saveXML({ format: true });
    return xml ?? '';
  }

  /** The root element: the process itself. */
  root(): Element {
    return this.canvas.getRootElement() as Element;
  }

  processId(): string {
    return String(businessObject(this.root()).get('id') ?? '');
  }

  processName(): string {
    return String(businessObject(this.root()).get('name') ?? '');
  }

  check(): DiagramCheck {
    const elements = (businessObject(this.root()).get('flowElements') as ModdleElement[] | undefined) ?? [];
    return checkDiagram(elements.map((e) => e.$type));
  }

  undo(): void {
    this.commandStack.undo();
  }

  redo(): void {
    this.commandStack.redo();
  }

  canUndo(): boolean {
    return this.commandStack.canUndo();
  }

  canRedo(): boolean {
    return this.commandStack.canRedo();
  }

  destroy(): void {
    this.modeler.destroy();
  }
}

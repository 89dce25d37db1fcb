// What the runner needs from a definition's XML besides the engine: each user task's name, candidates (the roles or
// positions drawn in the designer, dms:candidateGroups, comma separated) and due date. Read with the project's pinned
// bpmn-moddle and the dms extension, as the designer writes them; cached per XML, since versions never change.
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import dmsDescriptor from '../../schemas/workflow/dmsModdle.json' with { type: 'json' };

export interface DiagramTask {
  id: string;
  name: string;
  candidates: string[];
}

export interface Diagram {
  tasks: Map<string, DiagramTask>;
  names: Map<string, string>;
}

const moddle = new BpmnModdle({ dms: dmsDescriptor });
const cache = new Map<string, Promise<Diagram>>();

async function read(xml: string): Promise<Diagram> {
  const { rootElement } = await moddle.fromXML(xml);
  const process = ((rootElement.get('rootElements') as ModdleElement[]) ?? []).find((e) => e.$type === 'bpmn:Process');
  const elements = (process?.get('flowElements') as ModdleElement[] | undefined) ?? [];
  const tasks = new Map<string, DiagramTask>();
  const names = new Map<string, string>();
  for (const element of elements) {
    const id = String(element.get('id'));
    const name = String(element.get('name') ?? '') || id;
    names.set(id, name);
    if (element.$type !== 'bpmn:UserTask') continue;
    const groups = String(element.get('dms:candidateGroups') ?? '');
    tasks.set(id, { id, name, candidates: groups.split(',').map((c) => c.trim()).filter(Boolean) });
  }
  return { tasks, names };
}

export function readDiagram(xml: string): Promise<Diagram> {
  let diagram = cache.get(xml);
  if (!diagram) {
    diagram = read(xml);
    if (cache.size > 200) cache.clear();
    cache.set(xml, diagram);
  }
  return diagram;
}

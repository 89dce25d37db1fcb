// Checks the BPMN XML of a process definition before it is stored: it must read as BPMN 2.0 with the dms extension
// (bpmn-moddle, the model bpmn-js itself uses) without a single warning, hold exactly one process with a name and a
// diagram, and pass the designer's diagram check.
import { BpmnModdle, type ModdleElement } from 'bpmn-moddle';
import dmsDescriptor from '../../schemas/workflow/dmsModdle.json' with { type: 'json' };
import { checkDiagram } from '../../schemas/workflow/diagramCheck';
import { WORKFLOW_TEXT } from '../../schemas/workflow/workflowText';
import { ApiError } from '../http/errors';

/** A process id as BPMN allows it (an XML NCName), kept short enough to be a key. */
export const PROCESS_ID_PATTERN = '^[A-Za-z_][A-Za-z0-9_.-]{0,63}$';
export const PROCESS_NAME_MAX = 100;

export interface ProcessSummary {
  processId: string;
  name: string;
}

const moddle = new BpmnModdle({ dms: dmsDescriptor });

const invalid = (message: string) => new ApiError('invalidInput', message);
const firstLine = (message: string) => message.split('\n')[0]!.trim();
const list = (element: ModdleElement, name: string) => (element.get(name) as ModdleElement[] | undefined) ?? [];

export async function readProcessXml(xml: string): Promise<ProcessSummary> {
  let definitions: ModdleElement;
  try {
    const parsed = await moddle.fromXML(xml);
    // bpmn-moddle reads leniently and reports what it skipped as warnings; a definition must not lose anything.
    if (parsed.warnings.length > 0) throw parsed.warnings[0]!;
    definitions = parsed.rootElement;
  } catch (error) {
    throw invalid(`流程图 XML 不符合 BPMN 规范：${firstLine((error as Error).message)}`);
  }

  const roots = list(definitions, 'rootElements');
  const processes = roots.filter((e) => e.$type === 'bpmn:Process');
  if (processes.length !== 1 || roots.some((e) => e.$type === 'bpmn:Collaboration')) throw invalid('流程图必须包含且只包含一个流程');
  const process = processes[0]!;
  const processId = String(process.get('id') ?? '');
  if (!new RegExp(PROCESS_ID_PATTERN).test(processId)) throw invalid(`流程 ID 不正确：${processId}`);
  const name = String(process.get('name') ?? '').trim();
  if (!name) throw invalid(WORKFLOW_TEXT.messages.nameRequired);
  if (name.length > PROCESS_NAME_MAX) throw invalid(`流程名称不能超过 ${PROCESS_NAME_MAX} 个字`);
  if (list(definitions, 'diagrams').length === 0) throw invalid('流程图缺少图形信息（BPMNDiagram）');

  const check = checkDiagram(list(process, 'flowElements').map((e) => e.$type));
  if (!check.ok) throw invalid(check.message);
  return { processId, name };
}

// The diagram check of building-blocks §4 and §8, shared by the designer's 检查 button and the server's save: a process
// is 正常 only with exactly one start event and one end event among its top-level elements.
import { WORKFLOW_TEXT } from './workflowText';

export interface DiagramCheck {
  ok: boolean;
  message: string;
}

/** `types` are the BPMN types (bpmn:StartEvent ...) of the process's top-level flow elements. */
export function checkDiagram(types: readonly string[]): DiagramCheck {
  const starts = types.filter((t) => t === 'bpmn:StartEvent').length;
  const ends = types.filter((t) => t === 'bpmn:EndEvent').length;
  if (starts > 1 || ends > 1) return { ok: false, message: WORKFLOW_TEXT.check.tooMany };
  if (starts === 0 || ends === 0) return { ok: false, message: WORKFLOW_TEXT.check.missing };
  return { ok: true, message: WORKFLOW_TEXT.check.ok };
}

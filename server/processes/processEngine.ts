// One step of a process on bpmn-engine (DESIGN §7): start it, or recover it from the state the database holds, let it
// run until every path waits (a user task, a timer) or the process ends, and hand back its new state with what it now
// waits for. The engine never lives between requests: any server instance can take the next step, and nothing of a
// running process is kept in one process's memory. Its timers never fire by themselves: a due timer is recorded with its
// expiry and fired by recovering the instance after that moment (the engine then finds it expired).
import { Engine } from 'bpmn-engine';
import { EventEmitter } from 'node:events';
import { evaluateExpression } from '../../schemas/expression/expression';

export interface WaitingTask {
  elementId: string;
  /** The engine's id of this wait (a loop or a second pass gets another). */
  executionId: string;
  name: string;
}

export interface PendingTimer {
  elementId: string;
  /** The activity the timer sits on (a boundary event's host), for the history. */
  attachedTo: string | null;
  expireAt: Date;
}

export interface StepResult {
  state: unknown;
  ended: boolean;
  waiting: WaitingTask[];
  timers: PendingTimer[];
  /** Activities finished in this step, in order (gateways, tasks, events): the path the history shows. */
  passed: { elementId: string; name: string; type: string }[];
}

export type ProcessVariables = Record<string, unknown>;

/**
 * Conditions are the designer's condition table, `${amount > 500 && customerLevel == '80311004'}`: the inside of a
 * whole `${...}` is read in the shared expression language (exact decimals) on the process variables. Anything else
 * (a plain name, a duration) is taken as written.
 */
const expressions = {
  resolveExpression(expression: unknown, from: { environment?: { variables?: ProcessVariables } }): unknown {
    if (typeof expression !== 'string') return expression;
    const whole = /^\$\{([\s\S]*)\}$/.exec(expression.trim());
    if (!whole) return expression;
    return evaluateExpression(whole[1]!, from.environment?.variables ?? {}, { exact: true });
  },
  isExpression: (text: unknown) => typeof text === 'string' && /^\$\{[\s\S]*\}$/.test(text.trim()),
  hasExpression: (text: unknown) => typeof text === 'string' && text.includes('${'),
};

/** Timers that never fire in this process: expiry is the database's business (see the file comment). */
function idleTimers() {
  let count = 0;
  const setTimeout = (callback: CallableFunction, delay: number) => ({ callback, delay, timerId: `timer_${count++}`, timerRef: null });
  const never = { setTimeout, clearTimeout: () => undefined };
  return { ...never, executing: [], register: () => never };
}

interface ElementApi {
  id: string;
  type: string;
  name?: string;
  executionId: string;
  content: { expireAt?: string | Date; attachedTo?: string; parent?: { id?: string } };
  owner: { attachedTo?: { id: string } };
}

async function settle(): Promise<void> {
  // The engine's broker is synchronous; one turn of the event loop lets the last acknowledgements through.
  await new Promise((resolve) => setImmediate(resolve));
}

async function runEngine(
  xml: string,
  variables: ProcessVariables,
  state: unknown,
  act: (execution: Awaited<ReturnType<Engine['resume']>>) => void,
): Promise<StepResult> {
  const timers = idleTimers();
  const passed: StepResult['passed'] = [];
  const timerAt = new Map<string, PendingTimer>();
  let ended = false;
  const listener = new EventEmitter();
  listener.on('activity.end', (api: ElementApi) => {
    passed.push({ elementId: api.id, name: api.name ?? api.id, type: api.type });
    timerAt.delete(api.id);
  });
  listener.on('activity.leave', (api: ElementApi) => timerAt.delete(api.id));
  listener.on('activity.timer', (api: ElementApi) => {
    if (api.content.expireAt) timerAt.set(api.id, { elementId: api.id, attachedTo: api.owner.attachedTo?.id ?? null, expireAt: new Date(api.content.expireAt) });
  });
  const engine = state
    ? new Engine({ expressions, timers }).recover(state, { expressions, timers })
    : new Engine({ name: 'dms', source: xml, expressions, timers, variables });
  engine.once('end', () => {
    ended = true;
  });
  const execution = state ? await engine.resume({ listener }) : await engine.execute({ listener, variables });
  await settle();
  act(execution);
  await settle();
  const waiting = ended
    ? []
    : execution
        .getPostponed()
        .filter((api) => api.type === 'bpmn:UserTask')
        .map((api) => ({ elementId: api.id, executionId: api.executionId, name: (api as unknown as ElementApi).name ?? api.id }));
  const timersLeft = ended
    ? []
    : execution
        .getPostponed()
        .flatMap((api) => (timerAt.has(api.id) ? [timerAt.get(api.id)!] : []));
  const saved = await engine.getState();
  if (!ended) await engine.stop();
  return { state: saved, ended, waiting, timers: timersLeft, passed };
}

/** Starts a process with the record's variables and runs it to its first waits. */
export function startProcess(xml: string, variables: ProcessVariables): Promise<StepResult> {
  return runEngine(xml, variables, undefined, () => undefined);
}

/** Recovers the process and lets it run: expired timers fire now. */
export function resumeProcess(xml: string, state: unknown): Promise<StepResult> {
  return runEngine(xml, {}, state, () => undefined);
}

/** Recovers the process and completes one waiting user task. */
export function completeTask(xml: string, state: unknown, executionId: string, output: Record<string, unknown>): Promise<StepResult> {
  return runEngine(xml, {}, state, (execution) => execution.signal({ executionId, ...output }));
}

// The sweep that fires due process timers (timer boundary events escalate): every server instance runs it; each due
// instance is taken under its row lock, so two instances never fire one timer twice (processRuns.ts fireDueTimers).
import type { ProcessContext } from './processRuns';
import { fireDueTimers } from './processRuns';

export const TIMER_SWEEP_MS = 60_000;

/** Starts the sweep; answers its stop. */
export function startTimerSweep(context: ProcessContext, log: (error: unknown, message: string) => void, everyMs = TIMER_SWEEP_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    fireDueTimers(context)
      .catch((error: unknown) => log(error, 'process timer sweep failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

// The embedded default's queue: jobs run in this process, one at a time per queue, in the order they were sent. It
// keeps nothing across a restart (keeps = 'memory'): the runners re-send the jobs their tables show as unfinished.
import { JobHandedBack, type JobHandler, type JobQueue } from './jobQueue';

export class InProcessQueue implements JobQueue {
  readonly keeps = 'memory';
  private readonly handlers = new Map<string, JobHandler>();
  private readonly waiting = new Map<string, string[]>();
  private readonly draining = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(private readonly onError: (error: unknown, queue: string, id: string) => void = () => undefined) {}

  async work(queue: string, handler: JobHandler): Promise<void> {
    this.handlers.set(queue, handler);
    this.drain(queue);
  }

  async send(queue: string, id: string): Promise<void> {
    const list = this.waiting.get(queue) ?? [];
    if (!list.includes(id)) list.push(id);
    this.waiting.set(queue, list);
    this.drain(queue);
  }

  async idle(): Promise<void> {
    while (this.draining.size > 0) await Promise.all([...this.draining.values()]);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private drain(queue: string): void {
    const handler = this.handlers.get(queue);
    if (!handler || this.draining.has(queue) || this.stopping.signal.aborted) return;
    const run = (async () => {
      const list = this.waiting.get(queue) ?? [];
      for (let id = list.shift(); id !== undefined && !this.stopping.signal.aborted; id = list.shift()) {
        try {
          await handler(id, this.stopping.signal);
        } catch (error) {
          // Handed back: its row stays unfinished and the next start sends it again.
          if (!(error instanceof JobHandedBack)) this.onError(error, queue, id);
        }
      }
    })().finally(() => {
      this.draining.delete(queue);
      // Sent while the last one was finishing.
      if ((this.waiting.get(queue)?.length ?? 0) > 0) this.drain(queue);
    });
    this.draining.set(queue, run);
  }
}

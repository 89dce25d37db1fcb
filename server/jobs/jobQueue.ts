// The one interface background work (download-centre exports, Excel imports) is queued through: pg-boss on PostgreSQL
// when several instances share a database, one in-process runner on the embedded PGlite default. The queue only carries
// job ids; each job's state (status, progress, result, how many times it was claimed) lives in its own table, so both
// queues report progress the same way and a job's row, not the queue, decides whether it still needs to run.

/** Runs one job. `signal` aborts when this process stops: the handler then hands the job back by throwing JobHandedBack. */
export type JobHandler = (id: string, signal: AbortSignal) => Promise<void>;

export interface JobQueue {
  /** 'persistent': the queue itself keeps waiting jobs across restarts (pg-boss); 'memory': the runners re-send theirs. */
  readonly keeps: 'persistent' | 'memory';
  /** Registers the handler of a queue; this process then takes that queue's jobs. */
  work(queue: string, handler: JobHandler): Promise<void>;
  send(queue: string, id: string): Promise<void>;
  /** Resolves when no job this process has taken or been sent is waiting or running (tests, benches). */
  idle(): Promise<void>;
  /** Takes no more jobs, aborts the running ones (handed back to the queue) and waits until their handlers return. */
  stop(): Promise<void>;
}

/** Thrown by a handler stopped by a shutdown: the job goes back to the queue for another instance or the next start. */
export class JobHandedBack extends Error {
  constructor(id: string) {
    super(`job ${id} handed back by a shutdown`);
  }
}

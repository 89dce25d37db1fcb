// Jobs on PostgreSQL through pg-boss (10.4; its schema `pgboss` in the same database): any instance takes a job, one
// instance at a time holds it, and a job whose instance died (SIGKILL, a lost machine) is given to another once its
// expiry passes. pg-boss 10 has no heartbeat, so the expiry must exceed the longest job (JOB_EXPIRE_SECONDS); a job
// that outlives it anyway is fenced by its row's claim number (server/jobs/jobClaims.ts), never finished twice.
import PgBoss from 'pg-boss';
import { JobHandedBack, type JobHandler, type JobQueue } from './jobQueue';

export interface PgBossQueueOptions {
  connectionString: string;
  /** A job held longer than this by one instance is taken from it and retried (how long a dead instance's job waits). */
  expireSeconds: number;
  onError?: (error: unknown) => void;
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);
// Handing back and dying count as tries to pg-boss; the row's own attempt count decides when a job has failed for good.
const RETRY_LIMIT = 50;

export class PgBossQueue implements JobQueue {
  readonly keeps = 'persistent';
  private readonly boss: PgBoss;
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private readonly sent = new Map<string, string>();
  private readonly workers = new Map<string, string>();
  private readonly created = new Set<string>();

  private constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: 3,
      schedule: false,
      // Expiry is found by maintenance: look often enough that a dead instance's job waits about its expiry, no more.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(options.expireSeconds / 3))),
    });
    this.boss.on('error', (error) => options.onError?.(error));
  }

  static async start(options: PgBossQueueOptions): Promise<PgBossQueue> {
    const queue = new PgBossQueue(options);
    // Creates or upgrades its schema under an advisory lock, so instances starting together do not race.
    await queue.boss.start();
    return queue;
  }

  async work(queue: string, handler: JobHandler): Promise<void> {
    await this.ensureQueue(queue);
    const id = await this.boss.work<{ id: string }>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      const run = handler(job.data.id, this.stopping.signal);
      this.running.add(run);
      try {
        await run;
      } catch (error) {
        // Failed here (not left to the worker, which does not wait for it) so the retry is recorded before the pool closes.
        await this.boss.fail(queue, job.id, { message: String((error as Error).message ?? error) });
        if (!(error instanceof JobHandedBack)) this.options.onError?.(error);
      } finally {
        this.running.delete(run);
      }
    });
    this.workers.set(queue, id);
  }

  async send(queue: string, id: string): Promise<void> {
    await this.ensureQueue(queue);
    const jobId = await this.boss.send(queue, { id });
    if (jobId) this.sent.set(jobId, queue);
    // This instance looks at once rather than at its next poll.
    const worker = this.workers.get(queue);
    if (worker) this.boss.notifyWorker(worker);
  }

  async idle(): Promise<void> {
    for (;;) {
      for (const [jobId, queue] of this.sent) {
        const job = await this.boss.getJobById(queue, jobId);
        if (!job || FINISHED.has(job.state)) this.sent.delete(jobId);
      }
      if (this.sent.size === 0 && this.running.size === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    // The handlers see the abort at their next step and hand their jobs back (failed with retries left: available at once).
    await Promise.allSettled([...this.running]);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  private async ensureQueue(queue: string): Promise<void> {
    if (this.created.has(queue)) return;
    const options = { name: queue, retryLimit: RETRY_LIMIT, retryDelay: 0, expireInSeconds: this.options.expireSeconds };
    if (!(await this.boss.getQueue(queue))) {
      // Two instances may create it at once: the second one's insert fails, and the queue is there all the same.
      await this.boss.createQueue(queue, options).catch(async (error: unknown) => {
        if (!(await this.boss.getQueue(queue))) throw error;
      });
    }
    this.created.add(queue);
  }
}

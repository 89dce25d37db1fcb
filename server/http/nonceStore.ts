import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type NonceTables = {
  requestNonces: { nonce: string; expiresAt: Date };
};

/** How often expired nonces are deleted, at most. */
const SWEEP_INTERVAL_MS = 60_000;

interface Waiting {
  nonce: string;
  expiresAt: Date;
  now: Date;
  settle: (fresh: boolean) => void;
  fail: (error: unknown) => void;
}

/**
 * The nonces of signed requests still inside their timestamp window (table request_nonces, migration 0005), in the
 * database so that neither another instance nor a restart opens a replay window. Requests that arrive together share
 * one INSERT (issue 19, load): the first waits only for the end of the current turn of the event loop, later ones for
 * the write in flight, and each request goes on only once its own nonce is committed. Every nonce is decided exactly as
 * alone: new, or an expired one used again, is fresh; one still stored, or twice in the same batch, is a replay.
 */
export class NonceStore {
  private readonly db: Kysely<Database & NonceTables>;
  private lastSweep = 0;
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(db: Kysely<Database>) {
    // The table is this module's own: its type stays here rather than in the app's schema.
    this.db = db.withTables<NonceTables>();
  }

  /** Records a nonce until `expiresAt`; answers false when it is already recorded and not yet expired (a replay). */
  remember(nonce: string, expiresAt: Date, now = new Date()): Promise<boolean> {
    return new Promise<boolean>((settle, fail) => {
      this.waiting.push({ nonce, expiresAt, now, settle, fail });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.writeWaiting());
      }
    });
  }

  /** Writes the nonces waiting, batch after batch, until none waits. */
  private async writeWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const fresh = await this.insert(batch);
        for (const entry of batch) entry.settle(fresh.delete(entry));
      } catch (error) {
        for (const entry of batch) entry.fail(error);
      }
    }
    this.writing = false;
    const now = Date.now();
    if (now - this.lastSweep > SWEEP_INTERVAL_MS) await this.sweep(new Date(now)).catch(() => undefined);
  }

  /** The entries of `batch` whose nonce was fresh, recorded in one statement. */
  private async insert(batch: Waiting[]): Promise<Set<Waiting>> {
    // The first of a nonce in the batch is decided by the database; a second one in the same batch is a replay of it.
    const first = new Map<string, Waiting>();
    for (const entry of batch) if (!first.has(entry.nonce)) first.set(entry.nonce, entry);
    // In nonce order: two instances writing the same nonces at once wait for each other in one order, never deadlock.
    const entries = [...first.values()].sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
    // A stored nonce whose time is over may be used again: its request could not pass the timestamp check anyway. The
    // earliest request's time decides for the whole batch (stricter by the batch's few milliseconds, never looser).
    const now = new Date(Math.min(...entries.map((e) => e.now.getTime())));
    const { rows } = await sql<{ nonce: string }>`
      insert into request_nonces (nonce, expires_at)
      select n, e from unnest(${entries.map((e) => e.nonce)}::text[], ${entries.map((e) => e.expiresAt.toISOString())}::timestamptz[]) as t(n, e)
      on conflict (nonce) do update set expires_at = excluded.expires_at where request_nonces.expires_at < ${now}
      returning nonce`.execute(this.db);
    const stored = new Set(rows.map((r) => r.nonce));
    return new Set(entries.filter((e) => stored.has(e.nonce)));
  }

  /** Deletes the nonces whose window has passed; answers how many. */
  async sweep(now = new Date()): Promise<number> {
    this.lastSweep = now.getTime();
    const result = await this.db.deleteFrom('requestNonces').where('expiresAt', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

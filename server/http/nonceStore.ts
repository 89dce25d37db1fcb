import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type NonceTables = {
  requestNonces: { nonce: string; expiresAt: Date };
};

/** How often expired nonces are deleted, at most. */
const SWEEP_INTERVAL_MS = 60_000;

/** The nonces of signed requests still inside their timestamp window (table request_nonces, migration 0005). */
export class NonceStore {
  private readonly db: Kysely<Database & NonceTables>;
  private lastSweep = 0;

  constructor(db: Kysely<Database>) {
    // The table is this module's own: its type stays here rather than in the app's schema.
    this.db = db.withTables<NonceTables>();
  }

  /** Records a nonce until `expiresAt`; answers false when it is already recorded and not yet expired (a replay). */
  async remember(nonce: string, expiresAt: Date, now = new Date()): Promise<boolean> {
    const row = await this.db
      .insertInto('requestNonces')
      .values({ nonce, expiresAt })
      // A nonce whose time is over may be used again: its request could not pass the timestamp check anyway.
      .onConflict((oc) => oc.column('nonce').doUpdateSet({ expiresAt }).where('requestNonces.expiresAt', '<', now))
      .returning('nonce')
      .executeTakeFirst();
    if (now.getTime() - this.lastSweep > SWEEP_INTERVAL_MS) await this.sweep(now);
    return row !== undefined;
  }

  /** Deletes the nonces whose window has passed; answers how many. */
  async sweep(now = new Date()): Promise<number> {
    this.lastSweep = now.getTime();
    const result = await this.db.deleteFrom('requestNonces').where('expiresAt', '<', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

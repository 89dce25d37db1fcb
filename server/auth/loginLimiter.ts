// Failed sign-ins, counted over a sliding window (table login_failures): per account at one address, and per address
// over every account. Kept in the database, not in memory, so every server instance and a restart see the same count.
// While a limit is reached, even the right password is refused there: otherwise guessing would simply continue more
// slowly. An account is never locked for everyone: a stranger who types the administrator's name wrongly five times
// locks that name at the stranger's own address, and the administrator still signs in from theirs.
import type { Kysely } from 'kysely';
import type { IdentityConfig } from '../config';
import { withAppShellTables, type ShellDatabase } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

type Limits = Pick<IdentityConfig, 'maxFailuresPerAccount' | 'maxFailuresPerAddress' | 'failureWindowSeconds'>;

const SWEEP_INTERVAL_MS = 60_000;

export class LoginLimiter {
  private readonly db: Kysely<ShellDatabase>;
  private lastSweep = 0;

  constructor(
    db: Kysely<Database>,
    private readonly limits: Limits,
  ) {
    this.db = withAppShellTables(db);
  }

  /** Account names are compared as typed, case folded, so `D11001FWGW` and `d11001fwgw` share one count. */
  static accountKey(account: string): string {
    return account.trim().toLowerCase().slice(0, 64);
  }

  /** Throws loginLocked (with the minutes left) when the account at this address, or the address, is over its limit. */
  async check(account: string, address: string, now = new Date()): Promise<void> {
    const since = new Date(now.getTime() - this.limits.failureWindowSeconds * 1000);
    const [byAccount, byAddress] = await Promise.all([this.failures({ account: LoginLimiter.accountKey(account), address }, since), this.failures({ address }, since)]);
    const unlockAt = Math.max(this.unlockTime(byAccount, this.limits.maxFailuresPerAccount), this.unlockTime(byAddress, this.limits.maxFailuresPerAddress));
    if (unlockAt > now.getTime()) {
      const minutes = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000));
      throw new ApiError('loginLocked', `登录失败次数过多，请 ${minutes} 分钟后再试`);
    }
  }

  async recordFailure(account: string, address: string, now = new Date()): Promise<void> {
    await this.db.insertInto('loginFailures').values({ account: LoginLimiter.accountKey(account), address, failedAt: now }).execute();
    if (now.getTime() - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = now.getTime();
      await this.db.deleteFrom('loginFailures').where('failedAt', '<', new Date(now.getTime() - this.limits.failureWindowSeconds * 1000)).execute();
    }
  }

  /** A successful sign-in clears the account's count at this address; the address keeps its own (one address guessing
   * many accounts), and other addresses keep theirs (a right password here says nothing about the guesses there). */
  async recordSuccess(account: string, address: string): Promise<void> {
    await this.db.deleteFrom('loginFailures').where('account', '=', LoginLimiter.accountKey(account)).where('address', '=', address).execute();
  }

  private async failures(where: { account?: string; address: string }, since: Date): Promise<number[]> {
    let query = this.db.selectFrom('loginFailures').select('failedAt').where('address', '=', where.address).where('failedAt', '>=', since);
    if (where.account !== undefined) query = query.where('account', '=', where.account);
    const rows = await query.orderBy('failedAt').execute();
    return rows.map((row) => row.failedAt.getTime());
  }

  /** When the count drops below the limit again: the moment the failure that tipped it leaves the window. */
  private unlockTime(failedAt: number[], limit: number): number {
    if (failedAt.length < limit) return 0;
    return failedAt[failedAt.length - limit]! + this.limits.failureWindowSeconds * 1000;
  }
}

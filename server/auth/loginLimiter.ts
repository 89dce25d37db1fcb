// Failed sign-ins, counted per account and per address over a sliding window (table login_failures). Kept in the
// database, not in memory, so every server instance and a restart see the same count. While an account or an address
// is over its limit, even the right password is refused: otherwise guessing would simply continue more slowly.
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

  /** Throws loginLocked (with the minutes left) when the account or the address is over its limit. */
  async check(account: string, address: string, now = new Date()): Promise<void> {
    const since = new Date(now.getTime() - this.limits.failureWindowSeconds * 1000);
    const [byAccount, byAddress] = await Promise.all([
      this.failures('account', LoginLimiter.accountKey(account), since),
      this.failures('address', address, since),
    ]);
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

  /** A successful sign-in clears the account's count; the address keeps its own (one address guessing many accounts). */
  async recordSuccess(account: string): Promise<void> {
    await this.db.deleteFrom('loginFailures').where('account', '=', LoginLimiter.accountKey(account)).execute();
  }

  private async failures(column: 'account' | 'address', value: string, since: Date): Promise<number[]> {
    const rows = await this.db.selectFrom('loginFailures').select('failedAt').where(column, '=', value).where('failedAt', '>=', since).orderBy('failedAt').execute();
    return rows.map((row) => row.failedAt.getTime());
  }

  /** When the count drops below the limit again: the moment the failure that tipped it leaves the window. */
  private unlockTime(failedAt: number[], limit: number): number {
    if (failedAt.length < limit) return 0;
    return failedAt[failedAt.length - limit]! + this.limits.failureWindowSeconds * 1000;
  }
}

// Authorization codes of the embedded provider: one-time, short-lived (60 s by default), bound to the client, the
// redirect URI and the PKCE challenge they were issued for. A code presented twice revokes the session it was first
// exchanged for (RFC 6749 §4.1.2): the second presenter may be an attacker who intercepted it.
import type { Kysely } from 'kysely';
import type { IdentityConfig } from '../config';
import { asBaseDatabase, withAppShellTables, type ShellDatabase } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { loadSessionUser } from '../http/session';
import { randomSecret, s256Challenge, secretHash } from './secrets';
import type { SessionService } from './sessions';
import type { TokenSet } from '../../schemas/api/session';

export interface CodeRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  userId: number;
  nonce: string | null;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  clientId: string;
  redirectUri: string;
  address: string | undefined;
}

const SWEEP_INTERVAL_MS = 60_000;

export class AuthorizationCodes {
  private readonly db: Kysely<ShellDatabase>;
  private lastSweep = 0;

  constructor(
    db: Kysely<Database>,
    private readonly config: Pick<IdentityConfig, 'codeTtlSeconds'>,
    private readonly sessions: SessionService,
  ) {
    this.db = withAppShellTables(db);
  }

  async issue(request: CodeRequest, now = new Date()): Promise<string> {
    const code = randomSecret();
    await this.db
      .insertInto('oauthCodes')
      .values({ ...request, codeHash: secretHash(code), expiresAt: new Date(now.getTime() + this.config.codeTtlSeconds * 1000) })
      .execute();
    if (now.getTime() - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = now.getTime();
      // Spent or expired codes are kept an hour, long enough to recognise a replay of a recent one.
      await this.db.deleteFrom('oauthCodes').where('expiresAt', '<', new Date(now.getTime() - 3600_000)).execute();
    }
    return code;
  }

  /** Spends the code and starts a session; every refusal names its reason. */
  async exchange(exchange: CodeExchange, now = new Date()): Promise<TokenSet> {
    const hash = secretHash(exchange.code);
    const outcome = await this.db.transaction().execute(async (tx) => {
      const spent = await tx.updateTable('oauthCodes').set({ usedAt: now }).where('codeHash', '=', hash).where('usedAt', 'is', null).returningAll().executeTakeFirst();
      if (!spent) {
        const earlier = await tx.selectFrom('oauthCodes').select('sessionId').where('codeHash', '=', hash).executeTakeFirst();
        if (!earlier) throw new ApiError('authorizationCodeInvalid');
        if (earlier.sessionId) await tx.updateTable('authSessions').set({ revokedAt: now }).where('id', '=', earlier.sessionId).where('revokedAt', 'is', null).execute();
        return { refusal: '授权码已被使用，请重新登录' } as const;
      }
      // From here on the code is spent whatever happens: a wrong verifier must not leave it open to another guess.
      const refusal = this.mismatch(spent, exchange, now);
      if (refusal) return { refusal } as const;
      const user = await loadSessionUser(asBaseDatabase(tx), spent.userId);
      if (!user) return { refusal: '该账号已停用，请联系管理员' } as const;
      const { sessionId, tokens } = await this.sessions.start({ user, clientId: spent.clientId, address: exchange.address, nonce: spent.nonce }, tx);
      await tx.updateTable('oauthCodes').set({ sessionId }).where('codeHash', '=', hash).execute();
      return { tokens } as const;
    });
    if ('refusal' in outcome) throw new ApiError('authorizationCodeInvalid', outcome.refusal);
    return outcome.tokens;
  }

  private mismatch(code: { clientId: string; redirectUri: string; codeChallenge: string; expiresAt: Date }, exchange: CodeExchange, now: Date): string | undefined {
    if (code.expiresAt <= now) return '授权码已过期，请重新登录';
    if (code.clientId !== exchange.clientId || code.redirectUri !== exchange.redirectUri) return '授权码与本次登录请求不符，请重新登录';
    if (s256Challenge(exchange.codeVerifier) !== code.codeChallenge) return '授权码校验失败（PKCE），请重新登录';
    return undefined;
  }
}

// Sign-in sessions: what a successful code exchange creates, a refresh extends and a logout ends. The access token is a
// short JWT naming its session (sid), checked on every request, so logout ends it at once; the refresh token is an
// opaque one-time value, rotated on every refresh. Presenting a refresh token a second time means it was copied: the
// whole session is revoked.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { asBaseDatabase, withAppShellTables, type ShellDatabase } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { issueToken, loadSessionUser, TOKEN_ISSUER, type SessionUser } from '../http/session';
import { randomSecret, secretHash } from './secrets';
import type { TokenSet } from '../../schemas/api/session';

export interface SessionStart {
  user: SessionUser;
  clientId: string;
  address: string | undefined;
  /** The provider's own id token (OIDC provider), kept for its end-session call; the embedded provider signs one. */
  idToken?: string;
  /** The OIDC nonce of the authorization request, echoed in the embedded provider's id token. */
  nonce?: string | null;
}

export class SessionService {
  private readonly db: Kysely<ShellDatabase>;

  constructor(
    db: Kysely<Database>,
    private readonly config: Pick<ServerConfig, 'jwtSecret' | 'tokenTtlSeconds' | 'identity'>,
  ) {
    this.db = withAppShellTables(db);
  }

  /** Creates a session and its first tokens. `tx` lets the code exchange create it in the transaction spending the code. */
  async start(start: SessionStart, tx: Kysely<ShellDatabase> = this.db): Promise<{ sessionId: string; tokens: TokenSet }> {
    const sessionId = randomUUID();
    const now = Date.now();
    await tx
      .insertInto('authSessions')
      .values({
        id: sessionId,
        userId: start.user.id,
        clientId: start.clientId,
        address: start.address?.slice(0, 64) ?? null,
        createdAt: new Date(now),
        expiresAt: new Date(now + this.config.identity.sessionTtlSeconds * 1000),
      })
      .execute();
    const refreshToken = await this.newRefreshToken(tx, sessionId, now);
    const idToken = start.idToken ?? (await this.embeddedIdToken(start.user, start.clientId, start.nonce ?? null));
    return { sessionId, tokens: await this.tokenSet(start.user, sessionId, idToken, refreshToken) };
  }

  /** Exchanges a refresh token for new tokens; the old refresh token is spent. */
  async refresh(refreshToken: string, clientId: string): Promise<TokenSet> {
    const hash = secretHash(refreshToken);
    const now = new Date();
    const result = await this.db.transaction().execute(async (tx) => {
      // Spending the token and reading its session in one statement: two refreshes racing cannot both succeed.
      const spent = await tx
        .updateTable('refreshTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', hash)
        .where('usedAt', 'is', null)
        .returning(['sessionId', 'expiresAt'])
        .executeTakeFirst();
      if (!spent) {
        const known = await tx.selectFrom('refreshTokens').select('sessionId').where('tokenHash', '=', hash).executeTakeFirst();
        if (!known) throw new ApiError('refreshTokenInvalid');
        const session = await tx.selectFrom('authSessions').select('revokedAt').where('id', '=', known.sessionId).executeTakeFirstOrThrow();
        if (session.revokedAt) throw new ApiError('refreshTokenInvalid', '已退出登录，登录凭证已失效，请重新登录');
        await tx.updateTable('authSessions').set({ revokedAt: now }).where('id', '=', known.sessionId).execute();
        return { reused: true as const };
      }
      const session = await tx.selectFrom('authSessions').selectAll().where('id', '=', spent.sessionId).executeTakeFirstOrThrow();
      if (session.revokedAt) throw new ApiError('refreshTokenInvalid', '已退出登录，登录凭证已失效，请重新登录');
      if (session.expiresAt <= now || spent.expiresAt <= now) throw new ApiError('refreshTokenInvalid', '登录已超过有效期，请重新登录');
      if (session.clientId !== clientId) throw new ApiError('refreshTokenInvalid');
      return { reused: false as const, session, refreshToken: await this.newRefreshToken(tx, session.id, now.getTime()) };
    });
    // Revoking had to be committed before refusing, hence outside the transaction.
    if (result.reused) throw new ApiError('refreshTokenInvalid', '登录凭证已被使用过，为安全起见本次登录已失效，请重新登录');
    const user = await loadSessionUser(asBaseDatabase(this.db), result.session.userId);
    if (!user) throw new ApiError('accountNotEnabled');
    return this.tokenSet(user, result.session.id, await this.embeddedIdToken(user, clientId, null), result.refreshToken);
  }

  /** Ends a session: its refresh token and every access token naming it stop working. */
  async revoke(sessionId: string): Promise<void> {
    await this.db.updateTable('authSessions').set({ revokedAt: new Date() }).where('id', '=', sessionId).where('revokedAt', 'is', null).execute();
  }

  /** The session a refresh token belongs to, spent or not (logout accepts either). */
  async sessionOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('refreshTokens').select('sessionId').where('tokenHash', '=', secretHash(refreshToken)).executeTakeFirst();
    return row?.sessionId;
  }

  private async newRefreshToken(tx: Kysely<ShellDatabase>, sessionId: string, now: number): Promise<string> {
    const token = randomSecret();
    await tx
      .insertInto('refreshTokens')
      .values({ tokenHash: secretHash(token), sessionId, expiresAt: new Date(now + this.config.identity.sessionTtlSeconds * 1000) })
      .execute();
    return token;
  }

  private async tokenSet(user: SessionUser, sessionId: string, idToken: string, refreshToken: string): Promise<TokenSet> {
    const token = await issueToken(user, this.config.jwtSecret, this.config.tokenTtlSeconds, sessionId);
    return { token, idToken, refreshToken, tokenType: 'Bearer', expiresIn: this.config.tokenTtlSeconds };
  }

  /** An OIDC id token of the embedded provider: who signed in, for whom (aud = client id), with the request's nonce. */
  private embeddedIdToken(user: SessionUser, clientId: string, nonce: string | null): Promise<string> {
    return new SignJWT({ name: user.employeeName, preferred_username: user.userCode, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(String(user.id))
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime(`${this.config.tokenTtlSeconds}s`)
      .sign(this.config.jwtSecret);
  }
}

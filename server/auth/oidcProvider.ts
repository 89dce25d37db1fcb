// Any standard OIDC provider in place of the embedded one (OIDC_* settings). The browser still signs in at the provider
// and comes back with a code; this server exchanges the code at the provider's token endpoint (server to server, with
// the client secret when there is one, and the browser's PKCE verifier), verifies the id token against the provider's
// key set, finds the account named by the configured claim, and starts its own session, so refresh, logout and every
// API check work the same whichever provider signed the user in.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import type { IdentityConfig } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { loadSessionUser } from '../http/session';
import type { CodeExchange } from './authorizationCodes';
import type { SessionService } from './sessions';
import type { TokenSet } from '../../schemas/api/session';

interface ProviderTokenAnswer {
  id_token?: string;
  error?: string;
  error_description?: string;
}

const PROVIDER_TIMEOUT_MS = 10_000;

export class OidcProvider {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: IdentityConfig,
    private readonly sessions: SessionService,
  ) {
    this.keys = createRemoteJWKSet(new URL(config.jwksUrl!));
  }

  async exchange(exchange: CodeExchange): Promise<TokenSet> {
    if (exchange.clientId !== this.config.clientId) throw new ApiError('authorizationCodeInvalid', '授权码与本次登录请求不符，请重新登录');
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      client_id: this.config.clientId,
      code_verifier: exchange.codeVerifier,
    });
    if (this.config.clientSecret) form.set('client_secret', this.config.clientSecret);
    let answer: ProviderTokenAnswer;
    try {
      const response = await fetch(this.config.tokenUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      answer = (await response.json()) as ProviderTokenAnswer;
    } catch {
      throw new ApiError('authorizationCodeInvalid', '无法连接统一身份认证服务，请稍后重试');
    }
    if (!answer.id_token) {
      const reason = answer.error === 'invalid_grant' ? '授权码无效或已过期，请重新登录' : `统一身份认证服务拒绝了登录：${answer.error_description ?? answer.error ?? '未知原因'}`;
      throw new ApiError('authorizationCodeInvalid', reason);
    }
    let account: unknown;
    try {
      const { payload } = await jwtVerify(answer.id_token, this.keys, { issuer: this.config.issuer, audience: this.config.clientId });
      account = payload[this.config.userClaim];
    } catch {
      throw new ApiError('authorizationCodeInvalid', '统一身份认证服务返回的身份令牌校验失败，请重新登录');
    }
    if (typeof account !== 'string' || !account) throw new ApiError('accountNotEnabled');
    const row = await this.db.selectFrom('users').select('id').where('userCode', '=', account).executeTakeFirst();
    const user = row ? await loadSessionUser(this.db, row.id) : null;
    if (!user) throw new ApiError('accountNotEnabled');
    const { tokens } = await this.sessions.start({ user, clientId: exchange.clientId, address: exchange.address, idToken: answer.id_token });
    return tokens;
  }
}

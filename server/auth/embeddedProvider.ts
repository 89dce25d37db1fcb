// The embedded identity provider's authorization endpoint: it checks the request a client sent the browser with, checks
// the password the user typed (bcrypt, failures limited per account and per address), and answers with the redirect
// carrying a one-time code.
import bcrypt from 'bcryptjs';
import { networkInterfaces } from 'node:os';
import type { Kysely } from 'kysely';
import type { IdentityConfig } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { AuthorizationCodes } from './authorizationCodes';
import type { LoginLimiter } from './loginLimiter';
import { CODE_CHALLENGE } from './secrets';

/** The query of GET /oauth/authorize, carried through the login form as hidden fields. */
export interface AuthorizeParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  scope?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

export interface ValidAuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  nonce: string | null;
  codeChallenge: string;
}

export const AUTHORIZE_PARAM_NAMES = ['response_type', 'client_id', 'redirect_uri', 'state', 'scope', 'nonce', 'code_challenge', 'code_challenge_method'] as const;

// Compared against for unknown accounts, so the answer takes as long whether or not the account exists.
const DUMMY_HASH = bcrypt.hashSync('no account has this password', 10);

function refuse(message: string): never {
  throw new ApiError('authorizationInvalid', message);
}

function isHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** This machine's own addresses as url hosts (IPv6 in brackets), read when asked: interfaces come and go. */
function machineHosts(): Set<string> {
  const hosts = new Set(LOOPBACK_HOSTS);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) hosts.add(address.family === 'IPv6' ? `[${address.address.split('%')[0]}]` : address.address);
  }
  return hosts;
}

/** Whether `url` is on an origin of this server: a configured public origin, or, with none configured, one of this
 * machine's own addresses on any port (a demo on a laptop or a LAN address, the dev server's port included). */
export function isOwnOrigin(url: URL, publicOrigins: readonly string[]): boolean {
  if (publicOrigins.length > 0) return publicOrigins.includes(url.origin);
  return machineHosts().has(url.hostname.toLowerCase());
}

export class EmbeddedProvider {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: IdentityConfig,
    private readonly limiter: LoginLimiter,
    private readonly codes: AuthorizationCodes,
  ) {}

  /**
   * Checks an authorization request before anything is shown or sent back. The redirect URI must be on one of this
   * server's own origins (PUBLIC_ORIGINS, else this machine's addresses) or listed in OAUTH_REDIRECT_URIS: a code is
   * never handed to a page an attacker named, whatever Host header the request carried. Without a fragment
   * (RFC 6749 §3.1.2).
   */
  validate(params: AuthorizeParams): ValidAuthorizeRequest {
    if (params.response_type !== 'code') refuse('登录请求无效：仅支持授权码模式（response_type=code）');
    if (!params.client_id || params.client_id !== this.config.clientId) refuse('登录请求无效：未登记的客户端');
    const redirect = params.redirect_uri ? isHttpUrl(params.redirect_uri) : undefined;
    if (!redirect || redirect.hash) refuse('登录请求无效：回调地址不正确');
    const allowed = isOwnOrigin(redirect, this.config.publicOrigins) || this.config.redirectUris.includes(params.redirect_uri!);
    if (!allowed) refuse('登录请求无效：回调地址未登记');
    if (params.code_challenge_method !== 'S256' || !params.code_challenge || !CODE_CHALLENGE.test(params.code_challenge)) {
      refuse('登录请求无效：缺少 PKCE 校验参数（code_challenge，S256）');
    }
    if (!params.state || params.state.length > 200) refuse('登录请求无效：缺少 state 参数');
    if (params.nonce !== undefined && params.nonce.length > 128) refuse('登录请求无效：nonce 过长');
    return {
      clientId: params.client_id,
      redirectUri: params.redirect_uri!,
      state: params.state,
      scope: params.scope ?? 'openid',
      nonce: params.nonce || null,
      codeChallenge: params.code_challenge,
    };
  }

  /** Checks the password; answers the address to send the browser back to, with the code and the state. */
  async signIn(request: ValidAuthorizeRequest, username: string, password: string, address: string): Promise<string> {
    const account = username.trim();
    await this.limiter.check(account, address);
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'passwordHash', 'isOnjob'])
      .where((eb) => eb(eb.fn('lower', ['userCode']), '=', account.toLowerCase()))
      .executeTakeFirst();
    const valid = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid) {
      await this.limiter.recordFailure(account, address);
      throw new ApiError('loginFailed');
    }
    if (user.isOnjob !== '10081001') throw new ApiError('accountNotEnabled');
    await this.limiter.recordSuccess(account, address);
    const code = await this.codes.issue({ clientId: request.clientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge, userId: user.id, nonce: request.nonce });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', request.state);
    return target.toString();
  }
}

// The sign-in of the authorization-code flow as the browser runs it, for server tests and the benchmark: the login form
// posted to /oauth/authorize (as JSON, so the answer is an envelope), then the code exchanged at /api/auth/token.
import { createHash, randomBytes } from 'node:crypto';
import type { Envelope } from '../../server/http/envelope';
import type { TokenSet } from '../../schemas/api/session';

export const TEST_CLIENT_ID = 'dms-web';
export const TEST_REDIRECT_URI = 'http://localhost/';

export type Call = <T>(options: { method: 'POST' | 'GET' | 'PUT'; url: string; payload?: object; headers?: Record<string, string> }) => Promise<Envelope<T>>;

export interface Authorization {
  verifier: string;
  challenge: string;
  state: string;
}

export function newAuthorization(): Authorization {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), state: randomBytes(8).toString('hex') };
}

export function authorizeFields(auth: Authorization, redirectUri = TEST_REDIRECT_URI) {
  return { response_type: 'code', client_id: TEST_CLIENT_ID, redirect_uri: redirectUri, state: auth.state, code_challenge: auth.challenge, code_challenge_method: 'S256' };
}

/** Posts the login form; answers the envelope (redirectTo on success). */
export function postLogin(call: Call, auth: Authorization, username: string, password: string, headers: Record<string, string> = {}) {
  return call<{ redirectTo: string }>({ method: 'POST', url: '/oauth/authorize', payload: { ...authorizeFields(auth), username, password }, headers });
}

export function exchangeCode(call: Call, code: string, verifier: string, redirectUri = TEST_REDIRECT_URI) {
  return call<TokenSet>({
    method: 'POST',
    url: '/api/auth/token',
    payload: { grant_type: 'authorization_code', client_id: TEST_CLIENT_ID, code, code_verifier: verifier, redirect_uri: redirectUri },
  });
}

export function codeOf(redirectTo: string): string {
  return new URL(redirectTo).searchParams.get('code')!;
}

/** The whole sign-in; throws with the server's message when it fails. */
export async function signInWithCode(call: Call, username: string, password: string): Promise<TokenSet> {
  const auth = newAuthorization();
  const login = await postLogin(call, auth, username, password);
  if (login.resultCode !== 200 || !login.data) throw new Error(`登录失败：${login.errMsg}`);
  const tokens = await exchangeCode(call, codeOf(login.data.redirectTo), auth.verifier);
  if (tokens.resultCode !== 200 || !tokens.data) throw new Error(`换取令牌失败：${tokens.errMsg}`);
  return tokens.data;
}

// Any standard OIDC provider replaces the embedded one through configuration (OIDC_AUTHORIZE_URL, OIDC_TOKEN_URL,
// OIDC_CLIENT_ID, ...). A small provider runs here on a local port: a token endpoint checking the code and the PKCE
// verifier, and its key set; it signs id tokens with its own RSA key, as a real provider does.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { newAuthorization, TEST_REDIRECT_URI } from './codeFlow';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { TokenSet } from '../../schemas/api/session';

const CLIENT_ID = 'dms-at-group-idp';

interface FakeProvider {
  url: string;
  /** Registers a code the provider will accept once, for this account and verifier. */
  issue(code: string, account: string, verifier: string, options?: { forged?: boolean }): void;
  received: URLSearchParams[];
  close(): Promise<void>;
}

async function startFakeProvider(): Promise<FakeProvider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { account: string; verifier: string; forged: boolean }>();
  const received: URLSearchParams[] = [];
  let url = '';
  const idToken = (account: string, key: CryptoKey) =>
    new SignJWT({ preferred_username: account, name: account })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(url)
      .setAudience(CLIENT_ID)
      .setSubject(`sub-${account}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        response.setHeader('content-type', 'application/json');
        if (request.url === '/jwks') return response.end(JSON.stringify({ keys: [jwk] }));
        const form = new URLSearchParams(body);
        received.push(form);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!grant || grant.verifier !== form.get('code_verifier') || form.get('client_id') !== CLIENT_ID) {
          response.statusCode = 400;
          return response.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        response.end(JSON.stringify({ access_token: 'provider-access', token_type: 'Bearer', id_token: await idToken(grant.account, grant.forged ? forger.privateKey : privateKey) }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    issue: (code, account, verifier, options = {}) => codes.set(code, { account, verifier, forged: options.forged ?? false }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe(`an OIDC provider in place of the embedded one (${DB_KIND})`, () => {
  let provider: FakeProvider;
  let t: TestServer;
  const configDir = mkdtempSync(join(tmpdir(), 'dms-oidc-config-'));

  beforeAll(async () => {
    provider = await startFakeProvider();
    const { identity } = loadConfig({
      OIDC_AUTHORIZE_URL: `${provider.url}/authorize`,
      OIDC_TOKEN_URL: `${provider.url}/token`,
      OIDC_JWKS_URL: `${provider.url}/jwks`,
      OIDC_ISSUER: provider.url,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: 'group-secret',
      OIDC_LOGOUT_URL: `${provider.url}/logout`,
      DATA_DIR: configDir,
    });
    t = await startTestServer({ identity });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    rmSync(configDir, { recursive: true, force: true });
  });

  const exchange = (code: string, verifier: string) =>
    t.call<TokenSet>({ method: 'POST', url: '/api/auth/token', payload: { grant_type: 'authorization_code', client_id: CLIENT_ID, code, code_verifier: verifier, redirect_uri: TEST_REDIRECT_URI } });

  it('tells the browser where to sign in: the provider’s authorize URL and client id, from configuration', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/config.json' })).json() as { auth: Record<string, string> };
    expect(config.auth).toMatchObject({ authorizeUrl: `${provider.url}/authorize`, clientId: CLIENT_ID, logoutUrl: `${provider.url}/logout` });
    // The embedded login page is not offered.
    expect((await t.app.inject({ method: 'GET', url: '/oauth/authorize' })).statusCode).toBe(404);
  });

  it('exchanges the code at the provider with the verifier and the client secret, verifies its id token and starts a session', async () => {
    const auth = newAuthorization();
    provider.issue('code-1', 'd11001fwgw', auth.verifier);
    const answer = await exchange('code-1', auth.verifier);
    expect(answer.resultCode).toBe(200);
    expect(provider.received.at(-1)!.get('client_secret')).toBe('group-secret');
    expect(provider.received.at(-1)!.get('redirect_uri')).toBe(TEST_REDIRECT_URI);
    const me = await t.call<{ userCode: string }>({ method: 'GET', url: '/api/auth/userinfo', token: answer.data!.token });
    expect(me.data!.userCode).toBe('d11001fwgw');
    // Refresh and logout are this server's own, whichever provider signed the user in.
    const renewed = await t.call<TokenSet>({ method: 'POST', url: '/api/auth/token', payload: { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: answer.data!.refreshToken } });
    expect(renewed.resultCode).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/auth/logout', token: renewed.data!.token, payload: { refreshToken: renewed.data!.refreshToken } });
    expect(out).toMatchObject({ resultCode: 200, data: { logoutUrl: `${provider.url}/logout` } });
    expect((await t.call({ method: 'GET', url: '/api/auth/userinfo', token: renewed.data!.token })).resultCode).toBe(40105);
  });

  it('refuses a code the provider refuses, an id token signed by another key, and an account this system does not have', async () => {
    const auth = newAuthorization();
    expect(await exchange('unknown-code', auth.verifier)).toMatchObject({ resultCode: 40121, errMsg: '授权码无效或已过期，请重新登录' });
    provider.issue('code-2', 'd11001fwgw', auth.verifier, { forged: true });
    expect(await exchange('code-2', auth.verifier)).toMatchObject({ resultCode: 40121, errMsg: '统一身份认证服务返回的身份令牌校验失败，请重新登录' });
    provider.issue('code-3', 'stranger', auth.verifier);
    expect(await exchange('code-3', auth.verifier)).toMatchObject({ resultCode: 40123, errMsg: '该账号未在本系统开通或已停用，请联系管理员' });
  });

  it('requires the token endpoint, the key set and the issuer with an authorize URL', () => {
    expect(() => loadConfig({ OIDC_AUTHORIZE_URL: 'https://idp.example/authorize', DATA_DIR: t.config.dataDir })).toThrow('OIDC_TOKEN_URL');
  });
});

// The embedded identity provider: the 用户登录 page, the authorization-code flow with PKCE, the limits on failed sign-ins,
// refresh with rotation, and logout revoking the session. Every refusal is an envelope naming its reason.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretHash } from '../../server/auth/secrets';
import { withAppShellTables } from '../../server/db/appShellTables';
import { authorizeFields, codeOf, exchangeCode, newAuthorization, postLogin, TEST_CLIENT_ID, TEST_REDIRECT_URI, type Call } from './codeFlow';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { TokenSet } from '../../schemas/api/session';

const PASSWORD = 'Dms@2026';

describe(`the embedded identity provider (${DB_KIND})`, () => {
  let t: TestServer;
  let call: Call;
  /** Every test signs in from its own address, so the per-address limit of one test does not reach the next. */
  let addressCount = 0;
  const nextAddress = () => `10.4.0.${++addressCount}`;

  beforeAll(async () => {
    t = await startTestServer();
    call = t.call as Call;
  });
  afterAll(() => t?.close());

  const loginFrom = (address: string, username: string, password: string, auth = newAuthorization()) =>
    t.call<{ redirectTo: string }>({ method: 'POST', url: '/oauth/authorize', remoteAddress: address, payload: { ...authorizeFields(auth), username, password } });
  const refresh = (refreshToken: string) =>
    t.call<TokenSet>({ method: 'POST', url: '/api/auth/token', payload: { grant_type: 'refresh_token', client_id: TEST_CLIENT_ID, refresh_token: refreshToken } });
  const userinfo = (token: string) => t.call<{ userCode: string }>({ method: 'GET', url: '/api/auth/userinfo', token });
  const codeRow = (code: string) =>
    withAppShellTables(t.server.database.db).selectFrom('oauthCodes').selectAll().where('codeHash', '=', secretHash(code)).executeTakeFirstOrThrow();

  describe('the login page', () => {
    it('[BO-NAV-11] [BO-ROUTE-01] shows 用户登录 with 用户名, 密码 and 登 录 for a valid code-response request, and nothing runs on it', async () => {
      const auth = newAuthorization();
      const response = await t.app.inject({ method: 'GET', url: '/oauth/authorize', query: authorizeFields(auth) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const html = response.body;
      expect(html).toContain('<title>用户登录 - DMS经销商管理系统</title>');
      expect(html).toContain('placeholder="用户名"');
      expect(html).toContain('placeholder="密码"');
      expect(html).toContain('<button type="submit">登 录</button>');
      expect(html).toContain(`name="code_challenge" value="${auth.challenge}"`);
      expect(html).not.toContain('<script');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    });

    it('refuses a request whose redirect is not on its own origin, or has no PKCE challenge, without redirecting anywhere', async () => {
      const auth = newAuthorization();
      for (const [change, message] of [
        [{ redirect_uri: 'https://attacker.example/' }, '回调地址未登记'],
        [{ redirect_uri: 'http://localhost/#/login' }, '回调地址不正确'],
        [{ code_challenge: undefined }, 'PKCE'],
        [{ code_challenge_method: 'plain' }, 'PKCE'],
        [{ response_type: 'token' }, 'response_type=code'],
        [{ client_id: 'someone-else' }, '未登记的客户端'],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url: '/oauth/authorize', query: JSON.parse(JSON.stringify({ ...authorizeFields(auth), ...change })) });
        expect(response.statusCode).toBe(400);
        expect(response.headers.location).toBeUndefined();
        expect(response.body).toContain(message);
      }
    });

    it('posts the form and redirects back to the app with a code and the state; a wrong password shows the page again with the reason', async () => {
      const auth = newAuthorization();
      const form = (password: string) => new URLSearchParams({ ...authorizeFields(auth), username: 'd11001fwgw', password }).toString();
      const wrong = await t.app.inject({ method: 'POST', url: '/oauth/authorize', remoteAddress: nextAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form('nope') });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain('用户名或密码错误');
      expect(wrong.body).toContain('value="d11001fwgw"');
      const right = await t.app.inject({ method: 'POST', url: '/oauth/authorize', remoteAddress: nextAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(PASSWORD) });
      expect(right.statusCode).toBe(302);
      const location = new URL(right.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(TEST_REDIRECT_URI);
      expect(location.searchParams.get('state')).toBe(auth.state);
      expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });

  describe('passwords and failed sign-ins', () => {
    it('keeps passwords as bcrypt hashes only', async () => {
      const row = await t.server.database.db.selectFrom('users').select('passwordHash').where('userCode', '=', 'd11001fwgw').executeTakeFirstOrThrow();
      expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/);
      expect(row.passwordHash).not.toContain(PASSWORD);
      expect(await bcrypt.compare(PASSWORD, row.passwordHash)).toBe(true);
    });

    it('refuses a wrong password and an unknown account with the same envelope error', async () => {
      const address = nextAddress();
      expect(await loginFrom(address, 'd11001fwgw', 'nope')).toMatchObject({ resultCode: 401, errMsg: '用户名或密码错误', data: null });
      expect(await loginFrom(address, 'nobody', 'nope')).toMatchObject({ resultCode: 401, errMsg: '用户名或密码错误', data: null });
    });

    it('locks an account after 5 failures within 15 minutes, even for the right password and from another address', async () => {
      for (let i = 0; i < 5; i++) expect((await loginFrom(nextAddress(), 'd12001fwgw', `wrong-${i}`)).resultCode).toBe(401);
      const locked = await loginFrom(nextAddress(), 'd12001fwgw', PASSWORD);
      expect(locked).toMatchObject({ resultCode: 429, errMsg: '登录失败次数过多，请 15 分钟后再试', data: null });
      // The account name is compared case-insensitively: typing it in capitals does not reset the count.
      expect((await loginFrom(nextAddress(), 'D12001FWGW', PASSWORD)).resultCode).toBe(429);
      // Once the first failure leaves the window the account may try again.
      const shell = withAppShellTables(t.server.database.db);
      await shell.updateTable('loginFailures').set({ failedAt: new Date(Date.now() - 16 * 60_000) }).where('account', '=', 'd12001fwgw').execute();
      expect((await loginFrom(nextAddress(), 'd12001fwgw', PASSWORD)).resultCode).toBe(200);
    });

    it('locks an address after 20 failures within 15 minutes, whichever accounts it tried; other addresses are unaffected', async () => {
      const address = nextAddress();
      for (let i = 0; i < 20; i++) expect((await loginFrom(address, `guess${i}`, 'nope')).resultCode).toBe(401);
      expect(await loginFrom(address, 'd31001fwgw', PASSWORD)).toMatchObject({ resultCode: 429, errMsg: expect.stringMatching(/^登录失败次数过多，请 1[45] 分钟后再试$/) });
      expect((await loginFrom(nextAddress(), 'd31001fwgw', PASSWORD)).resultCode).toBe(200);
    });

    it('clears the account count after a successful sign-in', async () => {
      const address = nextAddress();
      for (let i = 0; i < 4; i++) await loginFrom(address, 'd32001fwgw', 'nope');
      expect((await loginFrom(address, 'd32001fwgw', PASSWORD)).resultCode).toBe(200);
      for (let i = 0; i < 4; i++) await loginFrom(address, 'd32001fwgw', 'nope');
      expect((await loginFrom(address, 'd32001fwgw', PASSWORD)).resultCode).toBe(200);
    });
  });

  describe('the code exchange', () => {
    const signInCode = async (username = 'd11001fwgw') => {
      const auth = newAuthorization();
      const login = await postLogin(call, auth, username, PASSWORD);
      return { auth, code: codeOf(login.data!.redirectTo) };
    };

    it('[BO-STORE-01] exchanges a code and its PKCE verifier for token, idToken and refreshToken', async () => {
      const { auth, code } = await signInCode();
      const answer = await exchangeCode(call, code, auth.verifier);
      expect(answer.resultCode).toBe(200);
      expect(answer.data).toMatchObject({ token: expect.any(String), idToken: expect.any(String), refreshToken: expect.any(String), tokenType: 'Bearer', expiresIn: 8 * 3600 });
      const idClaims = JSON.parse(Buffer.from(answer.data!.idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      expect(idClaims).toMatchObject({ iss: 'dms-back-office', aud: TEST_CLIENT_ID, preferred_username: 'd11001fwgw' });
      expect((await userinfo(answer.data!.token)).data!.userCode).toBe('d11001fwgw');
    });

    it('refuses an expired code', async () => {
      const { auth, code } = await signInCode();
      await withAppShellTables(t.server.database.db).updateTable('oauthCodes').set({ expiresAt: new Date(Date.now() - 1000) }).where('codeHash', '=', secretHash(code)).execute();
      expect(await exchangeCode(call, code, auth.verifier)).toMatchObject({ resultCode: 40121, errMsg: '授权码已过期，请重新登录', data: null });
    });

    it('lets a code live 60 seconds', async () => {
      const before = Date.now();
      const { code } = await signInCode();
      const row = await codeRow(code);
      expect(row.expiresAt.getTime() - before).toBeGreaterThan(58_000);
      expect(row.expiresAt.getTime() - before).toBeLessThan(62_000);
    });

    it('refuses a reused code, and ends the session the code was first exchanged for', async () => {
      const { auth, code } = await signInCode();
      const first = await exchangeCode(call, code, auth.verifier);
      expect((await userinfo(first.data!.token)).resultCode).toBe(200);
      expect(await exchangeCode(call, code, auth.verifier)).toMatchObject({ resultCode: 40121, errMsg: '授权码已被使用，请重新登录', data: null });
      expect((await userinfo(first.data!.token)).resultCode).toBe(40105);
      expect((await refresh(first.data!.refreshToken)).resultCode).toBe(40122);
    });

    it('refuses a wrong PKCE verifier, another redirect URI and an unknown code; a refused code is spent', async () => {
      const { auth, code } = await signInCode();
      expect(await exchangeCode(call, code, newAuthorization().verifier)).toMatchObject({ resultCode: 40121, errMsg: '授权码校验失败（PKCE），请重新登录' });
      expect(await exchangeCode(call, code, auth.verifier)).toMatchObject({ resultCode: 40121, errMsg: '授权码已被使用，请重新登录' });
      const other = await signInCode();
      expect(await exchangeCode(call, other.code, other.auth.verifier, 'http://localhost/elsewhere')).toMatchObject({ errMsg: '授权码与本次登录请求不符，请重新登录' });
      expect(await exchangeCode(call, 'made-up-code', auth.verifier)).toMatchObject({ resultCode: 40121, errMsg: '授权码无效，请重新登录' });
      expect(await exchangeCode(call, (await signInCode()).code, 'short')).toMatchObject({ resultCode: 40121, errMsg: '授权码校验失败（PKCE），请重新登录' });
    });
  });

  describe('refresh and logout', () => {
    it('refreshes with a one-time refresh token: the new tokens work, the old refresh token is refused and ends the session', async () => {
      const tokens = await t.signIn('d11001fwgw');
      const renewed = await refresh(tokens.refreshToken);
      expect(renewed.resultCode).toBe(200);
      expect(renewed.data!.refreshToken).not.toBe(tokens.refreshToken);
      expect((await userinfo(renewed.data!.token)).resultCode).toBe(200);
      expect(await refresh(tokens.refreshToken)).toMatchObject({ resultCode: 40122, errMsg: '登录凭证已被使用过，为安全起见本次登录已失效，请重新登录' });
      // Reuse is taken as theft: the renewed tokens stop working too.
      expect((await userinfo(renewed.data!.token)).resultCode).toBe(40105);
      expect((await refresh(renewed.data!.refreshToken)).resultCode).toBe(40122);
    });

    it('[BO-AUTH-01] logout revokes the refresh token and the access token of the session; refresh after logout is refused', async () => {
      const tokens = await t.signIn('d11001fwgw');
      const other = await t.signIn('d11001fwgw');
      const out = await t.call({ method: 'POST', url: '/api/auth/logout', token: tokens.token, payload: { refreshToken: tokens.refreshToken } });
      expect(out).toMatchObject({ resultCode: 200, data: { logoutUrl: null } });
      expect(await refresh(tokens.refreshToken)).toMatchObject({ resultCode: 40122, errMsg: '已退出登录，登录凭证已失效，请重新登录', data: null });
      expect(await userinfo(tokens.token)).toMatchObject({ resultCode: 40105, errMsg: '登录已过期，请重新登录' });
      // Another sign-in of the same account (another browser) goes on.
      expect((await userinfo(other.token)).resultCode).toBe(200);
    });

    it('logs out by the bearer token alone, and refuses a refresh token it never issued', async () => {
      const tokens = await t.signIn('d11001fwgw');
      expect((await t.call({ method: 'POST', url: '/api/auth/logout', token: tokens.token, payload: {} })).resultCode).toBe(200);
      expect((await refresh(tokens.refreshToken)).resultCode).toBe(40122);
      expect(await refresh('never-issued')).toMatchObject({ resultCode: 40122, errMsg: '登录凭证已失效，请重新登录' });
    });

    it('refuses a refresh of a session past its lifetime', async () => {
      const tokens = await t.signIn('d11001fwgw');
      const shell = withAppShellTables(t.server.database.db);
      await shell.updateTable('authSessions').set({ expiresAt: new Date(Date.now() - 1000) }).where('revokedAt', 'is', null).where('userId', '=', (await userId('d11001fwgw'))).execute();
      expect(await refresh(tokens.refreshToken)).toMatchObject({ resultCode: 40122, errMsg: '登录已超过有效期，请重新登录' });
      expect((await userinfo(tokens.token)).resultCode).toBe(40105);
    });
  });

  const userId = async (userCode: string) => (await t.server.database.db.selectFrom('users').select('id').where('userCode', '=', userCode).executeTakeFirstOrThrow()).id;
});

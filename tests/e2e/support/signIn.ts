// Signing in for end-to-end tests: through the identity provider's 用户登录 page as a user does, or (for a token to put
// in an address) through the same code flow from outside the browser.
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { randomNonce, signRequest } from '../../../schemas/signing/signature';
import type { TokenSet } from '../../../schemas/api/session';

export const DEMO_PASSWORD = 'Dms@2026';

/** On the 用户登录 page (the browser was sent there): types the account and password and signs in. */
export async function signInThroughPage(page: Page, userCode: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL(/\/oauth\/authorize\?/);
  await page.getByPlaceholder('用户名').fill(userCode);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
}

/** Tokens for `userCode` from the code flow run outside the browser, with the app's own redirect URI. */
export async function tokensFor(baseUrl: string, userCode: string, password = DEMO_PASSWORD): Promise<TokenSet> {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${baseUrl}/`;
  const login = await fetch(`${baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      response_type: 'code',
      client_id: 'dms-web',
      redirect_uri: redirectUri,
      state: 'e2e',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      username: userCode,
      password,
    }),
  });
  const { data } = (await login.json()) as { data: { redirectTo: string } };
  const code = new URL(data.redirectTo).searchParams.get('code')!;
  const { signing } = (await (await fetch(`${baseUrl}/config.json`)).json()) as { signing: { key: string } };
  const path = '/api/auth/token';
  const answer = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signRequest(signing.key, { method: 'POST', url: path }, Date.now(), randomNonce()) },
    body: JSON.stringify({ grant_type: 'authorization_code', client_id: 'dms-web', code, code_verifier: verifier, redirect_uri: redirectUri }),
  });
  return ((await answer.json()) as { data: TokenSet }).data;
}

/** Changes the runtime config the browser loads (config.json) for every page of the context. */
export async function overrideRuntimeConfig(page: Page, change: Record<string, unknown>): Promise<void> {
  await page.context().route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), ...change } });
  });
}

// Signs the runtime in through the code flow from a jsdom test against the real server: the runtime builds the
// authorization request as it would send the browser there, the login form is posted (as JSON, so the answer is an
// envelope), and the runtime exchanges the code and loads the session as it does after the redirect back.
import { beginLogin, exchangeCode } from '../../../runtime/app/login/codeFlow';
import { startSession } from '../../../runtime/app/login/startSession';

export async function signInRuntime(baseUrl: string, username: string, password: string): Promise<void> {
  let authorizeAt = '';
  beginLogin('/home', (url) => (authorizeAt = url));
  const request = Object.fromEntries(new URL(authorizeAt).searchParams);
  const response = await fetch(`${baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...request, username, password }),
  });
  const answer = (await response.json()) as { resultCode: number; errMsg: string; data: { redirectTo: string } | null };
  if (!answer.data) throw new Error(`登录失败：${answer.errMsg}`);
  const back = new URL(answer.data.redirectTo);
  await exchangeCode(back.searchParams.get('code')!, back.searchParams.get('state'));
  await startSession();
}

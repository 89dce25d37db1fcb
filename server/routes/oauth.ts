// The embedded identity provider's pages (registered only when no external OIDC provider is configured):
// GET /oauth/authorize shows 用户登录, POST /oauth/authorize checks the password and redirects back with a code.
// A JSON post gets the same answers as envelopes (scripts, tests, a native client); a form post gets pages.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext';
import { AuthorizationCodes } from '../auth/authorizationCodes';
import { EmbeddedProvider, type AuthorizeParams } from '../auth/embeddedProvider';
import { LoginLimiter } from '../auth/loginLimiter';
import { invalidRequestPage, LOGIN_STYLESHEET, loginFormPage } from '../auth/loginPage';
import { SessionService } from '../auth/sessions';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { readRuntimeConfigFile } from './runtimeConfig';

type SignInBody = AuthorizeParams & { username?: string; password?: string };

const param = { type: 'string', maxLength: 1000 } as const;
const authorizeQuery = {
  type: 'object',
  properties: {
    response_type: param,
    client_id: param,
    redirect_uri: param,
    state: param,
    scope: param,
    nonce: param,
    code_challenge: param,
    code_challenge_method: param,
  },
} as const;
const signInBody = {
  ...authorizeQuery,
  properties: { ...authorizeQuery.properties, username: { type: 'string', title: '用户名', maxLength: 64 }, password: { type: 'string', title: '密码', maxLength: 128 } },
} as const;

/** The origin the browser reached this server at (a default port dropped, as browsers do). */
function ownOrigin(request: FastifyRequest): string {
  return new URL(`${request.protocol}://${request.host}`).origin;
}

function sendPage(reply: FastifyReply, status: number, html: string, formTarget?: string) {
  // The page loads only its own stylesheet, may post only to this provider (and follow the redirect to the app), and
  // is never framed: a framed login page invites clickjacking.
  const formAction = ["'self'", formTarget].filter(Boolean).join(' ');
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', `default-src 'none'; style-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`)
    .send(html);
}

export const oauthRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const sessions = new SessionService(db, config);
  const provider = new EmbeddedProvider(db, config.identity, new LoginLimiter(db, config.identity), new AuthorizationCodes(db, config.identity, sessions));
  const systemName = async () => (await readRuntimeConfigFile(config.webDir)).systemName;

  // A plain HTML form posts url-encoded fields; this scope is the only place that accepts them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/login.css', async (_request, reply) => reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOGIN_STYLESHEET));

  app.get<{ Querystring: AuthorizeParams }>('/authorize', { schema: { querystring: authorizeQuery } }, async (request, reply) => {
    try {
      const valid = provider.validate(request.query, ownOrigin(request));
      return sendPage(reply, 200, loginFormPage({ systemName: await systemName(), params: request.query }), new URL(valid.redirectUri).origin);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return sendPage(reply, 400, invalidRequestPage(await systemName(), error.message));
    }
  });

  app.post<{ Body: SignInBody }>('/authorize', { schema: { body: signInBody } }, async (request, reply) => {
    const json = request.headers['content-type']?.startsWith('application/json') === true;
    const { username = '', password = '', ...params } = request.body;
    let valid;
    try {
      valid = provider.validate(params, ownOrigin(request));
    } catch (error) {
      if (json || !(error instanceof ApiError)) throw error;
      return sendPage(reply, 400, invalidRequestPage(await systemName(), error.message));
    }
    try {
      if (!username.trim() || !password) throw new ApiError('loginFailed', '请输入用户名和密码');
      const redirectTo = await provider.signIn(valid, username, password, request.ip);
      return json ? ok({ redirectTo }) : reply.redirect(redirectTo, 302);
    } catch (error) {
      if (json || !(error instanceof ApiError)) throw error;
      const page = loginFormPage({ systemName: await systemName(), params, username, error: error.message });
      return sendPage(reply, 200, page, new URL(valid.redirectUri).origin);
    }
  });
};

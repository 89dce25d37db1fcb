import type { FastifyPluginAsync } from 'fastify';
import { jwtVerify } from 'jose';
import type { AppContext } from '../appContext';
import { AuthorizationCodes } from '../auth/authorizationCodes';
import { OidcProvider } from '../auth/oidcProvider';
import { CODE_VERIFIER } from '../auth/secrets';
import { SessionService } from '../auth/sessions';
import { loadMenuGrants, loadUserRoles } from '../data/grants';
import { loadMenuTree } from '../data/menus';
import { listStarredMenus, setMenuStarred } from '../data/menuFavorites';
import { loadUserOrgChain } from '../data/userOrgs';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { authenticate, TOKEN_ISSUER, type SessionUser } from '../http/session';
import type { UserInfo } from '../../schemas/api/session';
import type { RoleEntry, StarredMenu, TokenSet } from '../../schemas/api/session';

export type { StarredMenu, TokenSet };

export async function userInfo(ctx: Pick<AppContext, 'db'>, user: SessionUser): Promise<UserInfo> {
  const [chain, { roles, controls }, grants] = await Promise.all([loadUserOrgChain(ctx.db, user.orgId), loadUserRoles(ctx.db, user.id), loadMenuGrants(ctx.db, user.id)]);
  const top = chain.at(-1)!;
  const own = chain[0]!;
  return {
    userId: user.id,
    userCode: user.userCode,
    employeeName: user.employeeName,
    employeeNo: user.employeeNo,
    companyId: user.orgId,
    orgId: user.orgId,
    orgName: user.orgName,
    orgType: user.orgType,
    currentOrgType: user.orgType,
    dataType: user.orgType,
    ownerCode: user.ownerCode ?? '',
    topOrgId: top.id,
    topOrgName: top.orgName,
    roleOrgId: user.orgId,
    groupCompanyId: own.orgType === '10461004' ? own.id : own.groupOrgId,
    dealerType: own.companyType,
    positions: user.positions,
    roles,
    controls,
    menuActions: grants.menuActions,
    menuRanges: grants.menuRanges,
  };
}

interface TokenBody {
  grant_type: 'authorization_code' | 'refresh_token';
  client_id: string;
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  refresh_token?: string;
}

const tokenBody = {
  type: 'object',
  required: ['grant_type', 'client_id'],
  properties: {
    grant_type: { type: 'string', title: '授权类型', enum: ['authorization_code', 'refresh_token'] },
    client_id: { type: 'string', title: '客户端', minLength: 1, maxLength: 64 },
    code: { type: 'string', title: '授权码', minLength: 1, maxLength: 512 },
    code_verifier: { type: 'string', title: 'PKCE 校验码', maxLength: 128 },
    redirect_uri: { type: 'string', title: '回调地址', maxLength: 500 },
    refresh_token: { type: 'string', title: '刷新令牌', minLength: 1, maxLength: 512 },
  },
} as const;

const bearerOf = (authorization: string | undefined): string | undefined => /^Bearer (.+)$/.exec(authorization ?? '')?.[1];

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const sessions = new SessionService(db, config);
  const embeddedCodes = new AuthorizationCodes(db, config.identity, sessions);
  const oidc = config.identity.provider === 'oidc' ? new OidcProvider(db, config.identity, sessions) : undefined;
  // userinfo, menus and the starred menus are session routes: the access check has already put the user on the request.

  /** The code exchange and the refresh of the code flow: every refusal is an envelope naming its reason. */
  app.post<{ Body: TokenBody }>('/token', { schema: { body: tokenBody } }, async (request) => {
    const body = request.body;
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token) throw new ApiError('invalidInput', '刷新令牌不能为空');
      return ok(await sessions.refresh(body.refresh_token, body.client_id));
    }
    if (!body.code || !body.redirect_uri) throw new ApiError('invalidInput', '授权码和回调地址不能为空');
    if (!body.code_verifier || !CODE_VERIFIER.test(body.code_verifier)) throw new ApiError('authorizationCodeInvalid', '授权码校验失败（PKCE），请重新登录');
    const exchange = { code: body.code, codeVerifier: body.code_verifier, clientId: body.client_id, redirectUri: body.redirect_uri, address: request.ip };
    return ok(oidc ? await oidc.exchange(exchange) : await embeddedCodes.exchange(exchange));
  });

  /** Ends the session named by the refresh token (or by the bearer token): both stop working at once. */
  app.post<{ Body: { refreshToken?: string } }>(
    '/logout',
    { schema: { body: { type: ['object', 'null'], properties: { refreshToken: { type: 'string', title: '刷新令牌', maxLength: 512 } } } } },
    async (request) => {
      const ids = new Set<string>();
      const refreshToken = request.body?.refreshToken;
      if (refreshToken) {
        const id = await sessions.sessionOfRefreshToken(refreshToken);
        if (id) ids.add(id);
      }
      const bearer = bearerOf(request.headers.authorization);
      if (bearer) {
        // An expired access token still names the session to end.
        const verified = await jwtVerify(bearer, config.jwtSecret, { issuer: TOKEN_ISSUER, algorithms: ['HS256'], currentDate: new Date(0) }).catch(() => undefined);
        if (typeof verified?.payload.sid === 'string') ids.add(verified.payload.sid);
      }
      for (const id of ids) await sessions.revoke(id);
      return ok({ logoutUrl: config.identity.logoutUrl ?? null });
    },
  );

  // The session user info of back-office §3 holds the token (BO-ENT-02): the access token this request was made with,
  // handed back to the caller that sent it, never another one.
  app.get('/userinfo', async (request) => ok({ ...(await userInfo({ db }, request.user)), token: bearerOf(request.headers.authorization) }));

  app.get('/menus', async (request) => {
    const user = request.user;
    // The menu call of the auth centre reports success as returnCode '0' (building-blocks §7), besides resultCode.
    return { ...ok(await loadMenuTree(db, user.id)), returnCode: '0' };
  });

  /** Starred menus (building-blocks §7: GET menu favorite, type 1 = starred). */
  app.get<{ Querystring: { type: number } }>(
    '/menu/favorite',
    { schema: { querystring: { type: 'object', required: ['type'], properties: { type: { type: 'integer', title: '收藏类型', enum: [1] } } } } },
    async (request) => ok(await listStarredMenus(db, request.user)),
  );

  /** Stars or unstars a menu (building-blocks §7: PUT menu point). */
  app.put<{ Body: { menuId: string; type: number; starred: boolean } }>(
    '/menu/point',
    {
      schema: {
        body: {
          type: 'object',
          required: ['menuId', 'type', 'starred'],
          properties: {
            menuId: { type: 'string', title: '菜单', minLength: 1, maxLength: 32 },
            type: { type: 'integer', title: '收藏类型', enum: [1] },
            starred: { type: 'boolean', title: '是否收藏' },
          },
        },
      },
    },
    async (request) => ok(await setMenuStarred(db, request.user, request.body.menuId, request.body.starred)),
  );
};

import bcrypt from 'bcryptjs';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { authenticate, issueToken, loadSessionUser, type SessionUser } from '../http/session';
import { loadMenuTree } from '../data/menus';

interface LoginBody {
  username: string;
  password: string;
}

/** Session user info of back-office §3, the shape the runtime stores after login. */
export interface UserInfo {
  userId: number;
  userCode: string;
  employeeName: string;
  employeeNo: string;
  companyId: number;
  orgId: number;
  orgName: string;
  orgType: string;
  dataType: string;
  ownerCode: string;
  positions: string[];
}

export function userInfo(user: SessionUser): UserInfo {
  return {
    userId: user.id,
    userCode: user.userCode,
    employeeName: user.employeeName,
    employeeNo: user.employeeNo,
    companyId: user.orgId,
    orgId: user.orgId,
    orgName: user.orgName,
    orgType: user.orgType,
    dataType: user.orgType,
    ownerCode: user.ownerCode ?? '',
    positions: user.positions,
  };
}

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.post<{ Body: LoginBody }>(
    '/login',
    {
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', title: '用户名', minLength: 1, maxLength: 64 },
            password: { type: 'string', title: '密码', minLength: 1, maxLength: 128 },
          },
        },
      },
    },
    async (request) => {
      const account = await db
        .selectFrom('users')
        .select(['id', 'userCode', 'passwordHash'])
        .where('userCode', '=', request.body.username.trim())
        .executeTakeFirst();
      // Compare against a dummy hash for unknown accounts so timing does not reveal which accounts exist.
      const valid = await bcrypt.compare(request.body.password, account?.passwordHash ?? DUMMY_HASH);
      const user = account && valid ? await loadSessionUser(db, account.id) : null;
      if (!user) throw new ApiError('loginFailed');
      const token = await issueToken(user, config.jwtSecret, config.tokenTtlSeconds);
      return ok({ token, ...userInfo(user) });
    },
  );

  app.get('/userinfo', async (request) => ok(userInfo(await authenticate(db, request.headers.authorization, config.jwtSecret))));

  app.get('/menus', async (request) => {
    await authenticate(db, request.headers.authorization, config.jwtSecret);
    // The menu call of the auth centre reports success as returnCode '0' (building-blocks §7), besides resultCode.
    return { ...ok(await loadMenuTree(db)), returnCode: '0' };
  });
};

const DUMMY_HASH = bcrypt.hashSync('no account has this password', 10);

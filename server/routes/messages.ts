// The message service's calls of building-blocks §7: the unread count (notice read number) and the unread messages it
// counts (notice read list), the latest messages, the paged list (10 a page by default), mark all read, and one message
// by id. Messages belong to an application: the app
// id header (appId, else the clientId every call of the runtime carries) says which.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext';
import { latestMessages, listMessages, markAllMessagesRead, noticeReadList, openMessage, unreadMessageCount, type MessageFilter } from '../data/messages';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';

export const DEFAULT_APP_ID = 'dms-web';
export const MESSAGE_PAGE_SIZE = 10;
const LATEST = 5;

function appIdOf(request: FastifyRequest): string {
  const header = request.headers.appid ?? request.headers.clientid;
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : DEFAULT_APP_ID;
}

const readFlag = { type: 'string', title: '是否已读', enum: ['0', '1'] } as const;
const remindType = { type: 'string', title: '消息类型', pattern: '^[0-9]{8}$' } as const;

export const messageRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/notice/readNum', async (request) => ok(await unreadMessageCount(db, request.user, appIdOf(request))));

  app.get<{ Querystring: MessageFilter & { size?: number } }>(
    '/notice/readList',
    { schema: { querystring: { type: 'object', properties: { remindType, readFlag, size: { type: 'integer', title: '条数', minimum: 1, maximum: 100 } } } } },
    async (request) => ok(await noticeReadList(db, request.user, appIdOf(request), request.query, request.query.size ?? MESSAGE_PAGE_SIZE)),
  );

  app.post<{ Querystring: { size?: number } }>(
    '/push/apps/latest',
    { schema: { querystring: { type: 'object', properties: { size: { type: 'integer', title: '条数', minimum: 1, maximum: 50 } } } } },
    async (request) => ok(await latestMessages(db, request.user, appIdOf(request), request.query.size ?? LATEST)),
  );

  app.post<{ Querystring: PagingQuery & MessageFilter }>(
    '/push/apps/list',
    { schema: { querystring: { type: 'object', properties: { ...pagingQuerySchema, remindType, readFlag } } } },
    async (request) => {
      const { page, pageSize } = readPaging({ size: MESSAGE_PAGE_SIZE, ...request.query });
      return ok(await listMessages(db, request.user, appIdOf(request), request.query, page, Math.min(pageSize, 100)));
    },
  );

  app.post('/push/apps/allRead', async (request) => ok({ count: await markAllMessagesRead(db, request.user, appIdOf(request)) }));

  app.get<{ Params: { msgId: number } }>(
    '/push/apps/:msgId',
    { schema: { params: { type: 'object', required: ['msgId'], properties: { msgId: { type: 'integer', title: '消息ID', minimum: 1 } } } } },
    async (request) => ok(await openMessage(db, request.user, appIdOf(request), request.params.msgId)),
  );
};

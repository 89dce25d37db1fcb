// 下载中心 (/downloadManage/downloadCenter/downloadCenter/index): the user's own export jobs with their status, progress,
// size and time, and the download of a finished file. Service `download` (/api/2b/download).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import type { ServerConfig } from '../config';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { exportRunnerOf, type ExportRunner } from '../exports/exportJobs';
import { failInterruptedImports } from '../imports/importJobs';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import { createFileStore } from '../files/fileStores';
import { contentDisposition } from './files';

const HOUR = 3600_000;

/** The one export runner of this server (the screens' export routes queue into it). */
export const exportRunner = (db: Kysely<Database>, config: ServerConfig): ExportRunner =>
  exportRunnerOf(db, createFileStore(config), { keepDays: config.files.exportKeepDays });

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', title: '导出任务编号', pattern: '^[0-9a-f]{32}$' } },
} as const;

export const downloadCentreRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const runner = exportRunner(db, config);
  const expire = () => void runner.expire().catch((error: unknown) => app.log.error({ err: error }, 'export expiry failed'));
  const timer = setInterval(expire, HOUR);
  timer.unref();
  app.addHook('onReady', async () => {
    await runner.resume();
    await failInterruptedImports(db);
    expire();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await runner.stop();
  });

  app.get<{ Querystring: PagingQuery }>('/jobs', { schema: { querystring: { type: 'object', properties: { ...pagingQuerySchema } } } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await runner.list(request.user.id, page, pageSize));
  });

  app.get<{ Params: { id: string } }>('/jobs/:id/file', { schema: { params: idParams } }, async (request, reply) => {
    const file = await runner.open(request.user.id, request.params.id);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-length', String(file.size));
    reply.header('content-disposition', contentDisposition('attachment', file.fileName));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'private, no-store');
    return reply.send(file.stream);
  });
};

// 销售目标 (service `target`, back-office §7 Target): the list, the table's batch save, the download-centre export, a
// direct export answered with the file itself (read as an arraybuffer), and the Excel import whose status is the
// literal GET target/import/last.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { listSalesTargets, saveSalesTargets, type SalesTargetBatch, type SalesTargetFilter } from '../data/salesTargets';
import { ownerScope } from '../data/scope';
import { directExport } from '../exports/exportFile';
import { exportRequest, fileNameQuery } from '../exports/exportRequest';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import { importRoutes } from '../imports/importRoutes';
import { exportRunner } from './downloadCentre';
import { contentDisposition } from './files';

const MONTH = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const codes = (title: string) => ({ type: 'array', title, items: { type: 'string', maxLength: 32 }, maxItems: 200 }) as const;

const filterProperties = {
  ownerCode: codes('经销商'),
  targetMonthFrom: { ...MONTH, title: '目标月份起' },
  targetMonthTo: { ...MONTH, title: '目标月份止' },
  seriesCode: codes('车系'),
  modelName: { type: 'string', title: '车型', maxLength: 50 },
} as const;

const units = (title: string) => ({ type: 'integer', title, minimum: 0, maximum: 99999 }) as const;
const id = { type: 'integer', title: '销售目标ID', minimum: 1 } as const;

const batchBody = {
  type: 'object',
  title: '销售目标',
  properties: {
    updated: {
      type: 'array',
      title: '修改行',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['id', 'retailTarget', 'wholesaleTarget'],
        properties: {
          id,
          retailTarget: units('零售目标（台）'),
          wholesaleTarget: units('批发目标（台）'),
          remark: { type: ['string', 'null'], title: '备注', maxLength: 200 },
          updatedAt: { type: 'string', title: '更新时间', maxLength: 19 },
        },
      },
    },
    deleted: { type: 'array', title: '删除行', maxItems: 1000, items: { type: 'object', required: ['id'], properties: { id } } },
  },
} as const;

const exportQuery = { type: 'object', properties: { ...filterProperties, ...fileNameQuery } } as const;

export const salesTargetRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.get<{ Querystring: PagingQuery & SalesTargetFilter }>('/target/salesTargets', { schema: { querystring: { type: 'object', properties: { ...pagingQuerySchema, ...filterProperties } } } }, async (request) => {
    const { page, pageSize, sort } = readPaging(request.query);
    return ok(await listSalesTargets(db, request.user, { page, pageSize, sort, filter: request.query }));
  });

  app.post<{ Body: SalesTargetBatch }>('/target/salesTargets/batch', { schema: { body: batchBody } }, async (request) => ok(await saveSalesTargets(db, request.user, request.body)));

  // 导出到下载中心: the filter, run as a job; the answer is the queued job.
  app.get<{ Querystring: SalesTargetFilter }>('/target/salesTargets/export', { schema: { querystring: exportQuery } }, async (request) => {
    const { fileName, params } = exportRequest(request.query);
    return ok(await exportRunner(db, config).create(request.user, 'salesTargets', params, fileName));
  });

  // 导出: the workbook itself, streamed as it is written (exportType 'arraybuffer').
  app.get<{ Querystring: SalesTargetFilter }>('/target/salesTargets/exportFile', { schema: { querystring: exportQuery } }, async (request, reply) => {
    const { fileName, params } = exportRequest(request.query);
    const file = await directExport(db, 'salesTargets', await ownerScope(db, request.user), params);
    reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    reply.header('content-disposition', contentDisposition('attachment', fileName ?? file.fileName));
    reply.header('cache-control', 'private, no-store');
    return reply.send(file.output);
  });

  await app.register(importRoutes, { db, config, kind: 'salesTargets', path: '/target/import', templateName: '销售目标导入模板.xlsx' });
};

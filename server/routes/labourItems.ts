// 工时项目: a dealer's labour price list, the first business screen with an editable table. The list pages, sorts and
// filters on the server (header filters included); the batch call saves the table's inserted, updated and deleted rows.
import type { FastifyPluginAsync } from 'fastify';
import { importRoutes } from '../imports/importRoutes';
import type { AppContext } from '../appContext';
import { findStandardLabours, listLabourItems, saveLabourItems, type LabourItemBatch, type LabourItemFilter } from '../data/labourItems';
import { ok } from '../http/envelope';
import { exportRunner } from './downloadCentre';
import { exportRequest, fileNameQuery } from '../exports/exportRequest';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const codes = (title: string) => ({ type: 'array', title, items: { type: 'string', maxLength: 30 }, maxItems: 20 }) as const;

const listQuery = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    keyword: { type: 'string', title: '工时代码或名称', maxLength: 50 },
    labourCode: { type: 'string', title: '工时代码', maxLength: 20 },
    labourName: { type: 'string', title: '工时名称', maxLength: 50 },
    stdLabourCode: { type: 'string', title: '标准工时代码', maxLength: 20 },
    repairTypeCode: codes('维修类型'),
    series: codes('适用车系'),
    enabled: { type: 'string', title: '是否启用', enum: ['1', '0'] },
    stdHoursFrom: { type: 'number', title: '标准工时起' },
    stdHoursTo: { type: 'number', title: '标准工时止' },
    priceFrom: { type: 'number', title: '工时单价起' },
    priceTo: { type: 'number', title: '工时单价止' },
    effectiveDateFrom: { ...DAY, title: '生效日期起' },
    effectiveDateTo: { ...DAY, title: '生效日期止' },
  },
} as const;

const itemProperties = {
  labourCode: { type: 'string', title: '工时代码', minLength: 1, maxLength: 20 },
  labourName: { type: 'string', title: '工时名称', minLength: 1, maxLength: 50 },
  stdLabourCode: { type: ['string', 'null'], title: '标准工时代码', maxLength: 20 },
  repairTypeCode: { type: 'string', title: '维修类型', minLength: 1, maxLength: 16 },
  stdHours: { type: 'number', title: '标准工时', minimum: 0.1, maximum: 999 },
  price: { type: 'number', title: '工时单价', minimum: 0, maximum: 99999 },
  series: { type: 'array', title: '适用车系', items: { type: 'string', maxLength: 50 }, maxItems: 20 },
  enabled: { type: 'string', title: '是否启用', enum: ['1', '0'] },
  effectiveDate: { ...DAY, title: '生效日期' },
  remark: { type: ['string', 'null'], title: '备注', maxLength: 200 },
} as const;
const itemRequired = ['labourCode', 'labourName', 'repairTypeCode', 'stdHours', 'price', 'effectiveDate'];
const id = { type: 'integer', title: '工时项目ID', minimum: 1 } as const;

const batchBody = {
  type: 'object',
  title: '工时项目',
  properties: {
    inserted: { type: 'array', title: '新增行', maxItems: 1000, items: { type: 'object', required: itemRequired, properties: itemProperties } },
    updated: {
      type: 'array',
      title: '修改行',
      maxItems: 1000,
      items: { type: 'object', required: ['id', ...itemRequired], properties: { id, updatedAt: { type: 'string', title: '更新时间', maxLength: 19 }, ...itemProperties } },
    },
    deleted: { type: 'array', title: '删除行', maxItems: 1000, items: { type: 'object', required: ['id'], properties: { id } } },
  },
} as const;

const lookupQuery = {
  type: 'object',
  required: ['keyword'],
  properties: {
    keyword: { type: 'string', title: '查询文字', minLength: 1, maxLength: 50 },
    limit: { type: 'integer', title: '条数', minimum: 1, maximum: 50, default: 20 },
  },
} as const;

export const labourItemRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.get<{ Querystring: PagingQuery & LabourItemFilter }>('/basedata/labourItems', { schema: { querystring: listQuery } }, async (request) => {
    const { page, pageSize, sort } = readPaging(request.query);
    return ok(await listLabourItems(db, request.user, { page, pageSize, sort, filter: request.query }));
  });

  app.post<{ Body: LabourItemBatch }>('/basedata/labourItems/batch', { schema: { body: batchBody } }, async (request) =>
    ok(await saveLabourItems(db, request.user, request.body)),
  );

  // The download-centre export: the list's filter, run as a job; the answer is the queued job.
  app.get<{ Querystring: LabourItemFilter & { fileName?: string } }>(
    '/basedata/labourItems/export',
    { schema: { querystring: { type: 'object', properties: { ...listQuery.properties, ...fileNameQuery } } } },
    async (request) => {
      const { fileName, params } = exportRequest(request.query);
      return ok(await exportRunner(db, config).create(request.user, 'labourItems', params, fileName));
    },
  );

  // Excel import (工时项目导入): the template, the upload (answers at once, importStatus 0) and the last import's status.
  await app.register(importRoutes, { db, config, kind: 'labourItems', path: '/basedata/labourItems/import', templateName: '工时项目导入模板.xlsx' });

  /** The search helper of the labour code column: the manufacturer's standard labours matching the typed text. */
  app.get<{ Querystring: { keyword: string; limit: number } }>('/basedata/standardLabours', { schema: { querystring: lookupQuery } }, async (request) =>
    ok(await findStandardLabours(db, request.query.keyword.trim(), request.query.limit)),
  );
};

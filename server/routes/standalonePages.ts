// The data of the two standalone pages: /onepage (one vehicle and its owner, and its repair history page by page) and /selectCrowd
// (customers to pick a campaign's target group from).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { listCrowd } from '../data/crowd';
import { vehicleOverview, vehicleRepairOrders } from '../data/vehicleOverview';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import type { CrowdFilter } from '../../schemas/api/customers';

export const standalonePageRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: { vin?: string; plateNo?: string } }>(
    '/repair/onepage/vehicle',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { vin: { type: 'string', title: 'VIN', maxLength: 17 }, plateNo: { type: 'string', title: '车牌号', maxLength: 10 } },
        },
      },
    },
    async (request) => ok(await vehicleOverview(db, request.user, request.query)),
  );

  app.get<{ Querystring: PagingQuery & { vin?: string; plateNo?: string } }>(
    '/repair/onepage/repairOrders',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...pagingQuerySchema, vin: { type: 'string', title: 'VIN', maxLength: 17 }, plateNo: { type: 'string', title: '车牌号', maxLength: 10 } },
        },
      },
    },
    async (request) => {
      const { page, pageSize } = readPaging(request.query);
      return ok(await vehicleRepairOrders(db, request.user, request.query, page, Math.min(pageSize, 1000)));
    },
  );

  app.get<{ Querystring: PagingQuery & CrowdFilter }>(
    '/customer/crowd/customers',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            ...pagingQuerySchema,
            customerName: { type: 'string', title: '客户姓名', maxLength: 30 },
            phone: { type: 'string', title: '手机号', maxLength: 11 },
            gender: { type: 'string', title: '性别', pattern: '^[0-9]{8}$' },
            seriesName: { type: 'string', title: '车系', maxLength: 50 },
            idleDays: { type: 'integer', title: '未进厂天数', minimum: 0, maximum: 3650 },
          },
        },
      },
    },
    async (request) => {
      const { page, pageSize } = readPaging(request.query);
      return ok(await listCrowd(db, request.user, request.query, page, Math.min(pageSize, 1000)));
    },
  );
};

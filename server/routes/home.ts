// The 概览 home page's figures: RepairCount/gethomePageInterfaceSum (repair service) and RepairCount/getRepairOrderNum
// (report service), from the orders and reminders in the user's data scope.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { dailyOrderCounts, homePageSum } from '../data/homeCounts';
import { ok } from '../http/envelope';

export const homeRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/repair/RepairCount/gethomePageInterfaceSum', async (request) => ok(await homePageSum(db, request.user)));

  app.get<{ Querystring: { days?: number } }>(
    '/report/RepairCount/getRepairOrderNum',
    { schema: { querystring: { type: 'object', properties: { days: { type: 'integer', title: '天数', minimum: 1, maximum: 90 } } } } },
    async (request) => ok(await dailyOrderCounts(db, request.user, request.query.days ?? 7)),
  );
};

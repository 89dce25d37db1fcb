// The 概览 home page's figures: RepairCount/gethomePageInterfaceSum (repair service) and RepairCount/getRepairOrderNum
// (report service), from the orders and reminders in the user's data scope; and each position's own first figures under
// the service they belong to: the consultant's (salesreport), the finance clerk's (finance), the region manager's
// (report). Those refuse a user of another kind (server/data/homeAudience.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { dailyOrderCounts, homePageSum } from '../data/homeCounts';
import { financeHomeSum } from '../data/homeFinanceCounts';
import { regionDealerOrders, regionHomeSum } from '../data/homeRegionCounts';
import { consultantHomeSum } from '../data/homeSalesCounts';
import { ok } from '../http/envelope';

export const homeRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/repair/RepairCount/gethomePageInterfaceSum', async (request) => ok(await homePageSum(db, request.user)));

  app.get<{ Querystring: { days?: number } }>(
    '/report/RepairCount/getRepairOrderNum',
    { schema: { querystring: { type: 'object', properties: { days: { type: 'integer', title: '天数', minimum: 1, maximum: 90 } } } } },
    async (request) => ok(await dailyOrderCounts(db, request.user, request.query.days ?? 7)),
  );

  app.get('/2b/salesreport/homePage/consultantSum', async (request) => ok(await consultantHomeSum(db, request.user)));
  app.get('/2b/finance/homePage/financeSum', async (request) => ok(await financeHomeSum(db, request.user)));
  app.get('/report/homePage/regionSum', async (request) => ok(await regionHomeSum(db, request.user)));
  app.get('/report/homePage/regionDealerOrders', async (request) => ok(await regionDealerOrders(db, request.user)));
};

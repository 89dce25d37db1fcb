// The repair service's calls that are no model's record: the repair types (basedataRepairtypes/findAllRepairType),
// which the repair order, booking and labour item screens offer, and the repair service's copy of the whitelist check
// (orderCporConfirm/selectWhitelistByOwnerCode/customerInterAspect). Repair orders themselves are
// models/repair/repairOrder.json.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { whitelistPasses, whitelistQuery, type WhitelistQuery } from '../data/whitelist';
import { ok } from '../http/envelope';

export const repairRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.get('/basedataRepairtypes/findAllRepairType', async () => ok(await db.selectFrom('repairTypes').select(['code', 'name']).orderBy('sort').execute()));
  app.get<{ Querystring: WhitelistQuery }>('/orderCporConfirm/selectWhitelistByOwnerCode/customerInterAspect', { schema: { querystring: whitelistQuery } }, async (request) =>
    ok(whitelistPasses(config.qualityInspectionWhitelist, request.user, request.query)),
  );
};

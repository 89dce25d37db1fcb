// The repair service's reference data that is no model's record: the repair types (basedataRepairtypes/findAllRepairType),
// which the repair order, booking and labour item screens offer. Repair orders themselves are models/repair/repairOrder.json.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { ok } from '../http/envelope';

export const repairRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/basedataRepairtypes/findAllRepairType', async () => ok(await db.selectFrom('repairTypes').select(['code', 'name']).orderBy('sort').execute()));
};

// The bff calls of back-office §7 this product serves as plain routes: the accident-clue whitelist check, answering data
// as a boolean. The web-workOrder calls of the health check are the reminder model's (models/repair/reminder.json).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { whitelistPasses, whitelistQuery, type WhitelistQuery } from '../data/whitelist';
import { ok } from '../http/envelope';

export const bffRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  app.get<{ Querystring: WhitelistQuery }>('/api/v1/app/accidentClues/whitelist/checkWhitelist', { schema: { querystring: whitelistQuery } }, async (request) =>
    ok(whitelistPasses(config.qualityInspectionWhitelist, request.user, request.query)),
  );
};

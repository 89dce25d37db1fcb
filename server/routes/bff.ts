// The bff calls of back-office §7 this product serves: the accident-clue whitelist check, answering data as a boolean.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { ok } from '../http/envelope';

/** The module of the quality-inspection label rename (back-office §3 whitelist check parameters). */
const QI_RENAME_MOD_TYPE = '91111057';

interface WhitelistQuery {
  ownerCode: string;
  modType: string;
  rosterType: string;
  vin?: string;
}

const whitelistQuery = {
  type: 'object',
  required: ['ownerCode', 'modType', 'rosterType'],
  properties: {
    ownerCode: { type: 'string', title: '经销商代码', maxLength: 32 },
    modType: { type: 'string', title: '模块类型', maxLength: 16 },
    rosterType: { type: 'string', title: '名单类型', maxLength: 4 },
    vin: { type: 'string', title: 'VIN', maxLength: 17 },
  },
} as const;

export const bffRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  // Only the user's own dealer can be asked about: another owner code answers false, like one not on the list.
  app.get<{ Querystring: WhitelistQuery }>('/api/v1/app/accidentClues/whitelist/checkWhitelist', { schema: { querystring: whitelistQuery } }, async (request) => {
    const { ownerCode, modType, rosterType } = request.query;
    const own = request.user.ownerCode === ownerCode;
    return ok(own && modType === QI_RENAME_MOD_TYPE && rosterType === '0' && config.qualityInspectionWhitelist.includes(ownerCode));
  });
};

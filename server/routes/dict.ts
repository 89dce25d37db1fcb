import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { ok } from '../http/envelope';
import type { DictionaryEntry } from '../../schemas/api/dictionaries';

export const dictRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: { type?: string } }>(
    '/codes',
    { schema: { querystring: { type: 'object', properties: { type: { type: 'string', title: '字典类型', pattern: '^[0-9]{4}$' } } } } },
    async (request) => {
      let query = db.selectFrom('dictCodes').select(['type', 'codeId', 'codeCnDesc', 'codeEnDesc']).orderBy('type').orderBy('sort');
      if (request.query.type) query = query.where('type', '=', request.query.type);
      const entries: DictionaryEntry[] = await query.execute();
      return ok(entries);
    },
  );
};

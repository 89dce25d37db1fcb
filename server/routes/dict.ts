import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app';
import { ok } from '../http/envelope';

/** A dictionary entry as GET dict/codes answers it (building-blocks §3). */
export interface DictionaryEntry {
  type: string;
  codeId: string;
  codeCnDesc: string;
  codeEnDesc: string | null;
}

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

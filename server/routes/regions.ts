import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { loadRegionTree } from '../data/regions';
import { ok } from '../http/envelope';

/** All regions (building-blocks §7), as the province-city-county tree of back-office §3. */
export const regionRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/regions', async () => ok(await loadRegionTree(db)));
};

// The server under load, in its own process (so the load generator does not share its event loop): the real app on
// 127.0.0.1, and beside it a bare Fastify route running the same list query for the same dealer with none of the
// app's hooks (no signature, session, permission or audit), the ceiling the app is measured against. Prints
// `READY {"app":port,"bare":port}` once both listen.
import Fastify from 'fastify';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config';
import { MODEL_HOOKS } from '../../../server/hooks';
import { repositoryModels } from '../../../server/models/modelCatalogue';
import { getRecord, listRecords, type ReadContext } from '../../../server/models/modelReads';
import { loadSessionUser } from '../../../server/http/session';
import { startServer } from '../../../server/start';

const dataDir = process.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'dms-load-'));
const config = loadConfig(process.env, { dataDir, host: '127.0.0.1', port: 0, seedAnchorDate: '2026-06-30', logLevel: 'silent' });
const server = await startServer(config, { logger: false });
const db = server.database.db;
const { id } = await db.selectFrom('users').select('id').where('userCode', '=', process.env.LOAD_USER ?? 'd11001fwgw').executeTakeFirstOrThrow();
const user = (await loadSessionUser(db, id))!;
// The repair orders' own reads (models/repair/repairOrder.json), without the app around them.
const models = new Map(repositoryModels().map((m) => [m.model.name, m]));
const orders: ReadContext = { db, user, loaded: models.get('repairOrder')!, hooks: MODEL_HOOKS.repairOrder, models };
const bare = Fastify({ logger: false });
bare.get('/bare/list', async () => ({ resultCode: 200, data: await listRecords(orders, { page: 1, pageSize: 50, params: {} }) }));
bare.get<{ Params: { id: string } }>('/bare/get/:id', async (request) => ({ resultCode: 200, data: await getRecord(orders, Number(request.params.id)) }));
// The bench's CPU profile of one figure (LOAD_CPU_PROFILE): started and stopped around it, written where it says.
const inspector = new Session();
inspector.connect();
const post = (method: string) => new Promise<unknown>((resolve, reject) => inspector.post(method, (error, result) => (error ? reject(error) : resolve(result))));
bare.post('/bare/profile/start', async () => {
  await post('Profiler.enable');
  await post('Profiler.start');
  return {};
});
bare.post<{ Querystring: { file: string } }>('/bare/profile/stop', async (request) => {
  const { profile } = (await post('Profiler.stop')) as { profile: unknown };
  writeFileSync(request.query.file, JSON.stringify(profile));
  return {};
});
await bare.listen({ host: '127.0.0.1', port: 0 });
const port = (app: { server: { address(): unknown } }) => (app.server.address() as { port: number }).port;
console.log(`READY ${JSON.stringify({ app: port(server.app), bare: port(bare) })}`);

process.once('SIGTERM', () => {
  void bare
    .close()
    .then(() => server.stop())
    .finally(() => process.exit(0));
});

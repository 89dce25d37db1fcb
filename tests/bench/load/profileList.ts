// Where one list request spends its time (issue 19): the whole request against each of its parts, timed one after
// another on the same database. `npx tsx tests/bench/load/profileList.ts [pglite|postgres]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomNonce, signRequest } from '../../../schemas/signing/signature';
import { loadConfig } from '../../../server/config';
import { createPGlite } from '../../../server/db/database';
import { ownerScope } from '../../../server/data/scope';
import { NonceStore } from '../../../server/http/nonceStore';
import { authenticate, authenticateFor } from '../../../server/http/session';
import { MODEL_HOOKS } from '../../../server/hooks';
import { repositoryModels } from '../../../server/models/modelCatalogue';
import { listRecords, type ReadContext } from '../../../server/models/modelReads';
import { DEMO_PASSWORD } from '../../../server/seed/catalogue';
import { startServer } from '../../../server/start';
import { signInWithCode, type Call } from '../../server/codeFlow';
import { createPostgresDatabase } from '../../support/postgresDatabase';
import { time } from '../measure';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(join(tmpdir(), 'dms-profile-'));
const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
const pglite = postgres ? undefined : await createPGlite();
const config = loadConfig({}, { dataDir, databaseUrl: postgres?.url, seedAnchorDate: '2026-06-30', logLevel: 'silent' });
const server = await startServer(config, { listen: false, logger: false, pglite });
try {
  const signed = (method: string, url: string) => signRequest(config.requestSigning.key, { method, url }, Date.now(), randomNonce());
  const call: Call = async ({ method, url, payload }) => (await server.app.inject({ method, url, headers: signed(method, url), ...(payload ? { payload } : {}) })).json();
  const { token } = await signInWithCode(call, 'd11001fwgw', DEMO_PASSWORD);
  const db = server.database.db;
  const url = '/api/repair/order/repair/orders?current=1&pageSize=50';
  const user = await authenticate(db, `Bearer ${token}`, config.jwtSecret);
  const nonces = new NonceStore(db);
  const models = new Map(repositoryModels().map((m) => [m.model.name, m]));
  const orders: ReadContext = { db, user, loaded: models.get('repairOrder')!, hooks: MODEL_HOOKS.repairOrder, models };
  const parts: [string, () => Promise<unknown>][] = [
    ['whole request', () => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, menuId: '1101', ...signed('GET', url) } })],
    ['nonce write (a batch of one)', () => nonces.remember(randomNonce(), new Date(Date.now() + 300_000))],
    ['nonce writes (a batch of 20)', () => Promise.all(Array.from({ length: 20 }, () => nonces.remember(randomNonce(), new Date(Date.now() + 300_000))))],
    ['identity (JWT; session, user, positions, grants)', () => authenticateFor(db, `Bearer ${token}`, config.jwtSecret, '1101')],
    ['data scope', () => ownerScope(db, user)],
    ['the query (kept count and page)', () => listRecords(orders, { page: 1, pageSize: 50, params: {} })],
    ['the query, filtered (count and page)', () => listRecords(orders, { page: 1, pageSize: 50, params: { status: ['80211001', '80211002', '80211003', '80211004'] } })],
    ['query and serialisation', async () => JSON.stringify(await listRecords(orders, { page: 1, pageSize: 50, params: {} }))],
  ];
  for (const [name, fn] of parts) {
    const t = await time(200, fn, 20);
    console.log(`${name.padEnd(48)} median ${t.median.toFixed(2)} ms  p95 ${t.p95.toFixed(2)} ms`);
  }
} finally {
  await server.stop();
  await pglite?.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

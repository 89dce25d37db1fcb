// The model engine's generic list of repair orders against the hand-written list it replaced (issue 18: ratio ≤ 1.1x),
// each called directly with the same user and parameters, in alternation; how much the whole stack (HTTP, signature
// and replay check, token check, data scope, count, joins, formatting) adds to one page, against the bare page query;
// and what the signature check itself costs, against the same app with signing switched off.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createPGlite } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/seed/catalogue';
import { startServer } from '../../server/start';
import { signInWithCode, type Call } from '../server/codeFlow';
import { loadSessionUser } from '../../server/http/session';
import { MODEL_HOOKS } from '../../server/hooks';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { listRecords } from '../../server/models/modelReads';
import { report, time, timePaired } from './measure';
import { handWrittenList } from './repair-orders-list/handWrittenList';

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-bench-'));
  const pglite = await createPGlite();
  const config = loadConfig({}, { dataDir, seedAnchorDate: '2026-06-30', logLevel: 'silent' });
  const server = await startServer(config, { listen: false, logger: false, pglite });
  const unsigned = await buildApp({ db: server.database.db, config: { ...config, requestSigning: { ...config.requestSigning, enabled: false } } }, { logger: false });
  const signed = (method: string, url: string) => signRequest(config.requestSigning.key, { method, url }, Date.now(), randomNonce());
  try {
    const call: Call = async ({ method, url, payload }) =>
      (await server.app.inject({ method, url, headers: signed(method, url), ...(payload ? { payload } : {}) })).json();
    const { token } = await signInWithCode(call, 'admin', DEMO_PASSWORD);
    const db = server.database.db;

    const models = repositoryModels();
    const loaded = models.find((m) => m.model.name === 'repairOrder');
    if (!loaded) throw new Error('models/repair/repairOrder.json 不存在');
    const byName = new Map(models.map((m) => [m.model.name, m]));
    for (const userCode of ['admin', 'd11001fwgw']) {
      const { id } = await db.selectFrom('users').select('id').where('userCode', '=', userCode).executeTakeFirstOrThrow();
      const user = (await loadSessionUser(db, id))!;
      const context = { db, user, loaded, hooks: MODEL_HOOKS.repairOrder, models: byName };
      for (const [label, page, sort, status] of [
        ['first page of 50, newest first', 1, 'createdAt|desc', undefined],
        ['page 5 of 50, by mileage, status filter', 5, 'mileage|asc', ['80211004']],
      ] as const) {
        const [generic, handWritten] = await timePaired(
          60,
          () => listRecords(context, { page, pageSize: 50, sort, params: status ? { status } : {} }),
          () => handWrittenList(db, user, { page, pageSize: 50, sort, filter: status ? { status: [...status] } : {} }),
        );
        report(`generic repair-order list (${userCode}), ${label}`, generic, handWritten, 'hand-written list it replaced');
      }
    }

    for (const [label, query] of [
      ['first page of 50, newest first', 'current=1&pageSize=50&sort=createdAt|desc'],
      ['page 20 of 50, by mileage, status filter', 'current=20&pageSize=50&sort=mileage|asc&status=80211004'],
    ] as const) {
      const url = `/api/repair/order/repair/orders?${query}`;
      const api = await time(60, () => server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...signed('GET', url) } }));
      const page = Number(new URLSearchParams(query).get('current'));
      const bare = await time(60, () =>
        db.selectFrom('repairOrders').selectAll().orderBy(query.includes('mileage') ? 'mileage' : 'createdAt', query.includes('asc') ? 'asc' : 'desc').limit(50).offset((page - 1) * 50).execute(),
      );
      report(`repair orders API, ${label}`, api, bare, 'bare page query');
    }

    // A small answer, so the check's own cost (HMAC, one nonce insert) is not hidden behind a big query.
    const small = '/api/dict/codes?type=1008';
    const withCheck = await time(200, () => server.app.inject({ method: 'GET', url: small, headers: { authorization: `Bearer ${token}`, ...signed('GET', small) } }));
    const withoutCheck = await time(200, () => unsigned.inject({ method: 'GET', url: small, headers: { authorization: `Bearer ${token}` } }));
    report('dictionary call with the signature and replay check', withCheck, withoutCheck, 'same call, signing switched off');
  } finally {
    await unsigned.close();
    await server.stop();
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

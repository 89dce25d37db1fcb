// How much the whole stack (HTTP, token check, data scope, count, joins, formatting) adds to one page of repair orders,
// against the bare page query on the same embedded database, in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { createPGlite } from '../../server/db/database';
import { DEMO_PASSWORD } from '../../server/seed/catalogue';
import { startServer } from '../../server/start';
import { report, time } from './measure';

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-bench-'));
  const pglite = await createPGlite();
  const server = await startServer(loadConfig({}, { dataDir, seedAnchorDate: '2026-06-30', logLevel: 'silent' }), { listen: false, logger: false, pglite });
  try {
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: DEMO_PASSWORD } });
    const token = (login.json() as { data: { token: string } }).data.token;
    const db = server.database.db;

    for (const [label, query] of [
      ['first page of 50, newest first', 'current=1&pageSize=50&sort=createdAt|desc'],
      ['page 20 of 50, by mileage, status filter', 'current=20&pageSize=50&sort=mileage|asc&status=80211004'],
    ] as const) {
      const api = await time(60, () => server.app.inject({ method: 'GET', url: `/api/repair/order/repair/orders?${query}`, headers: { authorization: `Bearer ${token}` } }));
      const page = Number(new URLSearchParams(query).get('current'));
      const bare = await time(60, () =>
        db.selectFrom('repairOrders').selectAll().orderBy(query.includes('mileage') ? 'mileage' : 'createdAt', query.includes('asc') ? 'asc' : 'desc').limit(50).offset((page - 1) * 50).execute(),
      );
      report(`repair orders API, ${label}`, api, bare, 'bare page query');
    }
  } finally {
    await server.stop();
    await pglite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

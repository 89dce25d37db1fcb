import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../../server/config';
import { createPGlite } from '../../../server/db/database';
import { startServer } from '../../../server/start';
import { time } from '../measure';
const dataDir = mkdtempSync(join(tmpdir(), 'dms-x-'));
const pglite = await createPGlite();
const config = loadConfig({}, { dataDir, seedAnchorDate: '2026-06-30', logLevel: 'silent' });
const server = await startServer(config, { listen: false, logger: false, pglite });
const db = server.database.db;
const count = () => db.selectFrom('repairOrders as ro').where('ro.ownerCode', 'in', ['D11001']).select((eb) => eb.fn.countAll().as('n')).execute();
const page = () => sql`select ro.id, o.org_name, rt.name, sa.employee_name from repair_orders ro join organizations o on o.org_code = ro.owner_code join repair_types rt on rt.code = ro.repair_type_code left join users sa on sa.id = ro.service_advisor_id where ro.owner_code in (${'D11001'}) order by ro.created_at desc, ro.id desc limit 50 offset 0`.execute(db);
const nonce = () => sql`insert into request_nonces (nonce, expires_at) values (${Math.random().toString(36)}, now()) `.execute(db);
const sel1 = () => sql`select 1`.execute(db);
for (const [n, f] of [['select 1', sel1], ['count', count], ['page', page], ['nonce', nonce]] as const) { const t = await time(200, f, 20); console.log(n, t.median.toFixed(2), t.p95.toFixed(2)); }
await sql`vacuum analyze`.execute(db);
console.log('after vacuum');
for (const [n, f] of [['count', count], ['page', page]] as const) { const t = await time(200, f, 20); console.log(n, t.median.toFixed(2), t.p95.toFixed(2)); }
await server.stop(); await pglite.close();

// `npm start` runs this: the whole product on one port, on the embedded database unless DATABASE_URL is set.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadConfig } from './config';
import { guardProcess } from './processGuard';
import { backUpEmbedded, defaultBackupFile, pidFileOf, requestFileOf } from './db/embeddedBackup';
import { startServer } from './start';

const startedAt = performance.now();
const config = loadConfig();
const server = await startServer(config);
guardProcess(server.app.log);
const { seeded } = server;

const where = config.databaseUrl ? 'PostgreSQL（DATABASE_URL）' : `内置数据库 PGlite（${config.dataDir}）`;
const { port } = server.app.server.address() as { port: number };
const shown = ['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host;
console.log(`\n  DMS 经销商管理系统已启动：http://${shown}:${port}/`);
console.log(`  数据库：${where}`);
if (seeded) console.log(`  已写入演示数据：${seeded.organizations} 个组织，${seeded.users} 名员工，${seeded.vehicles} 辆车，${seeded.repairOrders} 张维修工单`);
if (!existsSync(config.webDir)) console.log(`  未找到前端构建产物 ${config.webDir}，请先运行 npm run build`);
console.log(`  演示账号：d11001fwgw / Dms@2026（经销商服务顾问），admin / Dms@2026（厂端）`);
console.log(`  启动用时 ${((performance.now() - startedAt) / 1000).toFixed(1)} 秒\n`);

const { pglite } = server.database;
if (pglite) {
  // npm run db:backup on the running embedded database: the script names the file in the request file and signals.
  writeFileSync(pidFileOf(config.dataDir), String(process.pid));
  process.on('SIGUSR2', () => {
    const requestFile = requestFileOf(config.dataDir);
    const file = existsSync(requestFile) ? readFileSync(requestFile, 'utf8').trim() : defaultBackupFile(config.dataDir);
    void backUpEmbedded(server.database.db, pglite, file)
      .then((size) => server.app.log.info({ file, size }, 'database backup written'))
      .catch((error: unknown) => server.app.log.error({ err: error }, 'database backup failed'))
      .finally(() => rmSync(requestFile, { force: true }));
  });
}

// SIGTERM (and Ctrl-C): no new connections, requests in flight answered, running jobs handed back, then exit.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server
      .stop()
      .catch((error: unknown) => console.error('stop failed', error))
      .finally(() => {
        if (pglite) rmSync(pidFileOf(config.dataDir), { force: true });
        process.exit(0);
      });
  });
}

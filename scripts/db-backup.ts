// `npm run db:backup [file]`: a consistent copy of the embedded database (DATA_DIR/pglite) as a .tar.gz, by default
// DATA_DIR/backups/dms-<time>.tar.gz. A server running on the directory writes the copy itself (asked by SIGUSR2, so
// it keeps serving); otherwise this script opens the database and copies it. PostgreSQL: pg_dump (README).
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { backUpEmbedded, defaultBackupFile, embeddedDirOf, requestFileOf, runningServer } from '../server/db/embeddedBackup';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL 已设置：PostgreSQL 请用 pg_dump 备份（见 README）');
  process.exit(1);
}
if (!existsSync(embeddedDirOf(config.dataDir))) {
  console.error(`未找到内置数据库：${embeddedDirOf(config.dataDir)}`);
  process.exit(1);
}
const file = resolve(process.argv[2] ?? defaultBackupFile(config.dataDir));
const pid = runningServer(config.dataDir);
if (pid) {
  writeFileSync(requestFileOf(config.dataDir), file);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10 * 60_000;
  while (existsSync(requestFileOf(config.dataDir))) {
    if (Date.now() > deadline) throw new Error('等待服务写出备份超时');
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!existsSync(file)) {
    console.error('服务未能写出备份，请查看服务日志');
    process.exit(1);
  }
} else {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await backUpEmbedded(database.db, database.pglite!, file);
  } finally {
    await database.close();
  }
}
console.log(`已备份到 ${file}（${(statSync(file).size / 1024 / 1024).toFixed(1)} MB）`);

// `npm run db:restore <file>`: replaces the embedded database (DATA_DIR/pglite) with a copy made by db:backup. The
// server must be stopped; the database it replaces is kept beside it (pglite.before-restore-<time>).
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { restoreEmbedded } from '../server/db/embeddedBackup';

const file = process.argv[2];
if (!file) {
  console.error('用法：npm run db:restore <备份文件>');
  process.exit(1);
}
const config = loadConfig();
try {
  const kept = await restoreEmbedded(config.dataDir, resolve(file));
  console.log(`已从 ${resolve(file)} 恢复内置数据库${kept ? `；原数据库保留在 ${kept}` : ''}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

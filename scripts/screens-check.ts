// `npm run screens:check [paths...]`: validates every screen under screens/ (or the given files and folders) and exits
// non-zero on the first problem, naming the file, the JSON path and the message. Api routes, permission keys and
// dictionary types are checked against the server's own lists, built without a database.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { offlineScreenCheckContext } from '../server/lowcode/offlineScreenKnowledge';
import { firstProblem, screenFilesIn } from './screenFiles';

const defaultDir = fileURLToPath(new URL('../screens', import.meta.url));
const files = screenFilesIn(process.argv.length > 2 ? process.argv.slice(2) : [defaultDir]);
const problem = firstProblem(files, await offlineScreenCheckContext());

if (problem) {
  console.error(`${relative(process.cwd(), problem.file)}: ${problem.path || '/'} ${problem.message}`);
  process.exit(1);
}
console.log(`已检查 ${files.length} 个页面定义，全部通过。`);
// The app built for its route table leaves handles (the pino transport, timers) that would keep the process alive.
process.exit(0);

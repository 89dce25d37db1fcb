// `npm run screens:check [paths...]` (also `npm run models:check`): validates every screen under screens/ and every
// model under models/ (or the given files and folders: a file under a folder named models is a model, any other a
// screen) and exits non-zero on the first problem, naming the file, the JSON path and the message. A screen's api
// routes, permission keys and dictionary types are checked against the server's own lists, built without a database;
// a model's dictionary types, base tables and services against the seed catalogue, the tables and the runtime config.
import { relative } from 'node:path';
import { offlineScreenCheckContext } from '../server/lowcode/offlineScreenKnowledge';
import { checkModelFiles, definitionFilesIn, firstProblem, type FileProblem } from './screenFiles';

const { screens, models } = definitionFilesIn(process.argv.slice(2));
// The screens' context registers every route; a check of models alone does without it.
const problem: FileProblem | undefined = (screens.length > 0 ? firstProblem(screens, await offlineScreenCheckContext()) : undefined) ?? checkModelFiles(models)[0];

if (problem) {
  console.error(`${relative(process.cwd(), problem.file)}: ${problem.path || '/'} ${problem.message}`);
  process.exit(1);
}
console.log(`已检查 ${screens.length} 个页面定义、${models.length} 个模型，全部通过。`);
// The app built for its route table leaves handles (the pino transport, timers) that would keep the process alive.
process.exit(0);

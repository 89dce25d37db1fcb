// `npm run screens:check [paths...]`: validates every screen under screens/ (or the given files and folders) and exits
// non-zero on the first problem, naming the file, the JSON path and the message.
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstProblem, screenFilesIn } from './screenFiles';

const defaultDir = fileURLToPath(new URL('../screens', import.meta.url));
const files = screenFilesIn(process.argv.length > 2 ? process.argv.slice(2) : [defaultDir]);
const problem = firstProblem(files);

if (problem) {
  console.error(`${relative(process.cwd(), problem.file)}: ${problem.path || '/'} ${problem.message}`);
  process.exit(1);
}
console.log(`已检查 ${files.length} 个页面定义，全部通过。`);

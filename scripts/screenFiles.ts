// Checks screen definition files on disk with the same checks the runtime applies in the browser.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenCheckContext, ScreenProblem } from '../schemas/screen/screenChecks';
import { listJsonFiles } from '../server/data/screens';
import { checkScreenInNode } from '../server/lowcode/nodeScreenCheck';

export interface FileProblem extends ScreenProblem {
  file: string;
}

/** Expands folders to the JSON files inside them. */
export function screenFilesIn(paths: string[]): string[] {
  return paths.flatMap((path) => (statSync(path).isDirectory() ? listJsonFiles(path) : [path]));
}

/** The repository's own service names (runtime/public/config.json), without the server's lists. */
export function repositoryCheckContext(): ScreenCheckContext {
  const config = JSON.parse(readFileSync(fileURLToPath(new URL('../runtime/public/config.json', import.meta.url)), 'utf8')) as { services: Record<string, string> };
  return { services: new Set(Object.keys(config.services)) };
}

/** Every problem of one file: JSON syntax, schema, semantics (with the server's routes and dictionary when given). */
export function checkScreenFile(file: string, context: ScreenCheckContext = repositoryCheckContext()): FileProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [{ file, path: '', message: `不是合法的 JSON：${(error as Error).message}` }];
  }
  const result = checkScreenInNode(value, context);
  return result.ok ? [] : result.problems.map((p) => ({ file, ...p }));
}

/** Checks files in order and stops at the first file with a problem; also refuses two files with one screen id. */
export function firstProblem(files: string[], context: ScreenCheckContext = repositoryCheckContext()): FileProblem | undefined {
  const ids = new Map<string, string>();
  for (const file of files) {
    const problem = checkScreenFile(file, context)[0];
    if (problem) return problem;
    const id = (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id;
    const other = ids.get(id);
    if (other) return { file, path: '/id', message: `页面标识 ${id} 与 ${relative(process.cwd(), other)} 重复` };
    ids.set(id, file);
  }
  return undefined;
}

// Checks screen definition files on disk with the same checks the runtime applies in the browser.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import type { ScreenProblem, ServerKnowledge } from '../runtime/screen/screenChecks';
import { listJsonFiles } from '../server/data/screens';
import { checkScreenInNode } from '../server/lowcode/nodeScreenCheck';

export interface FileProblem extends ScreenProblem {
  file: string;
}

/** Expands folders to the JSON files inside them. */
export function screenFilesIn(paths: string[]): string[] {
  return paths.flatMap((path) => (statSync(path).isDirectory() ? listJsonFiles(path) : [path]));
}

/** Every problem of one file: JSON syntax, schema, semantics (with the server's routes and dictionary when given). */
export function checkScreenFile(file: string, server?: ServerKnowledge): FileProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [{ file, path: '', message: `不是合法的 JSON：${(error as Error).message}` }];
  }
  const result = checkScreenInNode(value, server);
  return result.ok ? [] : result.problems.map((p) => ({ file, ...p }));
}

/** Checks files in order and stops at the first file with a problem; also refuses two files with one screen id. */
export function firstProblem(files: string[], server?: ServerKnowledge): FileProblem | undefined {
  const ids = new Map<string, string>();
  for (const file of files) {
    const problem = checkScreenFile(file, server)[0];
    if (problem) return problem;
    const id = (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id;
    const other = ids.get(id);
    if (other) return { file, path: '/id', message: `页面标识 ${id} 与 ${relative(process.cwd(), other)} 重复` };
    ids.set(id, file);
  }
  return undefined;
}

// Checks screen and model definition files on disk with the same checks the runtime (screens) and the server (models)
// apply.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModels, type ModelCheckContext } from '../schemas/model/modelChecks';
import type { ScreenCheckContext, ScreenProblem } from '../schemas/screen/screenChecks';
import type { AppShellTables } from '../server/db/appShellTables';
import type { PermissionTables } from '../server/db/permissionTables';
import type { Database } from '../server/db/schema';
import { listJsonFiles } from '../server/data/screens';
import { checkScreenInNode } from '../server/lowcode/nodeScreenCheck';
import { DICTIONARY } from '../server/seed/catalogue';

export interface FileProblem extends ScreenProblem {
  file: string;
}

/** Expands folders to the JSON files inside them. */
export function screenFilesIn(paths: string[]): string[] {
  return paths.flatMap((path) => (statSync(path).isDirectory() ? listJsonFiles(path) : [path]));
}

/** A file under a folder named `models` (models/<area>/<name>.json, tests/fixtures/models/...) holds a model. */
export function isModelFile(file: string): boolean {
  return relative(process.cwd(), file).split(sep).slice(0, -1).includes('models');
}

/** The files of the given files and folders, screens apart from models; no paths: screens/ and models/ (when present). */
export function definitionFilesIn(paths: string[]): { screens: string[]; models: string[] } {
  const given = paths.length > 0 ? paths : [fileURLToPath(new URL('../screens', import.meta.url)), fileURLToPath(new URL('../models', import.meta.url))].filter(existsSync);
  const files = screenFilesIn(given);
  return { screens: files.filter((file) => !isModelFile(file)), models: files.filter(isModelFile) };
}

/** The repository's own service names (runtime/public/config.json), without the server's lists. */
export function repositoryCheckContext(): ScreenCheckContext {
  return { services: repositoryServices() };
}

function repositoryServices(): Set<string> {
  const config = JSON.parse(readFileSync(fileURLToPath(new URL('../runtime/public/config.json', import.meta.url)), 'utf8')) as { services: Record<string, string> };
  return new Set(Object.keys(config.services));
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

/** The ids of the repository's screens (screens/) and of the files given: what a cell link may open. */
function screenIdsOf(files: string[]): Set<string> {
  const own = fileURLToPath(new URL('../screens', import.meta.url));
  const ids = new Set<string>();
  for (const file of [...(existsSync(own) ? listJsonFiles(own) : []), ...files]) {
    try {
      const id = (JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown }).id;
      if (typeof id === 'string') ids.add(id);
    } catch {
      // A file that is not JSON is reported by its own check.
    }
  }
  return ids;
}

/** Checks files in order and stops at the first file with a problem; also refuses two files with one screen id. */
export function firstProblem(files: string[], given: ScreenCheckContext = repositoryCheckContext()): FileProblem | undefined {
  const context = given.screenIds ? given : { ...given, screenIds: screenIdsOf(files) };
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

/**
 * The base tables a model's ref.table may name: those of server/db/schema.ts `Database`, the app shell's regions and the
 * permission tables' roles (checked against those types, so a renamed table fails the type check here).
 */
export const BASE_TABLES = [
  'organizations',
  'users',
  'positions',
  'userPositions',
  'menus',
  'dictCodes',
  'repairTypes',
  'customers',
  'vehicles',
  'repairOrders',
  'tableLayouts',
  'standardLabours',
  'labourItems',
  'materials',
  'salesTargets',
  'materialOptions',
  'bookings',
  'processDefinitions',
  'processDefinitionVersions',
  'processRoles',
  'processVariables',
  'screens',
  'screenVersions',
  'regions',
  'roles',
] as const satisfies readonly (keyof Database | keyof AppShellTables | keyof PermissionTables)[];

/** What models are checked against without a server: the seed catalogue's dictionary types, the base tables, the services. */
export function repositoryModelContext(): ModelCheckContext {
  return { dictTypes: new Set(DICTIONARY.map((entry) => entry.type)), tables: new Set(BASE_TABLES), services: repositoryServices() };
}

/** Every problem of a set of model files, in file order (names, tables and routes are compared across the files). */
export function checkModelFiles(files: string[], context: ModelCheckContext = repositoryModelContext()): FileProblem[] {
  const problems: FileProblem[] = [];
  const models: { file: string; value: unknown }[] = [];
  for (const file of files) {
    const shown = relative(process.cwd(), file);
    try {
      models.push({ file: shown, value: JSON.parse(readFileSync(file, 'utf8')) });
    } catch (error) {
      problems.push({ file: shown, path: '', message: `不是合法的 JSON：${(error as Error).message}` });
    }
  }
  const order = new Map(files.map((file, i) => [relative(process.cwd(), file), i]));
  return [...problems, ...checkModels(models, context)].sort((a, b) => order.get(a.file)! - order.get(b.file)!);
}

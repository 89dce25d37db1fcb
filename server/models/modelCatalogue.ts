// The models the engine serves: every models/<area>/<name>.json, read once at start, checked with the contract's own
// model check (schemas/model/modelChecks.ts) and indexed for the engine. A model that fails the check stops the start
// with the file, JSON path and message, as `npm run models:check` prints them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Child, Field, Model } from '../../schemas/model/model.types';
import { checkModels } from '../../schemas/model/modelChecks';

export const MODELS_DIR = fileURLToPath(new URL('../../models', import.meta.url));

/** A model with what the engine derives once: its table, its fields by name, its children's tables. */
export interface LoadedModel {
  model: Model;
  /** The area folder (repair, sales...). */
  area: string;
  file: string;
  table: string;
  fields: Map<string, Field>;
  children: LoadedChild[];
}

export interface LoadedChild {
  child: Child;
  table: string;
  fields: Map<string, Field>;
}

export class ModelCatalogueError extends Error {}

/** Every .json file under `dir`, in name order, folders walked (none when `dir` is missing): models and reports alike. */
export function jsonFilesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFilesUnder(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export function loadedModel(model: Model, file: string, area: string): LoadedModel {
  const table = model.table ?? `${model.name}s`;
  return {
    model,
    area,
    file,
    table,
    fields: new Map(model.fields.map((f) => [f.name, f])),
    children: (model.children ?? []).map((child) => ({
      child,
      table: child.table ?? `${model.name}${capitalised(child.name)}`,
      fields: new Map(child.fields.map((f) => [f.name, f])),
    })),
  };
}

/** Reads and checks every model under `dir`; throws ModelCatalogueError naming the first problem. */
export function loadModels(dir = MODELS_DIR, extra: { file: string; value: unknown }[] = []): LoadedModel[] {
  const files = jsonFilesUnder(dir).map((file) => {
    try {
      return { file, value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
    } catch (error) {
      throw new ModelCatalogueError(`${relative(process.cwd(), file)}: 不是合法的 JSON：${(error as Error).message}`);
    }
  });
  const all = [...files, ...extra];
  const problems = checkModels(all);
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new ModelCatalogueError(`${relative(process.cwd(), first.file)}: ${first.path || '/'} ${first.message}`);
  }
  return all.map(({ file, value }) => {
    const area = relative(dir, file).split(/[\\/]/)[0] ?? '';
    return loadedModel(value as Model, file, area.endsWith('.json') ? '' : area);
  });
}

let cached: LoadedModel[] | undefined;

/** The repository's models, loaded on first use. */
export function repositoryModels(): LoadedModel[] {
  cached ??= loadModels();
  return cached;
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface ScreenFile {
  id: string;
  file: string;
  definition: unknown;
}

/**
 * Reads every screen definition under the screens folder, keyed by its id. The server serves them as they are: the
 * runtime validates each one before rendering and shows a Chinese error with the JSON path when it is invalid.
 */
export function loadScreenFiles(screensDir: string): Map<string, ScreenFile> {
  const screens = new Map<string, ScreenFile>();
  for (const file of listJsonFiles(screensDir)) {
    const definition: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const id = (definition as { id?: unknown }).id;
    const key = typeof id === 'string' ? id : relative(screensDir, file).replace(/\.json$/, '').replaceAll('/', '.');
    screens.set(key, { id: key, file, definition });
  }
  return screens;
}

export function listJsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

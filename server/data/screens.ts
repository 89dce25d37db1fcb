import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every JSON file under a folder (the screens/ files), sorted by path. */
export function listJsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

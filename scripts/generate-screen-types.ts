// Writes the TypeScript of each contract schema (screen.schema.json, model.schema.json), so each has one source.
// tests/unit/screen-types.test.ts fails when a committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { GENERATED_TYPES, renderTypes } from './screen-types';

for (const entry of GENERATED_TYPES) {
  mkdirSync(dirname(entry.types), { recursive: true });
  writeFileSync(entry.types, await renderTypes(entry));
  console.log(`已生成 ${entry.types}`);
}

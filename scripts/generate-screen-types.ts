// Writes the TypeScript of each contract schema (screen.schema.json, model.schema.json), so each has one source, and
// each model's record type for its hooks (server/hooks/modelRecords.ts).
// tests/unit/screen-types.test.ts fails when a committed file is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MODEL_RECORDS_PATH, renderModelRecords } from './model-records';
import { GENERATED_TYPES, renderTypes } from './screen-types';

for (const entry of GENERATED_TYPES) {
  mkdirSync(dirname(entry.types), { recursive: true });
  writeFileSync(entry.types, await renderTypes(entry));
  console.log(`已生成 ${entry.types}`);
}
writeFileSync(MODEL_RECORDS_PATH, renderModelRecords());
console.log(`已生成 ${MODEL_RECORDS_PATH}`);

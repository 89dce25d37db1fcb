import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GENERATED_TYPES, renderTypes } from '../../scripts/screen-types';

it.each(GENERATED_TYPES.map((entry) => [entry.types.replace(/^.*\/schemas\//, 'schemas/'), entry] as const))(
  '%s is generated from the current schema (npm run schema:types)',
  async (_name, entry) => {
    expect(readFileSync(entry.types, 'utf8')).toBe(await renderTypes(entry));
  },
);

it('server/hooks/modelRecords.ts is generated from the current models (npm run schema:types)', async () => {
  const { MODEL_RECORDS_PATH, renderModelRecords } = await import('../../scripts/model-records');
  expect(readFileSync(MODEL_RECORDS_PATH, 'utf8')).toBe(renderModelRecords());
});

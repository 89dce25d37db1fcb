import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GENERATED_TYPES, renderTypes } from '../../scripts/screen-types';

it.each(GENERATED_TYPES.map((entry) => [entry.types.replace(/^.*\/schemas\//, 'schemas/'), entry] as const))(
  '%s is generated from the current schema (npm run schema:types)',
  async (_name, entry) => {
    expect(readFileSync(entry.types, 'utf8')).toBe(await renderTypes(entry));
  },
);

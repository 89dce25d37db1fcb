import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { renderScreenTypes, SCREEN_TYPES_PATH } from '../../scripts/screen-types';

it('schemas/screen/screen.types.ts is generated from the current schema (npm run schema:types)', async () => {
  expect(readFileSync(SCREEN_TYPES_PATH, 'utf8')).toBe(await renderScreenTypes());
});

// Writes schemas/screen/screen.types.ts from schemas/screen.schema.json, so the screen contract has one source.
// tests/unit/screen-types.test.ts fails when the committed file is stale.
import { writeFileSync } from 'node:fs';
import { renderScreenTypes, SCREEN_TYPES_PATH } from './screen-types';

writeFileSync(SCREEN_TYPES_PATH, await renderScreenTypes());
console.log(`已生成 ${SCREEN_TYPES_PATH}`);

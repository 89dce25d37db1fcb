import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The contract's two schemas and the TypeScript generated from each (`npm run schema:types`). */
export const GENERATED_TYPES = [
  { schema: `${root}schemas/screen.schema.json`, types: `${root}schemas/screen/screen.types.ts`, rootName: 'Screen' },
  { schema: `${root}schemas/model.schema.json`, types: `${root}schemas/model/model.types.ts`, rootName: 'Model' },
  { schema: `${root}schemas/report.schema.json`, types: `${root}schemas/report/report.types.ts`, rootName: 'Report' },
  { schema: `${root}schemas/print.schema.json`, types: `${root}schemas/print/print.types.ts`, rootName: 'PrintTemplate' },
] as const;

export const SCREEN_TYPES_PATH = GENERATED_TYPES[0].types;

export async function renderTypes(entry: (typeof GENERATED_TYPES)[number]): Promise<string> {
  const schema = JSON.parse(readFileSync(entry.schema, 'utf8')) as JSONSchema;
  const source = entry.schema.slice(root.length);
  return compile(schema, entry.rootName, {
    bannerComment: `/* Generated from ${source} by \`npm run schema:types\`. Do not edit by hand. */`,
    additionalProperties: false,
    unreachableDefinitions: true,
    format: true,
  });
}

export const renderScreenTypes = () => renderTypes(GENERATED_TYPES[0]);

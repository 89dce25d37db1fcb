import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCREEN_SCHEMA_PATH = `${root}schemas/screen.schema.json`;
export const SCREEN_TYPES_PATH = `${root}schemas/screen/screen.types.ts`;

const BANNER = `/* Generated from schemas/screen.schema.json by \`npm run schema:types\`. Do not edit by hand. */`;

export async function renderScreenTypes(): Promise<string> {
  const schema = JSON.parse(readFileSync(SCREEN_SCHEMA_PATH, 'utf8')) as JSONSchema;
  return compile(schema, 'Screen', {
    bannerComment: BANNER,
    additionalProperties: false,
    unreachableDefinitions: true,
    format: true,
  });
}

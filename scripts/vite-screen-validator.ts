// Vite plugin: compiles schemas/screen.schema.json into standalone validation code at build time, so the browser
// validates screens without ajv's run-time code generation (which needs eval, refused by a strict CSP).
import standaloneCode from 'ajv/dist/standalone/index.js';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { createScreenAjv, screenSchema } from '../schemas/screen/screenAjv.ts';

const MODULE_ID = 'virtual:screen-validator';
const RESOLVED_ID = `\0${MODULE_ID}`;
const SCHEMA_FILE = fileURLToPath(new URL('../schemas/screen.schema.json', import.meta.url));

export function screenValidatorPlugin(): Plugin {
  return {
    name: 'dms-screen-validator',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(SCHEMA_FILE);
      const ajv = createScreenAjv({ code: { source: true, esm: true } });
      return inlineRuntimeHelpers(standaloneCode(ajv, ajv.compile(screenSchema)));
    },
  };
}

// ajv's ESM output still require()s its string-length helper; inline the same function so the module is pure ESM.
const UCS2_LENGTH = `(function ucs2length(str) {
  let length = 0, i = 0, value;
  while (i < str.length) {
    length++;
    value = str.charCodeAt(i++);
    if (value >= 0xd800 && value <= 0xdbff && i < str.length) {
      value = str.charCodeAt(i);
      if ((value & 0xfc00) === 0xdc00) i++;
    }
  }
  return length;
})`;

export function inlineRuntimeHelpers(code: string): string {
  const out = code.replaceAll('require("ajv/dist/runtime/ucs2length").default', UCS2_LENGTH);
  if (/require\(/.test(out)) throw new Error('screen validator: standalone code still requires a CommonJS module');
  return out;
}

// Run by `npm install`/`npm ci` (postinstall). exceljs 4.4.0's streaming reader decodes every chunk of a zip entry on
// its own (parse-sax.js: bufferToString(chunk)), so a Chinese character split across two chunks (16 KB each) turns
// into U+FFFD: an import of a few hundred rows then reads 华晟 as ��晟. This makes the decoding continue across chunks.
// Idempotent; fails loudly when exceljs changes, so the patch is looked at again rather than silently lost.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const file = createRequire(import.meta.url).resolve('exceljs/lib/utils/parse-sax.js');
const source = readFileSync(file, 'utf8');
const BROKEN = 'saxesParser.write(bufferToString(chunk));';
const FIXED = "saxesParser.write(typeof chunk === 'string' ? chunk : utf8.decode(chunk, {stream: true})); // dms: patched";
const DECODER = "  const utf8 = new TextDecoder('utf-8'); // dms: patched\n  for await (const chunk of iterable) {";

if (source.includes('// dms: patched')) process.exit(0);
if (!source.includes(BROKEN) || !source.includes('  for await (const chunk of iterable) {')) {
  console.error(`patch-exceljs: ${file} is not the exceljs 4.4.0 source this patch expects; check the UTF-8 chunk decoding by hand.`);
  process.exit(1);
}
writeFileSync(file, source.replace('  for await (const chunk of iterable) {', DECODER).replace(BROKEN, FIXED));
console.log('patch-exceljs: streaming reader decodes UTF-8 across chunks');

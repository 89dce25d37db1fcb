// `npm run rules:report [-- --update]`: which rules of the spec's rules.md no test names, and whether a rule once named
// has lost its test. A rule counts as named when its ID stands in square brackets in the title of an `it`, `test` or
// `describe` of tests/ (read with the TypeScript parser, so a comment or a string elsewhere does not count, nor a
// skipped test). The rules named so far are kept in tests/rules-named.txt: the report fails when one of them is no
// longer named; `--update` rewrites the file with the rules named now (commit it with the tests that name them).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRulesFile, namedRulesIn, readNamedList, readRules, testFilesUnder } from './rulesCoverage';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const namedListFile = join(root, 'tests', 'rules-named.txt');
const update = process.argv.includes('--update');

const rulesFile = findRulesFile(root, process.env.RULES_FILE);
if (!rulesFile) {
  console.error('找不到 rules.md：应在仓库旁的 ../shared/spec/rules.md（或用 RULES_FILE 指定）。');
  process.exit(1);
}
const rules = readRules(readFileSync(rulesFile, 'utf8'));
const ruleIds = new Set(rules.map((rule) => rule.id));
const named = namedRulesIn(testFilesUnder(join(root, 'tests')).map((file) => ({ file: relative(root, file), text: readFileSync(file, 'utf8') })));

const unnamed = rules.filter((rule) => !named.has(rule.id));
console.log(`规则 ${rules.length} 条（${relative(root, rulesFile)}），测试标题点名 ${rules.length - unnamed.length} 条，未点名 ${unnamed.length} 条。`);
for (const rule of unnamed) console.log(`  ${rule.id}  ${rule.text.length > 100 ? `${rule.text.slice(0, 100)}…` : rule.text}`);

// An ID that is not in the spec is most likely a typo of one that is: say where, so it can be corrected.
const unknown = [...named].filter(([id]) => !ruleIds.has(id));
if (unknown.length > 0) {
  console.warn(`\n测试标题中有 ${unknown.length} 个规则编号不在 rules.md 中：`);
  for (const [id, files] of unknown) console.warn(`  ${id}  ${[...files].join(', ')}`);
}

const namedNow = rules.filter((rule) => named.has(rule.id)).map((rule) => rule.id);
if (update) {
  writeFileSync(namedListFile, `${namedNow.join('\n')}\n`);
  console.log(`\n已更新 ${relative(root, namedListFile)}：${namedNow.length} 条。`);
  process.exit(0);
}

const namedBefore = existsSync(namedListFile) ? readNamedList(readFileSync(namedListFile, 'utf8')) : [];
const lost = namedBefore.filter((id) => !named.has(id));
if (lost.length > 0) {
  console.error(`\n✗ ${lost.length} 条规则曾有测试点名，现在没有了（${relative(root, namedListFile)}）：`);
  for (const id of lost) console.error(`  ${id}  ${rules.find((rule) => rule.id === id)?.text ?? '（已不在 rules.md 中）'}`);
  console.error('恢复点名它们的测试；若确属有意，运行 npm run rules:report -- --update 并提交。');
  process.exit(1);
}
const gained = namedNow.filter((id) => !namedBefore.includes(id));
if (gained.length > 0) console.log(`\n新点名 ${gained.length} 条，尚未记入 ${relative(root, namedListFile)}：运行 npm run rules:report -- --update 并提交。`);

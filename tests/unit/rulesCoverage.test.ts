import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRulesFile, namedRulesIn, readNamedList, readRules } from '../../scripts/rulesCoverage';

// `npm run rules:report` is only as honest as what it counts as "named": these pin that down.
describe('rules:report counting', () => {
  it('reads the numbered rules of rules.md, in order, and nothing else', () => {
    const markdown = ['# Title', '', '- **BO-NAV-01** With a token, the menu is fetched.', 'Some prose naming BO-NAV-09.', '- **BB-UP-06** A file has at most 10 MB.'].join('\n');
    expect(readRules(markdown)).toEqual([
      { id: 'BO-NAV-01', text: 'With a token, the menu is fetched.' },
      { id: 'BB-UP-06', text: 'A file has at most 10 MB.' },
    ]);
  });

  it('counts IDs in the titles of it, test and describe (strings, templates, it.each), not in comments or other strings', () => {
    const text = `
      // [BO-COMMENT-01] a comment names nothing
      const label = '[BO-STRING-01]';
      describe('[BO-SUITE-01] a suite', () => {
        it('[BO-IT-01] [BO-IT-02] a test', () => expect(label).toBe('[BO-EXPECT-01]'));
        test(\`[BO-TEMPLATE-01] with \${label} [BO-TEMPLATE-02]\`, () => undefined);
        it.each([1, 2])('[BO-EACH-01] row %s', () => undefined);
        it.concurrent('[BO-CONCURRENT-01] ' + 'more', () => undefined);
      });`;
    expect([...namedRulesIn([{ file: 'a.test.ts', text }]).keys()].sort()).toEqual(
      ['BO-CONCURRENT-01', 'BO-EACH-01', 'BO-IT-01', 'BO-IT-02', 'BO-SUITE-01', 'BO-TEMPLATE-01', 'BO-TEMPLATE-02'].sort(),
    );
  });

  it('does not count a skipped or todo test, nor the tests inside a skipped suite', () => {
    const text = `
      it.skip('[BO-SKIP-01] skipped', () => undefined);
      it.todo('[BO-TODO-01] later');
      describe.skip('[BO-SKIP-02] skipped suite', () => { it('[BO-INSIDE-01] inside', () => undefined); });
      it('[BO-RUN-01] runs', () => undefined);`;
    expect([...namedRulesIn([{ file: 'b.test.tsx', text }]).keys()]).toEqual(['BO-RUN-01']);
  });

  it('remembers which files name a rule', () => {
    const named = namedRulesIn([
      { file: 'a.test.ts', text: `it('[BO-X-01] a', () => undefined);` },
      { file: 'b.test.ts', text: `it('[BO-X-01] b', () => undefined);` },
    ]);
    expect([...named.get('BO-X-01')!]).toEqual(['a.test.ts', 'b.test.ts']);
  });

  it('reads the committed list, ignoring blank lines and comments', () => {
    expect(readNamedList('# named\nBO-NAV-01\n\nBB-UP-06\n')).toEqual(['BO-NAV-01', 'BB-UP-06']);
  });

  it('finds rules.md beside the clone (../shared) or beside a folder above a worktree', () => {
    const base = mkdtempSync(join(tmpdir(), 'rules-'));
    mkdirSync(join(base, 'shared', 'spec'), { recursive: true });
    writeFileSync(join(base, 'shared', 'spec', 'rules.md'), '');
    mkdirSync(join(base, 'wt', 'issue-28'), { recursive: true });
    expect(findRulesFile(join(base, 'main'))).toBe(join(base, 'shared', 'spec', 'rules.md'));
    expect(findRulesFile(join(base, 'wt', 'issue-28'))).toBe(join(base, 'shared', 'spec', 'rules.md'));
    expect(findRulesFile(join(base, 'main'), join(base, 'missing.md'))).toBeUndefined();
  });
});

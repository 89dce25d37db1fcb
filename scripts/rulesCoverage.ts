// What `npm run rules:report` counts: the rules of rules.md, and the rule IDs named in test titles.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

export interface Rule {
  id: string;
  text: string;
}

const RULE_LINE = /^- \*\*((?:BO|BB)-[A-Z]+-\d+)\*\*\s*(.*)$/;
const NAMED_ID = /\[((?:BO|BB)-[A-Z]+-\d+)\]/g;
/** The functions of vitest whose first argument is a title. */
const TITLED = new Set(['it', 'test', 'describe', 'suite']);
/** Modifiers that mean the test (or every test of the suite) does not run: such a title checks nothing. */
const NOT_RUN = new Set(['skip', 'todo']);

/** The rules of rules.md in their order: lines `- **BO-NAV-02** text`. */
export function readRules(markdown: string): Rule[] {
  return markdown.split('\n').flatMap((line) => {
    const match = RULE_LINE.exec(line.trim());
    return match ? [{ id: match[1]!, text: match[2]! }] : [];
  });
}

/** The committed list of rules named before: one ID a line; blank lines and `#` comments ignored. */
export function readNamedList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * rules.md beside the repository (../shared/spec/rules.md, as in CI's clean clone), else in the nearest folder above that
 * holds shared/spec/rules.md (a git worktree sits deeper than the clone); RULES_FILE overrides both.
 */
export function findRulesFile(repoRoot: string, override?: string): string | undefined {
  if (override) return existsSync(override) ? override : undefined;
  for (let dir = dirname(repoRoot); ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'spec', 'rules.md');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every *.test.ts and *.test.tsx below `dir` (benchmarks are not tests). */
export function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The name a call chain starts from, and whether a modifier on the way says it does not run (`it.skip`, `it.todo`). */
function calleeOf(expression: ts.Expression): { name: string; runs: boolean } | undefined {
  if (ts.isIdentifier(expression)) return { name: expression.text, runs: true };
  if (ts.isPropertyAccessExpression(expression)) {
    const inner = calleeOf(expression.expression);
    return inner && { name: inner.name, runs: inner.runs && !NOT_RUN.has(expression.name.text) };
  }
  // it.each(table)('title', ...), it.for(table)(...)
  if (ts.isCallExpression(expression)) return calleeOf(expression.expression);
  return undefined;
}

/** The literal text of a title: a string, a template (its fixed parts) or a concatenation of those. */
function titleText(node: ts.Expression): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return `${titleText(node.left)} ${titleText(node.right)}`;
  if (ts.isParenthesizedExpression(node)) return titleText(node.expression);
  return '';
}

/** The rule IDs named in the titles of running tests and suites, each with the files that name it. */
export function namedRulesIn(files: { file: string; text: string }[]): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const { file, text } of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments.length > 0) {
        const callee = calleeOf(node.expression);
        if (callee && TITLED.has(callee.name)) {
          if (!callee.runs) return;
          for (const match of titleText(node.arguments[0]!).matchAll(NAMED_ID)) {
            const files = named.get(match[1]!) ?? new Set<string>();
            files.add(file);
            named.set(match[1]!, files);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return named;
}

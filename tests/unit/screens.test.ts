import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkScreenFile, firstProblem, repositoryCheckContext, screenFilesIn } from '../../scripts/screenFiles';

const fixture = (name: string) => `tests/fixtures/screens/${name}.json`;

describe('screen definitions', () => {
  const files = screenFilesIn(['screens']);

  it('every screen in screens/ passes the schema and the semantic checks', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(checkScreenFile(file), file).toEqual([]);
  });

  it('[BO-CONST-03] back-office screens page by 50 rows', () => {
    for (const file of files) {
      const screen = JSON.parse(readFileSync(file, 'utf8')) as { table?: { pageSize?: number; pagination?: boolean } };
      // A table shown whole (pagination: false — a day's booking slots, the stock matrix by model) has no page.
      if (screen.table && screen.table.pagination !== false) expect(screen.table.pageSize, file).toBe(50);
    }
  });

  it('a valid fixture passes, so the broken ones fail for their one defect', () => {
    expect(checkScreenFile(fixture('valid'))).toEqual([]);
  });

  it.each([
    ['unknown-widget', '/filter/fields/0/type', '未注册的控件类型：inputx'],
    ['missing-dialog', '/toolbar/0/action/dialog', '对话框未定义：nope'],
    ['missing-column-field', '/table/columns/0/dataIndex', '缺少必填属性'],
    ['bad-expression', '/rowActions/0/visible', '表达式有误：无法识别的字符 =（位置 12）'],
    ['bad-required-expression', '/dialogs/edit/form/fields/1/required', '表达式有误：表达式不完整'],
    ['bad-message-template', '/rowActions/0/action/message', '文字模板有误：无法识别的字符 ?（位置 19）'],
    ['bulk-without-table', '/toolbar/1/action/type', 'bulk 动作作用于表格选中的行，页面须有 table'],
    ['unknown-service', '/table/api', '未注册的服务：billing'],
    ['unknown-action', '/rowActions/0/action/then/type', '未注册的动作类型：explode'],
    ['typo-property', '/table/columns/0/sortr', '不允许的属性（请检查拼写）'],
  ])('a broken screen (%s) fails at %s with a Chinese message', (name, path, message) => {
    expect(checkScreenFile(fixture(name))).toEqual([{ file: fixture(name), path, message }]);
  });

  it('checks a menu block against the server\'s menu folders and roles, when it knows them', () => {
    const server = { routeKeys: new Set<string>(), dictTypes: new Set<string>(), menuFolders: new Set(['1100', '2100']), roleCodes: new Set(['C1001', 'XSGW']) };
    const menuProblems = (name: string) => checkScreenFile(fixture(name), { ...repositoryCheckContext(), server }).filter((p) => p.path.startsWith('/menu'));
    expect(menuProblems('menu-parent-page')).toEqual([{ file: fixture('menu-parent-page'), path: '/menu/parent', message: '上级菜单不存在或不是目录：1101' }]);
    expect(menuProblems('menu-unknown-role')).toEqual([{ file: fixture('menu-unknown-role'), path: '/menu/roles/1', message: '角色不存在：NOPE' }]);
    // Without the server's lists (the runtime rendering a stored screen) the block is not checked.
    expect(checkScreenFile(fixture('menu-parent-page'))).toEqual([]);
  });

  it('refuses two files that declare the same screen id', () => {
    expect(firstProblem([fixture('valid'), fixture('valid')])).toMatchObject({ path: '/id', message: expect.stringContaining('重复') });
  });

  it('npm run screens:check exits non-zero on the first problem, naming file, path and message', () => {
    const failing = spawnSync('npx', ['tsx', 'scripts/screens-check.ts', fixture('valid'), fixture('missing-dialog'), fixture('unknown-widget')], { encoding: 'utf8' });
    expect(failing.status).toBe(1);
    expect(failing.stderr.trim().split('\n').filter((l) => !l.includes('npm warn'))).toEqual([
      'tests/fixtures/screens/missing-dialog.json: /toolbar/0/action/dialog 对话框未定义：nope',
    ]);
    const passing = spawnSync('npx', ['tsx', 'scripts/screens-check.ts'], { encoding: 'utf8' });
    expect(passing.status).toBe(0);
    expect(passing.stdout).toContain('全部通过');
  }, 60_000);
});

// Screens in the repository and on the server (issue 21, as for models): a changed screens/ file is imported again only
// while nobody has edited that screen on the server; otherwise the server's versions stay and the list shows the
// conflict, never overwriting them.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenSummary } from '../../schemas/api/screens';
import { importScreenFiles, screenDefinition } from '../../server/data/screenStore';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const DESIGNER = '/api/lowcode/designer/screens';
const EDITOR_MENU = '9711';

describe(`screens/ files and server edits (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let dir: string;
  const fileOf = (area: string, name: string) => join(dir, area, `${name}.json`);
  const retitle = (file: string, title: string) => {
    const definition = JSON.parse(readFileSync(file, 'utf8')) as { title: string };
    writeFileSync(file, JSON.stringify({ ...definition, title }, null, 2));
    return { ...definition, title };
  };
  const summary = async (id: string) => {
    const listed = await t.call<ScreenSummary[]>({ method: 'GET', url: DESIGNER, token: admin, query: { keyword: id }, menuId: EDITOR_MENU });
    return listed.data!.find((s) => s.id === id)!;
  };

  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'dms-screen-files-')), 'screens');
    cpSync(resolve('screens'), dir, { recursive: true });
    t = await startTestServer({ screensDir: dir });
    admin = await t.login('admin');
    // Its own seed (the screens folder is its own): the whole demo, the sales funnel included, on a loaded machine.
  }, 300_000);
  afterAll(() => t?.close());

  it('[issue21] a file changed while nobody edited the screen on the server is imported again, with no conflict', async () => {
    expect(await summary('system.auditLog')).toMatchObject({ latestVersion: 1, fileConflict: false });
    retitle(fileOf('system', 'auditLog'), '审计日志（仓库）');
    expect(await importScreenFiles(t.server.database.db, dir)).toEqual(['system.auditLog']);
    expect(await summary('system.auditLog')).toMatchObject({ title: '审计日志（仓库）', latestVersion: 2, publishedVersion: 2, fileConflict: false });
  });

  it('[issue21] a file changed after a server edit is shown as a conflict and is not imported', async () => {
    const file = fileOf('system', 'roles');
    const edited = { ...(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>), title: '角色管理（服务器）' };
    const saved = await t.call<{ version: number }>({ method: 'PUT', url: `${DESIGNER}/system.roles`, token: admin, payload: { definition: edited, comment: '在浏览器中修改' }, menuId: EDITOR_MENU });
    expect(saved.data).toMatchObject({ version: 2 });
    expect((await summary('system.roles')).fileConflict).toBe(false);

    retitle(file, '角色管理（仓库）');
    expect(await summary('system.roles')).toMatchObject({ title: '角色管理（服务器）', latestVersion: 2, fileConflict: true });
    // A start imports nothing over the server's version.
    expect(await importScreenFiles(t.server.database.db, dir)).toEqual([]);
    expect(await summary('system.roles')).toMatchObject({ latestVersion: 2, fileConflict: true });
    expect(((await screenDefinition(t.server.database.db, 'system.roles')) as { title: string }).title).toBe('角色管理（服务器）');
  });
});

// Models in the repository and on the server (issue 21): a changed models/ file is imported again only while nobody has
// edited that model on the server; otherwise the server's versions stay and the list shows the conflict, as for screens.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model } from '../../schemas/model/model.types';
import { importModelFiles, listModels, listModelVersions, modelDefinition, saveModelVersion } from '../../server/models/modelStore';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const model = (name: string, title: string): Model => ({
  name,
  title,
  service: 'repair',
  path: `${name}s`,
  scope: 'owner',
  titleField: 'code',
  fields: [{ name: 'code', label: '编号', type: 'string', length: 20, required: true }],
});

describe(`models/ files and server edits (${DB_KIND})`, () => {
  let t: TestServer;
  let dir: string;
  const write = (m: Model) => writeFileSync(join(dir, 'custom', `${m.name}.json`), JSON.stringify(m, null, 2));
  const summary = async (name: string) => (await listModels(t.server.database.db, name, dir)).find((m) => m.name === name)!;

  beforeAll(async () => {
    t = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'dms-model-files-'));
    mkdirSync(join(dir, 'custom'));
  });
  afterAll(() => t?.close());

  it('[issue21] a file changed while nobody edited the model on the server is imported again and published', async () => {
    const db = t.server.database.db;
    write(model('fileProbe', '文件探针'));
    expect(await importModelFiles(db, dir)).toEqual(['fileProbe']);
    write(model('fileProbe', '文件探针（改）'));
    expect(await importModelFiles(db, dir)).toEqual(['fileProbe']);
    expect(await summary('fileProbe')).toMatchObject({ title: '文件探针（改）', latestVersion: 2, publishedVersion: 2, fileConflict: false });
  });

  it('[issue21] a file changed after a server edit is not imported: the server version stays and the conflict is shown', async () => {
    const db = t.server.database.db;
    write(model('editedProbe', '编辑探针'));
    expect(await importModelFiles(db, dir)).toEqual(['editedProbe']);
    await saveModelVersion(db, model('editedProbe', '编辑探针（服务器）'), { comment: '在浏览器中修改', author: { code: 'admin', name: '管理员' }, create: false, area: 'custom' });
    // Unchanged file: nothing to import, no conflict.
    expect(await importModelFiles(db, dir)).toEqual([]);
    expect((await summary('editedProbe')).fileConflict).toBe(false);

    write(model('editedProbe', '编辑探针（仓库）'));
    expect(await importModelFiles(db, dir)).toEqual([]);
    expect(await summary('editedProbe')).toMatchObject({ title: '编辑探针（服务器）', latestVersion: 2, fileConflict: true });
    expect((await modelDefinition(db, 'editedProbe')).title).toBe('编辑探针（服务器）');
    expect((await listModelVersions(db, 'editedProbe')).map((v) => v.source)).toEqual(['editor', 'file']);
    // The next start does not overwrite it either.
    expect(await importModelFiles(db, dir)).toEqual([]);
    expect((await summary('editedProbe')).latestVersion).toBe(2);
  });
});

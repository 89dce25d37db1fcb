// Data scope of every dealer-scoped model, generated from the repository's model list (models/**.json): a new model is
// covered without writing a test. For each model a record of dealer D11001 is made with the engine (or taken from the
// seed when the model has no create), then through the real server another dealer's staff asks for it by id, updates,
// deletes, transitions and batch-saves it, lists and exports it, and imports over it: not found, never listed, never in
// a file, never changed. A region that does not cover D11001 does not find it either; D11001's own staff does.
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { refTitleAlias } from '../../schemas/model/modelChecks';
import { visibleOwnerCodes } from '../../server/data/scope';
import type { Database } from '../../server/db/schema';
import type { ExportJobView } from '../../server/exports/exportJobs';
import { JOB_STATUS } from '../../server/exports/exportTables';
import { ERROR_CATALOGUE } from '../../server/http/errors';
import { loadSessionUser, type SessionUser } from '../../server/http/session';
import { MODEL_HOOKS } from '../../server/hooks';
import { repositoryModels, type LoadedModel } from '../../server/models/modelCatalogue';
import type { RecordValues } from '../../server/models/modelHooks';
import { getRecord, listRecords, type ReadContext } from '../../server/models/modelReads';
import { createRecord } from '../../server/models/modelWrites';
import { exportRunner } from '../../server/routes/downloadCentre';
import { MENUS, POSITION_ROLES, type PositionCode } from '../../server/seed/catalogue';
import { multipartFile } from '../support/excelFiles';
import { validInput } from '../support/modelValues';
import { DB_KIND, routeOfUrl, startTestServer, type TestServer } from './harness';

/** The dealer whose record is made, and another dealer of another region. */
const OWNER = 'D11001';
const OTHER = 'D31001';
const JOBS = '/api/2b/download/jobs';
const SERVICES = (JSON.parse(readFileSync('runtime/public/config.json', 'utf8')) as { services: Record<string, string> }).services;
const MODELS = repositoryModels();
const BY_NAME = new Map(MODELS.map((m) => [m.model.name, m]));
const SCOPED = MODELS.filter((m) => m.model.scope === 'owner');

interface Answer {
  resultCode: number;
  errMsg?: string;
  data?: unknown;
  httpStatus: number;
}

/** A signed-in member of a dealer's (or a region's) staff: its session user and the keys of each menu it holds. */
interface Member {
  userCode: string;
  token: string;
  user: SessionUser;
  menus: Map<string, string[]>;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  query?: Record<string, string>;
}

/** The urls of a model's routes, as server/models/modelRoutes.ts registers them. */
function routesOf(loaded: LoadedModel) {
  const { model } = loaded;
  const prefix = (SERVICES[model.service] ?? `/unknown-service-${model.service}`).replace(/\/+$/, '');
  const base = `${prefix}/${model.path}`;
  const transitions = (model.states?.transitions ?? []).filter((t) => t.process === undefined && !t.internal);
  return {
    base,
    record: (id: number) => `${base}/${id}`,
    transitions: transitions.map((t) => ({ name: t.name, label: t.label, side: t.side, url: (id: number) => `${base}/${id}/${t.name}` })),
    batch: model.batch ? `${base}/batch` : undefined,
    exportJob: model.export ? `${base}/export` : undefined,
    exportFile: model.export ? `${base}/exportFile` : undefined,
    import: model.import ? (model.import.path ? `${prefix}/${model.import.path}` : `${base}/import`) : undefined,
  };
}

/** Every cell of a workbook's first sheet, as text. */
async function cellsOf(bytes: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? cell.value))));
  return cells;
}

describe(`data scope of every dealer-scoped model, generated from models/ (${DB_KIND})`, () => {
  let t: TestServer;
  let db: Kysely<Database>;
  /** Staff of each dealer, one member per position. */
  const staff = new Map<string, Member[]>();
  let regionMembers: Member[] = [];

  const keyOf = (method: string, url: string) => routeOfUrl(t.app.routeAccessTable, method, url)?.key ?? null;
  const menuFor = (member: Member, key: string | null) => (key ? [...member.menus].find(([, keys]) => keys.includes(key))?.[0] : undefined);
  const holds = (member: Member, call: Pick<Call, 'method' | 'url'>) => menuFor(member, keyOf(call.method, call.url)) !== undefined;
  const send = (member: Member, call: Call, menuId = menuFor(member, keyOf(call.method, call.url)) ?? null): Promise<Answer> =>
    t.call({ method: call.method, url: call.url, token: member.token, menuId, ...(call.query ? { query: call.query } : {}), ...(call.payload !== undefined ? { payload: call.payload as object } : {}) });

  async function signIn(userCode: string): Promise<Member> {
    const token = await t.login(userCode);
    const row = await db.selectFrom('users').select('id').where('userCode', '=', userCode).executeTakeFirstOrThrow();
    interface Node {
      id: string;
      permission: string[];
      children: Node[];
    }
    const tree = (await t.call<Node[]>({ method: 'GET', url: '/api/auth/menus', token })).data ?? [];
    const menus = new Map<string, string[]>();
    const walk = (nodes: Node[]) => nodes.forEach((n) => (n.children.length > 0 ? walk(n.children) : menus.set(n.id, n.permission)));
    walk(tree);
    return { userCode, token, user: (await loadSessionUser(db, row.id))!, menus };
  }

  /** Members of a dealer's staff, one for each set of roles its positions hold. */
  async function staffOf(ownerCode: string): Promise<Member[]> {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('organizations as o', 'o.id', 'u.orgId')
      .innerJoin('userPositions as p', 'p.userId', 'u.id')
      .select(['u.userCode', 'p.positionCode'])
      .where('o.orgCode', '=', ownerCode)
      .orderBy('u.userCode')
      .execute();
    // Positions holding the same roles hold the same menus and keys: one member of each role set is enough.
    const firstOfRoles = new Map<string, string>();
    for (const row of rows) {
      const roles = [...(POSITION_ROLES[row.positionCode as PositionCode] ?? [row.positionCode])].sort().join();
      if (!firstOfRoles.has(roles)) firstOfRoles.set(roles, row.userCode);
    }
    return Promise.all([...firstOfRoles.values()].map(signIn));
  }

  beforeAll(async () => {
    t = await startTestServer();
    db = t.server.database.db;
    for (const dealer of [OWNER, OTHER]) staff.set(dealer, await staffOf(dealer));
    // The regions whose scope leaves the owner's dealer out.
    const regions = await db.selectFrom('users').select(['id', 'userCode']).where('userCode', 'like', '%manager').orderBy('userCode').execute();
    for (const region of regions) {
      const user = (await loadSessionUser(db, region.id))!;
      if (!user.ownerCode && !(await visibleOwnerCodes(db, user)).includes(OWNER)) regionMembers.push(await signIn(region.userCode));
    }
  });
  afterAll(() => t?.close());

  it('finds the dealer-scoped models of models/ and the staff to try them with', () => {
    expect(SCOPED.length, 'models/ 中没有按经销商划分数据范围（scope: owner）的模型').toBeGreaterThan(0);
    expect(staff.get(OWNER)!.length).toBeGreaterThan(3);
    expect(staff.get(OTHER)!.length).toBeGreaterThan(3);
    expect(regionMembers.length, `没有不管辖 ${OWNER} 的大区用户`).toBeGreaterThan(0);
  });

  for (const loaded of SCOPED) {
    const { model } = loaded;
    const routes = routesOf(loaded);
    describe(`模型 ${model.title}（${model.name}）`, () => {
      let id: number;
      /** The record as its own dealer reads it before anyone else tries anything. */
      let snapshot: RecordValues;
      let title: string;
      let owner: Member;
      let other: Member;
      /** Every call another dealer's staff makes on the record. */
      let calls: (Call & { what: string })[];

      const reader = (user: SessionUser): ReadContext => ({ db, user, loaded, hooks: MODEL_HOOKS[model.name], models: BY_NAME });
      /** Every call on the record another dealer's staff will try. */
      const recordCalls = (id: number): (Call & { what: string })[] => [
        { what: '查看', method: 'GET', url: routes.record(id) },
        ...(model.writes?.update !== false ? [{ what: '修改', method: 'PUT' as const, url: routes.record(id), payload: {} }] : []),
        ...(model.writes?.delete !== false ? [{ what: '删除', method: 'DELETE' as const, url: routes.record(id) }] : []),
        ...routes.transitions.map((tr) => ({ what: tr.label, method: 'POST' as const, url: tr.url(id), payload: {} })),
        ...(routes.batch ? [{ what: '批量保存', method: 'POST' as const, url: routes.batch, payload: { updated: [{ id }], deleted: [{ id }] } }] : []),
      ];
      /** The member of a dealer's staff holding most of the model's route keys (the download centre's counted too). */
      const bestOf = (members: Member[]) => {
        const wanted: Pick<Call, 'method' | 'url'>[] = [
          ...recordCalls(1),
          { method: 'GET', url: routes.base },
          { method: 'POST', url: routes.base },
          ...(routes.exportFile ? [{ method: 'GET' as const, url: routes.exportFile }, { method: 'GET' as const, url: routes.exportJob! }, { method: 'GET' as const, url: `${JOBS}/x/file` }] : []),
          ...(routes.import ? [{ method: 'POST' as const, url: routes.import }] : []),
        ];
        const score = (m: Member) => wanted.filter((c) => holds(m, c)).length;
        return [...members].sort((a, b) => score(b) - score(a))[0]!;
      };

      beforeAll(async () => {
        owner = bestOf(staff.get(OWNER)!);
        // The record: made by the dealer's staff (or, for a manufacturer-side create, by the manufacturer for the dealer),
        // or the dealer's first seeded one when the model has no create or the made-up record is refused.
        const create = model.writes?.create;
        let refusal = '';
        if (create !== false) {
          const byManufacturer = typeof create === 'object' && create.side === 'manufacturer';
          const admin = byManufacturer ? (await loadSessionUser(db, (await db.selectFrom('users').select('id').where('userCode', '=', 'admin').executeTakeFirstOrThrow()).id))! : undefined;
          const input = await validInput({ db, models: BY_NAME, ownerCode: OWNER, serial: 1 + MODELS.indexOf(loaded) }, loaded);
          try {
            id = Number((await createRecord(reader(admin ?? owner.user), { ...input, ...(admin ? { ownerCode: OWNER } : {}) })).id);
          } catch (error) {
            refusal = (error as Error).message;
          }
        }
        if (id === undefined) {
          // The first of the dealer's seeded records its staff member sees (a hook may narrow the scope further).
          const [seeded] = (await listRecords(reader(owner.user), { page: 1, pageSize: 1, sort: 'id|asc', params: {} })).items;
          if (!seeded) throw new Error(`模型 ${model.name}：无法为经销商 ${OWNER} 新增记录（${refusal || '模型不允许新增'}），种子数据中也没有 ${owner.userCode} 看得到的记录`);
          id = Number(seeded.id);
        }
        snapshot = await getRecord(reader(owner.user), id);
        title = String(snapshot[model.titleField] ?? '');
        calls = recordCalls(id);
        other = bestOf(staff.get(OTHER)!);
      });

      it('has a menu whose list holds its routes’ keys', () => {
        const listKey = keyOf('GET', routes.base);
        expect(listKey, `模型 ${model.name} 的列表接口 ${routes.base} 不在路由表中`).not.toBeNull();
        expect(
          t.menus.some((m) => m.permission.includes(listKey!)),
          `模型 ${model.title}（${model.name}）没有菜单：没有哪个菜单的权限列表含 ${listKey}`,
        ).toBe(true);
        expect(holds(owner, { method: 'GET', url: routes.base }), `经销商 ${OWNER} 没有人能看模型 ${model.name} 的列表`).toBe(true);
        expect(holds(other, { method: 'GET', url: routes.base }), `经销商 ${OTHER} 没有人能看模型 ${model.name} 的列表`).toBe(true);
        expect(title, `模型 ${model.name} 的记录没有标题（${model.titleField}）`).not.toBe('');
      });

      it('is not found by another dealer: get, update, delete, each transition and the batch save', async () => {
        expect(holds(other, calls[0]!), `${other.userCode} 不能查看模型 ${model.name}`).toBe(true);
        for (const call of calls) {
          const answer = await send(other, call);
          // A call the other dealer's staff holds no key for is refused before any record is read (and the key check
          // is the authorisation matrix's); every call it may make answers as if the record did not exist.
          if (holds(other, call)) expect(answer, `${call.what} ${call.method} ${call.url} 由 ${other.userCode}`).toMatchObject({ resultCode: 404, errMsg: ERROR_CATALOGUE.notFound.errMsg });
          else expect(answer.resultCode, `${call.what} ${call.method} ${call.url} 由 ${other.userCode}`).toBe(403);
        }
        // The dealer's whole staff, whatever their roles: never a record, never a 500.
        for (const member of staff.get(OTHER)!) {
          const answer = await send(member, calls[0]!);
          expect([403, 404], `${member.userCode} 查看 ${routes.record(id)}`).toContain(answer.resultCode);
        }
      });

      it('is never in another dealer’s list, whatever the filter', async () => {
        const list = await send(other, { method: 'GET', url: routes.base, query: { pageSize: '100000' } });
        expect(list.resultCode, list.errMsg).toBe(200);
        const page = list.data as Page<RecordValues>;
        expect(page.items.map((r) => Number(r.id))).not.toContain(id);
        expect(page.items.every((r) => r.ownerCode === OTHER)).toBe(true);
        // Its own filters, each given the record's value, still find nothing of the owner's.
        for (const filter of model.filters ?? []) {
          const value = snapshot[filter.field ?? filter.param];
          if (value === null || value === undefined || typeof value === 'object' || filter.op === 'search' || filter.op === 'present' || filter.op.startsWith('day') || filter.op === 'from' || filter.op === 'to') continue;
          const query: Record<string, string> = { pageSize: '100000', [filter.param]: String(value) };
          const answer = await send(other, { method: 'GET', url: routes.base, query });
          expect(answer.resultCode, `${filter.param}=${String(value)}: ${answer.errMsg}`).toBe(200);
          expect((answer.data as Page<RecordValues>).items.map((r) => Number(r.id)), `${filter.param}=${String(value)}`).not.toContain(id);
        }
      });

      if (model.export) {
        it('is in none of another dealer’s exports: the direct file and the download centre’s job', async () => {
          const direct = await send(other, { method: 'GET', url: routes.exportFile! });
          expect(direct.httpStatus).toBe(200);
          expect(direct.resultCode, direct.errMsg).toBe(200);
          expectAbsent(await cellsOf(direct.data as Buffer));

          const asked = await send(other, { method: 'GET', url: routes.exportJob! });
          expect(asked.resultCode, asked.errMsg).toBe(200);
          const job = asked.data as ExportJobView;
          expect(holds(other, { method: 'GET', url: JOBS }), `${other.userCode} 能导出模型 ${model.name}，却没有下载中心`).toBe(true);
          await exportRunner(db, t.config).idle();
          const listed = ((await send(other, { method: 'GET', url: JOBS, query: { pageSize: '50' } })).data as Page<ExportJobView>).items.find((j) => j.id === job.id);
          const total = ((await send(other, { method: 'GET', url: routes.base, query: { pageSize: '1' } })).data as Page<RecordValues>).total;
          expect(listed, `${other.userCode} 的下载中心没有导出任务`).toMatchObject({ status: JOB_STATUS.done, rowCount: total });
          const file = await send(other, { method: 'GET', url: `${JOBS}/${job.id}/file` });
          expect(file.httpStatus, String(file.errMsg)).toBe(200);
          expectAbsent(await cellsOf(file.data as Buffer));
        });

        /** The record is not in a file: by its title when the title is unique (a number), else by its dealer's code and
         * name (a sales target's title is a month every dealer has); the row count equals the list's either way. */
        function expectAbsent(cells: unknown[]): void {
          const unique = model.naming?.field === model.titleField || Boolean(loaded.fields.get(model.titleField)?.unique);
          if (unique) expect(cells).not.toContain(title);
          else for (const marker of [snapshot.ownerCode, snapshot.dealerName]) expect(cells).not.toContain(marker);
        }
      }

      if (model.import?.key?.length) {
        it('cannot be changed by another dealer’s import of a row with its key', async () => {
          const texts = new Map<string, string>();
          for (const row of await db.selectFrom('dictCodes').select(['type', 'codeId', 'codeCnDesc']).execute()) texts.set(`${row.type}:${row.codeId}`, row.codeCnDesc);
          const cell = (name: string): string | number | null => {
            const field = loaded.fields.get(name);
            const value = name === 'ownerCode' ? snapshot.ownerCode : field?.type === 'ref' ? snapshot[refTitleAlias(field)] : snapshot[name];
            if (value === null || value === undefined) return null;
            if (field?.type === 'dict') return texts.get(`${field.dict}:${String(value)}`) ?? String(value);
            if (field?.type === 'boolean') return value ? '是' : '否';
            if (field && ['int', 'decimal', 'money'].includes(field.type)) return Number(value);
            return typeof value === 'object' ? JSON.stringify(value) : (value as string);
          };
          const workbook = new ExcelJS.Workbook();
          const sheet = workbook.addWorksheet('sheet');
          sheet.addRow(model.import!.columns.map((c) => c.header));
          sheet.addRow(model.import!.columns.map((c) => cell(c.field)));
          const content = Buffer.from(await workbook.xlsx.writeBuffer());
          const url = routes.import!;
          const menuId = menuFor(other, keyOf('POST', url));
          const answer = await t.app.inject({
            method: 'POST',
            url,
            payload: multipartFile.body('导入.xlsx', content),
            headers: { ...t.signatureHeaders('POST', url), authorization: `Bearer ${other.token}`, ...(menuId ? { menuId } : {}), 'content-type': multipartFile.contentType },
          });
          expect(answer.statusCode).toBe(200);
          expect([200, 400, 403], answer.body).toContain((answer.json() as Answer).resultCode);
          await t.server.jobs.imports.idle();
          expect(await getRecord(reader(owner.user), id)).toEqual(snapshot);
        });
      }

      it('is not found by a region that does not cover its dealer', async () => {
        for (const region of regionMembers) {
          await expect(getRecord(reader(region.user), id), region.userCode).rejects.toMatchObject({ resultCode: 404 });
          const page = await listRecords(reader(region.user), { page: 1, pageSize: 100_000, params: {} });
          expect(page.items.map((r) => Number(r.id)), region.userCode).not.toContain(id);
          if (holds(region, calls[0]!)) expect(await send(region, calls[0]!), region.userCode).toMatchObject({ resultCode: 404 });
          if (holds(region, { method: 'GET', url: routes.base })) {
            const listed = await send(region, { method: 'GET', url: routes.base, query: { pageSize: '100000' } });
            expect((listed.data as Page<RecordValues>).items.map((r) => Number(r.id))).not.toContain(id);
          }
        }
      });

      if (routes.transitions.length > 0) {
        it('refuses a transition called from a menu whose list lacks its key, even to the record’s own dealer', async () => {
          for (const transition of routes.transitions) {
            const call: Call = { method: 'POST', url: transition.url(id), payload: {} };
            const key = keyOf('POST', call.url)!;
            const without = [...owner.menus].find(([, keys]) => !keys.includes(key));
            expect(without, `${owner.userCode} 没有不含 ${key} 的菜单`).toBeDefined();
            // A manufacturer's transition (渠道 开业) is refused to a dealer's staff whatever the menu, saying so.
            const refusal = transition.side === 'manufacturer' ? { resultCode: 403 } : { resultCode: 403, errMsg: ERROR_CATALOGUE.keyNotGranted.errMsg };
            expect(await send(owner, call, without![0]), `${transition.label} 从菜单 ${without![0]}`).toMatchObject(refusal);
            // A member of the dealer's staff who holds the model's menu without this key (a read-only role) is refused too.
            for (const member of staff.get(OWNER)!) {
              const menu = menuFor(member, keyOf('GET', routes.base));
              if (!menu || member.menus.get(menu)!.includes(key)) continue;
              expect(await send(member, call, menu), `${transition.label} 由 ${member.userCode}`).toMatchObject(refusal);
            }
          }
        });
      }

      it('is seen by its own dealer: by id, in the list and in the export', async () => {
        expect(await send(owner, { method: 'GET', url: routes.record(id) })).toMatchObject({ resultCode: 200, data: { id } });
        const list = await send(owner, { method: 'GET', url: routes.base, query: { pageSize: '100000' } });
        expect((list.data as Page<RecordValues>).items.map((r) => Number(r.id))).toContain(id);
        if (routes.exportFile && model.export!.columns.some((c) => c.field === model.titleField)) {
          const direct = await send(owner, { method: 'GET', url: routes.exportFile });
          expect(direct.resultCode, direct.errMsg).toBe(200);
          expect(await cellsOf(direct.data as Buffer)).toContain(title);
        }
      });

      it('is unchanged after all of it', async () => {
        expect(await getRecord(reader(owner.user), id)).toEqual(snapshot);
      });
    });
  }
});

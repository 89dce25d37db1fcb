// Process definitions with versions, and the choices the workflow designer offers: roles, branch variables and the
// dictionaries of dictionary-typed variables. Process definitions belong to the whole network (not to one dealer), so
// every signed-in user may read them; only the manufacturer side may save them.
import { sql, type Kysely } from 'kysely';
import type { BranchVariable } from '../../schemas/workflow/conditionExpression';
import type { RoleOption } from '../../schemas/workflow/workflowModel';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { readProcessXml } from './processXml';
import type { ProcessVersionInfo } from '../../schemas/api/processes';
import type { ProcessDefinitionDetail } from '../../schemas/api/processes';
import type { SaveProcessInput } from '../../schemas/api/processes';
import type { SaveProcessResult } from '../../schemas/api/processes';
import type { Page } from '../../schemas/api/page';
import { dataSideOf } from '../../schemas/permissions/dataSide';
import { containing } from './likePatterns';

export interface ProcessDefinitionRow {
  processId: string;
  name: string;
  /** The latest version. */
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedByName: string | null;
}

export interface DictionaryOption {
  value: string;
  text: string;
}

export async function listProcessDefinitions(
  db: Kysely<Database>,
  request: { page: number; pageSize: number; name?: string; processId?: string },
): Promise<Page<ProcessDefinitionRow>> {
  let query = db.selectFrom('processDefinitions as pd');
  if (request.name) query = query.where('pd.name', 'ilike', containing(request.name));
  if (request.processId) query = query.where('pd.processId', 'ilike', containing(request.processId));
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .leftJoin('users as u', 'u.id', 'pd.updatedBy')
    .select(['pd.processId', 'pd.name', 'pd.latestVersion as version', 'pd.createdAt', 'pd.updatedAt', 'u.employeeName as updatedByName'])
    .orderBy('pd.updatedAt', 'desc')
    .orderBy('pd.id', 'desc')
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { total: Number(total), items: rows.map((r) => ({ ...r, createdAt: formatDateTime(r.createdAt), updatedAt: formatDateTime(r.updatedAt) })) };
}

export async function getProcessDefinition(db: Kysely<Database>, processId: string, version?: number): Promise<ProcessDefinitionDetail> {
  const definition = await db.selectFrom('processDefinitions').select(['id', 'processId', 'latestVersion']).where('processId', '=', processId).executeTakeFirst();
  if (!definition) throw new ApiError('notFound', `流程定义不存在：${processId}`);
  const versions = await db
    .selectFrom('processDefinitionVersions as v')
    .leftJoin('users as u', 'u.id', 'v.createdBy')
    .select(['v.version', 'v.name', 'v.createdAt', 'u.employeeName as createdByName'])
    .where('v.definitionId', '=', definition.id)
    .orderBy('v.version', 'desc')
    .execute();
  const wanted = version ?? definition.latestVersion;
  const answered = await db
    .selectFrom('processDefinitionVersions')
    .select(['version', 'name', 'xml'])
    .where('definitionId', '=', definition.id)
    .where('version', '=', wanted)
    .executeTakeFirst();
  if (!answered) throw new ApiError('notFound', `流程定义 ${processId} 没有版本 ${wanted}`);
  return {
    processId: definition.processId,
    name: answered.name,
    version: answered.version,
    latestVersion: definition.latestVersion,
    xml: answered.xml,
    versions: versions.map((v) => ({ ...v, createdAt: formatDateTime(v.createdAt) })),
  };
}

/**
 * Stores the XML as the next version. The client names the version it started from: when someone saved in between,
 * the save is refused rather than silently overwriting their work.
 */
export async function saveProcessDefinition(db: Kysely<Database>, user: SessionUser, input: SaveProcessInput): Promise<SaveProcessResult> {
  if (dataSideOf(user.orgType) !== 'manufacturer') throw new ApiError('forbidden', '流程定义只能由厂端流程管理员保存');
  const { processId, name } = await readProcessXml(input.xml);
  return db.transaction().execute(async (tx) => {
    // Two first saves of one new process must not both create it: they take turns on the process id.
    await sql`select pg_advisory_xact_lock(hashtext(${`process-definition:${processId}`}))`.execute(tx);
    const current = await tx.selectFrom('processDefinitions').select(['id', 'latestVersion']).where('processId', '=', processId).executeTakeFirst();
    if (!current && input.baseVersion !== null) throw new ApiError('notFound', `流程定义不存在：${processId}`);
    if (current && input.baseVersion === null) throw new ApiError('conflict', `流程 ID 已存在：${processId}，请打开该流程后再修改`);
    if (current && current.latestVersion !== input.baseVersion) {
      throw new ApiError('conflict', `流程已被保存为版本 ${current.latestVersion}，请重新打开后再修改`);
    }
    const now = new Date();
    if (current) {
      const latest = await tx
        .selectFrom('processDefinitionVersions')
        .select(['xml', 'name'])
        .where('definitionId', '=', current.id)
        .where('version', '=', current.latestVersion)
        .executeTakeFirstOrThrow();
      if (latest.xml === input.xml) return { processId, name: latest.name, version: current.latestVersion, created: false };
    }
    const definitionId = current
      ? current.id
      : (
          await tx
            .insertInto('processDefinitions')
            .values({ processId, name, latestVersion: 0, createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    const version = (current?.latestVersion ?? 0) + 1;
    await tx.insertInto('processDefinitionVersions').values({ definitionId, version, name, xml: input.xml, createdAt: now, createdBy: user.id }).execute();
    await tx.updateTable('processDefinitions').set({ name, latestVersion: version, updatedAt: now, updatedBy: user.id }).where('id', '=', definitionId).execute();
    return { processId, name, version, created: true };
  });
}

/** What a user task can be given: the positions (岗位) of dealer staff, then the process roles (角色). */
export async function processRoles(db: Kysely<Database>): Promise<RoleOption[]> {
  const [positions, roles] = await Promise.all([
    db.selectFrom('positions').select(['positionCode as value', 'positionName as text']).orderBy('positionCode').execute(),
    db.selectFrom('processRoles').select(['code as value', 'name as text']).orderBy('sort').orderBy('code').execute(),
  ]);
  return [...positions, ...roles];
}

/** The variables offered in every process, then those of this process. */
export async function processVariables(db: Kysely<Database>, processId: string): Promise<BranchVariable[]> {
  const rows = await db
    .selectFrom('processVariables')
    .select(['name', 'text', 'suffix'])
    .where((eb) => eb.or([eb('processId', 'is', null), eb('processId', '=', processId)]))
    .orderBy(sql`process_id is not null`)
    .orderBy('sort')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ text: r.text, value: `${r.name}-${r.suffix}` }));
}

/**
 * The right-hand choices of a dictionary-typed (D) variable, by the variable's name (the part of its value before the
 * suffix), or by a dictionary type code directly. An unknown key has no choices.
 */
export async function dictionaryOptions(db: Kysely<Database>, key: string): Promise<DictionaryOption[]> {
  let type: string | null = /^\d{4}$/.test(key) ? key : null;
  if (!type) {
    const variable = await db.selectFrom('processVariables').select('dictType').where('name', '=', key).where('suffix', '=', 'D').limit(1).executeTakeFirst();
    type = variable?.dictType ?? null;
  }
  if (!type) return [];
  return db.selectFrom('dictCodes').select(['codeId as value', 'codeCnDesc as text']).where('type', '=', type).orderBy('sort').execute();
}

// Reading the audit log (the writes are recorded by server/permissions/auditLog.ts), within the reader's data scope.
import type { Kysely } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { buttonLabels, operationWords, resultWords } from './auditWords';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';
import { dataSideOf } from '../../schemas/permissions/dataSide';
import { containing } from './likePatterns';

export interface AuditFilter {
  userCode?: string;
  menuId?: string;
  permissionKey?: string;
  rowRef?: string;
  createdFrom?: string;
  createdTo?: string;
}

export interface AuditEntryView {
  id: number;
  createdAt: string;
  userCode: string;
  employeeName: string;
  ownerCode: string | null;
  /** The dealer's name (ownerCode's organisation). */
  dealerName: string | null;
  menuId: string | null;
  menuTitle: string | null;
  permissionKey: string;
  rowRef: string | null;
  resultCode: number;
  /** What was done, in words: the button's label on the menu's screen (新增, 保存 ...), else the method's verb. */
  operation: string;
  /** 成功, or the kind of refusal or failure. */
  result: string;
  /** The row before and after, as indented JSON text (null when the write names no row state). */
  before: string | null;
  after: string | null;
  requestId: string | null;
}

/** Entries of the dealers in the reader's scope; the manufacturer also sees the writes of non-dealer staff. */
async function scopedEntries(base: Kysely<Database>, user: SessionUser) {
  const owners = await ownerScope(base, user);
  return withPermissionTables(base)
    .selectFrom('auditLog as a')
    .leftJoin('menus as m', 'm.id', 'a.menuId')
    .leftJoin('organizations as o', 'o.orgCode', 'a.ownerCode')
    .where((eb) => (dataSideOf(user.orgType) === 'manufacturer' ? eb.or([eb('a.ownerCode', 'in', owners), eb('a.ownerCode', 'is', null)]) : eb('a.ownerCode', 'in', owners)));
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value, null, 2));

export async function listAuditEntries(db: Kysely<Database>, user: SessionUser, page: number, pageSize: number, filter: AuditFilter): Promise<Page<AuditEntryView>> {
  let query = await scopedEntries(db, user);
  if (filter.userCode) query = query.where('a.userCode', 'ilike', containing(filter.userCode));
  if (filter.menuId) query = query.where('a.menuId', '=', filter.menuId);
  if (filter.permissionKey) query = query.where('a.permissionKey', 'ilike', containing(filter.permissionKey));
  if (filter.rowRef) query = query.where('a.rowRef', '=', filter.rowRef);
  if (filter.createdFrom) query = query.where('a.createdAt', '>=', startOfBeijingDay(filter.createdFrom));
  if (filter.createdTo) query = query.where('a.createdAt', '<', startOfBeijingDay(filter.createdTo, 1));
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const [rows, labels] = await Promise.all([
    query
      .selectAll('a')
      .select(['m.title as menuTitle', 'o.orgName as dealerName'])
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    buttonLabels(db),
  ]);
  return { total: Number(total), items: rows.map((row) => view(row, labels)) };
}

type EntryRow = Omit<AuditEntryView, 'createdAt' | 'before' | 'after' | 'operation' | 'result'> & { createdAt: Date; before: unknown; after: unknown };

function view(row: EntryRow, labels: ReadonlyMap<string, string>): AuditEntryView {
  return {
    ...row,
    createdAt: formatDateTime(row.createdAt),
    operation: operationWords(labels, row.menuId, row.permissionKey),
    result: resultWords(row.resultCode),
    before: json(row.before),
    after: json(row.after),
  };
}

export async function getAuditEntry(db: Kysely<Database>, user: SessionUser, id: number): Promise<AuditEntryView> {
  const row = await (await scopedEntries(db, user)).selectAll('a').select(['m.title as menuTitle', 'o.orgName as dealerName']).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return view(row, await buttonLabels(db));
}

// The message list of the header bell (building-blocks §7: push apps latest, list, all read, one by id; notice read
// number and notice read list): messages pushed to a user of one application, newest first.
import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { readState } from './readStatus';
import type { MessageView } from '../../schemas/api/messages';
import type { Page } from '../../schemas/api/page';

export interface MessageFilter {
  remindType?: string;
  readFlag?: '0' | '1';
}

function mine(db: Kysely<Database>, user: SessionUser, appId: string) {
  return withAppShellTables(db).selectFrom('messages').where('userId', '=', user.id).where('appId', '=', appId);
}

const COLUMNS = ['msgId', 'remindType', 'title', 'content', 'roNo', 'createdAt', 'readAt'] as const;

function toView(row: { msgId: number; remindType: string; title: string; content: string; roNo: string | null; createdAt: Date; readAt: Date | null }): MessageView {
  const { readAt, ...rest } = row;
  return { ...rest, createdAt: formatDateTime(row.createdAt), ...readState(readAt) };
}

export async function unreadMessageCount(db: Kysely<Database>, user: SessionUser, appId: string): Promise<number> {
  const row = await mine(db, user, appId).where('readAt', 'is', null).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function latestMessages(db: Kysely<Database>, user: SessionUser, appId: string, size: number): Promise<MessageView[]> {
  const rows = await mine(db, user, appId).select(COLUMNS).orderBy('createdAt', 'desc').orderBy('msgId', 'desc').limit(size).execute();
  return rows.map(toView);
}

/** The user's messages of the application that `filter` keeps (a type; read or unread). */
function filtered(db: Kysely<Database>, user: SessionUser, appId: string, filter: MessageFilter) {
  let query = mine(db, user, appId);
  if (filter.remindType) query = query.where('remindType', '=', filter.remindType);
  if (filter.readFlag === '1') query = query.where('readAt', 'is not', null);
  if (filter.readFlag === '0') query = query.where('readAt', 'is', null);
  return query;
}

export async function listMessages(db: Kysely<Database>, user: SessionUser, appId: string, filter: MessageFilter, page: number, size: number): Promise<Page<MessageView>> {
  const query = filtered(db, user, appId, filter);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query.select(COLUMNS).orderBy('createdAt', 'desc').orderBy('msgId', 'desc').limit(size).offset((page - 1) * size).execute();
  return { total: Number(total), items: rows.map(toView) };
}

/**
 * The notice read list (building-blocks §7): the messages the notice read number counts, the unread ones, newest first;
 * with readFlag '1' the read ones instead. At most `size`: the count says how many there are in all.
 */
export async function noticeReadList(db: Kysely<Database>, user: SessionUser, appId: string, filter: MessageFilter, size: number): Promise<MessageView[]> {
  const rows = await filtered(db, user, appId, { ...filter, readFlag: filter.readFlag ?? '0' })
    .select(COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('msgId', 'desc')
    .limit(size)
    .execute();
  return rows.map(toView);
}

export async function markAllMessagesRead(db: Kysely<Database>, user: SessionUser, appId: string): Promise<number> {
  const result = await withAppShellTables(db)
    .updateTable('messages')
    .set({ readAt: new Date() })
    .where('userId', '=', user.id)
    .where('appId', '=', appId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One message; opening it marks it read. Another user's message answers as not found. */
export async function openMessage(db: Kysely<Database>, user: SessionUser, appId: string, msgId: number): Promise<MessageView> {
  const row = await withAppShellTables(db)
    .updateTable('messages')
    .set((eb) => ({ readAt: eb.fn.coalesce('readAt', eb.val(new Date())) }))
    .where('msgId', '=', msgId)
    .where('userId', '=', user.id)
    .where('appId', '=', appId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return toView(row);
}

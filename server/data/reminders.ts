// Service reminders of the repair service (back-office §7): vehicles due for a health check and customers to call back
// after a settled order, for the service advisor they belong to. A dealer's other staff see their dealer's reminders;
// region and manufacturer users those of the dealers under them.
import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { readState } from './readStatus';
import { ownerScope } from './scope';
import type { ReminderFacts } from '../../schemas/api/messages';
import type { ReminderView } from '../../schemas/api/messages';
import type { Page } from '../../schemas/api/page';

export const REMINDER_TYPE = { healthCheck: '89731001', followUp: '89731002' } as const;

export interface ReminderFilter {
  remindType?: string;
  readFlag?: '0' | '1';
  plateNo?: string;
}

async function scoped(db: Kysely<Database>, user: SessionUser) {
  const owners = await ownerScope(db, user);
  let query = withAppShellTables(db).selectFrom('reminders').where('ownerCode', 'in', owners);
  // A service advisor works their own customers.
  if (user.positions.includes('FWGW')) query = query.where('advisorId', '=', user.id);
  return query;
}

const COLUMNS = ['id', 'ownerCode', 'remindType', 'vin', 'plateNo', 'customerName', 'phone', 'roNo', 'content', 'dueDate', 'createdAt', 'readAt'] as const;

export async function listReminders(db: Kysely<Database>, user: SessionUser, filter: ReminderFilter, page: number, size: number): Promise<Page<ReminderView>> {
  let query = await scoped(db, user);
  if (filter.remindType) query = query.where('remindType', '=', filter.remindType);
  if (filter.readFlag === '1') query = query.where('readAt', 'is not', null);
  if (filter.readFlag === '0') query = query.where('readAt', 'is', null);
  if (filter.plateNo) query = query.where('plateNo', 'ilike', `%${filter.plateNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query.select(COLUMNS).orderBy('dueDate', 'desc').orderBy('id', 'desc').limit(size).offset((page - 1) * size).execute();
  return {
    total: Number(total),
    items: rows.map(({ readAt, ...row }) => ({ ...row, createdAt: formatDateTime(row.createdAt), ...readState(readAt) })),
  };
}

export async function unreadReminderCounts(db: Kysely<Database>, user: SessionUser): Promise<Record<string, number>> {
  const rows = await (await scoped(db, user))
    .where('readAt', 'is', null)
    .select(['remindType', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('remindType')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.remindType, Number(r.n)]));
}

export async function markReminderRead(db: Kysely<Database>, user: SessionUser, id: number): Promise<void> {
  const visible = await (await scoped(db, user)).select('id').where('id', '=', id).executeTakeFirst();
  if (!visible) throw new ApiError('notFound');
  await withAppShellTables(db).updateTable('reminders').set({ readAt: new Date() }).where('id', '=', id).where('readAt', 'is', null).execute();
}

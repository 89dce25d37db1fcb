// 维修提醒 needs a hook: an advisor sees only their own, readFlag/readStatus derive from readAt, two typed lists and 标记已读.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readPaging, type PagingQuery } from '../http/paging';
import type { SessionUser } from '../http/session';
import { repositoryModels } from '../models/modelCatalogue';
import type { CallRequest, ModelHooks } from '../models/modelHooks';
import type { ReminderRecord } from './modelRecords';
import { ALIAS, scopeCondition } from '../models/modelReads';
import { readState } from '../data/readStatus';
import { REMINDER_TYPE } from '../seed/catalogue';

/** The spec's reminder lists answer at most this many rows a page. */
const MAX_PAGE_SIZE = 1000;

/** The reminders of one type, the list's other filters and paging as sent. */
function remindersOf(remindType: string) {
  return ({ query, reads }: Pick<CallRequest, 'query' | 'reads'>) => {
    const { page, pageSize, sort } = readPaging(query as PagingQuery);
    return reads.list({ page, pageSize: Math.min(pageSize, MAX_PAGE_SIZE), sort, params: { ...query, remindType } });
  };
}

export const reminderHooks: ModelHooks<ReminderRecord> = {
  // A service advisor works their own customers; the dealer's other staff see the dealer's reminders.
  scope: ({ user }, alias) => (user.positions.includes('FWGW') ? sql<boolean>`${sql.ref(`${alias}.advisorId`)} = ${user.id}` : undefined),

  decorate(_db, rows) {
    for (const row of rows) Object.assign(row, readState(row.readAt as string | null));
    return Promise.resolve();
  },

  calls: {
    selectSAReminder: (_context, request) => remindersOf(REMINDER_TYPE.healthCheck)(request),
    lookFeedbackReminder: (_context, request) => remindersOf(REMINDER_TYPE.followUp)(request),
    /** reminders/:id/read: marks a reminder the user sees as read, once (reading it again keeps the first time). */
    async markRead({ db }, { params, reads }) {
      const { id } = await reads.get(Number(params.id));
      await sql`update reminders set read_at = now() where id = ${Number(id)} and read_at is null`.execute(db);
      return null;
    },
  },
};

/** The user's unread reminders by type (概览's figures), under the same scope as the lists. */
export async function unreadReminderCounts(db: Kysely<Database>, user: SessionUser): Promise<Record<string, number>> {
  const loaded = repositoryModels().find((m) => m.model.name === 'reminder')!;
  const scope = await scopeCondition({ db, user, loaded, hooks: reminderHooks });
  const { rows } = await sql<{ remindType: string; n: number }>`select remind_type, count(*) as n from reminders as ${sql.id(ALIAS)} where ${scope} and read_at is null group by remind_type`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.remindType, Number(r.n)]));
}

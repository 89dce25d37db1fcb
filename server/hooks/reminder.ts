// 维修提醒 needs a hook: an advisor sees only their own, readFlag/readStatus derive from readAt, two typed lists, 标记已读,
// the advisor's record of the customer's answer, and the bff's health-check calls (the declined items of a vehicle, and
// their removal); reminders are written by other hooks only (a health check's declined items), with their advisor.
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
import { ApiError } from '../http/errors';
import { isBlank } from '../models/fieldValues';
import { checkAnswered } from './repair/healthCheckAnswers';

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

  // The bff's list asks for the reminders a health check left (their source is a check, VH…).
  filter: ({ params }, alias) => (params.vhcOnly === '1' ? [sql<boolean>`${sql.ref(`${alias}.sourceNo`)} like 'VH%'`] : []),

  decorate(_db, rows) {
    for (const row of rows) Object.assign(row, readState(row.readAt as string | null));
    return Promise.resolve();
  },

  // Only hooks create reminders (the model has no create route): the advisor is the one they name.
  beforeWrite(_context, { op, values, input }) {
    if (op === 'create' && !isBlank(input.advisorId)) values.advisorId = Number(input.advisorId);
  },

  calls: {
    selectSAReminder: (_context, request) => remindersOf(REMINDER_TYPE.healthCheck)(request),
    /** bff web-workOrder/v1/queryVhcRemind: the open reminders of declined health-check items (of one vehicle when asked). */
    queryVhcRemind: (_context, { query, reads }) => {
      const { page, pageSize, sort } = readPaging(query as PagingQuery);
      return reads.list({ page, pageSize: Math.min(pageSize, MAX_PAGE_SIZE), sort, params: { ...query, remindType: REMINDER_TYPE.healthCheck, closedFlag: '0', vhcOnly: '1' } });
    },
    /** bff web-workOrder/v1/removeInfoById?id= (GET, as the spec calls it): the reminder is closed, kept for its history. */
    async removeInfoById({ db }, { query, reads }) {
      const reminder = await reads.get(Number(query.id));
      await sql`update reminders set closed_at = now() where id = ${Number(reminder.id)} and closed_at is null`.execute(db);
      await checkAnswered(db, typeof reminder.sourceNo === 'string' ? reminder.sourceNo : null);
      return { id: reminder.id, removed: true };
    },
    /** reminders/:id/feedback: the customer's answer as the advisor heard it (read too, from then on). */
    async feedback({ db }, { params, body, reads }) {
      const text = body && typeof body === 'object' ? String((body as Record<string, unknown>).feedback ?? '').trim() : '';
      if (text === '') throw new ApiError('invalidInput', '请填写客户答复');
      if ([...text].length > 200) throw new ApiError('invalidInput', '客户答复不能超过200个字');
      const reminder = await reads.get(Number(params.id));
      await sql`update reminders set feedback = ${text}, feedback_at = now(), read_at = coalesce(read_at, now()) where id = ${Number(reminder.id)}`.execute(db);
      await checkAnswered(db, typeof reminder.sourceNo === 'string' ? reminder.sourceNo : null);
      return reads.get(Number(params.id));
    },
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

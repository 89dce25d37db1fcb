// The repair service's reminder calls (back-office §7): health-check reminders of the service advisor, customer
// follow-up reminders, the reminder list, and marking one read.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { listReminders, markReminderRead, REMINDER_TYPE, type ReminderFilter } from '../data/reminders';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';

const filterQuery = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    remindType: { type: 'string', title: '提醒类型', pattern: '^[0-9]{8}$' },
    readFlag: { type: 'string', title: '是否已读', enum: ['0', '1'] },
    plateNo: { type: 'string', title: '车牌号', maxLength: 10 },
  },
} as const;

type Query = PagingQuery & ReminderFilter;

export const reminderRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const list = (query: Query, user: Parameters<typeof listReminders>[1], remindType?: string) => {
    const { page, pageSize } = readPaging(query);
    return listReminders(db, user, { ...query, ...(remindType ? { remindType } : {}) }, page, Math.min(pageSize, 1000));
  };

  app.get<{ Querystring: Query }>('/vehicleHealthCheckSAReminder/selectSAReminder', { schema: { querystring: filterQuery } }, async (request) =>
    ok(await list(request.query, request.user, REMINDER_TYPE.healthCheck)),
  );

  app.get<{ Querystring: Query }>('/vehicleHealthCheckSAReminder/lookFeedbackReminder', { schema: { querystring: filterQuery } }, async (request) =>
    ok(await list(request.query, request.user, REMINDER_TYPE.followUp)),
  );

  app.get<{ Querystring: Query }>('/reminders', { schema: { querystring: filterQuery } }, async (request) => ok(await list(request.query, request.user)));

  app.put<{ Params: { id: number } }>(
    '/reminders/:id/read',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '提醒ID', minimum: 1 } } } } },
    async (request) => {
      await markReminderRead(db, request.user, request.params.id);
      return ok(null);
    },
  );
};

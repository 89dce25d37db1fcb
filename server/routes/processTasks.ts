// Calls of running processes (issue 23) under the workflow service: 我的待办, 我的已办, the bell's count, approve, reject
// (a comment required), transfer, add-signer (加签) with its user picker, and a record's process history. The menus 我的待办 / 我的已办 (screens/workflow) grant
// them to every role; on top of the menu, who may act is decided by the task's candidates and the record's dealer, and
// a history by the record's data scope. The bell's count is a session route (the header shows it on every page).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import { actOnTask, transferTask, type ProcessContext } from '../processes/processRuns';
import { countTodo, listDone, listTodo, processHistory } from '../processes/processTasks';
import { addSigners, signerCandidates } from '../processes/addSigners';
import type { TaskAddSignerInput, TaskDecisionInput, TaskTransferInput } from '../../schemas/api/processTasks';

export interface ProcessTaskRouteOptions extends AppContext {
  processes: ProcessContext;
}

const taskParams = { type: 'object', required: ['taskId'], properties: { taskId: { type: 'integer', minimum: 1, title: '任务ID' } } } as const;
const listQuery = { type: 'object', properties: { ...pagingQuerySchema, keyword: { type: 'string', maxLength: 100, title: '关键字' } } } as const;
const comment = { type: 'string', maxLength: 500, title: '审批意见' } as const;

export const processTaskRoutes: FastifyPluginAsync<ProcessTaskRouteOptions> = async (app, { db, processes }) => {
  type ListRequest = { Querystring: PagingQuery & { keyword?: string } };
  app.get<ListRequest>('/task/todo', { schema: { querystring: listQuery } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await listTodo(db, request.user, { page, pageSize, keyword: request.query.keyword }));
  });
  app.get<ListRequest>('/task/done', { schema: { querystring: listQuery } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await listDone(db, request.user, { page, pageSize, keyword: request.query.keyword }));
  });
  app.get('/task/count', async (request) => ok({ todo: await countTodo(db, request.user) }));

  type Decide = { Params: { taskId: number }; Body: TaskDecisionInput | undefined };
  app.post<Decide>('/task/:taskId/approve', { schema: { params: taskParams, body: { type: ['object', 'null'], properties: { comment } } } }, async (request) => {
    await actOnTask(processes, request.user, request.params.taskId, 'agree', request.body?.comment);
    return ok(null);
  });
  app.post<Decide>('/task/:taskId/reject', { schema: { params: taskParams, body: { type: ['object', 'null'], properties: { comment } } } }, async (request) => {
    await actOnTask(processes, request.user, request.params.taskId, 'reject', request.body?.comment);
    return ok(null);
  });
  app.post<{ Params: { taskId: number }; Body: TaskTransferInput }>(
    '/task/:taskId/transfer',
    { schema: { params: taskParams, body: { type: 'object', required: ['userId'], properties: { userId: { type: 'integer', minimum: 1, title: '转办对象' }, comment } } } },
    async (request) => {
      await transferTask(processes, request.user, request.params.taskId, request.body.userId, request.body.comment);
      return ok(null);
    },
  );
  app.post<{ Params: { taskId: number }; Body: TaskAddSignerInput }>(
    '/task/:taskId/addSigner',
    {
      schema: {
        params: taskParams,
        body: {
          type: 'object',
          required: ['userIds'],
          properties: { userIds: { type: 'array', minItems: 1, maxItems: 10, items: { type: 'integer', minimum: 1 }, title: '加签人' }, comment },
        },
      },
    },
    async (request) => {
      await addSigners(processes, request.user, request.params.taskId, request.body.userIds, request.body.comment);
      return ok(null);
    },
  );
  app.get<{ Params: { taskId: number }; Querystring: { keyword?: string } }>(
    '/task/:taskId/signers',
    { schema: { params: taskParams, querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 30, title: '姓名' } } } } },
    async (request) => ok(await signerCandidates(db, request.user, request.params.taskId, request.query.keyword)),
  );

  app.get<{ Querystring: { model: string; recordId: number } }>(
    '/instance/history',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['model', 'recordId'],
          properties: { model: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]{0,63}$', title: '模型' }, recordId: { type: 'integer', minimum: 1, title: '单据ID' } },
        },
      },
    },
    async (request) => ok(await processHistory(processes, request.user, request.query.model, request.query.recordId)),
  );
};

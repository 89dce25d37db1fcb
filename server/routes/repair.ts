import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import {
  createRepairOrder,
  deleteRepairOrder,
  getRepairOrder,
  repairOrderPrintInfo,
  listRepairOrders,
  updateRepairOrder,
  type RepairOrderFilter,
  type RepairOrderInput,
} from '../data/repairOrders';
import { ok } from '../http/envelope';
import { auditChange } from '../permissions/auditLog';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', title: '工单ID', minimum: 1 } },
} as const;

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const listQuery = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    roNo: { type: 'string', title: '工单号', maxLength: 32 },
    vin: { type: 'string', title: 'VIN', maxLength: 2000 },
    plateNo: { type: 'string', title: '车牌号', maxLength: 10 },
    customerName: { type: 'string', title: '车主', maxLength: 30 },
    status: { type: 'array', title: '工单状态', items: { type: 'string', maxLength: 16 }, maxItems: 20 },
    ownerCode: { type: 'array', title: '经销商', items: { type: 'string', maxLength: 32 }, maxItems: 500 },
    repairTypeCode: { type: 'string', title: '维修类型', maxLength: 16 },
    createdFrom: { ...DAY, title: '开单日期起' },
    createdTo: { ...DAY, title: '开单日期止' },
  },
} as const;

const orderBody = {
  type: 'object',
  required: ['vin', 'plateNo', 'customerName', 'phone', 'repairTypeCode', 'status', 'mileage'],
  properties: {
    vin: { type: 'string', title: 'VIN', minLength: 17, maxLength: 17 },
    plateNo: { type: 'string', title: '车牌号', minLength: 7, maxLength: 8 },
    customerName: { type: 'string', title: '车主', minLength: 1, maxLength: 30 },
    phone: { type: 'string', title: '车主电话', minLength: 11, maxLength: 11 },
    repairTypeCode: { type: 'string', title: '维修类型', minLength: 1, maxLength: 16 },
    status: { type: 'string', title: '工单状态', minLength: 1, maxLength: 16 },
    mileage: { type: 'integer', title: '进厂里程', minimum: 0, maximum: 9999999 },
    labourAmount: { type: 'number', title: '工时费', minimum: 0, maximum: 99999999 },
    partAmount: { type: 'number', title: '材料费', minimum: 0, maximum: 99999999 },
    remark: { type: ['string', 'null'], title: '备注', maxLength: 200 },
    descriptionHtml: { type: ['string', 'null'], title: '维修说明', maxLength: 1_000_000 },
  },
} as const;

type ListQuery = PagingQuery & RepairOrderFilter;

export const repairRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get('/basedataRepairtypes/findAllRepairType', async () =>
    ok(await db.selectFrom('repairTypes').select(['code', 'name']).orderBy('sort').execute()),
  );

  app.get<{ Querystring: ListQuery }>('/order/repair/orders', { schema: { querystring: listQuery } }, async (request) => {
    const { page, pageSize, sort } = readPaging(request.query);
    return ok(await listRepairOrders(db, request.user, { page, pageSize, sort, filter: request.query }));
  });

  app.get<{ Params: { id: number } }>('/order/repair/orders/:id', { schema: { params: idParams } }, async (request) =>
    ok(await getRepairOrder(db, request.user, request.params.id)),
  );

  // The repair-order print (back-office §7): the order as the print template shows it, cut to the caller's scope.
  app.get<{ Params: { id: number } }>('/order/repair/queryPrintInfo/:id', { schema: { params: idParams } }, async (request) =>
    ok(await repairOrderPrintInfo(db, request.user, request.params.id)),
  );

  app.post<{ Body: RepairOrderInput }>('/order/repair/orders', { schema: { body: orderBody } }, async (request) =>
    ok(await createRepairOrder(db, request.user, request.body)),
  );

  app.put<{ Params: { id: number }; Body: RepairOrderInput }>(
    '/order/repair/orders/:id',
    { schema: { params: idParams, body: orderBody } },
    async (request) => {
      auditChange(request, { before: await getRepairOrder(db, request.user, request.params.id) });
      return ok(await updateRepairOrder(db, request.user, request.params.id, request.body));
    },
  );

  app.delete<{ Params: { id: number } }>('/order/repair/orders/:id', { schema: { params: idParams } }, async (request) => {
    auditChange(request, { before: await getRepairOrder(db, request.user, request.params.id) });
    await deleteRepairOrder(db, request.user, request.params.id);
    return ok(null);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { createBooking, getBooking, listBookings, updateBooking, type BookingFilter, type BookingInput } from '../data/bookings';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { auditChange } from '../permissions/auditLog';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';
import { BOOKING_TREES } from '../seed/catalogue';

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const DATETIME = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' } as const;
const MONTH = { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } as const;
const CLOCK = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const;
const TIME = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$' } as const;
const CODE = { type: 'string', minLength: 1, maxLength: 16 } as const;
const ID = { type: 'integer', minimum: 1 } as const;
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { ...ID, title: '预约ID' } } } as const;

const listQuery = {
  type: 'object',
  properties: {
    ...pagingQuerySchema,
    bookingNo: { ...text(32), title: '预约单号' },
    searchKey: { type: 'string', title: '查询条件', enum: ['plateNo', 'phone', 'customerName', 'vin'] },
    searchValue: { ...text(50), title: '查询内容' },
    vin: { ...text(2000), title: 'VIN' },
    bookingFrom: { ...DAY, title: '预约日期起' },
    bookingTo: { ...DAY, title: '预约日期止' },
    status: { type: 'array', title: '预约状态', items: CODE, maxItems: 10 },
    advisorId: { ...ID, title: '服务顾问' },
    brandId: { ...ID, title: '品牌' },
    seriesId: { ...ID, title: '车系' },
    modelId: { ...ID, title: '车型' },
  },
} as const;

const bookingBody = {
  type: 'object',
  required: ['customerName', 'phone', 'plateNo', 'brandId', 'seriesId', 'modelId', 'configId', 'colorId', 'bookingTime', 'arriveFrom', 'arriveTo', 'repairTypeCode', 'serviceItems', 'bookingSource', 'advisorId'],
  properties: {
    status: { ...CODE, title: '预约状态' },
    customerName: { type: 'string', title: '客户姓名', minLength: 1, maxLength: 30 },
    phone: { type: 'string', title: '联系电话', minLength: 11, maxLength: 11 },
    gender: { ...CODE, title: '性别' },
    idCardNo: { ...text(18), title: '证件号码' },
    provinceCode: { ...text(12), title: '省份' },
    cityCode: { ...text(12), title: '城市' },
    countyCode: { ...text(12), title: '区县' },
    address: { ...text(100), title: '详细地址' },
    contactType: { ...CODE, title: '联系方式类型' },
    contactValue: { ...text(100), title: '其他联系方式' },
    customerTags: { type: 'array', title: '客户标签', items: text(20), maxItems: 10 },
    callbackChannels: { type: 'array', title: '回访方式', items: CODE, maxItems: 5, uniqueItems: true },
    plateNo: { type: 'string', title: '车牌号', minLength: 7, maxLength: 8 },
    vin: { ...text(17), title: 'VIN' },
    brandId: { ...ID, title: '品牌' },
    seriesId: { ...ID, title: '车系' },
    modelId: { ...ID, title: '车型' },
    configId: { ...ID, title: '配置' },
    colorId: { ...ID, title: '颜色' },
    optionIds: { type: 'array', title: '选装配置', items: ID, maxItems: 10, uniqueItems: true },
    mileage: { type: 'integer', title: '进厂里程', minimum: 0, maximum: 9999999 },
    purchaseDate: { ...DAY, title: '购车日期' },
    lastMaintainDate: { ...DATETIME, title: '上次保养日期' },
    insuranceExpiry: { ...MONTH, title: '保险到期' },
    modelYear: { type: 'string', title: '年款', pattern: '^(19|20)\\d{2}$' },
    warrantyFrom: { ...MONTH, title: '延保起始月' },
    warrantyTo: { ...MONTH, title: '延保截止月' },
    bookingTime: { ...DATETIME, title: '预约进厂时间' },
    arriveFrom: { ...CLOCK, title: '到店时段起' },
    arriveTo: { ...CLOCK, title: '到店时段止' },
    deliveryTime: { ...CLOCK, title: '预计交车时刻' },
    repairTypeCode: { ...CODE, title: '维修类型' },
    serviceItems: { type: 'array', title: '预约项目', items: CODE, minItems: 1, maxItems: 10, uniqueItems: true },
    bookingSource: { ...CODE, title: '预约来源' },
    faultSystem: { ...CODE, title: '故障系统' },
    faultSymptom: { ...CODE, title: '故障现象' },
    repairItem: { ...CODE, title: '主要维修项目' },
    workshopCode: { ...CODE, title: '车间' },
    bayCode: { ...CODE, title: '工位' },
    advisorId: { ...ID, title: '服务顾问' },
    technicianId: { ...ID, title: '指定技师' },
    receptionistId: { ...ID, title: '接待专员' },
    budgetFrom: { type: 'number', title: '预算下限', minimum: 0, maximum: 99999999 },
    budgetTo: { type: 'number', title: '预算上限', minimum: 0, maximum: 99999999 },
    pickupDateFrom: { ...DAY, title: '期望交车日期起' },
    pickupDateTo: { ...DAY, title: '期望交车日期止' },
    loanCarFrom: { ...DATETIME, title: '代步车使用起' },
    loanCarTo: { ...DATETIME, title: '代步车使用止' },
    needPickup: { type: 'string', title: '上门取车', enum: ['0', '1'] },
    pickupFrom: { ...TIME, title: '取车时段起' },
    pickupTo: { ...TIME, title: '取车时段止' },
    callbackTime: { ...TIME, title: '回访时间' },
    remark: { ...text(200), title: '备注' },
  },
} as const;

type ListQuery = PagingQuery & BookingFilter;

export const bookingRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: ListQuery }>('/BookingRegister/bookings', { schema: { querystring: listQuery } }, async (request) => {
    const { page, pageSize, sort } = readPaging(request.query);
    return ok(await listBookings(db, request.user, { page, pageSize, sort, filter: request.query }));
  });

  app.get<{ Params: { id: number } }>('/BookingRegister/bookings/:id', { schema: { params: idParams } }, async (request) =>
    ok(await getBooking(db, request.user, request.params.id)),
  );

  app.post<{ Body: BookingInput }>('/BookingRegister/bookings', { schema: { body: bookingBody } }, async (request) =>
    ok(await createBooking(db, request.user, request.body)),
  );

  app.put<{ Params: { id: number }; Body: BookingInput }>('/BookingRegister/bookings/:id', { schema: { params: idParams, body: bookingBody } }, async (request) => {
    auditChange(request, { before: await getBooking(db, request.user, request.params.id) });
    return ok(await updateBooking(db, request.user, request.params.id, request.body));
  });

  // The option trees of the booking form (fault, repairItem, workshop) as {value, text, children}.
  app.get<{ Params: { name: string } }>(
    '/BookingRegister/trees/:name',
    { schema: { params: { type: 'object', required: ['name'], properties: { name: { type: 'string', title: '选项树', pattern: '^[a-zA-Z]+$' } } } } },
    async (request) => {
      const tree = BOOKING_TREES[request.params.name as keyof typeof BOOKING_TREES];
      if (!tree) throw new ApiError('notFound', `选项树不存在：${request.params.name}`);
      return ok(tree);
    },
  );
};

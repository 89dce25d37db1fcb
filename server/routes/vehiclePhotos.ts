import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext';
import { createVehiclePhoto, getVehiclePhoto, listVehiclePhotos, type VehiclePhotoInput } from '../data/vehiclePhotos';
import { ok } from '../http/envelope';
import { pagingQuerySchema, readPaging, type PagingQuery } from '../http/paging';

const entry = (title: string) =>
  ({
    type: 'object',
    title,
    required: ['name', 'url'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, url: { type: 'string', minLength: 1, maxLength: 200 } },
  }) as const;

const body = {
  type: 'object',
  required: ['plateNo', 'photo'],
  properties: {
    plateNo: { type: 'string', title: '车牌号', minLength: 1, maxLength: 8 },
    remark: { type: ['string', 'null'], title: '备注', maxLength: 200 },
    photo: { type: 'string', title: '车辆照片', minLength: 1, maxLength: 200 },
    attachments: { type: 'array', title: '附件', items: entry('附件'), maxItems: 5 },
    video: { anyOf: [entry('视频'), { type: 'null' }] },
  },
} as const;

/** 车辆照片 (service repair): the screen that proves the upload fields in a real form. */
export const vehiclePhotoRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: PagingQuery }>('/vehiclePhotos', { schema: { querystring: { type: 'object', properties: pagingQuerySchema } } }, async (request) => {
    const { page, pageSize } = readPaging(request.query);
    return ok(await listVehiclePhotos(db, request.user, page, pageSize));
  });
  app.get<{ Params: { id: number } }>(
    '/vehiclePhotos/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, title: '记录ID' } } } } },
    async (request) => ok(await getVehiclePhoto(db, request.user, request.params.id)),
  );
  app.post<{ Body: VehiclePhotoInput }>('/vehiclePhotos', { schema: { body } }, async (request) => ok(await createVehiclePhoto(db, request.user, request.body)));
};

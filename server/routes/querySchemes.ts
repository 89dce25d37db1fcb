// The custom query scheme calls of back-office §7: GET /api/dms.ws.order/test/testList and /testAddList, with menuId
// and interfaceAddress naming the screen; answers carry `success` beside the envelope. The spec saves with a GET (the
// scheme's conditions and columns as JSON text in the query); the same save is taken as a POST body, and a scheme is
// removed with POST .../testDelete. Any signed-in user keeps schemes of the menus they hold (server/data/querySchemes.ts).
import type { FastifyPluginAsync } from 'fastify';
import {
  QUERY_SCHEME_TEXT,
  SCHEME_COMPONENT_TYPES,
  SCHEME_CONDITION_CODES,
  type QuerySchemeInput,
  type SchemeColumn,
  type SchemeCondition,
} from '../../schemas/api/querySchemes';
import type { AppContext } from '../appContext';
import { deleteScheme, listSchemes, saveScheme } from '../data/querySchemes';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';

const screenQuery = {
  menuId: { type: 'string', title: '菜单ID', minLength: 1, maxLength: 32 },
  interfaceAddress: { type: 'string', title: '接口地址', minLength: 1, maxLength: 200 },
} as const;

const saveProperties = {
  ...screenQuery,
  id: { type: 'integer', title: '方案ID', minimum: 1 },
  labelName: { type: 'string', title: '方案名称', minLength: 1, maxLength: 50 },
  shared: { title: '共享' },
  selectCondition: { title: '查询条件' },
  columns: { title: '显示列' },
} as const;

const MAX_CONDITIONS = 50;
const MAX_VALUES = 500;
const MAX_COLUMNS = 300;

const isText = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;
const isOptions = (value: unknown) => value === undefined || (Array.isArray(value) && value.length <= MAX_VALUES && value.every((o) => o && typeof o === 'object' && isText((o as Record<string, unknown>).text ?? '-', 200)));

function conditionsOf(raw: unknown): SchemeCondition[] {
  const list = typeof raw === 'string' ? safeJson(raw) : raw;
  if (!Array.isArray(list) || list.length > MAX_CONDITIONS) throw new ApiError('invalidInput', QUERY_SCHEME_TEXT.badCondition);
  return list.map((item: unknown) => {
    const c = (item ?? {}) as Record<string, unknown>;
    const value = Array.isArray(c.value) ? c.value : [c.value];
    const valid =
      isText(c.fieldName, 64) &&
      (SCHEME_CONDITION_CODES as readonly unknown[]).includes(c.conditionCode) &&
      (SCHEME_COMPONENT_TYPES as readonly unknown[]).includes(c.componentType) &&
      value.length <= MAX_VALUES &&
      value.every((v) => v === null || typeof v === 'number' || (typeof v === 'string' && v.length <= 200)) &&
      isOptions(c.conditionList) &&
      isOptions(c.selectItem);
    if (!valid) throw new ApiError('invalidInput', QUERY_SCHEME_TEXT.badCondition);
    return { ...(c as unknown as SchemeCondition), value: value as SchemeCondition['value'] };
  });
}

function columnsOf(raw: unknown): SchemeColumn[] {
  const list = typeof raw === 'string' ? safeJson(raw) : (raw ?? []);
  if (!Array.isArray(list) || list.length > MAX_COLUMNS) throw new ApiError('invalidInput', QUERY_SCHEME_TEXT.badColumns);
  return list.map((item: unknown) => {
    const c = (item ?? {}) as Record<string, unknown>;
    if (!isText(c.label, 100) || !isText(c.value, 100)) throw new ApiError('invalidInput', QUERY_SCHEME_TEXT.badColumns);
    return { label: String(c.label), value: String(c.value) };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function inputOf(raw: Record<string, unknown>): QuerySchemeInput {
  return {
    ...(raw.id !== undefined ? { id: Number(raw.id) } : {}),
    menuId: String(raw.menuId),
    interfaceAddress: String(raw.interfaceAddress),
    labelName: String(raw.labelName),
    selectCondition: conditionsOf(raw.selectCondition),
    columns: columnsOf(raw.columns),
    shared: raw.shared === true || raw.shared === '1' || raw.shared === 'true',
  };
}

const answered = <T>(data: T) => ({ ...ok(data), success: true });

export const querySchemeRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const listSchema = { querystring: { type: 'object', required: ['menuId', 'interfaceAddress'], properties: screenQuery } };
  app.get<{ Querystring: { menuId: string; interfaceAddress: string } }>('/test/testList', { schema: listSchema }, async (request) =>
    answered(await listSchemes(db, request.user, request.query.menuId, request.query.interfaceAddress)),
  );

  const saveSchema = { type: 'object', required: ['menuId', 'interfaceAddress', 'labelName', 'selectCondition'], properties: saveProperties };
  app.get<{ Querystring: Record<string, unknown> }>('/test/testAddList', { schema: { querystring: saveSchema } }, async (request) => answered(await saveScheme(db, request.user, inputOf(request.query))));
  app.post<{ Body: Record<string, unknown> }>('/test/testAddList', { schema: { body: saveSchema } }, async (request) => answered(await saveScheme(db, request.user, inputOf(request.body))));

  app.post<{ Body: { id: number } }>('/test/testDelete', { schema: { body: { type: 'object', required: ['id'], properties: { id: saveProperties.id } } } }, async (request) => {
    await deleteScheme(db, request.user, request.body.id);
    return answered(null);
  });
};

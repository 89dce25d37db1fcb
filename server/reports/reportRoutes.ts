// One route per report definition, GET <service>/reports/<name>, so each report has its own permission key and a
// dashboard's menu gets exactly the reports its screen names (server/data/screenMenus.ts derives the keys).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReportQuery } from '../../schemas/api/report';
import type { Database } from '../db/schema';
import { ok } from '../http/envelope';
import type { LoadedModel } from '../models/modelCatalogue';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { filterSchema } from '../models/modelRoutes';
import type { LoadedReport } from './reportCatalogue';
import { runReport } from './runReport';

export interface ReportRouteOptions {
  db: Kysely<Database>;
  reports: readonly LoadedReport[];
  models: readonly LoadedModel[];
  hooks: Readonly<Record<string, ModelHooks>>;
  services: Record<string, string>;
}

/** At most this many groups: a report feeds a chart or a small table, never a list. */
export const REPORT_MAX_DIMENSIONS = 2;

export async function reportRoutes(app: FastifyInstance, options: ReportRouteOptions): Promise<void> {
  const { db, reports, models, hooks, services } = options;
  const byName = new Map(models.map((m) => [m.model.name, m]));
  const reportsByName = new Map(reports.map((r) => [r.report.name, r]));
  const hooksOf = (model: string) => hooks[model];
  for (const loaded of reports) {
    const { report } = loaded;
    const serviceName = report.service ?? 'report';
    const prefix = services[serviceName];
    if (prefix === undefined) throw new Error(`报表 ${report.name} 的服务 ${serviceName} 未在 config.json 的 services 中登记`);
    const querystring = {
      type: 'object',
      properties: {
        ...filterSchema(loaded.model),
        groupBy: { title: '分组维度', type: 'array', maxItems: REPORT_MAX_DIMENSIONS, uniqueItems: true, items: { type: 'string', enum: report.dimensions.map((d) => d.name) } },
        measures: { title: '指标', type: 'array', maxItems: report.measures.length, uniqueItems: true, items: { type: 'string', enum: report.measures.map((m) => m.name) } },
        month: { title: '月份', type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
        fromMonth: { title: '起始月份', type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
        region: { title: '大区', type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
        compare: { title: '对比', type: 'string', enum: ['previous'] },
        top: { title: '前几名', type: 'integer', minimum: 1, maximum: 100 },
      },
    };
    app.get<{ Querystring: ReportQuery & RecordValues }>(`${prefix.replace(/\/+$/, '')}/reports/${report.name}`, { schema: { querystring } }, async (request) =>
      ok(await runReport({ db, user: request.user, hooks: hooks[report.model], models: byName, reports: reportsByName, hooksOf }, loaded, request.query)),
    );
  }
}

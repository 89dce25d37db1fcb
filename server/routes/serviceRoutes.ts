// Every service route of the product: /api (the business services and the session calls) and /openapi. One list,
// registered by the app (server/app.ts) and, to learn the route keys a screen may name, by `npm run screens:check`
// (server/lowcode/screenKnowledge.ts) on a bare Fastify with no database.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext';
import { registerSignedDateCheck } from '../http/signedDate';
import { administrationRoutes } from './administration';
import { authRoutes } from './auth';
import { basedataRoutes } from './basedata';
import { bffRoutes } from './bff';
import { contractTestRoutes, openApiContractTestRoutes } from './contractTest';
import { dictRoutes } from './dict';
import { dictionaryAdminRoutes } from './dictionaryAdmin';
import { downloadCentreRoutes } from './downloadCentre';
import { digitalEstateRoutes, fileRoutes, openApiFileRoutes } from './files';
import { homeRoutes } from './home';
import { lowcodeRoutes } from './lowcode';
import { messageRoutes } from './messages';
import { orgPickerRoutes } from './orgPicker';
import { regionRoutes } from './regions';
import { repairRoutes } from './repair';
import { standalonePageRoutes } from './standalonePages';
import { tableLayoutRoutes } from './tableLayouts';
import { querySchemeRoutes } from './querySchemes';
import { workflowRoutes } from './workflow';
import { processTaskRoutes } from './processTasks';
import { MODEL_HOOKS } from '../hooks';
import { repositoryModels } from '../models/modelCatalogue';
import { mountModelHost, type ModelHost } from '../models/modelHost';
import type { ProcessContext } from '../processes/processRuns';
import { loadReports } from '../reports/reportCatalogue';
import { reportRoutes } from '../reports/reportRoutes';
import { menuAdminRoutes } from './menuAdmin';
import { modelDesignerRoutes } from './modelDesigner';
import { roleGrantRoutes } from './roleGrants';
import { readRuntimeConfigFile } from './runtimeConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** What running processes work with: the models served now (after any publish), not those of the start. */
    processContext: ProcessContext;
  }
}

export async function serviceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Every model's routes at its service and path (server/models): the published models, served by the model host so a
  // publish is served at once; fixture models (ctx.models) as given. Running processes perform transitions of the
  // models served now, so they ask the host for them rather than keep the list of the start.
  const { services } = await readRuntimeConfigFile(ctx.config.webDir);
  let modelHost: ModelHost | undefined;
  const processes: ProcessContext = {
    db: ctx.db,
    hooks: MODEL_HOOKS,
    get models() {
      return modelHost!.modelsByName();
    },
  };
  app.decorate('processContext', processes);
  modelHost = await mountModelHost(app, { ...ctx, hooks: MODEL_HOOKS, services, processes, ...(ctx.models ? { fixed: ctx.models } : {}) });
  // The reports served (reports/*.json over the repository's models; a model published in the browser has no report
  // yet): their routes below, and what the screen check knows of them (lowcode).
  const models = ctx.models ?? repositoryModels();
  const reports = ctx.reports ?? (ctx.models ? [] : loadReports(models));
  await app.register(authRoutes, { prefix: '/api/auth', ...ctx });
  await app.register(administrationRoutes, { prefix: '/api/auth', ...ctx });
  await app.register(menuAdminRoutes, { prefix: '/api/auth', ...ctx, modelHost });
  await app.register(roleGrantRoutes, { prefix: '/api/auth', ...ctx });
  if (ctx.config.testRoutes) await app.register(contractTestRoutes, { prefix: '/api/test' });
  await app.register(
    async (scope) => {
      await scope.register(dictRoutes, { prefix: '/dict', ...ctx });
      await scope.register(dictionaryAdminRoutes, { prefix: '/dict', ...ctx, modelHost });
      await scope.register(lowcodeRoutes, { prefix: '/lowcode', ...ctx, reports });
      await scope.register(modelDesignerRoutes, { prefix: '/lowcode', ...ctx, modelHost });
      await scope.register(repairRoutes, { prefix: '/repair', ...ctx });
      await scope.register(tableLayoutRoutes, { prefix: '/lowcode', ...ctx });
      await scope.register(querySchemeRoutes, { prefix: '/dms.ws.order', ...ctx });
      await scope.register(basedataRoutes, { prefix: '/basedata', ...ctx });
      await scope.register(regionRoutes, { prefix: '/dict', ...ctx });
      await scope.register(messageRoutes, { prefix: '/message', ...ctx });
      await scope.register(homeRoutes, ctx);
      await scope.register(standalonePageRoutes, ctx);
      await scope.register(workflowRoutes, { prefix: '/workflow', ...ctx });
      await scope.register(processTaskRoutes, { prefix: '/workflow', ...ctx, processes });
      await scope.register(fileRoutes, { prefix: '/file', ...ctx });
      await scope.register(bffRoutes, { prefix: '/bff', ...ctx });
      await scope.register(orgPickerRoutes, { prefix: '/org', ...ctx });
      await scope.register(downloadCentreRoutes, { prefix: '/2b/download', ...ctx });
    },
    { prefix: '/api' },
  );
  // The digital-estate service, a standalone service of the registry (building-blocks §7), signed like /api.
  await app.register(digitalEstateRoutes, { prefix: services['digital-estate'] ?? '/digital-estate', ...ctx });
  // Every report's route (server/reports); the app's own routes are preferred over the model host's wildcard.
  await reportRoutes(app, { db: ctx.db, reports, models, hooks: MODEL_HOOKS, services });
  // The open api (back-office §7, e.g. the authenticated file preview): the signed-date scheme and the bearer token.
  await app.register(
    async (scope) => {
      if (ctx.config.requestSigning.enabled) registerSignedDateCheck(scope, ctx.config.requestSigning);
      if (ctx.config.testRoutes) await scope.register(openApiContractTestRoutes, { prefix: '/test' });
      await scope.register(openApiFileRoutes, { prefix: '/file', ...ctx });
    },
    { prefix: '/openapi' },
  );

}
